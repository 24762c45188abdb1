// An employee of the caller's company as the staff form and the server check it: name and mobile
// required, the rest optional, certificates by the traveller rules (one per type), and a
// department as a tree of named nodes.
import { m, textOf, tr, trLazy, type LazyText } from "../tr";
import { z } from "zod";
import { isEmail, isMobile } from "../validators";
import { zBool, zInt } from "../zod";
import { certificateSchema, optionalText, CERTIFICATES_MAX } from "./traveller";
import {
  DEPARTMENT_NAME_MAX, EMPLOYEE_EMAIL_MAX, EMPLOYEE_LEVEL_MAX, EMPLOYEE_NAME_MAX, EMPLOYEE_POSITION_MAX,
} from "./employee-rules";

export * from "./employee-rules";

const ID_MAX = 2_147_483_647;

/** An id that may be left empty: '', null and absent mean none. */
function optionalId(message: LazyText) {
  const error = () => textOf(message);
  return z
    .union([z.literal(""), z.null(), zInt({ min: 1, max: ID_MAX, error })], { error })
    .optional()
    .transform((v) => (v === "" || v === null || v === undefined ? null : v));
}

function requiredText(max: number, empty: string, tooLong: string) {
  return optionalText(max, tooLong).refine((v) => v !== undefined, { message: empty }).transform((v) => v as string);
}

const employeeShape = {
    realName: requiredText(EMPLOYEE_NAME_MAX, "请输入员工姓名", `员工姓名最多${EMPLOYEE_NAME_MAX}个字`),
    mobilePhone: requiredText(11, "请输入手机号码", "请输入正确的手机号码").refine((v) => !v || isMobile(v), m("请输入正确的手机号码")),
    email: optionalText(EMPLOYEE_EMAIL_MAX, `邮箱最多${EMPLOYEE_EMAIL_MAX}个字符`, (v) => (isEmail(v) ? null : "请输入正确的邮箱地址")),
    departmentId: optionalId(trLazy("请选择部门")),
    position: optionalText(EMPLOYEE_POSITION_MAX, `职位最多${EMPLOYEE_POSITION_MAX}个字`),
    employeeLevel: optionalText(EMPLOYEE_LEVEL_MAX, `员工级别最多${EMPLOYEE_LEVEL_MAX}个字`),
    tripLevelId: optionalId(trLazy("请选择差旅级别")),
    canAudit: zBool(trLazy("审批权限填写不正确")).optional().default(false),
    certificates: z
      .array(certificateSchema, { error: trLazy("证件填写不正确") })
      .max(CERTIFICATES_MAX, m("证件最多{CERTIFICATES_MAX}个", { CERTIFICATES_MAX }))
      .optional()
      .default([]),
};

function onePerType(e: { certificates: { certType: number }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  e.certificates.forEach((c, i) => {
    if (seen.has(c.certType)) ctx.addIssue({ code: "custom", path: ["certificates", i, "certType"], message: tr("同一种证件只能填写一个") });
    seen.add(c.certType);
  });
}

/** A new employee (the add route, the form, an imported row). */
export const employeeFormSchema = z.object(employeeShape).strict().superRefine(onePerType);
/** A saved employee, named by id. */
export const employeeUpdateSchema = z
  .object({ ...employeeShape, id: zInt({ min: 1, max: ID_MAX, error: trLazy("员工编号不正确") }) })
  .strict()
  .superRefine(onePerType);
export type EmployeeForm = z.output<typeof employeeFormSchema>;

const departmentShape = {
  name: requiredText(DEPARTMENT_NAME_MAX, "请输入部门名称", `部门名称最多${DEPARTMENT_NAME_MAX}个字`),
  parentId: optionalId(trLazy("上级部门不正确")),
};
export const departmentFormSchema = z.object(departmentShape).strict();
export const departmentUpdateSchema = z.object({ ...departmentShape, id: zInt({ min: 1, max: ID_MAX, error: trLazy("部门编号不正确") }) }).strict();
export type DepartmentForm = z.output<typeof departmentFormSchema>;
