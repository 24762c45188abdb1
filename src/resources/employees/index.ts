// The company's staff as a Refine resource: read-only for now (adding, editing and importing
// employees are later capabilities), listed at the EnterpriseStall route.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import type { EmployeeRow } from "../../domain/lists";

export const employeesResource: ResourceProps = {
  name: "employees",
  // The route table owns the address (/personnel/enterpriseStall); the resource only points at it.
  list: pathFor("EnterpriseStall"),
  meta: { label: "企业员工" },
};

export const employeesEndpoints: ResourceEndpoints = { list: "/credit/employee/list" };

/** One employee as /credit/employee/list answers it. */
export type Employee = EmployeeRow;

export interface Department {
  id: number;
  name: string;
  employeeCount: number;
}

export const DEPARTMENTS_PATH = "/credit/department/list";
