// The console's 航变登记 (出票员 and 运营管理员): the recorded disruptions with what their travellers
// chose, and recording one under the operator's session, audited in the recording's transaction.
// The operator key's route (routes/disruptions.ts) records the same way for calls from outside.
import { defineOpsRoute } from "../ops/route";
import { OPS_PATHS as P } from "../../src/domain/ops/paths";
import { opsDisruptionListInput, recordDisruptionInput } from "../../src/domain/disruptions";
import { recordDisruption } from "../disruptions/record";
import { opsDisruptionPage } from "../disruptions/ops-list";

export const opsDisruptionRoutes = [
  defineOpsRoute({
    method: "POST",
    url: P.disruptionList,
    summary: "航变登记列表（出票员、运营管理员）：每条航变影响的订单数与出行人的处理情况（分页，按产品、航班号/车次、日期筛选）",
    access: "disruptions",
    input: opsDisruptionListInput,
    handler: ({ input, ctx }) => opsDisruptionPage(ctx.db, input),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.disruptionRecord,
    summary: "录入航变（出票员、运营管理员）：航班时刻变更/取消、火车时刻变更/停运；标记当日该航班或车次的有效订单并通知出行人与预订人，写审计日志",
    access: "disruptions",
    input: recordDisruptionInput,
    handler: ({ input, operator, ctx }) => recordDisruption(ctx.db, input, "operator", operator!.id),
  }),
];
