// 退票: the whole order's tickets are returned to the railway, each passenger's fare less the
// railway's refund fee for the time left before departure (trainRefundLines, the same function
// the estimate shows), back to wherever the order was paid from; the service fee is the portal's
// and stays. A quote answers the same figures and writes nothing.
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction } from "../../db/transaction";
import { DomainError } from "../../services/domain-error";
import { now } from "../../services/clock";
import { suppliersFor, supplierContext } from "../../suppliers";
import { trainRefundLines } from "../../../src/domain/orders/train-booking";
import type { TrainPassengerType, TrainRefundQuote } from "../../../src/domain/orders/train-types";
import type { Actor } from "../actor";
import { payBack } from "../../payments/refund";
import { checkTrainMove, readTrainOrder, writeTrainMove } from "./moves";
import { formatFen } from "../../../src/domain/money";
import { reverseRefundedRailTickets } from "../../einvoices/reversals";

/** Tickets can be returned online until the train leaves. */
export async function departureOf(db: Kysely<Database>, orderId: number): Promise<number> {
  const t = await db.selectFrom("train_orders").select("departAt").where("orderId", "=", orderId).executeTakeFirstOrThrow();
  const at = Date.parse(t.departAt);
  if (at <= now()) throw new DomainError("conflict", said("train.trainHasDepartedDoneOnline"));
  return at;
}

/**
 * The railway's fee per ticket; `involuntary` (航变, server/disruptions: the railway changed or
 * cancelled the train) refunds in full: no fee, and the service fee back with the fares.
 */
async function quoteOf(db: Kysely<Database>, order: { id: number; status: number; totalFen: number }, actor: Actor, involuntary = false): Promise<TrainRefundQuote> {
  checkTrainMove(order, "refund", actor);
  const departAt = await departureOf(db, order.id);
  const people = await db.selectFrom("train_order_passengers").select(["id", "name", "passengerType", "fareFen"]).where("orderId", "=", order.id).orderBy("id").execute();
  const q = trainRefundLines(people.map((p) => ({ passengerId: p.id, name: p.name, passengerType: p.passengerType as TrainPassengerType, fare: p.fareFen })), departAt, now());
  const fees = await db.selectFrom("orders").select("serviceFeeFen").where("id", "=", order.id).executeTakeFirstOrThrow();
  if (!involuntary) return { ...q, serviceFeeKept: fees.serviceFeeFen };
  const lines = q.lines.map((l) => ({ ...l, fee: 0, refund: l.fare }));
  return { percent: 0, lines, fee: 0, refund: lines.reduce((s, l) => s + l.refund, 0) + fees.serviceFeeFen, serviceFeeKept: 0 };
}

export async function trainRefundQuote(db: Kysely<Database>, orderId: number, actor: Actor): Promise<TrainRefundQuote> {
  return quoteOf(db, await readTrainOrder(db, orderId), actor);
}

export async function refundTrainOrder(db: Kysely<Database>, orderId: number, actor: Actor, seed?: string, involuntary = false): Promise<TrainRefundQuote & { from: number; to: number }> {
  return inTransaction(db, async (trx) => {
    const order = await readTrainOrder(trx, orderId);
    const q = await quoteOf(trx, order, actor, involuntary);
    const supplier = suppliersFor(db, seed).train.within(trx);
    // The seats go back on sale; the member's money follows the railway's fee per ticket.
    if (order.holdId) await supplier.refund(order.holdId, await supplierContext(trx, null));
    for (const l of q.lines) await trx.updateTable("train_order_passengers").set({ refundFeeFen: l.fee }).where("id", "=", l.passengerId).execute();
    const money = await payBack(trx, { orderId: order.id, orderNo: order.orderNo, amountFen: q.refund, note: say("train.trainTicketRefund") });
    const t = await trx.selectFrom("train_orders").select(["feeFen", "refundFen"]).where("orderId", "=", order.id).executeTakeFirstOrThrow();
    await trx.updateTable("train_orders").set({ feeFen: t.feeFen + q.fee, refundFen: t.refundFen + q.refund }).where("orderId", "=", order.id).execute();
    await reverseRefundedRailTickets(trx, order.id, q.lines);
    const moved = await writeTrainMove(trx, order, {
      action: "refund",
      actor,
      note: say("train.ticketsRefundedRefunded", { linesCount: q.lines.length, refund: formatFen(q.refund), label: money.label || say("orders.originalAccount"), fee: q.fee > 0 ? say("orders.refundFeeDeducted", { fee: formatFen(q.fee) }) : "" }),
    });
    return { ...q, ...moved };
  });
}
