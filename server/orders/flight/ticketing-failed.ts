// A flight order whose tickets cannot be issued (出票失败, decided by the agency's ticketing
// staff): the seats of every booking back on sale, the whole price back where it was paid from
// (the wallet, the company's credit line, or the original account) through the one refund path
// every product uses, and the order's move to 出票失败 with the reason and where the money went.
// All in the caller's transaction: the failure, the seats and the money stand or fall together,
// and the conditional move makes a second failure of the same order change nothing.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { say } from "../../services/i18n/catalogue";
import { refundHold, findHold } from "../../suppliers/holds";
import { payBack, type PaidBack } from "../../payments/refund";
import { formatFen } from "../../../src/domain/money";
import type { Actor } from "../actor";
import { applyFlightMove } from "./moves";
import { orderHoldIds } from "./segments";

export async function failFlightTicketing(trx: Kysely<Database>, orderId: number, reason: string, actor: Actor): Promise<PaidBack & { amountFen: number }> {
  const order = await trx.selectFrom("orders").select(["orderNo", "totalFen", "holdId", "snapshot"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  // No ticket was issued: every seat the order held is on sale again.
  for (const holdId of orderHoldIds(order)) {
    if ((await findHold(trx, holdId)).status === "confirmed") await refundHold(trx, holdId);
  }
  const back = await payBack(trx, { orderId, orderNo: order.orderNo, amountFen: order.totalFen, note: say("ops.ticketingFailedRefund") });
  const where = back.to === "none" ? "" : say("flight.to", { label: back.label });
  // The move last: it checks the order is still where a failure starts, and the whole transaction
  // (seats and money included) is undone when it is not.
  await applyFlightMove(trx, { orderId, action: "fail", actor, note: say("ops.ticketingFailedMoneyBack", { reason, amount: formatFen(order.totalFen), where }) });
  return { ...back, amountFen: order.totalFen };
}
