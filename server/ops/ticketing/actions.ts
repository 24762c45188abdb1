// The ticketing queue's actions, each one transaction with its audit row:
// - take: the caller holds a waiting order. The order row is locked first (as the suppliers'
//   automatic ticketing locks it) and the claim is one row per order, so of operators taking one
//   order at once exactly one holds it, and an order the supplier ticketed meanwhile is refused.
//   While held, the automatic ticketing leaves the order alone (its job finds the claim and stops).
// - release: the holder (or an administrator) lets go; the order goes back to the automatic path.
// - ticket: the holder enters the tickets; the order is ticketed exactly as the automatic path
//   tickets it (the same function, events, notices and insured policies).
// - fail: the holder fails it with a reason (出票失败); seats back on sale, money back where it was paid from.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction, lockedForMove } from "../../db/transaction";
import { isoAt } from "../../services/clock";
import { DomainError } from "../../services/domain-error";
import { label, said } from "../../services/i18n/text";
import { say } from "../../services/i18n/catalogue";
import { ORDER_NOT_FOUND, type Actor } from "../../orders/actor";
import { ticketFlightOrder, resumeTicketing } from "../../orders/flight/ticketing";
import { failFlightTicketing } from "../../orders/flight/ticketing-failed";
import { applyFlightMove } from "../../orders/flight/moves";
import { applyTrainMove } from "../../orders/train/moves";
import { resumeTrainTicketing } from "../../orders/train/jobs";
import { findHold } from "../../suppliers/holds";
import { FLIGHT_ORDER_STATUS, flightOrderLabel } from "../../../src/domain/orders/flight";
import { trainOrderLabel } from "../../../src/domain/orders/train";
import { normalFlightTicketNo, type TicketingTicketInput } from "../../../src/domain/ops/ticketing";
import type { OperatorRow } from "../operators";
import { auditLog } from "../audit";
import { isWaiting } from "./queue";

type Order = { id: number; orderNo: string; product: string; status: number; companyId: number | null; totalFen: number; holdId: string | null };
type Claim = { operatorId: number; name: string };

/** The order locked for the action, with who holds it; refused unless it waits for tickets. */
async function lockedWaiting(trx: Transaction<Database>, orderId: number): Promise<{ order: Order; claim: Claim | null }> {
  const order = await lockedForMove(
    trx,
    trx.selectFrom("orders").select(["id", "orderNo", "product", "status", "companyId", "totalFen", "holdId"]).where("id", "=", orderId).where("product", "in", ["air", "train"]),
  ).executeTakeFirst();
  if (!order) throw new DomainError("notFound", ORDER_NOT_FOUND);
  if (!isWaiting(order)) {
    const status = order.product === "train" ? label(trainOrderLabel, order.status) : label(flightOrderLabel, order.status);
    throw new DomainError("conflict", said("ops.ticketingNotWaiting", { status }));
  }
  const claim = await trx
    .selectFrom("ticketing_claims")
    .innerJoin("operators", "operators.id", "ticketing_claims.operatorId")
    .select(["ticketing_claims.operatorId", "operators.name"])
    .where("ticketing_claims.orderId", "=", orderId)
    .executeTakeFirst();
  return { order, claim: claim ?? null };
}

/** The caller must hold the order to ticket or fail it. */
function mustHold(claim: Claim | null, operator: OperatorRow): void {
  if (!claim) throw new DomainError("conflict", said("ops.ticketingNotTaken"));
  if (claim.operatorId !== operator.id) throw new DomainError("conflict", said("ops.ticketingHeldByOther", { name: claim.name }));
}

/** Who the order's timeline names: the agency's ticketing staff (the member never sees an operator's own name). */
const staff = (): Actor => ({ kind: "system", memberId: null, name: say("ops.ticketingStaff") });

const audit = (trx: Kysely<Database>, operator: OperatorRow, order: Order, action: "take" | "release" | "ticket" | "fail", before: unknown, after: unknown) =>
  auditLog(trx, { operatorId: operator.id, action: `ticketing.${action}`, objectType: "order", objectId: order.id, companyId: order.companyId, before, after });

export function takeOrder(db: Kysely<Database>, orderId: number, operator: OperatorRow): Promise<{ id: number; takenAt: string }> {
  return inTransaction(db, async (trx) => {
    const { order, claim } = await lockedWaiting(trx, orderId);
    if (claim) throw new DomainError("conflict", said("ops.ticketingTakenBy", { name: claim.name }));
    const takenAt = isoAt();
    const put = await trx.insertInto("ticketing_claims").values({ orderId, operatorId: operator.id, takenAt }).onConflict((oc) => oc.column("orderId").doNothing()).executeTakeFirst();
    // Belt and braces: the order's lock already kept a second taker out.
    if (Number(put.numInsertedOrUpdatedRows ?? 0) !== 1) throw new DomainError("conflict", said("orders.orderStatusHasChangedRefresh"));
    await audit(trx, operator, order, "take", null, { operatorId: operator.id, status: order.status });
    return { id: orderId, takenAt };
  });
}

