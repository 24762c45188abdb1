// Refunding a ticketed flight order: all its passengers still holding a ticket, or some of them.
// The estimate and the amount kept are one quote (each ticket's fare tier and the hours left
// before its flight, through the shared fee table). Submitting stores it, moves the chosen
// passengers' tickets to 退票中 (one conditional update each: two refunds of one passenger cannot
// both succeed) and, when no other passenger would still fly, moves the order to 退票申请中, all
// in one transaction; a refund of only some passengers leaves the order as it is. Durable jobs
// then play the airline: it accepts the refund, finishes it (those passengers' seats go back on
// sale) and the money goes back to where the order was paid from. Each step is conditional on the
// refund record's status, so a job that runs twice finds it moved on and does nothing. A refunded
// passenger's policy of a flight not yet flown is surrendered: 退保中 with the request, its
// premium in the quote and back with the ticket money, then 已退保; after the flight it is kept.
// An operator may take a request into the after-sales queue first: the airline's job then leaves
// it, and the operator accepts it, accepts it with an adjusted fee, or declines it
// (server/orders/flight/refund-review.ts).
import { noticeRefundAccepted } from "../../notifications/events";
import { say } from "../../services/i18n/catalogue";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { inTransaction } from "../../db/transaction";
import { isoAt, now } from "../../services/clock";
import { suppliersFor, supplierContext } from "../../suppliers";
import { defineJobKind } from "../../jobs/kinds";
import { enqueueJob } from "../../jobs/queue";
import { reverseRefundedTickets } from "../../einvoices/reversals";
import { payBack } from "../../payments/refund";
import { BUSINESS_TYPE } from "../../../src/domain/payments";
import { FLIGHT_ORDER_STATUS, flightOrderMove } from "../../../src/domain/orders/flight";
import {
  hoursUntil, refundQuote, refundTotals, type RefundLine, type RefundQuote, type RefundSubmitInput,
} from "../../../src/domain/orders/flight-after-sales";
import type { PartialRefundAction } from "../../../src/domain/orders/flight-tickets";
import { involuntaryRefund } from "../../../src/domain/disruptions";
import { yuan } from "../booking";
import { applyFlightMove } from "./moves";
import { memberActor, SYSTEM_ACTOR, type Actor } from "../actor";
import { autoAcceptOn } from "./desk-policy";
import {
  assertAfterSalesAllowed, assertMove, choosePassengers, currentTrip, movePolicies, moveTickets, namesOf, passengerCounts, recordTicketEvent, type Ticket,
} from "./after-sales";
import { visibleOrderId } from "./views";

export const FLIGHT_REFUND_STEP_JOB = "flight-refund-step";
/** How long the (embedded) airline takes for each step of a refund. */
export const REFUND_STEP_MS = 3_000;

/** Each ticket priced on its own flight's tier and time left (passengers changed apart fly on other flights). */
function quoteOf(tickets: readonly Ticket[]): RefundQuote {
  const at = now();
  // Each line names its flight: a round trip's or connection's passenger has a ticket per flight.
  return refundTotals(tickets.map((t): RefundLine => ({ ...refundQuote([t], t.seat.tier, hoursUntil(t.flight.depUtc, at)).lines[0], flight: `${t.flight.flightNo} ${t.flight.depDate}` })));
}

/** The estimate of refunding these passengers now (none named: every one still holding a ticket). */
export async function refundTip(db: Kysely<Database>, member: Member, id: number, passengerIds?: number[]): Promise<RefundQuote> {
  await visibleOrderId(db, member, id);
  assertAfterSalesAllowed(member, "refund");
  const trip = await currentTrip(db, id);
  assertMove(trip.order.status, "requestRefund", "退票");
  return quoteOf(choosePassengers(trip, passengerIds, "退票").chosen);
}

export interface RefundSubmitted extends RefundQuote {
  /** The order's status after the request (unchanged for a refund of some passengers). */
  status: number;
  refundId: number;
  whole: boolean;
}

