// Recharging the member's own wallet: creating a recharge (paid at the cashier by QR, like any
// order), reading one back by its number (the finish page) and the member's recharge records.
// Whoever has a wallet may recharge it; nobody reads another member's recharge.
import { defineRoute } from "../services/http/route";
import { RECHARGE_PATHS } from "../../src/domain/orders/recharge";
import { rechargeCreateInput, rechargeDetailInput, rechargeListInput } from "../../src/domain/payments/recharge";
import { createRecharge, listRecharges, rechargeDetail } from "../orders/recharge/recharges";

const tags = ["payments"];

export const rechargeRoutes = [
  defineRoute({
    method: "POST",
    url: RECHARGE_PATHS.create,
    summary: "创建账户充值（金额 0.01–50,000.00 元，最多两位小数；同一 clientKey 只生成一笔），在收银台以支付宝或微信扫码支付，30 分钟未支付自动关闭",
    tags,
    access: "wallet",
    input: rechargeCreateInput,
    handler: ({ input, member, ctx }) => createRecharge(ctx.db, member!, input),
  }),
  defineRoute({
    method: "POST",
    url: RECHARGE_PATHS.detail,
    summary: "按充值单号查询本人的充值：金额、状态（待支付/已到账/已关闭）、到账时间、到账后余额与当前余额",
    tags,
    access: "wallet",
    input: rechargeDetailInput,
    handler: ({ input, member, ctx }) => rechargeDetail(ctx.db, member!, input.orderNo),
  }),
  defineRoute({
    method: "POST",
    url: RECHARGE_PATHS.list,
    summary: "我的充值记录（分页；按状态与创建日期范围筛选）",
    tags,
    access: "wallet",
    input: rechargeListInput,
    handler: ({ input, member, ctx }) => listRecharges(ctx.db, member!, input),
  }),
];
