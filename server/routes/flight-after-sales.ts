// Refund and change of domestic flight orders: the refund estimate and submit, the change quote
// and its confirmation. A member reaches only orders they may see; a partner site that turns
// refund or change off refuses them for its members.
import {
  changeQuoteInput, confirmChangeInput, FLIGHT_AFTER_SALES_PATHS as P, refundSubmitInput, refundTipInput,
} from "../../src/domain/orders/flight-after-sales";
import { defineRoute } from "../services/http/route";
import { refundTip, submitRefund } from "../orders/flight/refund";
import { confirmChange, quoteChange } from "../orders/flight/change";

const tags = ["orders"];

export function flightAfterSalesRoutes(seed?: string) {
  return [
    defineRoute({
      method: "POST",
      url: P.refundTip,
      summary: "国内机票退票预估：所选乘客（passengerIds，不传则为仍持票的全部乘客）按各自舱位退改等级与距起飞时间，每位乘客的票面价、退票费率、退票费、退还税费与应退金额及合计（与实际扣费同一规则）",
      tags,
      access: "orders",
      input: refundTipInput,
      handler: ({ input, member, ctx }) => refundTip(ctx.db, member!, input.id, input.passengerIds),
    }),
    defineRoute({
      method: "POST",
      url: P.refundSubmit,
      summary: "提交退票（原因：自愿退票/航班延误或取消/其他；passengerIds 为退票乘客，不传则为仍持票的全部乘客）：保存退票报价，所选乘客的机票转为退票中；无其他乘客仍持票时订单转为退票申请中，否则订单状态不变（部分退票）；航空公司受理、退票完成后按所选乘客的金额退款至原支付账户",
      tags,
      access: "orders",
      input: refundSubmitInput,
      handler: ({ input, member, ctx }) => submitRefund(ctx.db, member!, input, seed),
    }),
    defineRoute({
      method: "POST",
      url: P.change,
      summary: "国内机票改签报价：同航线的新航班舱位，所选乘客（passengerIds，不传则为仍持票的全部乘客，须在同一航班上）每人的改签费、票价差、燃油差、改签服务费及应付合计（不占座、不写入）",
      tags,
      access: "orders",
      input: changeQuoteInput,
      handler: ({ input, member, ctx }) => quoteChange(ctx.db, member!, input, seed),
    }),
    defineRoute({
      method: "POST",
      url: P.confirmChange,
      summary: "确认改签：按报价为所选乘客占用新航班座位，订单转为改签申请中、所选乘客的机票转为改签中（同一事务）；应付为 0 时由航空公司确认，否则在收银台支付（业务类型 6 机票改签），超时未付则取消改签",
      tags,
      access: "orders",
      input: confirmChangeInput,
      handler: ({ input, member, ctx }) => confirmChange(ctx.db, member!, input, seed),
    }),
  ];
}
