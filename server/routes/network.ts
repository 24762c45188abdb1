// The member network: a company's child companies (子公司管理, item 9, type 70), the members a
// member recommended (推荐会员, item 7) and an agent's subordinates (下级管理, item 8, types 40/50).
// A member's recommendations are the members registered with it as referrer (members.referrerId).
import { say } from "../services/i18n/catalogue";
import { said, saidLazy } from "../services/i18n/text";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { defineRoute } from "../services/http/route";
import { offsetOf, pageInput, type Page, likePattern } from "../services/http/paging";
import { BizError, RET } from "../services/http/envelope";
import { isoAt } from "../services/clock";
import { KEYWORD_MAX } from "../../src/domain/lists";
import { BILL_PRODUCTS } from "../../src/domain/bills";
import { zInt, zOptionalString } from "../../src/domain/zod";
import { memberTypeKey } from "../../src/domain/member";
import { maskMobile } from "../../src/domain/people/certificates";
import {
  SUBSIDIARIES_MAX, subsidiaryFormSchema, type RecommendInfo, type RecommendedRow, type SubordinateRow, type SubsidiaryForm, type SubsidiaryRow,
} from "../../src/domain/people/network";
import { NETWORK_PATHS, referralPath } from "../../src/domain/people/network-paths";
import { subordinatesOf } from "../people/network";

const keyword = zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText"));
const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("routes.invalidSubsidiaryNumber") }) }).strict();
const SUB_MISSING = said("routes.subsidiaryFound");

// ---- child companies ----

function companyIdOf(member: Member): number {
  // 'subsidiaries' admits only 70, which implies a company; checked again so a policy change can
  // never turn company 0 into a query.
  if (!member.creditMemberId) throw new BizError(RET.NOT_FOUND, said("people.companyInformationWasFound"));
  return member.creditMemberId;
}

const SUB_COLUMNS = ["id", "name", "creditCode", "contactName", "contactMobile", "address", "status", "createTime", "updateTime"] as const;
const subRow = (r: Omit<SubsidiaryRow, "status"> & { status: number }): SubsidiaryRow => ({ ...r, status: r.status ? 1 : 0 });

/** A child company of the caller's company; another company's is "not found" (its ids are not the caller's to probe). */
async function ownSubsidiary(db: Kysely<Database>, companyId: number, id: number): Promise<SubsidiaryRow> {
  const row = await db.selectFrom("subsidiaries").select([...SUB_COLUMNS]).where("id", "=", id).where("companyId", "=", companyId).executeTakeFirst();
  if (!row) throw new BizError(RET.NOT_FOUND, SUB_MISSING);
  return subRow(row);
}

async function saveSubsidiary(db: Kysely<Database>, companyId: number, input: SubsidiaryForm): Promise<SubsidiaryRow> {
  const at = isoAt();
  const values = {
    name: input.name, creditCode: input.creditCode, contactName: input.contactName, contactMobile: input.contactMobile,
    address: input.address ?? null, status: input.status, updateTime: at,
  };
  const id = await db.transaction().execute(async (trx) => {
    let same = trx.selectFrom("subsidiaries").select("id").where("companyId", "=", companyId).where("creditCode", "=", input.creditCode);
    if (input.id !== undefined) same = same.where("id", "<>", input.id);
    if (await same.executeTakeFirst()) {
      const message = said("routes.subsidiaryWithUnifiedSocialCredit");
      throw new BizError(RET.BAD_INPUT, message, { errors: { creditCode: message } });
    }
    if (input.id !== undefined) {
      await ownSubsidiary(trx, companyId, input.id);
      await trx.updateTable("subsidiaries").set(values).where("id", "=", input.id).where("companyId", "=", companyId).execute();
      return input.id;
    }
    const n = await trx.selectFrom("subsidiaries").select((eb) => eb.fn.countAll().as("n")).where("companyId", "=", companyId).executeTakeFirst();
    if (toCount(n?.n) >= SUBSIDIARIES_MAX) throw new BizError(RET.CONFLICT, said("routes.mostSubsidiaries", { SUBSIDIARIES_MAX }));
    return (await trx.insertInto("subsidiaries").values({ ...values, companyId, createTime: at }).returning("id").executeTakeFirstOrThrow()).id;
  });
  return ownSubsidiary(db, companyId, id);
}

const subsidiaryList = z
  .object({
    ...pageInput(["createTime", "name"] as const),
    name: keyword,
    status: zInt({ min: 0, max: 1, error: saidLazy("people.statusOnly01") }).optional(),
  })
  .strict();

