// Car-use standards (usecar_manager_list, usecar_install_info): named standards, each for the
// trip levels it names (a level has at most one), with car types, cities, time windows and
// amount caps. The company's main member (70) only; the city list serves every member.
import { say } from "../../services/i18n/catalogue";
import { said, saidLazy } from "../../services/i18n/text";
import { label } from "../../../src/domain/codes";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineRoute } from "../../services/http/route";
import { BizError, RET } from "../../services/http/envelope";
import { offsetOf, pageInput, type Page, likePattern } from "../../services/http/paging";
import { isoAt } from "../../services/clock";
import { toCount } from "../../db";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zInt, zOptionalString } from "../../../src/domain/zod";
import { carStandardFormSchema, CAR_TYPES, type CarStandardForm } from "../../../src/domain/policy";
import { assertCompanyIds, companyCaller, ownRow } from "../../policy/company";
import { readJson } from "../../policy/json";
import { allCities, citiesByCode } from "../../policy/cities";
import { uniquely } from "../../db/unique";

const ACCESS = "car-standards";
const TAGS = ["car-standards"];
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

const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidCarStandardNumber") }) }).strict();

const listInput = z
  .object({
    ...pageInput(["name", "updateTime"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    tripLevelId: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidTravelLevelNumber") }).optional(),
  })
  .strict();

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

export const carStandardRoutes = [
  defineRoute({
    method: "POST",
    url: "/car/standard_list",
    summary: "用车标准列表（分页，可按名称、差旅等级筛选）",
    tags: TAGS,
    access: ACCESS,
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<Page<CarStandardRow>> => {
      const { companyId } = await companyCaller(ctx.db, member!);
      let q = ctx.db.selectFrom("car_standards as c").where("c.companyId", "=", companyId);
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
      return { list: await rowsOf(ctx.db, rows), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/car/standard_detail",
    summary: "一个用车标准",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      const row = await ctx.db.selectFrom("car_standards").selectAll().where("id", "=", input.id).executeTakeFirst();
      return (await rowsOf(ctx.db, [ownRow(row, companyId, MISSING)]))[0];
    },
  }),
  defineRoute({
    method: "POST",
    url: "/car/standard/add_or_update",
    summary: "新增或修改用车标准（带 id 为修改）",
    tags: TAGS,
    access: ACCESS,
    input: carStandardFormSchema,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      const { id, name, tripLevelIds, ...rules } = input;
      await assertCompanyIds(ctx.db, "trip_levels", tripLevelIds, companyId, said("policy.invalidTravelLevels"));
      const cities = await citiesByCode();
      for (const [i, c] of rules.cities.entries()) {
        if (!cities.get(c.code)) throw new BizError(RET.BAD_INPUT, said("policy.unknownCity", { name: c.name }), { errors: { [`cities.${i}.code`]: said("policy.unknownCity", { name: c.name }) } });
      }
      const stored: CarRules = { ...rules, cities: rules.allCities ? [] : rules.cities.map((c) => ({ code: c.code, name: cities.get(c.code)!.name })) };
      const savedId = await ctx.db.transaction().execute(async (trx) => {
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
      const row = await ctx.db.selectFrom("car_standards").selectAll().where("id", "=", savedId).executeTakeFirstOrThrow();
      return (await rowsOf(ctx.db, [row]))[0];
    },
  }),
  defineRoute({
    method: "POST",
    url: "/car/standard_delete",
    summary: "删除用车标准",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      ownRow(await ctx.db.selectFrom("car_standards").select(["id", "companyId"]).where("id", "=", input.id).executeTakeFirst(), companyId, MISSING);
      await ctx.db.deleteFrom("car_standards").where("id", "=", input.id).where("companyId", "=", companyId).execute();
      return { id: input.id };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/car/allCity",
    summary: "全部城市（地级市，含拼音与首字母，供选择用车城市与酒店城市等级）",
    tags: TAGS,
    access: "member",
    input: z.object({}).strict(),
    handler: () => allCities(),
  }),
];
