// Travel standards as the company sets them: one standard per trip level with its over-standard
// action, listed per level with the level's head count. Each level is the company's own.
import { say } from "../services/i18n/catalogue";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { likePattern, offsetOf, type Page } from "../services/http/paging";
import { isoAt } from "../services/clock";
import { toCount } from "../db";
import { DEFAULT_STANDARD, overActionOf, overFlagsOf, summarizeStandard, type OverAction, type StandardForm, type TravelStandard } from "../../src/domain/policy";
import { ownRow } from "./company";
import { readJson } from "./json";

const LEVEL_MISSING = say("policy.travelLevelFound");

export interface StandardRow {
  id: number | null;
  tripLevelId: number;
  tripLevelName: string;
  configured: boolean;
  overAction: OverAction;
  employeeCount: number;
  standard: TravelStandard;
  summary: ReturnType<typeof summarizeStandard>;
  updateTime: string | null;
}

const ORDER = { tripLevelName: "t.name", updateTime: "s.updateTime" } as const;

function levelsQuery(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom("trip_levels as t")
    .leftJoin("travel_standards as s", "s.tripLevelId", "t.id")
    .where("t.companyId", "=", companyId);
}

type LevelJoin = { id: number; name: string; overproof: number; overApprove: number; standardId: number | null; rules: string | null; updateTime: string | null };

/** How many employees each trip level has. */
export async function employeesPerLevel(db: Kysely<Database>, levelIds: number[]): Promise<Map<number, number>> {
  if (!levelIds.length) return new Map();
  const rows = await db
    .selectFrom("employees")
    .select(["tripLevelId", (eb) => eb.fn.countAll().as("n")])
    .where("tripLevelId", "in", levelIds)
    .groupBy("tripLevelId")
    .execute();
  return new Map(rows.map((r) => [r.tripLevelId!, toCount(r.n)]));
}

function toRow(r: LevelJoin, counts: Map<number, number>): StandardRow {
  const standard = readJson<TravelStandard>(r.rules, DEFAULT_STANDARD);
  const overAction = overActionOf(r);
  return {
    id: r.standardId,
    tripLevelId: r.id,
    tripLevelName: r.name,
    configured: r.standardId !== null,
    overAction,
    employeeCount: counts.get(r.id) ?? 0,
    standard,
    summary: summarizeStandard(standard, overAction, null),
    updateTime: r.updateTime,
  };
}

export async function standardRowOfLevel(db: Kysely<Database>, companyId: number, tripLevelId: number): Promise<StandardRow> {
  const row = await db
    .selectFrom("trip_levels as t")
    .leftJoin("travel_standards as s", "s.tripLevelId", "t.id")
    .select(["t.id", "t.companyId", "t.name", "t.overproof", "t.overApprove", "s.id as standardId", "s.rules", "s.updateTime"])
    .where("t.id", "=", tripLevelId)
    .executeTakeFirst();
  return toRow(ownRow(row, companyId, LEVEL_MISSING), await employeesPerLevel(db, [tripLevelId]));
}

/** The company's trip levels with their flags, head counts and over-standard action. */
export async function tripLevelList(db: Kysely<Database>, companyId: number) {
  const rows = await db
    .selectFrom("trip_levels as t")
    .select(["t.id", "t.name", "t.approveFlag", "t.feeFlag", "t.changeApprove", "t.overproof", "t.overApprove"])
    .where("t.companyId", "=", companyId)
    .orderBy("t.id")
    .execute();
  const counts = await employeesPerLevel(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, employeeCount: counts.get(r.id) ?? 0, overAction: overActionOf(r) }));
}

/** What the standard list is asked for. */
export interface StandardListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "tripLevelName" | "updateTime";
  orderType: "asc" | "desc";
  keyword?: string;
  configured?: "0" | "1";
}

/** A page of the company's trip levels, each with its standard or the default. */
export async function standardPage(db: Kysely<Database>, companyId: number, input: StandardListQuery): Promise<Page<StandardRow>> {
  let q = levelsQuery(db, companyId);
  const pattern = likePattern(input.keyword);
  if (pattern) q = q.where("t.name", "like", pattern);
  if (input.configured !== undefined) q = q.where("s.id", input.configured === "1" ? "is not" : "is", null);
  const dir = input.orderType;
  const [rows, count] = await Promise.all([
    q
      .select(["t.id", "t.name", "t.overproof", "t.overApprove", "s.id as standardId", "s.rules", "s.updateTime"])
      // Without a chosen order the levels come as the company created them.
      .$if(input.orderBy !== undefined, (qb) => qb.orderBy(ORDER[input.orderBy!], (ob) => (dir === "asc" ? ob.asc() : ob.desc()).nullsLast()))
      .orderBy("t.id", input.orderBy === undefined ? "asc" : dir)
      .limit(input.pageSize)
      .offset(offsetOf(input))
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  const counts = await employeesPerLevel(db, rows.map((r) => r.id));
  return { list: rows.map((r) => toRow(r, counts)), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Saves a trip level's standard (added or changed) and its over-standard action. */
export async function saveStandard(db: Kysely<Database>, companyId: number, input: StandardForm): Promise<StandardRow> {
  const { tripLevelId, overAction, ...rules } = input;
  await db.transaction().execute(async (trx) => {
    ownRow(await trx.selectFrom("trip_levels").select(["id", "companyId"]).where("id", "=", tripLevelId).executeTakeFirst(), companyId, LEVEL_MISSING);
    const text = JSON.stringify(rules);
    const at = isoAt();
    await trx
      .insertInto("travel_standards")
      .values({ companyId, tripLevelId, rules: text, createTime: at, updateTime: at })
      .onConflict((oc) => oc.column("tripLevelId").doUpdateSet({ rules: text, updateTime: at }))
      .execute();
    // The trip level's flags are where the over-standard action lives (they also decide menus).
    await trx.updateTable("trip_levels").set(overFlagsOf(overAction)).where("id", "=", tripLevelId).execute();
  });
  return standardRowOfLevel(db, companyId, tripLevelId);
}

/** Deletes a trip level's standard: the level is back to not set. */
export async function deleteStandard(db: Kysely<Database>, companyId: number, tripLevelId: number): Promise<void> {
  const row = await db.selectFrom("travel_standards").select(["id", "companyId"]).where("tripLevelId", "=", tripLevelId).executeTakeFirst();
  ownRow(row, companyId, say("policy.travelLevelHasNoTravel"));
  await db.deleteFrom("travel_standards").where("id", "=", row!.id).where("companyId", "=", companyId).execute();
}