// ---- recommended members and subordinates ----

type MemberFacts = Pick<Member, "id" | "realName" | "mobilePhone" | "memberType" | "creditMemberId" | "creditEmployeeId" | "createTime">;
const MEMBER_COLUMNS = ["members.id", "members.realName", "members.mobilePhone", "members.memberType", "members.creditMemberId", "members.creditEmployeeId", "members.createTime"] as const;
const recommendedRow = (m: MemberFacts): RecommendedRow => ({
  id: m.id, realName: m.realName, mobilePhone: maskMobile(m.mobilePhone), memberType: memberTypeKey(m), createTime: m.createTime,
});

const recommendedOf = (db: Kysely<Database>, memberId: number) => db.selectFrom("members").where("members.referrerId", "=", memberId);

async function recommendedCount(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await recommendedOf(db, memberId).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toCount(row?.n);
}

const recommendedList = z.object({ ...pageInput(["createTime"] as const) }).strict();

const subordinateList = z
  .object({
    ...pageInput(["createTime", "realName"] as const),
    keyword,
    // One subordinate (quick order names the member it books for).
    id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("routes.invalidMemberNumber") }).optional(),
  })
  .strict();

const ORDER_COLUMNS = { createTime: "members.createTime", realName: "members.realName" } as const;

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
      let q = ctx.db.selectFrom("subsidiaries").where("companyId", "=", companyId);
      const pattern = likePattern(input.name);
      if (pattern) q = q.where("name", "like", pattern);
      if (input.status !== undefined) q = q.where("status", "=", input.status);
      const [rows, count] = await Promise.all([
        q.select([...SUB_COLUMNS]).orderBy(input.orderBy ?? "createTime", input.orderType).orderBy("id", input.orderType).limit(input.pageSize).offset(offsetOf(input)).execute(),
        q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
      ]);
      return { list: rows.map((r) => ({ ...subRow(r), contactMobile: maskMobile(r.contactMobile) })), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
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
      await ownSubsidiary(ctx.db, companyId, input.id);
      await ctx.db.updateTable("subsidiaries").set({ status: input.status, updateTime: isoAt() }).where("id", "=", input.id).where("companyId", "=", companyId).execute();
      return ownSubsidiary(ctx.db, companyId, input.id);
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
      const q = recommendedOf(ctx.db, member!.id);
      const [rows, total] = await Promise.all([
        q.select([...MEMBER_COLUMNS]).orderBy("members.createTime", input.orderType).orderBy("members.id", input.orderType).limit(input.pageSize).offset(offsetOf(input)).execute(),
        recommendedCount(ctx.db, member!.id),
      ]);
      return { list: rows.map(recommendedRow), total, pageNum: input.pageNum, pageSize: input.pageSize };
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
      let q = subordinatesOf(ctx.db, member!);
      const pattern = likePattern(input.keyword);
      if (pattern) q = q.where((eb) => eb.or([eb("members.realName", "like", pattern), eb("members.mobilePhone", "like", pattern)]));
      if (input.id !== undefined) q = q.where("members.id", "=", input.id);
      const [rows, count] = await Promise.all([
        q
          .select([...MEMBER_COLUMNS, "members.status"])
          // The orders of a trip a subordinate placed, and those an agent booked for it (its wallet
          // recharges are not orders here): its own orders, plus those it travels on placed by
          // someone else, each counted off an index of its own (an OR of the two read every order).
          .select((eb) =>
            eb(
              eb.selectFrom("orders").select((o) => o.fn.countAll().as("n")).where("orders.product", "in", [...BILL_PRODUCTS]).whereRef("orders.memberId", "=", "members.id"),
              "+",
              eb
                .selectFrom("orders")
                .select((o) => o.fn.countAll().as("n"))
                .where("orders.product", "in", [...BILL_PRODUCTS])
                .whereRef("orders.travellerMemberId", "=", "members.id")
                .whereRef("orders.memberId", "<>", "members.id"),
            ).as("orderCount"),
          )
          .orderBy(ORDER_COLUMNS[input.orderBy ?? "createTime"], input.orderType)
          .orderBy("members.id", input.orderType)
          .limit(input.pageSize)
          .offset(offsetOf(input))
          .execute(),
        q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
      ]);
      return {
        list: rows.map((r) => ({ ...recommendedRow(r), status: r.status, orderCount: toCount(r.orderCount) })),
        total: toCount(count?.n),
        pageNum: input.pageNum,
        pageSize: input.pageSize,
      };
    },
  }),
];
