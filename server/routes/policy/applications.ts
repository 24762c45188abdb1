// Trip applications (TravelApplicationList, AddTravelApplication, ApplyDetails): an employee
// (7_0 with trip flags) drafts, edits, submits, withdraws while pending, deletes a draft, and
// picks an approved application when booking on business. Every state change goes through the
// approval engine.
import { say } from "../../services/i18n/catalogue";
import { said, saidLazy } from "../../services/i18n/text";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineRoute, validate } from "../../services/http/route";
import { BizError, RET } from "../../services/http/envelope";
import { offsetOf, pageInput, type Page, likePattern } from "../../services/http/paging";
import { isoAt, now } from "../../services/clock";
import { toCount } from "../../db";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zInt, zOptionalString } from "../../../src/domain/zod";
import { APPROVAL_STATUSES } from "../../../src/domain/approval";
import { TRIP_SCOPES, applicationSaveSchema, chinaDate, type ApplicationForm } from "../../../src/domain/policy";
import { companyCaller, type CompanyCaller, OTHER_COMPANY } from "../../policy/company";
import { travellerFor } from "../../policy/replace-booker";
import { replaceBookingFields } from "../../../src/domain/orders/business-booking";
import { memberTypeKey } from "../../../src/domain/member";
import { APPLICATION_MISSING, applicationView, approvalOfApplication, loadApplication, resolveTravellers, tripTitle } from "../../policy/applications";
import { applyTransition, createDraftApproval } from "../../approvals/engine";
import { approvalView, inboxRows } from "../../approvals/views";

const ACCESS = "travel-applications";
const TAGS = ["travel-applications"];
const idField = zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidTripRequestNumber") });
const DATE = z.string({ error: saidLazy("policy.datesAreWrittenYyyyMm") }).max(10, say("policy.datesAreWrittenYyyyMm")).regex(/^\d{4}-\d{2}-\d{2}$/, say("policy.datesAreWrittenYyyyMm"));

/** The schema's shape for the OpenAPI document; requests are checked against today's date. */
const SAVE_SHAPE = applicationSaveSchema("2000-01-01");

async function caller(db: Kysely<Database>, member: Parameters<typeof companyCaller>[1]): Promise<CompanyCaller & { employee: NonNullable<CompanyCaller["employee"]> }> {
  const me = await companyCaller(db, member);
  if (!me.employee) throw new BizError(RET.FORBIDDEN, said("policy.onlyCompanyEmployeesRequestTrips"));
  return me as CompanyCaller & { employee: NonNullable<CompanyCaller["employee"]> };
}

/** The caller's own application: another company's is 403, a colleague's is 403 too. */
async function ownApplication(db: Kysely<Database>, me: CompanyCaller, id: number) {
  const row = await loadApplication(db, id);
  if (!row) throw new BizError(RET.NOT_FOUND, APPLICATION_MISSING);
  if (row.companyId !== me.companyId) throw new BizError(RET.FORBIDDEN, OTHER_COMPANY);
  if (row.applicantMemberId !== me.member.id) throw new BizError(RET.FORBIDDEN, said("policy.onlyViewHandleOwnTrip"));
  return row;
}

async function detail(db: Kysely<Database>, id: number, viewerMemberId: number) {
  const row = (await loadApplication(db, id))!;
  const approval = await approvalOfApplication(db, id);
  return { ...applicationView(row), approval: await approvalView(db, approval, viewerMemberId) };
}

async function writeTravellers(trx: Kysely<Database>, applicationId: number, employeeIds: number[]) {
  await trx.deleteFrom("trip_application_travellers").where("tripApplicationId", "=", applicationId).execute();
  if (employeeIds.length) await trx.insertInto("trip_application_travellers").values(employeeIds.map((employeeId) => ({ tripApplicationId: applicationId, employeeId }))).execute();
}

function columns(form: ApplicationForm, travellers: unknown) {
  return {
    purpose: form.purpose,
    scope: form.scope,
    startDate: form.startDate,
    endDate: form.endDate,
    fromCity: form.fromCity,
    toCities: JSON.stringify(form.toCities),
    travellers: JSON.stringify(travellers),
    modes: JSON.stringify(form.modes),
    budgetFen: form.budgetFen,
    remark: form.remark ?? null,
  };
}

