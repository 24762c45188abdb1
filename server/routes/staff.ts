// The company's staff (EnterpriseStall, permission item 5; import_employees, item 39): employees
// listed, added, edited, enabled/disabled and deleted; departments as a tree; employees imported
// from xlsx. Only the company's main member (70) may call them; the company is
// member.creditMemberId, and every query carries it. Phones and certificate numbers leave the
// server masked except in an employee's detail (the edit form).
import { say } from "../services/i18n/catalogue";
import { said, saidLazy } from "../services/i18n/text";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { defineRoute } from "../services/http/route";
import { BizError, RET } from "../services/http/envelope";
import { toCount } from "../db";
import { zInt, zText } from "../../src/domain/zod";
import { IMPORT_FILE_MAX } from "../../src/domain/people/import";
import {
  DEPARTMENT_DEPTH_MAX, DEPARTMENTS_MAX, EMPLOYEE_PATHS as P, departmentFormSchema, departmentUpdateSchema, employeeFormSchema, employeeUpdateSchema, rolledUpCounts, type TripLevelOption,
} from "../../src/domain/people/employee";
import { UNASSIGNED_DEPARTMENT } from "../settlement/statements";
import { uniquely } from "../db/unique";
import {
  companyIdOf, deleteEmployee, employeeDetail, saveEmployee, setEmployeeStatus,
} from "../people/employees";
import { checkEmployeeFile, employeeTemplateXlsx, importEmployeeFile } from "../people/employee-import";
import { employeeListInput, listEmployees } from "../people/employee-list";


const ID_MAX = 2_147_483_647;
const idInput = z.object({ id: zInt({ min: 1, max: ID_MAX, error: saidLazy("routes.invalidEmployeeNumber") }) }).strict();
const departmentIdInput = z.object({ id: zInt({ min: 1, max: ID_MAX, error: saidLazy("routes.invalidDepartmentNumber") }) }).strict();
const fileInput = z
  .object({ file: zText({ max: IMPORT_FILE_MAX, label: saidLazy("routes.file"), typeError: saidLazy("routes.uploadFile") }).regex(/^[A-Za-z0-9+/=]+$/, say("routes.fileMustXlsxBase64")) })
  .strict();
const DEPARTMENT_MISSING = said("reports.departmentFound");

async function ownDepartment(db: Kysely<Database>, companyId: number, id: number) {
  const row = await db.selectFrom("departments").select(["id", "companyId", "parentId", "name"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new BizError(RET.NOT_FOUND, DEPARTMENT_MISSING);
  if (row.companyId !== companyId) throw new BizError(RET.FORBIDDEN, said("policy.viewChangeAnotherCompanyS"));
  return row;
}

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
      ctx.db
        .selectFrom("trip_levels")
        .select(["id", "name", "approveFlag", "feeFlag", "changeApprove", "overproof", "overApprove"])
        .where("companyId", "=", companyIdOf(member!))
        .orderBy("id")
        .execute(),
  }),
];

const sameName = () => new BizError(RET.BAD_INPUT, said("routes.departmentWithNameAlreadyExists"), { errors: { name: said("routes.departmentWithNameAlreadyExists") } });

/** The parent a department may hang under: the company's own, not itself or below it, within the depth. */
async function checkParent(db: Kysely<Database>, companyId: number, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const rows = await db.selectFrom("departments").select(["id", "parentId"]).where("companyId", "=", companyId).execute();
  const byId = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!byId.has(parentId)) throw new BizError(RET.BAD_INPUT, said("routes.parentDepartmentDoesExist"), { errors: { parentId: said("routes.parentDepartmentDoesExist") } });
  let depth = 1;
  for (let at: number | null | undefined = parentId; at !== null && at !== undefined; at = byId.get(at)) {
    if (at === selfId) throw new BizError(RET.BAD_INPUT, said("routes.departmentMoveUnderItselfIts"), { errors: { parentId: said("routes.departmentMoveUnderItselfIts") } });
    depth++;
  }
  // The moved department's own subtree counts too.
  let below = 0;
  if (selfId !== undefined) {
    const level = (id: number, d: number): number => Math.max(d, ...rows.filter((r) => r.parentId === id).map((r) => level(r.id, d + 1)));
    below = level(selfId, 0);
  }
  if (depth + below > DEPARTMENT_DEPTH_MAX) throw new BizError(RET.BAD_INPUT, said("routes.mostDepartmentLevels", { DEPARTMENT_DEPTH_MAX }), { errors: { parentId: said("routes.mostDepartmentLevels", { DEPARTMENT_DEPTH_MAX }) } });
}

