// 航变: the operator records a flight's or train's schedule change or cancellation (guarded by the
// operator key or an operator session, as settlement's operator calls are; the console records
// through its own route, routes/ops-disruptions.ts, with the same module);
// a member reads an order's disruptions and chooses (accept the new time, change free of charge,
// refund in full); a company administrator lists the company's disrupted trips.
import {
  DISRUPTION_PATHS as P, disruptionChangeInput, disruptionChoiceInput, disruptionTrainChangeInput, orderDisruptionsInput, recordDisruptionInput,
} from "../../src/domain/disruptions";
import { defineRoute } from "../services/http/route";
import { recordDisruption } from "../disruptions/record";
import { acceptDisruption, changeForDisruption, changeTrainForDisruption, orderDisruptions, refundForDisruption } from "../disruptions/choices";
import { companyDisruptions, companyDisruptionsInput } from "../disruptions/company";
import { assertOperator } from "./settlement";

const tags = ["disruptions"];

export function disruptionRoutes(operatorKey: string | null, seed?: string) {
  return [
    defineRoute({
      method: "POST",
      url: P.record,
      summary: "运营方录入航变（x-operator-key）：航班时刻变更/取消、火车时刻变更/停运；同一事务内标记该航班或车次当日所有有效订单（已支付/已出票，未退未取消），通知出行人与预订人，航班时刻变更同步库存",
      tags,
      access: "public",
      input: recordDisruptionInput,
      handler: async ({ input, ctx, req }) => {
        const session = await assertOperator(ctx, req, operatorKey, "disruptions");
        return recordDisruption(ctx.db, input, "operator", session?.operator.id ?? null);
      },
    }),
    defineRoute({
      method: "POST",
      url: P.ofOrder,
      summary: "订单的航变记录（最新在前）及可选处理：接受新时刻、免费改签、全额退票",
      tags,
      access: "orders",
      input: orderDisruptionsInput,
      handler: ({ input, member, ctx }) => orderDisruptions(ctx.db, member!, input.id),
    }),
    defineRoute({
      method: "POST",
      url: P.accept,
      summary: "接受航变后的新时刻（航班或车次取消时不可接受）",
      tags,
      access: "orders",
      input: disruptionChoiceInput,
      handler: ({ input, member, ctx }) => acceptDisruption(ctx.db, member!, input.id, input.disruptionId),
    }),
    defineRoute({
      method: "POST",
      url: P.change,
      summary: "航变免费改签：同航线、同舱位等级、原航班前 1 天至后 3 天内的其他航班，不收改签费与差价（与改签申请同一事务）",
      tags,
      access: "orders",
      input: disruptionChangeInput,
      handler: ({ input, member, ctx }) => changeForDisruption(ctx.db, member!, input, seed),
    }),
    defineRoute({
      method: "POST",
      url: P.changeTrain,
      summary: "火车票航变免费改签：同出发、到达城市，同席别，原车次前 1 天至后 3 天内发车的其他车次；不收手续费，不补不退差价（较便宜的车次保留原票价值）",
      tags,
      access: "orders",
      input: disruptionTrainChangeInput,
      handler: ({ input, member, ctx }) => changeTrainForDisruption(ctx.db, member!, input, seed),
    }),
    defineRoute({
      method: "POST",
      url: P.refund,
      summary: "航变全额退票：不收退票费，票款、税费、保险与服务费全部退回原支付账户",
      tags,
      access: "orders",
      input: disruptionChoiceInput,
      handler: ({ input, member, ctx }) => refundForDisruption(ctx.db, member!, input.id, input.disruptionId, seed),
    }),
    defineRoute({
      method: "POST",
      url: P.companyList,
      summary: "航变行程：本企业受航变影响的订单与出行人的处理状态（分页，按行程日期、产品、出行人、类型、处理状态或是否已处理筛选）",
      tags,
      // Whoever holds the 航变行程 menu item (the company's administrator).
      access: "company-disruptions",
      input: companyDisruptionsInput,
      handler: ({ input, member, ctx }) => companyDisruptions(ctx.db, member!, input),
    }),
  ];
}
