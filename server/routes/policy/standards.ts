// Travel standards (StandardSettings, EditStandardSettings): one standard per trip level, and
// the hotel city tiers the nightly caps refer to. The company's main member (70) only.
import { say } from "../../services/i18n/catalogue";
import { said, saidLazy } from "../../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../../services/http/route";
import { BizError, RET } from "../../services/http/envelope";
import { pageInput, type Page } from "../../services/http/paging";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zInt, zOptionalString } from "../../../src/domain/zod";
import { cityTiersSchema, standardFormSchema, LISTED_TIERS } from "../../../src/domain/policy";
import { companyCaller } from "../../policy/company";
import { loadCityTiers, saveSetting } from "../../policy/settings";
import { deleteStandard, saveStandard, standardPage, standardRowOfLevel, tripLevelList, type StandardRow } from "../../policy/standard-settings";
import { citiesByCode } from "../../policy/cities";

const ACCESS = "travel-standards";
const TAGS = ["travel-standards"];

const listInput = z
  .object({
    ...pageInput(["tripLevelName", "updateTime"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    configured: z.enum(["0", "1"], { error: saidLazy("policy.settingStatusOnly01") }).optional(),
  })
  .strict();

const levelInput = z.object({ tripLevelId: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.chooseTravelLevel") }) }).strict();

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
      return tripLevelList(ctx.db, companyId);
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
      return standardPage(ctx.db, companyId, input);
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
      return saveStandard(ctx.db, companyId, input);
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
      await deleteStandard(ctx.db, companyId, input.tripLevelId);
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
