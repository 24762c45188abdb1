// A refund request decided by an operator who holds it in the after-sales queue: accepted as the
// airline's job would (the same step), accepted with an adjusted fee, or declined. Each runs in the
// caller's transaction and is conditional on the record still waiting and still held by that
// operator, so a job, a second operator or a second click finds it moved and changes nothing.
// - Adjusted: the new total fee (from nothing up to the most the fare's rules allow, maxRefundFee
//   per ticket) is spread over the passengers (spreadFee) and each passenger's refund grows or
//   shrinks by exactly their fee's difference; the estimate the member saw stays beside it.
//   The refund then runs on as any accepted one, its money back being the adjusted amount.
// - Declined: the tickets and policies go back to what they were, the whole order's refund returns
//   the order to the status it was requested from, and the member reads the reason (on the order
//   and in a notification, as an accepted refund's members are told).
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DomainError } from "../../services/domain-error";
import { isoAt } from "../../services/clock";
import { moneyText, type Fen } from "../../../src/domain/money";
import { FLIGHT_ORDER_STATUS } from "../../../src/domain/orders/flight";
import { refundTotals, type RefundLine } from "../../../src/domain/orders/flight-after-sales";
import { maxRefundFee } from "../../../src/domain/travel/air-rules";
import { spreadFee, type AfterSalesLine } from "../../../src/domain/ops/after-sales";
import type { Actor } from "../actor";
import { applyFlightMove } from "./moves";
import { currentTrip, movePolicies, moveTickets, namesOf, recordTicketEvent } from "./after-sales";
import { step, type RefundRow } from "./refund";
import { noticeAfterSalesDeclined } from "../../notifications/events";

const yuan = (fen: Fen) => moneyText(fen);

/** What the after-sales desk is called on the member's timeline (never the operator's own name). */
export const deskActor = (): Actor => ({ kind: "system", memberId: null, name: say("afterSales.desk") });

async function heldRefund(trx: Kysely<Database>, refundId: number, operatorId: number) {
  const row = await trx.selectFrom("flight_refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
  if (!row) throw new DomainError("notFound", said("afterSales.notFound"));
  if (row.status !== "requested") throw new DomainError("conflict", said("afterSales.notWaiting"));
  if (row.heldBy !== operatorId) throw new DomainError("conflict", said("afterSales.takeFirst"));
  return row;
}

/** Each passenger's line of a refund with the most its fare's rules let it keep (the ticket's own tier). */
export async function refundLinesWithMax(db: Kysely<Database>, orderId: number, passengers: string): Promise<AfterSalesLine[]> {
  const lines = JSON.parse(passengers) as RefundLine[];
  const trip = await currentTrip(db, orderId);
  return lines.map((l) => {
    const t = trip.passengers.find((p) => p.id === l.passengerId);
    return { ...l, maxFee: t ? maxRefundFee(l.ticket, t.seat.tier) : l.fee };
  });
}

async function accepted(trx: Kysely<Database>, row: RefundRow, operatorId: number, note: string): Promise<void> {
  const moved = await step(trx, row, "acceptRefund", { operatorId, actor: deskActor(), note });
  if (!moved) throw new DomainError("conflict", said("afterSales.notWaiting"));
}

export async function acceptHeldRefund(trx: Kysely<Database>, refundId: number, operatorId: number) {
  const row = await heldRefund(trx, refundId, operatorId);
  await trx.updateTable("flight_refunds").set({ decision: "accepted", decidedBy: operatorId }).where("id", "=", row.id).execute();
  await accepted(trx, row, operatorId, say("afterSales.acceptedRefund"));
  return { before: row, after: { status: "processing", fee: row.feeFen, refund: row.refundFen } };
}

export async function adjustHeldRefund(trx: Kysely<Database>, refundId: number, operatorId: number, fee: Fen, reason: string) {
  const row = await heldRefund(trx, refundId, operatorId);
  const lines = await refundLinesWithMax(trx, row.orderId, row.passengers);
  const max = lines.reduce((s, l) => s + l.maxFee, 0);
  const shares = spreadFee(fee, lines.map((l) => l.maxFee));
  if (!shares) throw new DomainError("badInput", said("afterSales.feeAboveRule", { max: yuan(max) }), { errors: { fee: said("afterSales.feeAboveRule", { max: yuan(max) }) } });
  // Each passenger gets back exactly what their fee no longer keeps (or gives up what it now keeps).
  const next = refundTotals(lines.map(({ maxFee: _max, ...l }, i): RefundLine => ({ ...l, fee: shares[i], refund: l.refund + l.fee - shares[i] })));
  const done = await trx
    .updateTable("flight_refunds")
    .set({ feeFen: next.fee, refundFen: next.refund, passengers: JSON.stringify(next.lines), decision: "adjusted", decisionReason: reason, decidedBy: operatorId, updateTime: isoAt() })
    .where("id", "=", row.id)
    .where("status", "=", "requested")
    .where("heldBy", "=", operatorId)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", said("afterSales.notWaiting"));
  const quoted = row.quotedFeeFen ?? row.feeFen;
  await accepted(trx, { ...row, feeFen: next.fee, refundFen: next.refund, passengers: JSON.stringify(next.lines) }, operatorId,
    say("afterSales.adjustedRefund", { fee: yuan(next.fee), quoted: yuan(quoted), refund: yuan(next.refund), reason }));
  return { before: { fee: row.feeFen, refund: row.refundFen, quotedFee: quoted }, after: { status: "processing", fee: next.fee, refund: next.refund, reason, maxFee: max } };
}

export async function rejectHeldRefund(trx: Kysely<Database>, refundId: number, operatorId: number, reason: string) {
  const row = await heldRefund(trx, refundId, operatorId);
  const done = await trx
    .updateTable("flight_refunds")
    .set({ status: "rejected", decision: "rejected", decisionReason: reason, decidedBy: operatorId, updateTime: isoAt() })
    .where("id", "=", row.id)
    .where("status", "=", "requested")
    .where("heldBy", "=", operatorId)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", said("afterSales.notWaiting"));
  const lines = JSON.parse(row.passengers) as RefundLine[];
  const note = say("afterSales.declinedRefund", { reason });
  if (row.wholeOrder === 1) {
    const action = row.orderFromStatus === FLIGHT_ORDER_STATUS.changed ? "declineChangedRefund" : "declineRefund";
    await applyFlightMove(trx, { orderId: row.orderId, action, actor: deskActor(), note });
  } else {
    await recordTicketEvent(trx, row.orderId, "partialDecline", deskActor(), `${namesOf(lines)}：${note}`);
  }
  const tickets = await trx
    .selectFrom("order_passengers")
    .select(["id", "name", "ticketStatus", "changeId"])
    .where("orderId", "=", row.orderId)
    .where("id", "in", lines.map((l) => l.passengerId))
    .orderBy("id")
    .execute();
  await moveTickets(trx, row.orderId, tickets, "declineRefund");
  await movePolicies(trx, row.orderId, lines, "keep");
  await noticeAfterSalesDeclined(trx, { orderId: row.orderId, request: "refund", reason });
  return { before: { status: row.status }, after: { status: "rejected", reason } };
}
