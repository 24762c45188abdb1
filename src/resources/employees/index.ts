// The company's staff as a Refine resource: listed at the EnterpriseStall route, added and edited
// in a dialog over the list, imported at import_employees. Paths come from a zod-free module: this
// file is part of the first download.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import type { EmployeeRow } from "../../domain/lists";
import { EMPLOYEE_RESOURCE_PATHS as PATHS } from "../../domain/people/employee-paths";

/** The booking-travellers list: employees the signed-in member may book for (and themself). */
const TRAVELLERS_PATH = "/api/v1/trip_manager/employee_rsrv/travellers";

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
  actions: { status: PATHS.status },
};

/** The company's departments: kept in the tree beside the staff list (no page of their own). */
export const departmentsResource: ResourceProps = { name: "departments", meta: { label: "部门" } };

export const departmentsEndpoints: ResourceEndpoints = {
  // The whole tree at once: the list takes no paging.
  list: PATHS.departments,
  create: PATHS.departmentAdd,
  update: PATHS.departmentUpdate,
  delete: PATHS.departmentDelete,
  paged: false,
};

/**
 * The people the signed-in member may book for (colleagues their replace-booking rule names, and
 * themself): searched by name or phone, a page at a time.
 */
export const bookingTravellersResource: ResourceProps = { name: "booking-travellers", meta: { label: "可预订出行人" } };

export const bookingTravellersEndpoints: ResourceEndpoints = { list: TRAVELLERS_PATH, idField: "employeeId" };

/** The trip levels an employee may be given (the staff form's options). */
export const employeeTripLevelsResource: ResourceProps = { name: "employee-trip-levels", meta: { label: "差旅级别" } };

export const employeeTripLevelsEndpoints: ResourceEndpoints = { list: PATHS.tripLevels, paged: false };

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
