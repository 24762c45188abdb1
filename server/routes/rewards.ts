// Rewards (推荐收益, 分润收益) of the member's own rewards account, and the pay authorization code:
// the member's code (generate, status) and the counter's charge, signed like a partner's entry.
import { saidDomain, saidLazy, saidMessage } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { BizError, RET } from "../services/http/envelope";
import { pageInput } from "../services/http/paging";
import { REWARDS_PATHS } from "../../src/domain/payments/rewards";
import { TRANSFER_TEXTS, rewardsDetailFilters, rewardsTransferSchema } from "../../src/domain/payments/rewards-schemas";
import { PAY_CODE_PATHS } from "../../src/domain/payments/pay-code";
import { payCodeChargeInput, payCodeGenerateInput, payCodeStatusInput } from "../../src/domain/payments/pay-code-schemas";
import { checkPayPassword } from "../services/accounts/password-guard";

const PAY_PASSWORD_REQUIRED = saidMessage("payPasswordRequired");
import { listRewards, rewardsSummary, transferRewards } from "../payments/rewards";
import { chargePayCode, generatePayCode, payCodeStatus } from "../payments/pay-code";
import { parseYuan } from "../../src/domain/money";

const detailInput = z
  .object({ ...pageInput(["createTime"] as const), ...rewardsDetailFilters })
  .strict()
  .refine((v) => !v.createDateStart || !v.createDateEnd || v.createDateStart <= v.createDateEnd, { error: saidLazy("routes.startDateAfterEndDate"), path: ["createDateEnd"] });

export const rewardRoutes = [
  defineRoute({
    method: "POST",
    url: REWARDS_PATHS.summary,
    summary: "我的奖励：可转出余额（推荐收益、分润收益）、本月收益、累计收益与已转出（分）",
    tags: ["rewards"],
    access: "rewards",
    input: z.object({}).strict(),
    handler: ({ member, ctx }) => rewardsSummary(ctx.db, member!.id),
  }),
  defineRoute({
    method: "POST",
    url: REWARDS_PATHS.detail,
    summary: "奖励明细（分页；按收益类型、明细类型与日期筛选；金额为分，入账为正、冲回与转出为负）",
    tags: ["rewards"],
    access: "rewards",
    input: detailInput,
    handler: ({ input, member, ctx }) => listRewards(ctx.db, member!.id, input),
  }),
  defineRoute({
    method: "POST",
    url: REWARDS_PATHS.transfer,
    summary: "奖励转出至账户余额（元，最多两位小数，不超过奖励余额；奖励余额减少、账户余额增加与账本记录在同一事务，账本类型为推荐收益或分润收益）",
    tags: ["rewards"],
    access: "rewards",
    input: rewardsTransferSchema,
    handler: async ({ input, member, ctx }) => {
      const fen = parseYuan(input.amount);
      if (fen === null || fen <= 0) throw new BizError(RET.BAD_INPUT, saidDomain(TRANSFER_TEXTS.format), { errors: { amount: saidDomain(TRANSFER_TEXTS.format) } });
      return transferRewards(ctx.db, member!, fen);
    },
  }),
  defineRoute({
    method: "POST",
    url: PAY_CODE_PATHS.generate,
    summary: "生成支付授权码（18 位数字，2 分钟内有效，只能使用一次；生成新码后旧码失效；须提供支付密码，未设置时提示先设置）",
    tags: ["payments"],
    access: "wallet",
    input: payCodeGenerateInput,
    handler: async ({ input, member, ctx }) => {
      // The code spends the wallet at a counter, so it asks what paying from the wallet asks: the
      // pay password, and a member without one is told to set it first (请先设置支付密码).
      if (member!.payPasswordHash && !input.payPassword) throw new BizError(RET.BAD_INPUT, PAY_PASSWORD_REQUIRED, { errors: { payPassword: PAY_PASSWORD_REQUIRED } });
      await checkPayPassword(ctx.db, member!, input.payPassword ?? "");
      return generatePayCode(ctx.db, member!);
    },
  }),
  defineRoute({
    method: "POST",
    url: PAY_CODE_PATHS.status,
    summary: "我的支付授权码状态（active 待使用、used 已付款及金额、expired 已过期、revoked 已失效）",
    tags: ["payments"],
    access: "wallet",
    input: payCodeStatusInput,
    handler: ({ input, member, ctx }) => payCodeStatus(ctx.db, member!, input.code),
  }),
  defineRoute({
    method: "POST",
    url: PAY_CODE_PATHS.charge,
    summary: "柜台扣款：合作方以 sign=HMAC-SHA256(secret, appId+signTimestamp+authCode+amountFen+counterTradeNo) 签名；授权码只能用一次，余额不足不扣款；同一柜台交易号重复请求返回首次结果",
    tags: ["payments"],
    access: "public",
    input: payCodeChargeInput,
    rateLimit: { max: 120, timeWindow: 60_000 },
    handler: ({ input, ctx }) => chargePayCode(ctx.db, input),
  }),
];
