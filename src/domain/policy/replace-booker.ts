// Replace-booking: which employees may book trips for which colleagues. Everyone may book for
// themselves; a rule lets a booker book for the whole company, for departments (and their
// sub-departments) or for named employees.
import { tr, trLazy } from "../tr";
import { z } from "zod";
import { zIdList, zInt } from "./fields";

export const BOOKER_SCOPES = ["all", "departments", "employees"] as const;
export type BookerScope = (typeof BOOKER_SCOPES)[number];
export const BOOKER_SCOPE_LABELS: Record<BookerScope, string> = { all: "全公司员工", departments: "指定部门员工", employees: "指定员工" };

export const replaceBookerFormSchema = z
  .object({
    bookerEmployeeId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("请选择代订人") }),
    scope: z.enum(BOOKER_SCOPES, { error: trLazy("请选择可代订的范围") }),
    departmentIds: zIdList(trLazy("可代订部门不正确")),
    employeeIds: zIdList(trLazy("可代订员工不正确")),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.scope === "departments" && !rule.departmentIds.length) ctx.addIssue({ code: "custom", path: ["departmentIds"], message: tr("请选择可代订的部门") });
    if (rule.scope === "employees" && !rule.employeeIds.length) ctx.addIssue({ code: "custom", path: ["employeeIds"], message: tr("请选择可代订的员工") });
  });
export type ReplaceBookerForm = z.output<typeof replaceBookerFormSchema>;

export interface BookerRule {
  scope: BookerScope;
  departmentIds: number[];
  employeeIds: number[];
}

/** Whether a booker may book for a traveller, given the booker's rule (null: none) and the traveller's department path. */
export function mayBookFor(
  booker: { employeeId: number; rule: BookerRule | null },
  traveller: { employeeId: number; departmentPath: number[] },
): boolean {
  if (booker.employeeId === traveller.employeeId) return true;
  const rule = booker.rule;
  if (!rule) return false;
  if (rule.scope === "all") return true;
  if (rule.scope === "employees") return rule.employeeIds.includes(traveller.employeeId);
  return traveller.departmentPath.some((d) => rule.departmentIds.includes(d));
}

/** A replace-booking rule as the server answers it and the pages show it. */
export interface BookerRow {
  id: number;
  bookerEmployeeId: number;
  bookerName: string | null;
  bookerMobile: string | null;
  bookerDepartmentName: string | null;
  scope: BookerScope;
  scopeLabel: string;
  departments: { id: number; name: string }[];
  employees: { id: number; name: string }[];
  updateTime: string;
}
