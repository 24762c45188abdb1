// The company's employee list (/credit/employee/list): filters, keyword search, sorting and
// paging over the employees with their member, department and trip level, phones and
// certificate numbers masked. Its queries are compiled once per shape; on SQLite the unfiltered
// order and the keyword matches are read as ids first, and only the page's rows are joined.
import { say } from "../services/i18n/catalogue";
import { saidLazy } from "../services/i18n/text";
import { z } from "zod";
import type { Kysely } from "kysely";
import { KEYWORD_MAX, type EmployeeRow } from "../../src/domain/lists";
import type { Database } from "../db/schema";
import { pageInput, offsetOf, type Page } from "../services/http/paging";
import { peopleWatchOf, toCount } from "../db";
import { candidateRows, notIndexed, storedEmployeeTotal, trigramKeywords } from "./search";
import { prepareQuery } from "../db/prepared";
import { WatchedCache } from "../db/watched-cache";
import { inIdOrder } from "../db/in-id-order";
import { zInt, zOptionalString } from "../../src/domain/zod";
import { maskCertNo, maskMobile } from "../../src/domain/people/certificates";
import { parseCertificates } from "./employees";

export const employeeListInput = z
  .object({
    ...pageInput(["realName", "createTime", "departmentName"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    // 0 means "no department" (the statistics' 未分配部门 row).
    departmentId: zInt({ min: 0, max: 2_147_483_647, error: saidLazy("people.departmentNumberMustNonNegative") }).optional(),
    canAudit: z.enum(["0", "1"], { error: saidLazy("people.approvalRightOnly01") }).optional(),
    status: z.enum(["0", "1"], { error: saidLazy("people.statusOnly01") }).optional(),
  })
  .strict();

export type EmployeeListInput = z.output<typeof employeeListInput>;

/** A department of the company with every department below it, for the list's filter. */
async function departmentAndBelow(db: Kysely<Database>, companyId: number, id: number): Promise<number[]> {
  const rows = await db.selectFrom("departments").select(["id", "parentId"]).where("companyId", "=", companyId).execute();
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parentId === out[i]) out.push(r.id);
  return out;
}

// The columns orderBy names, as the joined query spells them.
const ORDER_COLUMNS = { realName: "realName", createTime: "e.createTime", departmentName: "d.name" } as const;

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

/** One page of the company's employees as the list shows them. */
export async function listEmployees(db: Kysely<Database>, companyId: number, input: EmployeeListInput): Promise<Page<EmployeeRow>> {
  // LIKE wildcards typed by the user are dropped: 1_3 must not match 1x3.
  const keyword = input.keyword?.replace(/[%_\\]/g, "");
  const candidates = keyword ? trigramKeywords(db, [keyword]) : null;
  const column = ORDER_COLUMNS[input.orderBy ?? "createTime"];
  const departments = input.departmentId === undefined || input.departmentId === 0 ? [] : await departmentAndBelow(db, companyId, input.departmentId);
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
  if (shape.pagedByIds && unfiltered && staffOrders.keeps(db)) {
    const order = await staffOrders.get(db, `${companyId}|${shape.dir}`, async () => (await employeeOrder.all(db, { companyId }, shape.dir)).map((r) => r.id));
    rows = await employeesByIds(db, params, shape, order.slice(params.offset, params.offset + params.limit));
    count = order.length;
  } else if (candidates) {
    // The trigram table narrows a keyword to few rows: their ids, read once in the list's
    // order, give the total and the page, and only the page's rows are joined. The page and
    // its count otherwise each matched the keyword again, and the page sorted whole rows.
    const matches = await employeeMatches.all(db, params, shape);
    rows = await employeesByIds(db, params, shape, matches.slice(params.offset, params.offset + params.limit).map((r) => r.id));
    count = matches.length;
  } else {
    [rows, count] = await Promise.all([
      employeePage.all(db, params, shape),
      keyword
        ? employeeKeywordCount.first(db, params, shape).then((r) => toCount(r?.n))
        : unfiltered
          ? storedEmployeeTotal(db, companyId).then(async (n) => n ?? toCount((await employeeCount.first(db, params, shape))?.n))
          : employeeCount.first(db, params, shape).then((r) => toCount(r?.n)),
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
}
