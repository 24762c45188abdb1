// The company's staff (EnterpriseStall, permission item 5; import_employees, item 39): employees
// listed, added, edited, enabled/disabled and deleted; departments as a tree; employees imported
// from xlsx. Only the company's main member (70) may call them; the company is
// member.creditMemberId, and every query carries it. Phones and certificate numbers leave the
// server masked except in an employee's detail (the edit form).
import { z } from "zod";
import type { Kysely } from "kysely";
import { KEYWORD_MAX, type EmployeeRow } from "../../src/domain/lists";
import type { Database } from "../db/schema";
import { defineRoute } from "../services/http/route";
import { BizError, RET } from "../services/http/envelope";
import { pageInput, offsetOf, type Page } from "../services/http/paging";
import { peopleWatchOf, toCount } from "../db";
import { candidateRows, notIndexed, storedEmployeeTotal, trigramKeywords } from "../people/search";
import { prepareQuery } from "../db/prepared";
import { WatchedCache } from "../db/watched-cache";
import { inIdOrder } from "../db/in-id-order";
import { zInt, zOptionalString, zText } from "../../src/domain/zod";
import { maskCertNo, maskMobile } from "../../src/domain/people/certificates";
import { IMPORT_FILE_MAX } from "../../src/domain/people/import";
import {
  DEPARTMENT_DEPTH_MAX, DEPARTMENTS_MAX, EMPLOYEE_PATHS as P, departmentFormSchema, departmentUpdateSchema, employeeFormSchema, employeeUpdateSchema, type TripLevelOption,
} from "../../src/domain/people/employee";
import { UNASSIGNED_DEPARTMENT } from "./workbench";
import { uniquely } from "../policy/unique";
import {
  companyIdOf, deleteEmployee, employeeDetail, parseCertificates, saveEmployee, setEmployeeStatus,
} from "../people/employees";
import { checkEmployeeFile, employeeTemplateXlsx, importEmployeeFile } from "../people/employee-import";


const listInput = z
  .object({
    ...pageInput(["realName", "createTime", "departmentName"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, `关键字最多 ${KEYWORD_MAX} 个字符`), "关键字须为文本"),
    // 0 means "no department" (the statistics' 未分配部门 row).
    departmentId: zInt({ min: 0, max: 2_147_483_647, error: "部门编号须为非负整数" }).optional(),
    canAudit: z.enum(["0", "1"], { error: "审批权限只能是 0 或 1" }).optional(),
    status: z.enum(["0", "1"], { error: "状态只能是 0 或 1" }).optional(),
  })
  .strict();

const ID_MAX = 2_147_483_647;
const idInput = z.object({ id: zInt({ min: 1, max: ID_MAX, error: "员工编号不正确" }) }).strict();
const departmentIdInput = z.object({ id: zInt({ min: 1, max: ID_MAX, error: "部门编号不正确" }) }).strict();
const fileInput = z
  .object({ file: zText({ max: IMPORT_FILE_MAX, label: "文件", typeError: "请上传文件" }).regex(/^[A-Za-z0-9+/=]+$/, "文件须为 base64 编码的 xlsx") })
  .strict();
const DEPARTMENT_MISSING = "未找到该部门";

/** A department of the company with every department below it, for the list's filter. */
async function departmentAndBelow(db: Kysely<Database>, companyId: number, id: number): Promise<number[]> {
  const rows = await db.selectFrom("departments").select(["id", "parentId"]).where("companyId", "=", companyId).execute();
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parentId === out[i]) out.push(r.id);
  return out;
}

