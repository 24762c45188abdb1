// Travel standards (StandardSettings, EditStandardSettings): one standard per trip level, and
// the hotel city tiers the nightly caps refer to. The company's main member (70) only.
import { say } from "../../services/i18n/catalogue";
import { said, saidLazy } from "../../services/i18n/text";
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
import { DEFAULT_STANDARD, cityTiersSchema, overActionOf, overFlagsOf, standardFormSchema, summarizeStandard, LISTED_TIERS, type OverAction, type TravelStandard } from "../../../src/domain/policy";
import { companyCaller, ownRow } from "../../policy/company";
import { readJson } from "../../policy/json";
import { loadCityTiers, saveSetting } from "../../policy/settings";
import { citiesByCode } from "../../policy/cities";

const ACCESS = "travel-standards";
const TAGS = ["travel-standards"];
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

const listInput = z
  .object({
    ...pageInput(["tripLevelName", "updateTime"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    configured: z.enum(["0", "1"], { error: saidLazy("policy.settingStatusOnly01") }).optional(),
  })
  .strict();

const levelInput = z.object({ tripLevelId: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.chooseTravelLevel") }) }).strict();

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

export const standardRoutes = [
  defineRoute({
    method: "POST",
    url: "/member/center/trip_level/list",
    summary: "差旅等级列表（供差旅标准、用车标准选择）",
    tags: TAGS,
    access: ACCESS,
    input: z.object({}).strict(),
    handler: async ({ member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      const rows = await ctx.db
        .selectFrom("trip_levels as t")
        .select(["t.id", "t.name", "t.approveFlag", "t.feeFlag", "t.changeApprove", "t.overproof", "t.overApprove"])
        .where("t.companyId", "=", companyId)
        .orderBy("t.id")
        .execute();
      const counts = await employeesPerLevel(ctx.db, rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, employeeCount: counts.get(r.id) ?? 0, overAction: overActionOf(r) }));
    },
  }),
  defineRoute({
    method: "POST",
    url: "/member/center/standard/list",
    summary: "差旅标准列表：每个差旅等级一行（分页，可按等级名称、是否已设置筛选）",
    tags: TAGS,
    access: ACCESS,
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<Page<StandardRow>> => {
      const { companyId } = await companyCaller(ctx.db, member!);
      let q = levelsQuery(ctx.db, companyId);
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
      const counts = await employeesPerLevel(ctx.db, rows.map((r) => r.id));
      return { list: rows.map((r) => toRow(r, counts)), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/member/center/standard/detail",
    summary: "一个差旅等级的差旅标准（未设置时给出默认值供编辑）",
    tags: TAGS,
    access: ACCESS,
    input: levelInput,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      return standardRowOfLevel(ctx.db, companyId, input.tripLevelId);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/member/center/standard/save",
    summary: "保存一个差旅等级的差旅标准（新增或修改）及超标处理方式",
    tags: TAGS,
    access: ACCESS,
    input: standardFormSchema,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      const { tripLevelId, overAction, ...rules } = input;
      await ctx.db.transaction().execute(async (trx) => {
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
      return standardRowOfLevel(ctx.db, companyId, tripLevelId);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/member/center/standard/delete",
    summary: "删除一个差旅等级的差旅标准（该等级回到未设置）",
    tags: TAGS,
    access: ACCESS,
    input: levelInput,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      const row = await ctx.db.selectFrom("travel_standards").select(["id", "companyId"]).where("tripLevelId", "=", input.tripLevelId).executeTakeFirst();
      ownRow(row, companyId, say("policy.travelLevelHasNoTravel"));
      await ctx.db.deleteFrom("travel_standards").where("id", "=", row!.id).where("companyId", "=", companyId).execute();
      return { tripLevelId: input.tripLevelId };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/member/center/city_tier/info",
    summary: "酒店城市等级名单（一线、二线、三线城市，其余为其他城市）",
    tags: TAGS,
    access: ACCESS,
    input: z.object({}).strict(),
    handler: async ({ member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      return loadCityTiers(ctx.db, companyId);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/member/center/city_tier/save",
    summary: "保存酒店城市等级名单",
    tags: TAGS,
    access: ACCESS,
    input: cityTiersSchema,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      // Names are taken from the city list, so a tier never holds a misspelt or made-up city.
      const cities = await citiesByCode();
      const tiers = Object.fromEntries(
        LISTED_TIERS.map((tier) => [
          tier,
          input[tier].map((c, i) => {
            const city = cities.get(c.code);
            if (!city) throw new BizError(RET.BAD_INPUT, said("policy.unknownCity", { name: c.name }), { errors: { [`${tier}.${i}.code`]: said("policy.unknownCity", { name: c.name }) } });
            return { code: city.code, name: city.name };
          }),
        ]),
      );
      await saveSetting(ctx.db, companyId, "cityTiers", tiers);
      return tiers;
    },
  }),
];
