// The company's staff as a Refine resource: read-only for now (adding, editing and importing
// employees are later capabilities), listed at the EnterpriseStall route.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";

export const employeesResource: ResourceProps = {
  name: "employees",
  // The route table owns the address (/personnel/enterpriseStall); the resource only points at it.
  list: pathFor("EnterpriseStall"),
  meta: { label: "企业员工" },
};

export const employeesEndpoints: ResourceEndpoints = { list: "/credit/employee/list" };

/** One employee as /credit/employee/list answers it (server/routes/staff.ts). */
export interface Employee {
  id: number;
  memberId: number | null;
  realName: string | null;
  mobilePhone: string | null;
  departmentId: number | null;
  departmentName: string | null;
  employeeLevel: string | null;
  tripLevelName: string | null;
  approveFlag: number;
  feeFlag: number;
  changeApprove: number;
  overproof: number;
  overApprove: number;
  canAudit: number;
  createTime: string;
}

export interface Department {
  id: number;
  name: string;
  employeeCount: number;
}

export const DEPARTMENTS_PATH = "/credit/department/list";
