// Importing employees from a spreadsheet: one row as the employee form's payload (department and
// trip level typed by name, at most one certificate), each problem named by its field (手机号：…),
// and the duplicate rule for mobiles (twice in the file, or already an employee). The form's own
// schema checks each row, so an imported employee obeys the rules of one typed in.
import type { z } from "zod";
import { certTypeFromCell } from "./import";
import { maskMobile } from "./certificates";
import { EMPLOYEE_FIELD_LABELS, type EmployeeImportCells, type EmployeeImportColumn } from "./employee-rules";
import { employeeFormSchema, type EmployeeForm } from "./employee";

/** Names the company's departments and trip levels answer to in a file. */
export interface EmployeeLookups {
  /** A department by its path (研发部/前端组) or, when no other has it, its bare name. */
  departments: ReadonlyMap<string, number>;
  tripLevels: ReadonlyMap<string, number>;
}

export interface EmployeeRowCheck {
  value: EmployeeForm | null;
  errors: string[];
}

const labelled = (field: string, message: string) => `${EMPLOYEE_FIELD_LABELS[field] ?? field}：${message}`;

/** The issues of a failed parse as "字段：消息", once each. */
export function labelledIssues(error: z.ZodError): string[] {
  const out = error.issues.map((issue) => {
    // A certificate's field names the certificate part (证件号码), not the list.
    const path = issue.path.map(String);
    const field = path[0] === "certificates" && path.length > 2 ? path[2] : (path[0] ?? "");
    return labelled(field, issue.message);
  });
  return [...new Set(out)];
}

/** One spreadsheet row checked: the form's payload built from the cells, then the form's schema. */
export function checkEmployeeRow(cells: EmployeeImportCells, lookups: EmployeeLookups): EmployeeRowCheck {
  const cell = (k: EmployeeImportColumn) => (cells[k] ?? "").trim();
  const errors: string[] = [];
  let departmentId: number | null = null;
  const dept = cell("department").replace(/\s*[/／]\s*/g, "/");
  if (dept) {
    const id = lookups.departments.get(dept);
    if (id === undefined) errors.push(labelled("department", `未找到部门“${dept}”`));
    else departmentId = id;
  }
  let tripLevelId: number | null = null;
  if (cell("tripLevel")) {
    const id = lookups.tripLevels.get(cell("tripLevel"));
    if (id === undefined) errors.push(labelled("tripLevel", `未找到差旅级别“${cell("tripLevel")}”`));
    else tripLevelId = id;
  }
  const audit = cell("canAudit");
  if (audit && !["是", "否"].includes(audit)) errors.push(labelled("canAudit", "只能填写“是”或“否”"));
  const hasCert = Boolean(cell("certType") || cell("certNo") || cell("expiry") || cell("issueCountry"));
  const payload = {
    realName: cell("realName"),
    mobilePhone: cell("mobilePhone"),
    email: cell("email"),
    departmentId,
    position: cell("position"),
    employeeLevel: cell("employeeLevel"),
    tripLevelId,
    canAudit: audit === "是",
    certificates: hasCert
      ? [{ certType: cell("certType") ? certTypeFromCell(cell("certType")) : "", certNo: cell("certNo"), expiry: cell("expiry"), issueCountry: cell("issueCountry") }]
      : [],
  };
  const parsed = employeeFormSchema.safeParse(payload);
  if (!parsed.success) errors.push(...labelledIssues(parsed.error));
  return { value: parsed.success && !errors.length ? parsed.data : null, errors };
}

/**
 * Rows (by index) whose mobile appears in another row of the file, or is refused by `taken`
 * (already an employee, or another member's sign-in), with the message for each.
 */
export function duplicateMobileErrors(mobiles: (string | null | undefined)[], taken: (mobile: string) => string | null): Map<number, string> {
  const seen = new Map<string, number[]>();
  mobiles.forEach((m, i) => {
    if (m) seen.set(m, [...(seen.get(m) ?? []), i]);
  });
  const out = new Map<number, string>();
  for (const [mobile, indexes] of seen) {
    const problem = taken(mobile);
    if (problem) for (const i of indexes) out.set(i, labelled("mobilePhone", problem));
    else if (indexes.length > 1) for (const i of indexes) out.set(i, labelled("mobilePhone", `${maskMobile(mobile)} 在文件中重复`));
  }
  return out;
}

/** One row of an employee import's preview or report. */
export interface EmployeeImportRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  realName: string;
  /** Masked, as lists show it. */
  mobilePhone: string;
  department: string;
  errors: string[];
}

export interface EmployeeImportPreview {
  rows: EmployeeImportRow[];
  valid: number;
  invalid: number;
}

export interface EmployeeImportReport extends EmployeeImportPreview {
  imported: number;
}
