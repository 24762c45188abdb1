// Approvals (TravelAuditIndex, OrderAuditIndex, AuditDetails): the approver's inbox of trip
// applications and orders, the detail with progress, history and countdown, and the decision.
// For the company's main member (70) and employees allowed to audit (7_0, canAudit=1).
import { say } from "../../services/i18n/catalogue";
import { said, saidLazy } from "../../services/i18n/text";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineRoute } from "../../services/http/route";
import { BizError, RET } from "../../services/http/envelope";
import { offsetOf, pageInput, likePattern } from "../../services/http/paging";
import { toCount } from "../../db";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zInt, zOptionalString } from "../../../src/domain/zod";
import { APPROVAL_STATUSES } from "../../../src/domain/approval";
import { SUBJECT_TYPES, decisionFormSchema } from "../../../src/domain/policy";
import { companyCaller, OTHER_COMPANY, type CompanyCaller } from "../../policy/company";
import { applicationView, loadApplication } from "../../policy/applications";
import { applyTransition, NOT_FOUND, type ApprovalRow } from "../../approvals/engine";
import { boxQuery } from "../../approvals/boxes";
import { approvalView, inboxRows, isParticipant } from "../../approvals/views";
import { orderSubjectView } from "../../orders/approval";

const ACCESS = "approvals";
const TAGS = ["approvals"];

export const BOXES = ["todo", "done", "all"] as const;

const listInput = z
  .object({
    ...pageInput(["deadline", "submitTime", "updateTime"] as const),
    /** todo: waiting for me now; done: decided by me; all: the company's (70) or every one I take part in. */
    box: z.enum(BOXES, { error: saidLazy("policy.listTypeOnlyTodoDone") }).optional().default("todo"),
    subjectType: z.enum(SUBJECT_TYPES, { error: saidLazy("policy.approvalTypeOnlyTripOrder") }).optional(),
    status: z.enum(APPROVAL_STATUSES, { error: saidLazy("policy.invalidApprovalStatus") }).optional(),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
  })
  .strict();

/** The approval, if the caller may see it: their company's, and (for an employee) one they take part in. */
async function visibleApproval(db: Kysely<Database>, me: CompanyCaller, id: number): Promise<ApprovalRow> {
  const row = await db.selectFrom("approvals").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || row.status === "draft") throw new BizError(RET.NOT_FOUND, NOT_FOUND);
  if (row.companyId !== me.companyId) throw new BizError(RET.FORBIDDEN, OTHER_COMPANY);
  if (!me.isAdmin && !(await isParticipant(db, id, me.member.id))) throw new BizError(RET.FORBIDDEN, said("policy.areApproverRequest"));
  return row;
}

async function detail(db: Kysely<Database>, row: ApprovalRow, me: CompanyCaller) {
  const approval = await approvalView(db, row, me.member.id);
  if (row.subjectType === "order") return { ...approval, subject: null, order: await orderSubjectView(db, row, { memberId: me.member.id, isAdmin: me.isAdmin }) };
  const app = row.subjectType === "trip" ? await loadApplication(db, row.subjectId) : undefined;
  return { ...approval, subject: app ? applicationView(app) : null, order: null };
}

export const approvalRoutes = [
  defineRoute({
    method: "POST",
    url: "/credit/get_approve_apply_note",
    summary: "审批列表：待我审批（按截止时间倒计时）、我已审批、全部（分页，可按类型、状态、关键字筛选；每行含出差事由）",
    tags: TAGS,
    access: ACCESS,
    input: listInput,
    handler: async ({ input, member, ctx }) => {
      const me = await companyCaller(ctx.db, member!);
      const q = boxQuery(ctx.db, me, { ...input, pattern: likePattern(input.keyword) });
      const [rows, count] = await Promise.all([
        q.query
          .selectAll("a")
          .orderBy(q.column, (ob) => {
            const o = q.dir === "asc" ? ob.asc() : ob.desc();
            return q.nullsLast ? o.nullsLast() : o;
          })
          .orderBy(q.tieBreak, q.dir)
          .limit(input.pageSize)
          .offset(offsetOf(input))
          .execute(),
        q.query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
      ]);
      return { list: await inboxRows(ctx.db, rows), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/approval/detail",
    summary: "审批详情：申请内容（订单：出差事由、关联的出差申请、超标自付的企业与个人分担）、各级审批人与进度、审批记录、倒计时、我可执行的操作",
    tags: TAGS,
    access: ACCESS,
    input: z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidApprovalNumber") }) }).strict(),
    handler: async ({ input, member, ctx }) => {
      const me = await companyCaller(ctx.db, member!);
      return detail(ctx.db, await visibleApproval(ctx.db, me, input.id), me);
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/op_apply_note",
    summary: "审批：同意或驳回（驳回须填写意见）",
    tags: TAGS,
    access: ACCESS,
    input: decisionFormSchema,
    handler: async ({ input, member, ctx }) => {
      const me = await companyCaller(ctx.db, member!);
      const row = await ctx.db.selectFrom("approvals").select(["id", "companyId"]).where("id", "=", input.approvalId).executeTakeFirst();
      if (!row) throw new BizError(RET.NOT_FOUND, NOT_FOUND);
      if (row.companyId !== me.companyId) throw new BizError(RET.FORBIDDEN, OTHER_COMPANY);
      const updated = await ctx.db.transaction().execute((trx) =>
        applyTransition(trx, {
          approvalId: row.id, action: input.action, actor: { memberId: me.member.id, name: me.name }, comment: input.comment ?? null, expectedLevel: input.level,
        }),
      );
      return detail(ctx.db, updated, me);
    },
  }),
];