const ORDER = { createTime: "t.createTime", startDate: "t.startDate", updateTime: "a.updateTime" } as const;

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
      let q = ctx.db
        .selectFrom("trip_applications as t")
        .innerJoin("approvals as a", (j) => j.onRef("a.subjectId", "=", "t.id").on("a.subjectType", "=", "trip"))
        .where("t.companyId", "=", me.companyId)
        .where("t.applicantMemberId", "=", me.member.id);
      const pattern = likePattern(input.keyword);
      if (pattern) q = q.where((eb) => eb.or([eb("t.purpose", "like", pattern), eb("t.noteNo", "like", pattern), eb("t.fromCity", "like", pattern), eb("t.toCities", "like", pattern)]));
      if (input.status) q = q.where("a.status", "=", input.status);
      if (input.scope) q = q.where("t.scope", "=", input.scope);
      if (input.startDateStart) q = q.where("t.startDate", ">=", input.startDateStart);
      if (input.startDateEnd) q = q.where("t.startDate", "<=", input.startDateEnd);
      const [rows, count] = await Promise.all([
        q
          .selectAll("t")
          .select(["a.id as approvalId"])
          .orderBy(ORDER[input.orderBy ?? "createTime"], input.orderType)
          .orderBy("t.id", input.orderType)
          .limit(input.pageSize)
          .offset(offsetOf(input))
          .execute(),
        q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
      ]);
      const approvals = rows.length ? await ctx.db.selectFrom("approvals").selectAll().where("id", "in", rows.map((r) => r.approvalId)).execute() : [];
      const progress = await inboxRows(ctx.db, approvals);
      const list = rows.map((r) => {
        const a = progress.find((p) => p.id === r.approvalId)!;
        return { ...applicationView(r), approval: a };
      });
      return { list, total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
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
      const id = await ctx.db.transaction().execute(async (trx) => {
        const at = isoAt();
        let appId = input.id;
        if (appId !== undefined) {
          // Only a draft may change; the conditional update also holds its row against a submit.
          const draft = await trx
            .updateTable("approvals")
            .set({ title: tripTitle(input), amountFen: input.budgetFen, updateTime: at })
            .where("subjectType", "=", "trip")
            .where("subjectId", "=", appId)
            .where("status", "=", "draft")
            .executeTakeFirst();
          if (Number(draft.numUpdatedRows) !== 1) throw new BizError(RET.CONFLICT, said("policy.requestHasBeenSubmittedNo"));
          await trx.updateTable("trip_applications").set({ ...columns(input, travellers), updateTime: at }).where("id", "=", appId).execute();
        } else {
          const created = await trx
            .insertInto("trip_applications")
            .values({
              ...columns(input, travellers), companyId: me.companyId, noteNo: `tmp-${crypto.randomUUID()}`, applicantMemberId: me.member.id,
              applicantEmployeeId: me.employee.id, createTime: at, updateTime: at,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          appId = created.id;
          // The number people quote: SQ, the China date, the id.
          await trx.updateTable("trip_applications").set({ noteNo: `SQ${chinaDate(now()).replace(/-/g, "")}${String(appId).padStart(6, "0")}` }).where("id", "=", appId).execute();
          await createDraftApproval(trx, {
            companyId: me.companyId, subjectType: "trip", subjectId: appId, applicantMemberId: me.member.id, applicantName: me.name,
            title: tripTitle(input), amountFen: input.budgetFen, withinStandard: false,
          });
        }
        await writeTravellers(trx, appId, input.travellerEmployeeIds);
        if (input.submit) {
          const approval = await approvalOfApplication(trx, appId);
          await applyTransition(trx, { approvalId: approval.id, action: "submit", actor: { memberId: me.member.id, name: me.name } });
        }
        return appId;
      });
      return detail(ctx.db, id, me.member.id);
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
      await ctx.db.transaction().execute(async (trx) => {
        const approval = await approvalOfApplication(trx, row.id);
        await applyTransition(trx, { approvalId: approval.id, action: "submit", actor: { memberId: me.member.id, name: me.name } });
      });
      return detail(ctx.db, row.id, me.member.id);
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
      await ctx.db.transaction().execute(async (trx) => {
        const approval = await approvalOfApplication(trx, row.id);
        await applyTransition(trx, { approvalId: approval.id, action: "withdraw", actor: { memberId: me.member.id, name: me.name }, comment: input.comment ?? null });
      });
      return detail(ctx.db, row.id, me.member.id);
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
      await ctx.db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom("approvals").where("subjectType", "=", "trip").where("subjectId", "=", row.id).where("status", "=", "draft").executeTakeFirst();
        if (Number(gone.numDeletedRows) !== 1) throw new BizError(RET.CONFLICT, said("policy.submittedRequestDeletedRequestUnder"));
        await trx.deleteFrom("trip_applications").where("id", "=", row.id).execute();
      });
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
      return detail(ctx.db, row.id, me.member.id);
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
      const employeeId = me.employee.id;
      const q = ctx.db
        .selectFrom("trip_applications as t")
        .innerJoin("approvals as a", (j) => j.onRef("a.subjectId", "=", "t.id").on("a.subjectType", "=", "trip"))
        .where("t.companyId", "=", me.companyId)
        .where("a.status", "=", "approved")
        .where("t.endDate", ">=", chinaDate(now()))
        // The traveller's own applications and those they travel on, each read off its index; an
        // OR of the two would read every trip application of every company.
        .where("t.id", "in", (eb) =>
          eb
            .selectFrom("trip_applications as own")
            .select("own.id")
            .where("own.applicantMemberId", "=", traveller.id)
            .unionAll(eb.selectFrom("trip_application_travellers as x").select("x.tripApplicationId as id").where("x.employeeId", "=", employeeId)),
        );
      const [rows, count] = await Promise.all([
        q.selectAll("t").orderBy("t.startDate", input.orderType === "desc" && input.orderBy ? "desc" : "asc").orderBy("t.id").limit(input.pageSize).offset(offsetOf(input)).execute(),
        q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
      ]);
      return { list: rows.map(applicationView), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
];