export function releaseOrder(db: Kysely<Database>, orderId: number, operator: OperatorRow): Promise<{ id: number }> {
  return inTransaction(db, async (trx) => {
    const { order, claim } = await lockedWaiting(trx, orderId);
    if (!claim) throw new DomainError("conflict", said("ops.ticketingNotTaken"));
    // An administrator may free an order someone left held (away, or gone); others only their own.
    if (claim.operatorId !== operator.id && operator.role !== "admin") throw new DomainError("conflict", said("ops.ticketingHeldByOther", { name: claim.name }));
    await trx.deleteFrom("ticketing_claims").where("orderId", "=", orderId).execute();
    // Handed back: the supplier's automatic ticketing picks it up again now.
    if (order.product === "train") await resumeTrainTicketing(trx, orderId);
    else if (order.status === FLIGHT_ORDER_STATUS.ticketing) await resumeTicketing(trx, orderId);
    await audit(trx, operator, order, "release", { operatorId: claim.operatorId }, null);
    return { id: orderId };
  });
}

export function ticketOrder(db: Kysely<Database>, input: TicketingTicketInput, operator: OperatorRow): Promise<{ id: number }> {
  return inTransaction(db, async (trx) => {
    const { order, claim } = await lockedWaiting(trx, input.id);
    mustHold(claim, operator);
    const after = order.product === "train" ? await ticketTrain(trx, order, input) : await ticketFlight(trx, order, input);
    await trx.deleteFrom("ticketing_claims").where("orderId", "=", order.id).execute();
    await audit(trx, operator, order, "ticket", { status: order.status }, after);
    return { id: order.id };
  });
}

async function ticketFlight(trx: Transaction<Database>, order: Order, input: TicketingTicketInput) {
  if (input.eTicketNo) throw new DomainError("badInput", said("ops.ticketingEveryPassenger"), { errors: { eTicketNo: said("ops.ticketingEveryPassenger") } });
  const passengers = await trx.selectFrom("order_passengers").select(["id", "name", "ticketNo"]).where("orderId", "=", order.id).execute();
  const numbers = new Map(input.tickets.map((t) => [t.passengerId, normalFlightTicketNo(t.ticketNo)]));
  // Every ticket of the order gets its number, and no number names another order's passenger.
  if (numbers.size !== passengers.length || passengers.some((p) => !numbers.has(p.id))) {
    throw new DomainError("badInput", said("ops.ticketingEveryPassenger"), { errors: { tickets: said("ops.ticketingEveryPassenger") } });
  }
  // Paid but not yet submitted: submitted first, as the automatic path does.
  if (order.status === FLIGHT_ORDER_STATUS.paid) {
    await applyFlightMove(trx, { orderId: order.id, action: "issue", actor: staff(), note: say("flight.submittedAirlineTicketing") });
  }
  await ticketFlightOrder(trx, order.id, { actor: staff(), numbers, note: (references) => say("ops.ticketingByOperator", { references }) });
  return { tickets: passengers.map((p) => ({ passengerId: p.id, name: p.name, before: p.ticketNo, ticketNo: numbers.get(p.id) })) };
}

async function ticketTrain(trx: Transaction<Database>, order: Order, input: TicketingTicketInput) {
  if (input.tickets.length) throw new DomainError("badInput", said("ops.ticketingNoFlightNumbersForTrain"), { errors: { tickets: said("ops.ticketingNoFlightNumbersForTrain") } });
  if (!input.eTicketNo) throw new DomainError("badInput", said("ops.ticketingETicketRequired"), { errors: { eTicketNo: said("ops.ticketingETicketRequired") } });
  // The railway issues only seats still held; a lapsed hold may have been sold again.
  const hold = order.holdId ? await findHold(trx, order.holdId) : null;
  if (!hold || hold.status !== "held" || hold.expiresAt <= isoAt()) throw new DomainError("conflict", said("ops.ticketingTrainHoldLapsed"));
  await applyTrainMove(trx, { orderId: order.id, action: "ticket", actor: staff(), note: say("ops.ticketingTrainIssued", { eTicketNo: input.eTicketNo }) });
  await trx.updateTable("train_orders").set({ ticketNo: input.eTicketNo }).where("orderId", "=", order.id).execute();
  return { eTicketNo: input.eTicketNo };
}

export function failOrder(db: Kysely<Database>, input: { id: number; reason: string }, operator: OperatorRow): Promise<{ id: number; refundedFen: number }> {
  return inTransaction(db, async (trx) => {
    const { order, claim } = await lockedWaiting(trx, input.id);
    mustHold(claim, operator);
    const note = say("ops.ticketingFailedNote", { reason: input.reason });
    let to: string | null = null;
    // A train fails by the railway's own path (seats released, the whole payment back, 出票失败).
    if (order.product === "train") await applyTrainMove(trx, { orderId: order.id, action: "fail", actor: staff(), note });
    else to = (await failFlightTicketing(trx, order.id, input.reason, staff())).to;
    await trx.deleteFrom("ticketing_claims").where("orderId", "=", order.id).execute();
    await audit(trx, operator, order, "fail", { status: order.status }, { reason: input.reason, refundedFen: order.totalFen, ...(to ? { to } : {}) });
    return { id: order.id, refundedFen: order.totalFen };
  });
}
