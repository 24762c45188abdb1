// The operator console's finance calls (财务; 运营管理员 through its role): the withdrawal queue
// with its hold and decisions, and every company's settlement statements with the agency's
// actions on them. Each action writes its audit row inside its own transaction.
import { z } from "zod";
import { defineOpsRoute } from "../ops/route";
import { OPS_SETTLEMENT_PATHS as S, OPS_WITHDRAWAL_PATHS as W } from "../../src/domain/ops/finance-paths";
import {
  opsCompanyListSchema, opsStatementListSchema, opsWithdrawalIdSchema, opsWithdrawalListSchema, opsWithdrawalRejectSchema,
} from "../../src/domain/ops/finance-schemas";
import { operatorAnswerInput, operatorGenerateInput, statementIdInput } from "../../src/domain/settlement/schemas";
import { awaitingReviewCount, decideWithdrawal, holdWithdrawal, opsWithdrawalPage, releaseWithdrawal } from "../withdrawals/operator";
import { statementDetail } from "../settlement/caller";
import { companyOptions, disputedStatementCount, operatorAnswer, operatorGenerate, operatorSend, operatorSettle, opsStatementPage } from "../settlement/operator";

const none = z.object({}).strict();

export const opsWithdrawalRoutes = [
  defineOpsRoute({
    method: "POST",
    url: W.list,
    summary: "提现审核：全部会员的提现（分页；按状态、会员手机号或编号、金额区间、申请日期起筛选）",
    access: "withdrawals",
    input: opsWithdrawalListSchema,
    handler: ({ input, operator, ctx }) => opsWithdrawalPage(ctx.db, input, operator!),
  }),
  defineOpsRoute({
    method: "POST",
    url: W.count,
    summary: "待审核的提现笔数（菜单角标）",
    access: "withdrawals",
    input: none,
    handler: ({ ctx }) => awaitingReviewCount(ctx.db),
  }),
  defineOpsRoute({
    method: "POST",
    url: W.hold,
    summary: "接手一笔提现：此后定时审核与打款不再处理它，只由接手人决定",
    access: "withdrawals",
    input: opsWithdrawalIdSchema,
    handler: ({ input, operator, ctx }) => holdWithdrawal(ctx.db, operator!, input.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: W.release,
    summary: "放回：交还定时审核与打款处理（接手人或运营管理员）",
    access: "withdrawals",
    input: opsWithdrawalIdSchema,
    handler: ({ input, operator, ctx }) => releaseWithdrawal(ctx.db, operator!, input.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: W.approve,
    summary: "审核通过（申请中；随后由打款处理）。from：操作人看到的状态，已变化则拒绝",
    access: "withdrawals",
    input: opsWithdrawalIdSchema,
    handler: ({ input, operator, ctx }) => decideWithdrawal(ctx.db, operator!, input.id, "approve", null, input.from),
  }),
  defineOpsRoute({
    method: "POST",
    url: W.pay,
    summary: "确认已打款（已审核）",
    access: "withdrawals",
    input: opsWithdrawalIdSchema,
    handler: ({ input, operator, ctx }) => decideWithdrawal(ctx.db, operator!, input.id, "pay", null, input.from),
  }),
  defineOpsRoute({
    method: "POST",
    url: W.reject,
    summary: "驳回提现（须说明原因，会员可见；款项退回余额，仅一次）",
    access: "withdrawals",
    input: opsWithdrawalRejectSchema,
    handler: ({ input, operator, ctx }) => decideWithdrawal(ctx.db, operator!, input.id, "reject", input.reason, input.from),
  }),
];

export const opsSettlementRoutes = [
  defineOpsRoute({
    method: "POST",
    url: S.list,
    summary: "对账单（全部企业；分页，按企业、状态、账期截止月份筛选）",
    access: "settlement",
    input: opsStatementListSchema,
    handler: ({ input, ctx }) => opsStatementPage(ctx.db, input),
  }),
  defineOpsRoute({
    method: "POST",
    url: S.count,
    summary: "有异议待答复的对账单数（菜单角标）",
    access: "settlement",
    input: none,
    handler: ({ ctx }) => disputedStatementCount(ctx.db),
  }),
  defineOpsRoute({
    method: "POST",
    url: S.companies,
    summary: "企业（按名称搜索，供筛选与生成对账单选择）",
    access: "settlement",
    input: opsCompanyListSchema,
    handler: ({ input, ctx }) => companyOptions(ctx.db, input),
  }),
  defineOpsRoute({
    method: "POST",
    url: S.detail,
    summary: "对账单详情：明细（含异议）、部门汇总、记录与可做的操作",
    access: "settlement",
    input: statementIdInput,
    handler: ({ input, ctx }) => statementDetail(ctx.db, input.id, "operator"),
  }),
  defineOpsRoute({
    method: "POST",
    url: S.generate,
    summary: "为企业生成截至此刻的对账单",
    access: "settlement",
    input: operatorGenerateInput,
    handler: async ({ input, operator, ctx }) => statementDetail(ctx.db, await operatorGenerate(ctx.db, operator!.id, input.companyId), "operator"),
  }),
  defineOpsRoute({
    method: "POST",
    url: S.send,
    summary: "把对账单发给企业确认",
    access: "settlement",
    input: statementIdInput,
    handler: async ({ input, operator, ctx }) => {
      await operatorSend(ctx.db, operator!.id, input.id);
      return statementDetail(ctx.db, input.id, "operator");
    },
  }),
  defineOpsRoute({
    method: "POST",
    url: S.answer,
    summary: "答复一条异议（accept 成立：下期调整；reject 驳回：须说明理由）",
    access: "settlement",
    input: operatorAnswerInput,
    handler: async ({ input, operator, ctx }) => statementDetail(ctx.db, await operatorAnswer(ctx.db, operator!.id, input.lineId, input.decision, input.reason ?? null), "operator"),
  }),
  defineOpsRoute({
    method: "POST",
    url: S.settle,
    summary: "确认企业已付款：对账单结清并恢复授信额度",
    access: "settlement",
    input: statementIdInput,
    handler: async ({ input, operator, ctx }) => {
      await operatorSettle(ctx.db, operator!.id, input.id);
      return statementDetail(ctx.db, input.id, "operator");
    },
  }),
];

export const opsFinanceRoutes = [...opsWithdrawalRoutes, ...opsSettlementRoutes];
