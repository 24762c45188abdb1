// Bank cards and withdrawals of the signed-in member's wallet. Everything acts on the caller's own
// cards and withdrawals only: another member's is refused (403).
import { say } from "../services/i18n/catalogue";
import { saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { pageInput } from "../services/http/paging";
import { zDate } from "../../src/domain/travel/schemas";
import { BANK_CARD_PATHS, BANK_CARD_SCHEMAS } from "../../src/domain/payments/bank-cards";
import { WITHDRAWAL_PATHS, WITHDRAWAL_SCHEMAS } from "../../src/domain/payments/withdrawal";
import { bankType, bindCard, listCards, unbindCard } from "../withdrawals/bank-cards";
import { applyWithdrawal, cancelWithdrawal, listWithdrawals, withdrawalDetail } from "../withdrawals/withdrawals";

const tags = ["withdrawals"];
const access = "wallet";
const cards = BANK_CARD_SCHEMAS.zh;
const w = WITHDRAWAL_SCHEMAS.zh;
const none = z.object({}).strict();

const listInput = z
  .object({
    ...pageInput(["createTime"] as const),
    status: w.status.optional(),
    createDateStart: zDate(say("routes.startDate")).optional(),
    createDateEnd: zDate(say("routes.endDate")).optional(),
  })
  .strict()
  .refine((v) => !v.createDateStart || !v.createDateEnd || v.createDateStart <= v.createDateEnd, { error: saidLazy("routes.startDateAfterEndDate"), path: ["createDateEnd"] });

export const withdrawalRoutes = [
  defineRoute({
    method: "POST",
    url: BANK_CARD_PATHS.list,
    summary: "我的银行卡（卡号只返回掩码形式与开户行）",
    tags,
    access,
    input: none,
    handler: ({ member, ctx }) => listCards(ctx.db, member!.id),
  }),
  defineRoute({
    method: "POST",
    url: BANK_CARD_PATHS.bankType,
    summary: "按卡号的 BIN 查询开户行（16或19位且通过 Luhn 校验；不支持的银行拒绝）",
    tags,
    access,
    input: cards.bankTypeInput,
    handler: ({ input }) => bankType(input.cardNo),
  }),
  defineRoute({
    method: "POST",
    url: BANK_CARD_PATHS.bind,
    summary: "绑定银行卡（需发往本人手机的 bindBankCard 短信验证码；最多5张；同一张卡不能重复绑定）",
    tags,
    access,
    input: cards.bindCardInput,
    handler: ({ input, member, ctx, req }) => bindCard(ctx.db, member!, input, req.ip),
  }),
  defineRoute({
    method: "POST",
    url: BANK_CARD_PATHS.unbind,
    summary: "解绑银行卡（有处理中的提现时拒绝）",
    tags,
    access,
    input: cards.unbindCardInput,
    handler: ({ input, member, ctx }) => unbindCard(ctx.db, member!, input.id),
  }),
  defineRoute({
    method: "POST",
    url: WITHDRAWAL_PATHS.apply,
    summary: "申请提现到已绑定的银行卡（需支付密码；金额不少于1.00元且不超过可提现余额；余额立即扣减）",
    tags,
    access,
    input: w.applyInput,
    handler: ({ input, member, ctx }) => applyWithdrawal(ctx.db, member!, input),
  }),
  defineRoute({
    method: "POST",
    url: WITHDRAWAL_PATHS.list,
    summary: "提现记录（分页；按状态与申请日期筛选；附可提现余额）",
    tags,
    access,
    input: listInput,
    handler: ({ input, member, ctx }) => listWithdrawals(ctx.db, member!, input),
  }),
  defineRoute({
    method: "POST",
    url: WITHDRAWAL_PATHS.detail,
    summary: "提现详情",
    tags,
    access,
    input: w.idInput,
    handler: ({ input, member, ctx }) => withdrawalDetail(ctx.db, member!, input.id),
  }),
  defineRoute({
    method: "POST",
    url: WITHDRAWAL_PATHS.cancel,
    summary: "撤销提现（仅申请中；款项立即退回余额）",
    tags,
    access,
    input: w.idInput,
    handler: ({ input, member, ctx }) => cancelWithdrawal(ctx.db, member!, input.id),
  }),
];
