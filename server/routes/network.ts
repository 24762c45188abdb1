// The member network: a company's child companies (子公司管理, item 9, type 70), the members a
// member recommended (推荐会员, item 7) and an agent's subordinates (下级管理, item 8, types 40/50).
// A member's recommendations are the members registered with it as referrer (members.referrerId).
import { say } from "../services/i18n/catalogue";
import { said, saidLazy } from "../services/i18n/text";
import { z } from "zod";
import type { Member } from "../db/schema";
import { defineRoute } from "../services/http/route";
import { pageInput, type Page } from "../services/http/paging";
import { BizError, RET } from "../services/http/envelope";
import { KEYWORD_MAX } from "../../src/domain/lists";
import { zInt, zOptionalString } from "../../src/domain/zod";
import { subsidiaryFormSchema, type RecommendInfo, type RecommendedRow, type SubordinateRow, type SubsidiaryRow } from "../../src/domain/people/network";
import { NETWORK_PATHS, referralPath } from "../../src/domain/people/network-paths";
import { recommendedCount, recommendedPage, subordinatePage } from "../people/network";
import { ownSubsidiary, saveSubsidiary, setSubsidiaryStatus, subsidiaryPage } from "../people/subsidiaries";

const keyword = zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText"));
const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("routes.invalidSubsidiaryNumber") }) }).strict();

// ---- child companies ----

function companyIdOf(member: Member): number {
  // 'subsidiaries' admits only 70, which implies a company; checked again so a policy change can
  // never turn company 0 into a query.
  if (!member.creditMemberId) throw new BizError(RET.NOT_FOUND, said("people.companyInformationWasFound"));
  return member.creditMemberId;
}

const subsidiaryList = z
  .object({
    ...pageInput(["createTime", "name"] as const),
    name: keyword,
    status: zInt({ min: 0, max: 1, error: saidLazy("people.statusOnly01") }).optional(),
  })
  .strict();

// ---- recommended members and subordinates ----

const recommendedList = z.object({ ...pageInput(["createTime"] as const) }).strict();

const subordinateList = z
  .object({
    ...pageInput(["createTime", "realName"] as const),
    keyword,
    // One subordinate (quick order names the member it books for).
    id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("routes.invalidMemberNumber") }).optional(),
  })
  .strict();

export const networkRoutes = [
  defineRoute({
    method: "POST",
    url: NETWORK_PATHS.subsidiaryList,
    summary: "子公司列表（本企业的子公司，分页，可按公司名称搜索、按状态筛选；联系人手机号脱敏）",
    tags: ["network"],
    access: "subsidiaries",
    input: subsidiaryList,
    handler: async ({ input, member, ctx }): Promise<Page<SubsidiaryRow>> => {
      const companyId = companyIdOf(member!);
      return subsidiaryPage(ctx.db, companyId, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: NETWORK_PATHS.subsidiaryDetail,
    summary: "一个子公司（编辑表单读取，手机号完整）",
    tags: ["network"],
    access: "subsidiaries",
    input: idInput,
    handler: ({ input, member, ctx }) => ownSubsidiary(ctx.db, companyIdOf(member!), input.id),
  }),
  defineRoute({
    method: "POST",
    url: NETWORK_PATHS.subsidiarySave,
    summary: "新增或修改子公司（带 id 为修改；统一社会信用代码按校验位校验，同一企业内不重复）",
    tags: ["network"],
    access: "subsidiaries",
    input: subsidiaryFormSchema,
    handler: ({ input, member, ctx }) => saveSubsidiary(ctx.db, companyIdOf(member!), input),
  }),
  defineRoute({
    method: "POST",
    url: NETWORK_PATHS.subsidiaryStatus,
    summary: "启用或停用子公司（status 1 启用，0 停用）",
    tags: ["network"],
    access: "subsidiaries",
    input: idInput.extend({ status: zInt({ min: 0, max: 1, error: saidLazy("people.statusOnly01") }) }).strict(),
    handler: async ({ input, member, ctx }) => {
      const companyId = companyIdOf(member!);
      return setSubsidiaryStatus(ctx.db, companyId, input.id, input.status);
    },
  }),
  defineRoute({
    method: "POST",
    url: NETWORK_PATHS.recommendMember,
    summary: "我的推荐信息：推荐码（本人手机号）、带推荐人的注册链接与已推荐人数",
    tags: ["network"],
    access: "recommendations",
    input: z.object({}).strict(),
    handler: async ({ member, ctx }): Promise<RecommendInfo> => ({
      realName: member!.realName,
      referralCode: member!.mobilePhone,
      referralPath: referralPath(member!.mobilePhone),
      recommendedCount: await recommendedCount(ctx.db, member!.id),
    }),
  }),
  defineRoute({
    method: "POST",
    url: NETWORK_PATHS.recommendedList,
    summary: "我推荐的会员（以我为推荐人注册的会员，分页，新注册在前；手机号脱敏）",
    tags: ["network"],
    access: "recommendations",
    input: recommendedList,
    handler: async ({ input, member, ctx }): Promise<Page<RecommendedRow>> => {
      return recommendedPage(ctx.db, member!.id, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: NETWORK_PATHS.recommendedCount,
    summary: "我推荐的会员人数",
    tags: ["network"],
    access: "recommendations",
    input: z.object({}).strict(),
    handler: async ({ member, ctx }) => ({ count: await recommendedCount(ctx.db, member!.id) }),
  }),
  defineRoute({
    method: "POST",
    url: NETWORK_PATHS.subordinateList,
    summary: "下级会员列表（本人推荐注册、类型低于本人的会员；分页，按姓名或手机号搜索；手机号脱敏，附订单数）",
    tags: ["network"],
    access: "subordinates",
    input: subordinateList,
    handler: async ({ input, member, ctx }): Promise<Page<SubordinateRow>> => {
      return subordinatePage(ctx.db, member!, input);
    },
  }),
];
