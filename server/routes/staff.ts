// The company's staff (EnterpriseStall, permission item 5; import_employees, item 39): employees
// listed, added, edited, enabled/disabled and deleted; departments as a tree; employees imported
// from xlsx. Only the company's main member (70) may call them; the company is
// member.creditMemberId, and every query carries it. Phones and certificate numbers leave the
// server masked except in an employee's detail (the edit form).
import { say } from "../services/i18n/catalogue";
import { saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { zInt, zText } from "../../src/domain/zod";
import { IMPORT_FILE_MAX } from "../../src/domain/people/import";
import {
  EMPLOYEE_PATHS as P, departmentFormSchema, departmentUpdateSchema, employeeFormSchema, employeeUpdateSchema, type TripLevelOption,
} from "../../src/domain/people/employee";
import {
  companyIdOf, deleteEmployee, employeeDetail, saveEmployee, setEmployeeStatus, tripLevelOptions,
} from "../people/employees";
import { addDepartment, deleteDepartment, departmentList, updateDepartment } from "../people/departments";
import { checkEmployeeFile, employeeTemplateXlsx, importEmployeeFile } from "../people/employee-import";
import { employeeListInput, listEmployees } from "../people/employee-list";


const ID_MAX = 2_147_483_647;
const idInput = z.object({ id: zInt({ min: 1, max: ID_MAX, error: saidLazy("routes.invalidEmployeeNumber") }) }).strict();
const departmentIdInput = z.object({ id: zInt({ min: 1, max: ID_MAX, error: saidLazy("routes.invalidDepartmentNumber") }) }).strict();
const fileInput = z
  .object({ file: zText({ max: IMPORT_FILE_MAX, label: saidLazy("routes.file"), typeError: saidLazy("routes.uploadFile") }).regex(/^[A-Za-z0-9+/=]+$/, say("routes.fileMustXlsxBase64")) })
  .strict();

const TAGS = ["staff"];

const EMPLOYEE_ROUTES = [
  defineRoute({
    method: "POST",
    url: P.detail,
    summary: "员工详情（供编辑表单，手机号与证件号不脱敏）",
    tags: TAGS,
    access: "staff",
    input: idInput,
    handler: async ({ input, member, ctx }) => employeeDetail(ctx.db, companyIdOf(member!), input.id),
  }),
  defineRoute({
    method: "POST",
    url: P.add,
    summary: "添加员工（启用状态：同时开通其信用子会员登录，可用手机号登录；手机号在本企业内唯一）",
    tags: TAGS,
    access: "staff",
    input: employeeFormSchema,
    handler: async ({ input, member, ctx }) => saveEmployee(ctx.db, companyIdOf(member!), input),
  }),
  defineRoute({
    method: "POST",
    url: P.update,
    summary: "修改员工（姓名、手机号、邮箱、部门、职位、员工级别、差旅级别、审批权限、证件；已启用员工的登录手机号随之更新）",
    tags: TAGS,
    access: "staff",
    input: employeeUpdateSchema,
    handler: async ({ input, member, ctx }) => {
      const { id, ...fields } = input;
      return saveEmployee(ctx.db, companyIdOf(member!), fields, id);
    },
  }),
  defineRoute({
    method: "POST",
    url: P.status,
    summary: "启用或停用员工（status 1 启用：开通或恢复其登录；0 停用：其登录停用并退出所有会话）",
    tags: TAGS,
    access: "staff",
    input: z.object({ id: idInput.shape.id, status: z.enum(["0", "1"], { error: saidLazy("people.statusOnly01") }) }).strict(),
    handler: async ({ input, member, ctx }) => setEmployeeStatus(ctx.db, companyIdOf(member!), input.id, Number(input.status)),
  }),
  defineRoute({
    method: "POST",
    url: P.delete,
    summary: "删除员工（其登录随之停用；历史订单保留）",
    tags: TAGS,
    access: "staff",
    input: idInput,
    handler: async ({ input, member, ctx }) => {
      await deleteEmployee(ctx.db, companyIdOf(member!), input.id);
      return null;
    },
  }),
  defineRoute({
    method: "POST",
    url: P.tripLevels,
    summary: "本企业差旅级别（供员工表单选择，含审批、费用、改签审批、超标、超标审批标记）",
    tags: TAGS,
    access: "staff",
    input: z.object({}).strict(),
    handler: async ({ member, ctx }): Promise<TripLevelOption[]> =>
      tripLevelOptions(ctx.db, companyIdOf(member!)),
  }),
];

const DEPARTMENT_ROUTES = [
  defineRoute({
    method: "POST",
    url: P.departmentAdd,
    summary: "添加部门（parentId 为上级部门，不填为顶级部门；同一上级下名称唯一）",
    tags: TAGS,
    access: "staff",
    input: departmentFormSchema,
    handler: async ({ input, member, ctx }) => {
      const companyId = companyIdOf(member!);
      return addDepartment(ctx.db, companyId, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: P.departmentUpdate,
    summary: "修改部门：改名或移动到其他上级部门（不能移到自身或下级部门之下）",
    tags: TAGS,
    access: "staff",
    input: departmentUpdateSchema,
    handler: async ({ input, member, ctx }) => {
      const companyId = companyIdOf(member!);
      return updateDepartment(ctx.db, companyId, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: P.departmentDelete,
    summary: "删除部门（部门下还有员工或下级部门时拒绝）",
    tags: TAGS,
    access: "staff",
    input: departmentIdInput,
    handler: async ({ input, member, ctx }) => {
      const companyId = companyIdOf(member!);
      await deleteDepartment(ctx.db, companyId, input.id);
      return null;
    },
  }),
];

const IMPORT_ROUTES = [
  defineRoute({
    method: "POST",
    url: `${P.importBase}/import/template`,
    summary: "员工导入模板（xlsx，base64；含本企业部门与差旅级别的下拉选项）",
    tags: TAGS,
    access: "staff:import",
    input: z.object({}).strict(),
    handler: async ({ member, ctx }) => ({ fileName: say("routes.employeeImportTemplateXlsx"), contentBase64: (await employeeTemplateXlsx(ctx.db, companyIdOf(member!))).toString("base64") }),
  }),
  defineRoute({
    method: "POST",
    url: `${P.importBase}/import/preview`,
    summary: "预览员工导入：逐行校验（与表单相同的规则；手机号在文件内重复、已是本企业员工或已注册为其他会员为错误），每个错误注明行号与字段，不写入",
    tags: TAGS,
    access: "staff:import",
    input: fileInput,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ input, member, ctx }) => (await checkEmployeeFile(ctx.db, companyIdOf(member!), input.file)).preview,
  }),
  defineRoute({
    method: "POST",
    url: `${P.importBase}/import/commit`,
    summary: "导入员工：在一个事务中写入全部有效行（启用状态，开通登录），返回导入报告",
    tags: TAGS,
    access: "staff:import",
    input: fileInput,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ input, member, ctx }) => importEmployeeFile(ctx.db, companyIdOf(member!), input.file),
  }),
];

export const staffRoutes = [
  defineRoute({
    method: "POST",
    url: "/credit/employee/list",
    summary: "企业员工列表（分页，可按姓名/手机号、部门（含下级部门）、审批权限、状态筛选；手机号与证件号脱敏）",
    tags: ["staff"],
    access: "staff",
    input: employeeListInput,
    handler: ({ input, member, ctx }) => listEmployees(ctx.db, companyIdOf(member!), input),
  }),
  defineRoute({
    method: "POST",
    url: "/credit/department/list",
    summary: "企业部门列表（平铺，含上级部门、直属员工人数 directCount 与含下级部门的人数 employeeCount，供部门树与员工列表筛选；未分配部门的员工为编号 0）",
    tags: ["staff"],
    access: "staff",
    input: z.object({}).strict(),
    handler: async ({ member, ctx }) => {
      const companyId = companyIdOf(member!);
      return departmentList(ctx.db, companyId);
    },
  }),
  ...EMPLOYEE_ROUTES,
  ...DEPARTMENT_ROUTES,
  ...IMPORT_ROUTES,
];