async function assertNameFree(db: Kysely<Database>, companyId: number, parentId: number | null, name: string, selfId?: number) {
  let q = db.selectFrom("departments").select("id").where("companyId", "=", companyId).where("name", "=", name);
  q = parentId === null ? q.where("parentId", "is", null) : q.where("parentId", "=", parentId);
  if (selfId !== undefined) q = q.where("id", "!=", selfId);
  if (await q.executeTakeFirst()) throw sameName();
}

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
      return ctx.db.transaction().execute(async (trx) => {
        await checkParent(trx as unknown as Kysely<Database>, companyId, input.parentId);
        await assertNameFree(trx as unknown as Kysely<Database>, companyId, input.parentId, input.name);
        const n = await trx.selectFrom("departments").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", companyId).executeTakeFirst();
        if (toCount(n?.n) >= DEPARTMENTS_MAX) throw new BizError(RET.BAD_INPUT, said("routes.mostDepartmentsPerCompany", { DEPARTMENTS_MAX }));
        const last = await trx.selectFrom("departments").select((eb) => eb.fn.max("sort").as("s")).where("companyId", "=", companyId).executeTakeFirst();
        const row = await trx
          .insertInto("departments")
          .values({ companyId, parentId: input.parentId, name: input.name, sort: Number(last?.s ?? -1) + 1 })
          .returning(["id", "parentId", "name", "sort"])
          .executeTakeFirstOrThrow();
        return row;
      });
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
      return ctx.db.transaction().execute(async (trx) => {
        const db = trx as unknown as Kysely<Database>;
        await ownDepartment(db, companyId, input.id);
        await checkParent(db, companyId, input.parentId, input.id);
        await assertNameFree(db, companyId, input.parentId, input.name, input.id);
        await uniquely(() => trx.updateTable("departments").set({ name: input.name, parentId: input.parentId }).where("id", "=", input.id).where("companyId", "=", companyId).execute(), sameName);
        return trx.selectFrom("departments").select(["id", "parentId", "name", "sort"]).where("id", "=", input.id).executeTakeFirstOrThrow();
      });
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
      await ctx.db.transaction().execute(async (trx) => {
        const db = trx as unknown as Kysely<Database>;
        const d = await ownDepartment(db, companyId, input.id);
        const staff = await trx.selectFrom("employees").select((eb) => eb.fn.countAll().as("n")).where("departmentId", "=", input.id).executeTakeFirst();
        if (toCount(staff?.n) > 0) throw new BizError(RET.BAD_INPUT, said("routes.departmentStillHasEmployeesMove", { name: d.name, staff: toCount(staff?.n) }));
        const child = await trx.selectFrom("departments").select("id").where("parentId", "=", input.id).executeTakeFirst();
        if (child) throw new BizError(RET.BAD_INPUT, said("routes.departmentStillHasSubDepartments", { name: d.name }));
        await trx.deleteFrom("departments").where("id", "=", input.id).where("companyId", "=", companyId).execute();
      });
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
      const [perDept, loose] = await Promise.all([
        ctx.db
          .selectFrom("departments as d")
          .leftJoin("employees as e", (j) => j.onRef("e.departmentId", "=", "d.id").onRef("e.companyId", "=", "d.companyId"))
          .select(["d.id", "d.parentId", "d.name", "d.sort", (eb) => eb.fn.count("e.id").as("n")])
          .where("d.companyId", "=", companyId)
          .groupBy(["d.id", "d.parentId", "d.name", "d.sort"])
          .orderBy("d.sort")
          .orderBy("d.id")
          .execute(),
        ctx.db
          .selectFrom("employees")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("companyId", "=", companyId)
          .where("departmentId", "is", null)
          .executeTakeFirst(),
      ]);
      // One grouped count of the staff directly in each department, rolled up the tree in memory:
      // a department's head count includes everyone in the departments below it.
      const direct = new Map(perDept.map((d) => [d.id, toCount(d.n)]));
      const total = rolledUpCounts(perDept, direct);
      const list = perDept.map((d) => ({ id: d.id, parentId: d.parentId, name: d.name, sort: d.sort, employeeCount: total.get(d.id) ?? 0, directCount: direct.get(d.id) ?? 0 }));
      // Employees without a department are filterable too (departmentId 0), as in the statistics.
      const unassigned = toCount(loose?.n);
      if (unassigned > 0) list.push({ id: 0, parentId: null, name: UNASSIGNED_DEPARTMENT, sort: Number.MAX_SAFE_INTEGER, employeeCount: unassigned, directCount: unassigned });
      return list;
    },
  }),
  ...EMPLOYEE_ROUTES,
  ...DEPARTMENT_ROUTES,
  ...IMPORT_ROUTES,
];