/**
 * The involuntary refund (航变, server/disruptions) of every passenger still holding a ticket: no
 * fee, and the order's service fee back with the tickets (involuntaryRefund), spread over the
 * passengers who hold a seat.
 */
async function involuntaryQuoteOf(trx: Kysely<Database>, orderId: number, tickets: readonly Ticket[]): Promise<RefundQuote> {
  const fees = await trx.selectFrom("orders").select("serviceFeeFen").where("id", "=", orderId).executeTakeFirstOrThrow();
  const seated = tickets.filter((t) => t.psgType !== "INF");
  const share = seated.length ? Math.floor(fees.serviceFeeFen / seated.length) : 0;
  const rest = fees.serviceFeeFen - share * seated.length;
  const quote = quoteOf(tickets);
  return refundTotals(quote.lines.map((l) => {
    const t = tickets.find((x) => x.id === l.passengerId)!;
    const serviceFee = t.psgType === "INF" ? 0 : share + (t === seated[0] ? rest : 0);
    return { ...l, feePercent: 0, fee: 0, refund: involuntaryRefund({ ...t, insurance: l.insurance, serviceFee }) };
  }));
}

export async function submitRefund(db: Kysely<Database>, member: Member, input: RefundSubmitInput, seed?: string, involuntary = false): Promise<RefundSubmitted> {
  await visibleOrderId(db, member, input.id);
  assertAfterSalesAllowed(member, "refund");
  return inTransaction(db, async (trx) => {
    const trip = await currentTrip(trx, input.id);
    assertMove(trip.order.status, "requestRefund", "退票");
    const { chosen, whole } = choosePassengers(trip, input.passengerIds, "退票");
    const quote = involuntary ? await involuntaryQuoteOf(trx, input.id, chosen) : quoteOf(chosen);
    const actor = memberActor(member);
    const money = say("flight.refundReasonRefundDue", { reason: input.reason, refund: yuan(quote.refund), quote: moneyNote(quote) });
    let status = trip.order.status;
    if (whole) {
      status = (await applyFlightMove(trx, { orderId: input.id, action: "requestRefund", actor, note: say("flight.passengers", { money, chosen: namesOf(chosen) }), seed })).to;
    } else {
      // Only some passengers: the order stays as it is, and the timeline says who asked for whom.
      await recordTicketEvent(trx, input.id, "partialRefund", actor, say("flight.partialRefund", { chosen: namesOf(chosen), money }));
    }
    await moveTickets(trx, input.id, chosen, "requestRefund");
    await movePolicies(trx, input.id, quote.lines, "surrender");
    const at = isoAt();
    const row = await trx
      .insertInto("flight_refunds")
      .values({
        orderId: input.id, passengers: JSON.stringify(quote.lines), feeFen: quote.fee, refundFen: quote.refund, reason: input.reason,
        status: "requested", toAccount: null, wholeOrder: whole ? 1 : 0, createTime: at, updateTime: at,
        // The estimate the member saw, kept apart from the figures an operator may adjust; and
        // where a declined refund of the whole order returns it.
        quotedFeeFen: quote.fee, quotedRefundFen: quote.refund, orderFromStatus: trip.order.status,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, { kind: FLIGHT_REFUND_STEP_JOB, runAt: now() + REFUND_STEP_MS, payload: { orderId: input.id, refundId: row.id, action: "acceptRefund" } });
    return { status, refundId: row.id, whole, ...quote };
  });
}

/** What the refund keeps and gives back besides the tickets: the fee, a surrendered policy's premium, one kept after the flight. */
function moneyNote(q: Pick<RefundQuote, "fee" | "insurance" | "insuranceKept">, feeWord = ""): string {
  const parts = [say("flight.refundFee", { feeWord, fee: yuan(q.fee) })];
  if (q.insurance > 0) parts.push(say("flight.insuranceSurrendered", { insurance: yuan(q.insurance) }));
  if (q.insuranceKept > 0) parts.push(say("flight.flightHasDepartedInsuranceForce", { insuranceKept: yuan(q.insuranceKept) }));
  return parts.join("，");
}

export type Step = "acceptRefund" | "finishRefund" | "refundMoney";

/** Each step's refund record status before and after it. */
const RECORD_STEPS: Record<Step, { from: string; to: string }> = {
  acceptRefund: { from: "requested", to: "processing" },
  finishRefund: { from: "processing", to: "ticketRefunded" },
  refundMoney: { from: "ticketRefunded", to: "refunded" },
};
const PARTIAL_EVENT: Record<Step, PartialRefundAction> = { acceptRefund: "partialAccept", finishRefund: "partialFinish", refundMoney: "partialMoney" };
const NEXT: Partial<Record<Step, Step>> = { acceptRefund: "finishRefund", finishRefund: "refundMoney" };
/** Where the order stands before each step of the whole order's refund. */
const ORDER_FROM: Record<Step, number> = {
  acceptRefund: FLIGHT_ORDER_STATUS.refundRequested,
  finishRefund: FLIGHT_ORDER_STATUS.refundProcessing,
  refundMoney: FLIGHT_ORDER_STATUS.ticketRefunded,
};

export type RefundRow = { id: number; orderId: number; status: string; wholeOrder: number; refundFen: number; feeFen: number; passengers: string; heldBy: number | null };

/** An operator accepting a refund they hold in the after-sales queue, and the timeline's note of it. */
export interface DeskAcceptance {
  operatorId: number;
  actor: Actor;
  note: string;
}

/**
 * One step of a refund; true when it moved. The airline's job accepts only a request nobody holds
 * and only while its desk accepts by itself (desk-policy.ts); an operator accepts only one they
 * hold. Both conditions are part of the record's conditional update, so a take and the job racing
 * for one request cannot both win.
 */
export async function step(trx: Kysely<Database>, refund: RefundRow, action: Step, by?: DeskAcceptance): Promise<boolean> {
  const { from, to } = RECORD_STEPS[action];
  if (refund.status !== from) return false;
  if (action === "acceptRefund" && !by && (refund.heldBy !== null || !(await autoAcceptOn(trx)))) return false;
  const order = await trx.selectFrom("orders").select(["status", "orderNo"]).where("id", "=", refund.orderId).executeTakeFirst();
  if (!order) return false;
  // The whole order's refund moves the order with each step; a job finding it elsewhere does nothing.
  const whole = refund.wholeOrder === 1;
  if (whole && order.status !== ORDER_FROM[action]) return false;
  let update = trx.updateTable("flight_refunds").set({ status: to, updateTime: isoAt() }).where("id", "=", refund.id).where("status", "=", from);
  if (action === "acceptRefund") update = by ? update.where("heldBy", "=", by.operatorId) : update.where("heldBy", "is", null);
  const moved = await update.executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;

  const lines = JSON.parse(refund.passengers) as RefundLine[];
  const names = namesOf(lines);
  const actor = by?.actor ?? SYSTEM_ACTOR;
  const record = (note: string) =>
    whole
      ? applyFlightMove(trx, { orderId: refund.orderId, action, actor, note })
      : recordTicketEvent(trx, refund.orderId, PARTIAL_EVENT[action], actor, `${names}：${note}`);

  if (action === "acceptRefund") {
    await record(by?.note ?? say("flight.airlineHasAcceptedRefund"));
    await noticeRefundAccepted(trx, { orderId: refund.orderId, amountFen: refund.refundFen });
  } else if (action === "finishRefund") {
    // The airline takes these passengers' tickets back: their seats, in whichever booking each
    // flies on, are on sale again.
    const trip = await currentTrip(trx, refund.orderId);
    const tickets = trip.passengers.filter((p) => lines.some((l) => l.passengerId === p.id));
    const supplier = suppliersFor(trx).flight.within(trx);
    const context = await supplierContext(trx, null);
    for (const holdId of new Set(tickets.map((t) => t.holdId))) {
      if (holdId) await supplier.refundSeats(holdId, passengerCounts(tickets.filter((t) => t.holdId === holdId)), context);
    }
    await moveTickets(trx, refund.orderId, tickets, "finishRefund");
    await record(say("flight.airlineCompletedRefundSeatsAre"));
  } else {
    // Only the whole order's refund is the trade's last: after some passengers' it stays paid for the others.
    const back = await payBack(trx, {
      orderId: refund.orderId, orderNo: order.orderNo, businessType: BUSINESS_TYPE.dometicketOrderPay, amountFen: refund.refundFen,
      note: say("flight.flightTicketRefund", { names }), final: whole,
    });
    const where = back.to === "none" ? "" : say("flight.to", { label: back.label });
    await movePolicies(trx, refund.orderId, lines, "finishSurrender");
    await reverseRefundedTickets(trx, refund.orderId, lines);
    await record(say("flight.refund2", { refundFen: yuan(refund.refundFen), where, feeFen: moneyNote({ ...refundTotals(lines), fee: refund.feeFen }, "扣除") }));
    await trx.updateTable("flight_refunds").set({ toAccount: back.to }).where("id", "=", refund.id).execute();
    if (!whole) await closeWhenAllRefunded(trx, refund.orderId);
  }
  const next = NEXT[action];
  if (next) await enqueueJob(trx, { kind: FLIGHT_REFUND_STEP_JOB, runAt: now() + (next === "refundMoney" ? 0 : REFUND_STEP_MS), payload: { orderId: refund.orderId, refundId: refund.id, action: next } });
  return true;
}

/** Schedules the airline's acceptance of a waiting refund again (released from the queue, or the desk accepting by itself once more). */
export async function scheduleRefundAcceptance(trx: Kysely<Database>, refund: { id: number; orderId: number }): Promise<void> {
  await enqueueJob(trx, { kind: FLIGHT_REFUND_STEP_JOB, runAt: now() + REFUND_STEP_MS, payload: { orderId: refund.orderId, refundId: refund.id, action: "acceptRefund" } });
}

/**
 * Passengers refunded one request at a time (a refund of some passengers asked while another was
 * still running): the last one's money back leaves no ticket on the order, which is refunded now.
 */
async function closeWhenAllRefunded(trx: Kysely<Database>, orderId: number): Promise<void> {
  const order = await trx.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow();
  if (!flightOrderMove(order.status, "closeRefunded")) return;
  // Every ticket refunded and every refund's money back (another one's may still be on its way).
  const ticket = await trx.selectFrom("order_passengers").select("id").where("orderId", "=", orderId).where("ticketStatus", "!=", "refunded").executeTakeFirst();
  // A declined refund gave its tickets back; it has no money on its way.
  const money = await trx.selectFrom("flight_refunds").select("id").where("orderId", "=", orderId).where("status", "not in", ["refunded", "rejected"]).executeTakeFirst();
  if (ticket || money) return;
  await applyFlightMove(trx, { orderId, action: "closeRefunded", actor: SYSTEM_ACTOR, note: say("flight.allPassengersTicketsAreRefunded") });
  await trx.updateTable("payments").set({ status: "refunded", updateTime: isoAt() })
    .where("orderId", "=", orderId).where("businessType", "=", BUSINESS_TYPE.dometicketOrderPay).where("status", "=", "paid").execute();
}

export const flightRefundStepJob = defineJobKind({
  kind: FLIGHT_REFUND_STEP_JOB,
  // Jobs written before refunds of some passengers name only the order (it had one refund then).
  payload: z.object({ orderId: z.number().int(), refundId: z.number().int().optional(), action: z.enum(["acceptRefund", "finishRefund", "refundMoney"]) }),
  async run(p, { trx }) {
    let q = trx.selectFrom("flight_refunds").select(["id", "orderId", "status", "wholeOrder", "refundFen", "feeFen", "passengers", "heldBy"]).where("orderId", "=", p.orderId);
    if (p.refundId !== undefined) q = q.where("id", "=", p.refundId);
    const refund = await q.orderBy("id").executeTakeFirst();
    if (refund) await step(trx, refund, p.action);
  },
});
