// The company's staff as a Refine resource: listed at the EnterpriseStall route, added and edited
// in a dialog over the list, imported at import_employees. Paths come from a zod-free module: this
// file is part of the first download.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import type { EmployeeRow } from "../../domain/lists";
import { EMPLOYEE_RESOURCE_PATHS as PATHS } from "../../domain/people/employee-paths";

export const employeesResource: ResourceProps = {
  name: "employees",
  // The route table owns the address (/personnel/enterpriseStall); the resource only points at it.
  list: pathFor("EnterpriseStall"),
  meta: { label: "企业员工" },
};

export const employeesEndpoints: ResourceEndpoints = {
  list: PATHS.list,
  one: PATHS.detail,
  create: PATHS.add,
  update: PATHS.update,
  delete: PATHS.delete,
};

/** One employee as /credit/employee/list answers it. */
export type Employee = EmployeeRow;

export interface Department {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  /** Staff in the department and every department below it. */
  employeeCount: number;
  /** Staff directly in the department. */
  directCount: number;
}

export const DEPARTMENTS_PATH = PATHS.departments;
