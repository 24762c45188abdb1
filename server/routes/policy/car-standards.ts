// Car-use standards (usecar_manager_list, usecar_install_info): named standards, each for the
// trip levels it names (a level has at most one), with car types, cities, time windows and
// amount caps. The company's main member (70) only; the city list serves every member.
import { say } from "../../services/i18n/catalogue";
import { saidLazy } from "../../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../../services/http/route";
import { pageInput, type Page } from "../../services/http/paging";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zInt, zOptionalString } from "../../../src/domain/zod";
import { carStandardFormSchema } from "../../../src/domain/policy";
import { companyCaller } from "../../policy/company";
import { allCities } from "../../policy/cities";
import { carStandardDetail, carStandardPage, deleteCarStandard, saveCarStandard, type CarStandardRow } from "../../policy/car-standards";

const ACCESS = "car-standards";
const TAGS = ["car-standards"];

const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidCarStandardNumber") }) }).strict();

const listInput = z
  .object({
    ...pageInput(["name", "updateTime"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    tripLevelId: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidTravelLevelNumber") }).optional(),
  })
  .strict();

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
      return carStandardPage(ctx.db, companyId, input);
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
      return carStandardDetail(ctx.db, companyId, input.id);
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
      return saveCarStandard(ctx.db, companyId, input);
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
      await deleteCarStandard(ctx.db, companyId, input.id);
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