async function ownDepartment(db: Kysely<Database>, companyId: number, id: number) {
  const row = await db.selectFrom("departments").select(["id", "companyId", "parentId", "name"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new BizError(RET.NOT_FOUND, DEPARTMENT_MISSING);
  if (row.companyId !== companyId) throw new BizError(RET.FORBIDDEN, "无权查看或操作其他企业的数据");
  return row;
}

// The columns orderBy names, as the joined query spells them.
const ORDER_COLUMNS = { realName: "realName", createTime: "e.createTime", departmentName: "d.name" } as const;

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
    input: z.object({ id: idInput.shape.id, status: z.enum(["0", "1"], { error: "状态只能是 0 或 1" }) }).strict(),
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

const sameName = () => new BizError(RET.BAD_INPUT, "同一上级部门下已有同名部门", { errors: { name: "同一上级部门下已有同名部门" } });

/** The parent a department may hang under: the company's own, not itself or below it, within the depth. */
async function checkParent(db: Kysely<Database>, companyId: number, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const rows = await db.selectFrom("departments").select(["id", "parentId"]).where("companyId", "=", companyId).execute();
  const byId = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!byId.has(parentId)) throw new BizError(RET.BAD_INPUT, "上级部门不存在", { errors: { parentId: "上级部门不存在" } });
  let depth = 1;
  for (let at: number | null | undefined = parentId; at !== null && at !== undefined; at = byId.get(at)) {
    if (at === selfId) throw new BizError(RET.BAD_INPUT, "不能移动到本部门或其下级部门", { errors: { parentId: "不能移动到本部门或其下级部门" } });
    depth++;
  }
  // The moved department's own subtree counts too.
  let below = 0;
  if (selfId !== undefined) {
    const level = (id: number, d: number): number => Math.max(d, ...rows.filter((r) => r.parentId === id).map((r) => level(r.id, d + 1)));
    below = level(selfId, 0);
  }
  if (depth + below > DEPARTMENT_DEPTH_MAX) throw new BizError(RET.BAD_INPUT, `部门最多 ${DEPARTMENT_DEPTH_MAX} 级`, { errors: { parentId: `部门最多 ${DEPARTMENT_DEPTH_MAX} 级` } });
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
        if (toCount(n?.n) >= DEPARTMENTS_MAX) throw new BizError(RET.BAD_INPUT, `每个企业最多 ${DEPARTMENTS_MAX} 个部门`);
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
        if (toCount(staff?.n) > 0) throw new BizError(RET.BAD_INPUT, `部门“${d.name}”下还有 ${toCount(staff?.n)} 名员工，请先将员工调到其他部门再删除`);
        const child = await trx.selectFrom("departments").select("id").where("parentId", "=", input.id).executeTakeFirst();
        if (child) throw new BizError(RET.BAD_INPUT, `部门“${d.name}”下还有下级部门，请先删除或移走下级部门`);
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
    handler: async ({ member, ctx }) => ({ fileName: "员工导入模板.xlsx", contentBase64: (await employeeTemplateXlsx(ctx.db, companyIdOf(member!))).toString("base64") }),
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

/** What decides the text of the employee list's queries: order and the filters that apply. */
interface EmployeeListShape {
  column: (typeof ORDER_COLUMNS)[keyof typeof ORDER_COLUMNS];
  dir: "asc" | "desc";
  keyword: boolean;
  /** Keywords looked up in the trigram table (0: none). */
  candidates: number;
  /** -1 no department filter, 0 employees without one, else how many departments (d0, d1, …). */
  department: number;
  canAudit: boolean;
  status: boolean;
  pagedByIds: boolean;
  /** The page's ids given (i0, i1, …) from the kept order instead of read off the index. */
  givenIds: number;
}
interface EmployeeListParams extends Record<string, unknown> {
  companyId: number;
  pattern: string;
  canAudit: number;
  status: number;
  limit: number;
  offset: number;
}
const employeeShapeKey = (s: EmployeeListShape) => `${s.column} ${s.dir} ${+s.keyword}${s.candidates} ${s.department} ${+s.canAudit}${+s.status}${+s.pagedByIds} ${s.givenIds}`;

/** The company's employees that the list's filters keep, without joins (the filtered total). */
function countedEmployees(db: Kysely<Database>, p: EmployeeListParams, s: EmployeeListShape) {
  let counted = db.selectFrom("employees as e").where("e.companyId", "=", p.companyId);
  if (s.department === 0) counted = counted.where("e.departmentId", "is", null);
  else if (s.department > 0) counted = counted.where("e.departmentId", "in", Array.from({ length: s.department }, (_, i) => p[`d${i}`] as number));
  if (s.canAudit) counted = counted.where("e.canAudit", "=", p.canAudit);
  if (s.status) counted = counted.where("e.status", "=", p.status);
  return counted;
}

/** The list's rows with their member, department and trip level. */
function listedEmployees(db: Kysely<Database>, p: EmployeeListParams, s: EmployeeListShape) {
  const candidates = s.candidates ? candidateRows("employees_search", Array.from({ length: s.candidates }, (_, i) => p[`c${i}`] as string)) : null;
  let q = db
    .selectFrom("employees as e")
    .leftJoin("members as m", "m.id", "e.memberId")
    // The company check on the joins keeps a stray id from showing another company's names.
    .leftJoin("departments as d", (j) => j.onRef("d.id", "=", "e.departmentId").onRef("d.companyId", "=", "e.companyId"))
    .leftJoin("trip_levels as t", (j) => j.onRef("t.id", "=", "e.tripLevelId").onRef("t.companyId", "=", "e.companyId"));
  // Keyword candidates and a page's ids are few: those rows are looked up and checked for the
  // company, instead of every employee of the company being checked against them.
  if (candidates) q = q.where("e.id", "in", candidates);
  q = candidates || s.pagedByIds ? q.where(notIndexed(db, "e.companyId", p.companyId)) : q.where("e.companyId", "=", p.companyId);
  if (s.keyword) {
    q = q.where((eb) => eb.or([eb(eb.fn.coalesce("e.realName", "m.realName"), "like", p.pattern), eb(eb.fn.coalesce("e.mobilePhone", "m.mobilePhone"), "like", p.pattern)]));
  }
  if (s.department === 0) q = q.where("e.departmentId", "is", null);
  else if (s.department > 0) q = q.where("e.departmentId", "in", Array.from({ length: s.department }, (_, i) => p[`d${i}`] as number));
  if (s.canAudit) q = q.where("e.canAudit", "=", p.canAudit);
  if (s.status) q = q.where("e.status", "=", p.status);
  if (s.givenIds) {
    q = q.where("e.id", "in", Array.from({ length: s.givenIds }, (_, i) => p[`i${i}`] as number));
  } else if (s.pagedByIds) {
    const pageIds = countedEmployees(db, p, s).select("e.id").orderBy("e.createTime", s.dir).orderBy("e.id", s.dir).limit(p.limit).offset(p.offset);
    q = q.where("e.id", "in", pageIds);
  }
  return q;
}

/** Every id of the company's employees in the unfiltered list's order (see staffOrders). */
const employeeOrder = prepareQuery(
  (db, p: { companyId: number }, dir: "asc" | "desc") =>
    db.selectFrom("employees as e").select("e.id").where("e.companyId", "=", p.companyId).orderBy("e.createTime", dir).orderBy("e.id", dir),
  (dir) => dir,
);

/**
 * The unfiltered list's order, kept on SQLite until an employee is written (see WatchedCache):
 * a page deep in a large company then costs its own rows, where the offset walked every
 * employee before it in the index.
 */
const staffOrders = new WatchedCache<number[]>(500, peopleWatchOf);

// Built and compiled once per shape: the query builder cost about as much CPU as SQLite reading the page.
const employeePage = prepareQuery(
  (db, p: EmployeeListParams, s: EmployeeListShape) =>
    listedEmployees(db, p, s)
      .select([
        "e.id", "e.memberId", "e.departmentId", "d.name as departmentName", "e.position", "e.status", "e.certificates",
        "e.employeeLevel", "t.name as tripLevelName", "t.approveFlag", "t.feeFlag", "t.changeApprove",
        "t.overproof", "t.overApprove", "e.canAudit", "e.createTime",
      ])
      // Rows written before employees kept their own contact fall back to their member's.
      .select((eb) => [
        eb.fn.coalesce("e.realName", "m.realName").as("realName"),
        eb.fn.coalesce("e.mobilePhone", "m.mobilePhone").as("mobilePhone"),
        eb.fn.coalesce("e.email", "m.email").as("email"),
      ])
      // Given ids are put in their kept order afterwards (inIdOrder), without a sort here.
      .$if(!s.givenIds, (qb) =>
        qb
          // Nulls last in both directions and both dialects (SQLite and PostgreSQL disagree by
          // default); the id breaks ties so pages never overlap. createTime is never null: its
          // plain order can walk the (companyId, createTime) index.
          .$if(s.column === "e.createTime", (qb) => qb.orderBy("e.createTime", s.dir))
          .$if(s.column !== "e.createTime", (qb) => qb.orderBy(s.column, (ob) => (s.dir === "asc" ? ob.asc() : ob.desc()).nullsLast()))
          .orderBy("e.id", s.dir)
          .limit(p.limit)
          .offset(s.pagedByIds ? 0 : p.offset),
      ),
  employeeShapeKey,
);
/** The ids of every row the list's filters keep, in the list's order. */
const employeeMatches = prepareQuery(
  (db, p: EmployeeListParams, s: EmployeeListShape) =>
    listedEmployees(db, p, { ...s, pagedByIds: false })
      .select("e.id")
      // The realName order reads the same name the page shows (its own or its member's).
      .select((eb) => eb.fn.coalesce("e.realName", "m.realName").as("realName"))
      .$if(s.column === "e.createTime", (qb) => qb.orderBy("e.createTime", s.dir))
      .$if(s.column !== "e.createTime", (qb) => qb.orderBy(s.column, (ob) => (s.dir === "asc" ? ob.asc() : ob.desc()).nullsLast()))
      .orderBy("e.id", s.dir),
  employeeShapeKey,
);

/** The rows of a page whose ids already passed the list's filters, in the ids' order. */
async function employeesByIds(db: Kysely<Database>, params: EmployeeListParams, shape: EmployeeListShape, ids: number[]) {
  if (!ids.length) return [];
  ids.forEach((id, i) => (params[`i${i}`] = id));
  // Only the company is checked again; the filters were applied when the ids were chosen.
  const byIds: EmployeeListShape = { ...shape, keyword: false, candidates: 0, department: -1, canAudit: false, status: false, pagedByIds: true, givenIds: ids.length };
  return inIdOrder(ids, await employeePage.all(db, params, byIds));
}

// The count needs the member only to search names of rows written before employees kept their
// own; without a keyword it counts the employees table alone.
const employeeKeywordCount = prepareQuery((db, p: EmployeeListParams, s: EmployeeListShape) => listedEmployees(db, p, { ...s, pagedByIds: false }).select((eb) => eb.fn.countAll().as("n")), employeeShapeKey);
const employeeCount = prepareQuery((db, p: EmployeeListParams, s: EmployeeListShape) => countedEmployees(db, p, s).select((eb) => eb.fn.countAll().as("n")), employeeShapeKey);

export const staffRoutes = [
  defineRoute({
    method: "POST",
    url: "/credit/employee/list",
    summary: "企业员工列表（分页，可按姓名/手机号、部门（含下级部门）、审批权限、状态筛选；手机号与证件号脱敏）",
    tags: ["staff"],
    access: "staff",
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<Page<EmployeeRow>> => {
      const companyId = companyIdOf(member!);
      // LIKE wildcards typed by the user are dropped: 1_3 must not match 1x3.
      const keyword = input.keyword?.replace(/[%_\\]/g, "");
      const candidates = keyword ? trigramKeywords(ctx.db, [keyword]) : null;
      const column = ORDER_COLUMNS[input.orderBy ?? "createTime"];
      const departments = input.departmentId === undefined || input.departmentId === 0 ? [] : await departmentAndBelow(ctx.db, companyId, input.departmentId);
      const shape: EmployeeListShape = {
        column,
        dir: input.orderType,
        keyword: Boolean(keyword),
        candidates: candidates?.length ?? 0,
        department: input.departmentId === undefined ? -1 : input.departmentId === 0 ? 0 : departments.length,
        canAudit: input.canAudit !== undefined,
        status: input.status !== undefined,
        // In the default order with no keyword, the page's ids are read off the employees'
        // (companyId, createTime) index alone and only those rows are joined: with an offset, the
        // joins were otherwise made for every skipped row too.
        pagedByIds: column === "e.createTime" && !keyword,
        givenIds: 0,
      };
      const params: EmployeeListParams = {
        companyId,
        pattern: `%${keyword ?? ""}%`,
        canAudit: Number(input.canAudit ?? 0),
        status: Number(input.status ?? 0),
        limit: input.pageSize,
        offset: offsetOf(input),
      };
      candidates?.forEach((k, i) => (params[`c${i}`] = `%${k}%`));
      departments.forEach((id, i) => (params[`d${i}`] = id));
      const unfiltered = input.departmentId === undefined && input.canAudit === undefined && input.status === undefined;
      let rows: Awaited<ReturnType<typeof employeePage.all>>;
      let count: number;
      if (shape.pagedByIds && unfiltered && staffOrders.keeps(ctx.db)) {
        const order = await staffOrders.get(ctx.db, `${companyId}|${shape.dir}`, async () => (await employeeOrder.all(ctx.db, { companyId }, shape.dir)).map((r) => r.id));
        rows = await employeesByIds(ctx.db, params, shape, order.slice(params.offset, params.offset + params.limit));
        count = order.length;
      } else if (candidates) {
        // The trigram table narrows a keyword to few rows: their ids, read once in the list's
        // order, give the total and the page, and only the page's rows are joined. The page and
        // its count otherwise each matched the keyword again, and the page sorted whole rows.
        const matches = await employeeMatches.all(ctx.db, params, shape);
        rows = await employeesByIds(ctx.db, params, shape, matches.slice(params.offset, params.offset + params.limit).map((r) => r.id));
        count = matches.length;
      } else {
        [rows, count] = await Promise.all([
          employeePage.all(ctx.db, params, shape),
          keyword
            ? employeeKeywordCount.first(ctx.db, params, shape).then((r) => toCount(r?.n))
            : unfiltered
              ? storedEmployeeTotal(ctx.db, companyId).then(async (n) => n ?? toCount((await employeeCount.first(ctx.db, params, shape))?.n))
              : employeeCount.first(ctx.db, params, shape).then((r) => toCount(r?.n)),
        ]);
      }
      const flag = (v: number | null) => (Number(v) ? 1 : 0);
      // Written out field by field (in the order the list has always had): copying each row
      // with rest and spread cost several times the rest of the mapping.
      const list = rows.map((r) => ({
        id: r.id,
        memberId: r.memberId,
        departmentId: r.departmentId,
        departmentName: r.departmentName,
        position: r.position,
        status: r.status ? 1 : 0,
        employeeLevel: r.employeeLevel,
        tripLevelName: r.tripLevelName,
        approveFlag: flag(r.approveFlag),
        feeFlag: flag(r.feeFlag),
        changeApprove: flag(r.changeApprove),
        overproof: flag(r.overproof),
        overApprove: flag(r.overApprove),
        canAudit: flag(r.canAudit),
        createTime: r.createTime,
        realName: r.realName,
        mobilePhone: r.mobilePhone ? maskMobile(r.mobilePhone) : null,
        email: r.email,
        certNos: parseCertificates(r.certificates).map((c) => maskCertNo(c.certNo)),
      }));
      return { list, total: count, pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/department/list",
    summary: "企业部门列表（平铺，含上级部门与直属员工人数，供部门树与员工列表筛选；未分配部门的员工为编号 0）",
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
      const list = perDept.map((d) => ({ id: d.id, parentId: d.parentId, name: d.name, sort: d.sort, employeeCount: toCount(d.n) }));
      // Employees without a department are filterable too (departmentId 0), as in the statistics.
      const unassigned = toCount(loose?.n);
      if (unassigned > 0) list.push({ id: 0, parentId: null, name: UNASSIGNED_DEPARTMENT, sort: Number.MAX_SAFE_INTEGER, employeeCount: unassigned });
      return list;
    },
  }),
  ...EMPLOYEE_ROUTES,
  ...DEPARTMENT_ROUTES,
  ...IMPORT_ROUTES,
];
