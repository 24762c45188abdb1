// Trip applications (TravelApplicationList, AddTravelApplication, ApplyDetails): an employee
// (7_0 with trip flags) drafts, edits, submits, withdraws while pending, deletes a draft, and
// picks an approved application when booking on business. Every state change goes through the
// approval engine.
import { say } from "../../services/i18n/catalogue";
import { said, saidLazy } from "../../services/i18n/text";
import { z } from "zod";
import { defineRoute, validate } from "../../services/http/route";
import { BizError, RET } from "../../services/http/envelope";
import { pageInput, type Page } from "../../services/http/paging";
import { now } from "../../services/clock";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zInt, zOptionalString } from "../../../src/domain/zod";
import { APPROVAL_STATUSES } from "../../../src/domain/approval";
import { TRIP_SCOPES, applicationSaveSchema, chinaDate } from "../../../src/domain/policy";
import { companyCaller } from "../../policy/company";
import { travellerFor } from "../../policy/replace-booker";
import { replaceBookingFields } from "../../../src/domain/orders/business-booking";
import { memberTypeKey } from "../../../src/domain/member";
import { applicationView, resolveTravellers } from "../../policy/applications";
import {
  applicationDetail, applicationPage, caller, deleteDraftApplication, moveApplication, ownApplication, saveApplication, usableApplications,
} from "../../policy/trip-applications";

const ACCESS = "travel-applications";
const TAGS = ["travel-applications"];
const idField = zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidTripRequestNumber") });
const DATE = z.string({ error: saidLazy("policy.datesAreWrittenYyyyMm") }).max(10, say("policy.datesAreWrittenYyyyMm")).regex(/^\d{4}-\d{2}-\d{2}$/, say("policy.datesAreWrittenYyyyMm"));

/** The schema's shape for the OpenAPI document; requests are checked against today's date. */
const SAVE_SHAPE = applicationSaveSchema("2000-01-01");

const listInput = z
  .object({
    ...pageInput(["createTime", "startDate", "updateTime"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    status: z.enum(APPROVAL_STATUSES, { error: saidLazy("policy.invalidApprovalStatus") }).optional(),
    scope: z.enum(TRIP_SCOPES.keys, { error: saidLazy("policy.tripTypeOnlyDomesticIntl") }).optional(),
    startDateStart: DATE.optional(),
    startDateEnd: DATE.optional(),
  })
  .strict();

export const applicationRoutes = [
  defineRoute({
    method: "POST",
    url: "/credit/find_apply_note",
    summary: "我的出差申请（分页，可按状态、出差类型、出发日期、关键字筛选）",
    tags: TAGS,
    access: ACCESS,
    input: listInput,
    handler: async ({ input, member, ctx }) => {
      const me = await caller(ctx.db, member!);
      return applicationPage(ctx.db, me, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/add_apply_note",
    summary: "保存出差申请：新建或修改草稿（带 id），submit=1 时同时提交审批",
    tags: TAGS,
    access: ACCESS,
    input: SAVE_SHAPE,
    handler: async ({ input: shaped, member, ctx }) => {
      const me = await caller(ctx.db, member!);
      const input = validate(applicationSaveSchema(chinaDate(now())), shaped);
      const travellers = await resolveTravellers(ctx.db, me.companyId, input);
      if (input.id !== undefined) await ownApplication(ctx.db, me, input.id);
      const id = await saveApplication(ctx.db, me, input, travellers);
      return applicationDetail(ctx.db, id, me.member.id);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/apply_note/submit",
    summary: "提交出差申请草稿审批",
    tags: TAGS,
    access: ACCESS,
    input: z.object({ id: idField }).strict(),
    handler: async ({ input, member, ctx }) => {
      const me = await caller(ctx.db, member!);
      const row = await ownApplication(ctx.db, me, input.id);
      if (row.startDate < chinaDate(now())) throw new BizError(RET.BAD_INPUT, said("policy.departureDateHasPassedChange"), { errors: { startDate: said("policy.departureDateHasPassedChange") } });
      await moveApplication(ctx.db, me, row.id, "submit");
      return applicationDetail(ctx.db, row.id, me.member.id);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/apply_note/withdraw",
    summary: "撤回审批中的出差申请",
    tags: TAGS,
    access: ACCESS,
    input: z.object({ id: idField, comment: zOptionalString(z.string().trim().max(200, say("policy.withdrawalNoteMost200Characters")), say("policy.withdrawalNoteMustText")) }).strict(),
    handler: async ({ input, member, ctx }) => {
      const me = await caller(ctx.db, member!);
      const row = await ownApplication(ctx.db, me, input.id);
      await moveApplication(ctx.db, me, row.id, "withdraw", input.comment ?? null);
      return applicationDetail(ctx.db, row.id, me.member.id);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/apply_note/delete",
    summary: "删除出差申请草稿",
    tags: TAGS,
    access: ACCESS,
    input: z.object({ id: idField }).strict(),
    handler: async ({ input, member, ctx }) => {
      const me = await caller(ctx.db, member!);
      const row = await ownApplication(ctx.db, me, input.id);
      await deleteDraftApplication(ctx.db, row.id);
      return { id: row.id };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/get_trip_apply_note",
    summary: "出差申请详情：申请内容、各级审批人与进度、审批记录、倒计时",
    tags: TAGS,
    access: ACCESS,
    input: z.object({ id: idField }).strict(),
    handler: async ({ input, member, ctx }) => {
      const me = await caller(ctx.db, member!);
      const row = await ownApplication(ctx.db, me, input.id);
      return applicationDetail(ctx.db, row.id, me.member.id);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/apply_note/usable",
    summary: "可用于因公预订的出差申请：已通过、尚未结束、出行人本人申请或随行（forEmployeeId：为同事代订时，该同事的申请；非企业员工本人预订时为空列表）",
    tags: TAGS,
    // A booking step, not the applications menu: the administrator booking for staff needs the
    // colleague's applications too, and anyone else simply has none.
    access: "bookings",
    input: z.object({ ...pageInput(["startDate"] as const), forEmployeeId: replaceBookingFields.forEmployeeId }).strict(),
    handler: async ({ input, member, ctx }): Promise<Page<ReturnType<typeof applicationView>>> => {
      const traveller = input.forEmployeeId !== undefined ? await travellerFor(ctx.db, member!, input.forEmployeeId) : member!;
      const empty = { list: [], total: 0, pageNum: input.pageNum, pageSize: input.pageSize };
      if (memberTypeKey(traveller) !== "7_0" || !traveller.creditEmployeeId) return empty;
      const me = await companyCaller(ctx.db, traveller);
      if (!me.employee) return empty;
      return usableApplications(ctx.db, me, me.employee.id, traveller, input);
    },
  }),
];

