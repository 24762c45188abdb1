// Approvals (TravelAuditIndex, OrderAuditIndex, AuditDetails): the approver's inbox of trip
// applications and orders, the detail with progress, history and countdown, and the decision.
// For the company's main member (70) and employees allowed to audit (7_0, canAudit=1).
import { say } from "../../services/i18n/catalogue";
import { saidLazy } from "../../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../../services/http/route";
import { pageInput } from "../../services/http/paging";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zInt, zOptionalString } from "../../../src/domain/zod";
import { APPROVAL_STATUSES } from "../../../src/domain/approval";
import { SUBJECT_TYPES, decisionFormSchema } from "../../../src/domain/policy";
import { companyCaller } from "../../policy/company";
import { approvalDetail, approvalPage, decide, visibleApproval } from "../../approvals/inbox";

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
      return approvalPage(ctx.db, me, input);
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
      return approvalDetail(ctx.db, await visibleApproval(ctx.db, me, input.id), me);
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
      return decide(ctx.db, me, input);
    },
  }),
];
