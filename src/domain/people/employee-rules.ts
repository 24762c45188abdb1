// The company's staff without zod: limits, the employee status codes, the template's columns and
// the rows the staff routes answer. The resource registry and the list read these; the form's
// schema (employee.ts) builds on them.
import type { CertType } from "../codes";
import { EMPLOYEE_RESOURCE_PATHS } from "./employee-paths";

export const EMPLOYEE_NAME_MAX = 20;
export const EMPLOYEE_EMAIL_MAX = 60;
export const EMPLOYEE_POSITION_MAX = 30;
export const EMPLOYEE_LEVEL_MAX = 20;
export const DEPARTMENT_NAME_MAX = 30;
/** How deep the department tree may grow (the top level is 1). */
export const DEPARTMENT_DEPTH_MAX = 6;
/** Departments one company may keep. */
export const DEPARTMENTS_MAX = 500;
/** Employees one company may keep. */
export const EMPLOYEES_MAX = 50_000;

/** 1: active, may sign in; 0: disabled, their sign-in is stopped. */
export const EMPLOYEE_STATUS = { active: 1, disabled: 0 } as const;

export const EMPLOYEE_PATHS = {
  ...EMPLOYEE_RESOURCE_PATHS,
  importBase: "/credit/employee",
} as const;

/** The employee template's columns: a spreadsheet row is one employee with at most one certificate. */
export const EMPLOYEE_IMPORT_COLUMNS = [
  { key: "realName", title: "姓名", width: 12 },
  { key: "mobilePhone", title: "手机号", width: 14 },
  { key: "email", title: "邮箱", width: 22 },
  { key: "department", title: "部门", width: 18 },
  { key: "position", title: "职位", width: 12 },
  { key: "employeeLevel", title: "员工级别", width: 12 },
  { key: "tripLevel", title: "差旅级别", width: 12 },
  { key: "canAudit", title: "审批权限", width: 10 },
  { key: "certType", title: "证件类型", width: 12 },
  { key: "certNo", title: "证件号码", width: 22 },
  { key: "expiry", title: "证件有效期", width: 14 },
  { key: "issueCountry", title: "签发国家", width: 12 },
] as const;
export type EmployeeImportColumn = (typeof EMPLOYEE_IMPORT_COLUMNS)[number]["key"];
export type EmployeeImportCells = Partial<Record<EmployeeImportColumn, string>>;

/** The name a form field has in the template (and in a preview's error): 手机号, 证件号码 … */
export const EMPLOYEE_FIELD_LABELS: Record<string, string> = {
  realName: "姓名", mobilePhone: "手机号", email: "邮箱", departmentId: "部门", department: "部门", position: "职位",
  employeeLevel: "员工级别", tripLevelId: "差旅级别", tripLevel: "差旅级别", canAudit: "审批权限",
  certificates: "证件", certType: "证件类型", certNo: "证件号码", expiry: "证件有效期", issueCountry: "签发国家",
};

export interface EmployeeCertificate {
  certType: CertType;
  certNo: string;
  expiry: string | null;
  issueCountry: string | null;
}

/** One employee as the detail route answers it: unmasked, for the edit form. */
export interface EmployeeDetail {
  id: number;
  memberId: number | null;
  realName: string;
  mobilePhone: string;
  email: string | null;
  departmentId: number | null;
  position: string | null;
  employeeLevel: string | null;
  tripLevelId: number | null;
  canAudit: 0 | 1;
  status: 0 | 1;
  certificates: EmployeeCertificate[];
  createTime: string;
  updateTime: string | null;
}

export interface DepartmentNode {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  /** Employees in this department and every department below it. */
  employeeCount: number;
  /** Employees directly in this department. */
  directCount: number;
  children: DepartmentNode[];
}

export interface TripLevelOption {
  id: number;
  name: string;
  approveFlag: number;
  feeFlag: number;
  changeApprove: number;
  overproof: number;
  overApprove: number;
}

/** Flat rows (parent before or after child, any order) as a tree, siblings by sort then id. */
export function departmentTree<T extends { id: number; parentId: number | null; sort: number }>(rows: T[]): (T & { children: (T & { children: unknown[] })[] })[] {
  type N = T & { children: N[] };
  const byId = new Map<number, N>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: N[] = [];
  for (const n of byId.values()) {
    const parent = n.parentId === null ? undefined : byId.get(n.parentId);
    (parent ? parent.children : roots).push(n);
  }
  const order = (list: N[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    list.forEach((n) => order(n.children));
  };
  order(roots);
  return roots as never;
}

/**
 * Head counts that roll up the tree: each department counts its own staff plus everyone in the
 * departments below it, so a parent is never shown smaller than its children. `direct` maps a
 * department to the staff directly in it. A parent missing from `rows` (or a loop, which the
 * routes never store) ends the climb rather than counting anyone twice.
 */
export function rolledUpCounts(rows: readonly { id: number; parentId: number | null }[], direct: ReadonlyMap<number, number>): Map<number, number> {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const total = new Map<number, number>(rows.map((r) => [r.id, 0]));
  for (const r of rows) {
    const n = direct.get(r.id) ?? 0;
    if (!n) continue;
    const seen = new Set<number>();
    for (let at: number | null | undefined = r.id; at !== null && at !== undefined && total.has(at) && !seen.has(at); at = parentOf.get(at)) {
      seen.add(at);
      total.set(at, total.get(at)! + n);
    }
  }
  return total;
}
