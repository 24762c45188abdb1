// Replace-booking settings: which of the company's employees may book for which colleagues, one
// setting per booker, each the company's own.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { likePattern, offsetOf, type Page } from "../services/http/paging";
import { isoAt } from "../services/clock";
import { toCount } from "../db";
import { BOOKER_SCOPE_LABELS, type BookerRow, type BookerScope, type ReplaceBookerForm } from "../../src/domain/policy";
export type { BookerRow };
import { assertCompanyIds, ownRow } from "./company";
import { readJson } from "./json";

const MISSING = said("policy.bookerSettingFound");

type Stored = { id: number; bookerEmployeeId: number; scope: string; departmentIds: string; employeeIds: string; updateTime: string; realName: string | null; mobilePhone: string | null; departmentName: string | null };

function bookersQuery(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom("replace_bookers as r")
    .innerJoin("employees as e", "e.id", "r.bookerEmployeeId")
    .leftJoin("members as m", "m.id", "e.memberId")
    .leftJoin("departments as d", "d.id", "e.departmentId")
    .where("r.companyId", "=", companyId);
}
const COLUMNS = ["r.id", "r.bookerEmployeeId", "r.scope", "r.departmentIds", "r.employeeIds", "r.updateTime", "m.realName", "m.mobilePhone", "d.name as departmentName"] as const;

async function rowsOf(db: Kysely<Database>, companyId: number, rows: Stored[]): Promise<BookerRow[]> {
  const [departments, employees] = await Promise.all([
    db.selectFrom("departments").select(["id", "name"]).where("companyId", "=", companyId).execute(),
    db.selectFrom("employees as e").leftJoin("members as m", "m.id", "e.memberId").select(["e.id", "m.realName", "m.mobilePhone"]).where("e.companyId", "=", companyId).execute(),
  ]);
  const deptName = new Map(departments.map((d) => [d.id, d.name]));
  const empName = new Map(employees.map((e) => [e.id, e.realName ?? e.mobilePhone ?? say("policy.employee", { id: e.id })]));
  return rows.map((r) => ({
    id: r.id,
    bookerEmployeeId: r.bookerEmployeeId,
    bookerName: r.realName,
    bookerMobile: r.mobilePhone,
    bookerDepartmentName: r.departmentName,
    scope: r.scope as BookerScope,
    scopeLabel: BOOKER_SCOPE_LABELS[r.scope as BookerScope],
    departments: readJson<number[]>(r.departmentIds, []).map((id) => ({ id, name: deptName.get(id) ?? say("policy.deletedDepartment") })),
    employees: readJson<number[]>(r.employeeIds, []).map((id) => ({ id, name: empName.get(id) ?? say("policy.formerEmployee") })),
    updateTime: r.updateTime,
  }));
}

const ORDER = { bookerName: "m.realName", updateTime: "r.updateTime" } as const;

/** What the setting list is asked for. */
export interface BookerListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "bookerName" | "updateTime";
  orderType: "asc" | "desc";
  keyword?: string;
  scope?: BookerScope;
}

/** A page of the company's settings. */
export async function bookerPage(db: Kysely<Database>, companyId: number, input: BookerListQuery): Promise<Page<BookerRow>> {
  let q = bookersQuery(db, companyId);
  const pattern = likePattern(input.keyword);
  if (pattern) q = q.where((eb) => eb.or([eb("m.realName", "like", pattern), eb("m.mobilePhone", "like", pattern)]));
  if (input.scope) q = q.where("r.scope", "=", input.scope);
  const [rows, count] = await Promise.all([
    q
      .select([...COLUMNS])
      .orderBy(ORDER[input.orderBy ?? "updateTime"], (ob) => (input.orderType === "asc" ? ob.asc() : ob.desc()).nullsLast())
      .orderBy("r.id", input.orderType)
      .limit(input.pageSize)
      .offset(offsetOf(input))
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { list: await rowsOf(db, companyId, rows), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Saves the booker's setting (one per booker: an existing one is changed). */
export async function saveBooker(db: Kysely<Database>, companyId: number, input: ReplaceBookerForm): Promise<BookerRow> {
  await assertCompanyIds(db, "employees", [input.bookerEmployeeId], companyId, say("policy.invalidBooker"));
  await assertCompanyIds(db, "departments", input.departmentIds, companyId, say("policy.invalidDepartmentsBook"));
  await assertCompanyIds(db, "employees", input.employeeIds, companyId, say("policy.invalidEmployeesBook"));
  const at = isoAt();
  const values = {
    scope: input.scope,
    departmentIds: JSON.stringify(input.scope === "departments" ? input.departmentIds : []),
    employeeIds: JSON.stringify(input.scope === "employees" ? input.employeeIds : []),
    updateTime: at,
  };
  await db
    .insertInto("replace_bookers")
    .values({ ...values, companyId, bookerEmployeeId: input.bookerEmployeeId, createTime: at })
    .onConflict((oc) => oc.column("bookerEmployeeId").doUpdateSet(values))
    .execute();
  const rows = await bookersQuery(db, companyId).select([...COLUMNS]).where("r.bookerEmployeeId", "=", input.bookerEmployeeId).execute();
  return (await rowsOf(db, companyId, rows))[0];
}

/** Deletes one of the company's settings: that employee books only for themself from then on. */
export async function deleteBooker(db: Kysely<Database>, companyId: number, id: number): Promise<void> {
  ownRow(await db.selectFrom("replace_bookers").select(["id", "companyId"]).where("id", "=", id).executeTakeFirst(), companyId, MISSING);
  await db.deleteFrom("replace_bookers").where("id", "=", id).where("companyId", "=", companyId).execute();
}
