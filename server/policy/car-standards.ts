// Car-use standards: named standards, each for the trip levels it names (a level has at most
// one), with car types, cities (named from the city list), time windows and amount caps. Each is
// the company's own.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import { label } from "../../src/domain/codes";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import { likePattern, offsetOf, type Page } from "../services/http/paging";
import { isoAt } from "../services/clock";
import { toCount } from "../db";
import { uniquely } from "../db/unique";
import { CAR_TYPES, type CarStandardForm } from "../../src/domain/policy";
import { assertCompanyIds, ownRow } from "./company";
import { readJson } from "./json";
import { citiesByCode } from "./cities";

const MISSING = said("policy.carStandardFound");

type CarRules = Omit<CarStandardForm, "id" | "name" | "tripLevelIds">;

export interface CarStandardRow extends CarRules {
  id: number;
  name: string;
  tripLevels: { id: number; name: string }[];
  carTypeNames: string[];
  createTime: string;
  updateTime: string;
}

async function rowsOf(db: Kysely<Database>, standards: { id: number; name: string; rules: string; createTime: string; updateTime: string }[]): Promise<CarStandardRow[]> {
  if (!standards.length) return [];
  const levels = await db
    .selectFrom("car_standard_levels as l")
    .innerJoin("trip_levels as t", "t.id", "l.tripLevelId")
    .select(["l.carStandardId", "t.id", "t.name"])
    .where("l.carStandardId", "in", standards.map((s) => s.id))
    .orderBy("t.id")
    .execute();
  return standards.map((s) => {
    const rules = readJson<CarRules>(s.rules, null as never);
    return {
      id: s.id,
      name: s.name,
      ...rules,
      carTypeNames: rules.carTypes.map((c) => label(CAR_TYPES, c)),
      tripLevels: levels.filter((l) => l.carStandardId === s.id).map((l) => ({ id: l.id, name: l.name })),
      createTime: s.createTime,
      updateTime: s.updateTime,
    };
  });
}

/** What the car standard list is asked for. */
export interface CarStandardListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "name" | "updateTime";
  orderType: "asc" | "desc";
  keyword?: string;
  tripLevelId?: number;
}

/** A page of the company's car standards. */
export async function carStandardPage(db: Kysely<Database>, companyId: number, input: CarStandardListQuery): Promise<Page<CarStandardRow>> {
  let q = db.selectFrom("car_standards as c").where("c.companyId", "=", companyId);
  const pattern = likePattern(input.keyword);
  if (pattern) q = q.where("c.name", "like", pattern);
  if (input.tripLevelId !== undefined) {
    const levelId = input.tripLevelId;
    q = q.where((eb) => eb.exists(eb.selectFrom("car_standard_levels as l").select("l.carStandardId").whereRef("l.carStandardId", "=", "c.id").where("l.tripLevelId", "=", levelId)));
  }
  const column = input.orderBy === "name" ? "c.name" : "c.updateTime";
  const [rows, count] = await Promise.all([
    q.select(["c.id", "c.name", "c.rules", "c.createTime", "c.updateTime"]).orderBy(column, input.orderType).orderBy("c.id", input.orderType).limit(input.pageSize).offset(offsetOf(input)).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { list: await rowsOf(db, rows), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}

/** One of the company's car standards. */
export async function carStandardDetail(db: Kysely<Database>, companyId: number, id: number): Promise<CarStandardRow> {
  const row = await db.selectFrom("car_standards").selectAll().where("id", "=", id).executeTakeFirst();
  return (await rowsOf(db, [ownRow(row, companyId, MISSING)]))[0];
}

/** Adds a car standard, or changes one of the company's (input.id), with the levels it is for. */
export async function saveCarStandard(db: Kysely<Database>, companyId: number, input: CarStandardForm): Promise<CarStandardRow> {
  const { id, name, tripLevelIds, ...rules } = input;
  await assertCompanyIds(db, "trip_levels", tripLevelIds, companyId, say("policy.invalidTravelLevels"));
  const cities = await citiesByCode();
  for (const [i, c] of rules.cities.entries()) {
    if (!cities.get(c.code)) throw new BizError(RET.BAD_INPUT, said("policy.unknownCity", { name: c.name }), { errors: { [`cities.${i}.code`]: said("policy.unknownCity", { name: c.name }) } });
  }
  const stored: CarRules = { ...rules, cities: rules.allCities ? [] : rules.cities.map((c) => ({ code: c.code, name: cities.get(c.code)!.name })) };
  const savedId = await db.transaction().execute(async (trx) => {
    const at = isoAt();
    let standardId: number;
    if (id !== undefined) {
      ownRow(await trx.selectFrom("car_standards").select(["id", "companyId"]).where("id", "=", id).executeTakeFirst(), companyId, MISSING);
      await trx.updateTable("car_standards").set({ name, rules: JSON.stringify(stored), updateTime: at }).where("id", "=", id).execute();
      await trx.deleteFrom("car_standard_levels").where("carStandardId", "=", id).execute();
      standardId = id;
    } else {
      standardId = (await trx.insertInto("car_standards").values({ companyId, name, rules: JSON.stringify(stored), createTime: at, updateTime: at }).returning("id").executeTakeFirstOrThrow()).id;
    }
    const taken = await trx
      .selectFrom("car_standard_levels as l")
      .innerJoin("car_standards as c", "c.id", "l.carStandardId")
      .innerJoin("trip_levels as t", "t.id", "l.tripLevelId")
      .select(["t.name", "c.name as standardName"])
      .where("l.tripLevelId", "in", tripLevelIds)
      .executeTakeFirst();
    if (taken) {
      const msg = said("policy.travelLevelAlreadyHasCar", { name: taken.name, standardName: taken.standardName });
      throw new BizError(RET.BAD_INPUT, msg, { errors: { tripLevelIds: msg } });
    }
    // A concurrent save that took a level first is caught by the unique index.
    await uniquely(
      () => trx.insertInto("car_standard_levels").values(tripLevelIds.map((tripLevelId) => ({ carStandardId: standardId, tripLevelId }))).execute(),
      () => new BizError(RET.BAD_INPUT, said("policy.chosenTravelLevelAlreadyHas"), { errors: { tripLevelIds: said("policy.chosenTravelLevelAlreadyHas") } }),
    );
    return standardId;
  });
  const row = await db.selectFrom("car_standards").selectAll().where("id", "=", savedId).executeTakeFirstOrThrow();
  return (await rowsOf(db, [row]))[0];
}

/** Deletes one of the company's car standards. */
export async function deleteCarStandard(db: Kysely<Database>, companyId: number, id: number): Promise<void> {
  ownRow(await db.selectFrom("car_standards").select(["id", "companyId"]).where("id", "=", id).executeTakeFirst(), companyId, MISSING);
  await db.deleteFrom("car_standards").where("id", "=", id).where("companyId", "=", companyId).execute();
}
