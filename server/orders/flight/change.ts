// Changing a ticketed flight order, or some of its passengers, to another flight or cabin of the
// same route. The quote (change fee of the current fare's tier at the time left, fare and
// fuel-tax difference, the agreed service fee per ticket) answers before anything is written.
// Confirming holds the new seats through the supplier with the change record, the order's move to
// 改签申请中 and the chosen passengers' tickets' move to 改签中 (conditional updates) in one
// transaction. Nothing to pay: a job confirms it shortly; something to pay: the cashier takes it
// (business type changeTicket) and paying confirms it, while a job declines it when the hold runs
// out unpaid and the new seats go back. Confirmed, the chosen passengers' old seats are released
// and their tickets point at the change; when no other passenger still flies, the order itself
// carries the new flight.
import { reissueChangedTickets } from "../../einvoices/reversals";
import { say } from "../../services/i18n/catalogue";
import { said, saidDomain } from "../../services/i18n/text";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { inTransaction, lockedForMove } from "../../db/transaction";
import { DomainError } from "../../services/domain-error";
import { isoAt, now } from "../../services/clock";
import { supplierContext, suppliersFor } from "../../suppliers";
import type { SupplierContext } from "../../suppliers/types";
import { defineJobKind } from "../../jobs/kinds";
import { enqueueJob } from "../../jobs/queue";
import { findHold } from "../../suppliers/holds";
import { flightOrderTitle } from "../../../src/domain/reports";
import {
  changeQuote, hoursUntil, type ChangeQuote, type ChangeQuoteInput, type ChangeQuoteReply, type ConfirmChangeInput, type ConfirmChangeReply,
} from "../../../src/domain/orders/flight-after-sales";
import { changePercent } from "../../../src/domain/travel/air-rules";
import { involuntaryChangeLine } from "../../../src/domain/disruptions";
import { GP_TEXTS, isGpSeat } from "../../../src/domain/travel/gp-fares";
import { yuan } from "../booking";
import { applyFlightMove } from "./moves";
import { memberActor, SYSTEM_ACTOR, type Actor } from "../actor";
import { autoAcceptOn } from "./desk-policy";
import {
  assertAfterSalesAllowed, assertMove, choosePassengers, currentTrip, moveTickets, namesOf, passengerCounts, type CurrentTrip, type Ticket,
} from "./after-sales";
import { visibleOrderId } from "./views";
import { agreedFeeFor } from "../../inventory/air/pricing";
import { ticketNumber } from "./ticketing";

export const FLIGHT_CHANGE_STEP_JOB = "flight-change-step";
/** How long the (embedded) airline takes to confirm a change with nothing to pay. */
export const CHANGE_CONFIRM_MS = 3_000;

interface Priced {
  trip: CurrentTrip;
  /** The passengers changed, all flying on `from`'s fare and booking. */
  chosen: Ticket[];
  from: Ticket;
  /** No other passenger still flies: the order itself moves to the new flight. */
  whole: boolean;
  reply: ChangeQuoteReply;
  passengers: { adults: number; children: number; infants: number };
  context: SupplierContext;
  /** What holding the new seats costs at the fare quoted: the hold must price them the same. */
  holdAmount: number;
}

/**
 * A change the airline caused (航变, server/disruptions): free of every fee and difference within
 * the same cabin (involuntaryChangeLine), only to another flight of the same route departing
 * within the window around the disrupted one.
 */
export interface InvoluntaryChange {
  /** The disrupted flight: a free change goes to another one. */
  flightNo: string;
  depDate: string;
  /** The departure dates allowed, inclusive (YYYY-MM-DD). */
  fromDate: string;
  toDate: string;
}

async function price(db: Kysely<Database>, input: ChangeQuoteInput, seed?: string, involuntary?: InvoluntaryChange): Promise<Priced> {
  const trip = await currentTrip(db, input.id);
  assertMove(trip.order.status, "requestChange", "改签");
  // One new fare cannot stand for an itinerary's segments: international changes go through the airline desk.
  if (trip.order.international) throw new DomainError("conflict", said("flight.internationalTicketsChangedOnlineContact"));
  const choice = choosePassengers(trip, input.passengerIds, "改签");
  const chosen = choice.chosen;
  // A round trip's or connection's change moves tickets of one segment: the order keeps both
  // segments (each ticket points at its change), so it never takes the new flight as its own.
  const whole = choice.whole && !trip.passengers.some((p) => p.segment > 0);
  // A change moves the passengers of one booking: those already changed to another flight apart are changed on their own.
  const from = chosen[0];
  if (chosen.some((t) => t.fareKey !== from.fareKey || t.holdId !== from.holdId)) {
    throw new DomainError("badInput", said("flight.chosenPassengersAreSameFlight"), { errors: { passengerIds: said("flight.chosenPassengersAreSameFlight") } });
  }
  // The agreed service fee is the booker's company's, whoever asks.
  const booker = await db.selectFrom("members").selectAll().where("id", "=", trip.order.bookerMemberId).executeTakeFirst();
  const c = await supplierContext(db, booker ?? null);
  const v = await suppliersFor(db, seed).flight.verify(input.fareKey, c);
  if (!v.available || !v.seat || !v.flight) throw new DomainError("conflict", said("flight.cabinSoldOutClosedChoose"));
  if (v.flight.depCity !== from.flight.depCity || v.flight.arrCity !== from.flight.arrCity) {
    throw new DomainError("badInput", said("flight.changeMustFlightSameRoute"), { errors: { fareKey: said("flight.changeMustFlightSameRoute") } });
  }
  if (input.fareKey === from.fareKey) throw new DomainError("badInput", said("flight.chooseFlightCabinDifferentFrom"), { errors: { fareKey: said("flight.chooseFlightCabinDifferentFrom") } });
  // A 政府采购 ticket changes to another GP fare (its budget unit and official card stay with it);
  // an ordinary ticket cannot become one.
  const toGp = isGpSeat(v.seat);
  if (Boolean(trip.order.gp) !== toGp) {
    const problem = trip.order.gp ? said("flight.governmentFaresOnlyChangedAnother") : saidDomain(GP_TEXTS.elsewhere);
    throw new DomainError("badInput", problem, { errors: { fareKey: problem } });
  }
  const passengers = passengerCounts(chosen);
  if (v.seat.seatsLeft < passengers.adults + passengers.children) throw new DomainError("conflict", said("flight.onlySeatsLeftCabin", { seatsLeft: v.seat.seatsLeft }));
  const hours = hoursUntil(from.flight.depUtc, now());
  if (involuntary) assertInvoluntary(involuntary, from, v.flight, v.seat);
  // The fee of the order's own scope: an international ticket's is the company's international one.
  const serviceFee = agreedFeeFor(c, trip.order.international ? "international" : "domestic") ?? 0;
  const quote = involuntary ? involuntaryQuote(chosen) : changeQuote(chosen, from.seat.tier, hours, v.seat.breakdown, serviceFee);
  const { seats: _seats, ...flight } = v.flight;
  const { insurance: _insurance, ...seat } = v.seat;
  const b = v.seat.breakdown;
  const holdAmount = b.ADT.total * passengers.adults + b.CHD.total * passengers.children + b.INF.total * passengers.infants;
  return { trip, chosen, from, whole, passengers, context: c, holdAmount, reply: { quote, flight, seat, feePercent: changePercent(from.seat.tier, hours) } };
}

/** Refuses a free change that is not to another flight of the same cabin within the window. */
function assertInvoluntary(inv: InvoluntaryChange, from: Ticket, flight: { flightNo: string; depDate: string }, seat: { cabinClass: string }): void {
  const refuse = (key: "disruption.changeSameCabin" | "disruption.changeOtherFlight" | "disruption.changeWindow", params?: Record<string, string>) => {
    const problem = said(key, params);
    throw new DomainError("badInput", problem, { errors: { fareKey: problem } });
  };
  if (seat.cabinClass !== from.seat.cabinClass) refuse("disruption.changeSameCabin");
  if (flight.flightNo === inv.flightNo && flight.depDate === inv.depDate) refuse("disruption.changeOtherFlight");
  if (flight.depDate < inv.fromDate || flight.depDate > inv.toDate) refuse("disruption.changeWindow", { from: inv.fromDate, to: inv.toDate });
}

/** Each passenger's ticket carried to the new flight at no cost (involuntaryChangeLine). */
function involuntaryQuote(chosen: readonly Ticket[]): ChangeQuote {
  const lines = chosen.map((t) => ({ passengerId: t.passengerId, name: t.name, psgType: t.psgType, ...involuntaryChangeLine(t) }));
  return { lines, changeFee: 0, changeSpread: 0, changeFuelTaxSpread: 0, changeServiceFee: 0, total: 0 };
}

export async function quoteChange(db: Kysely<Database>, member: Member, input: ChangeQuoteInput, seed?: string, involuntary?: InvoluntaryChange): Promise<ChangeQuoteReply> {
  await visibleOrderId(db, member, input.id);
  assertAfterSalesAllowed(member, "change");
  return (await price(db, input, seed, involuntary)).reply;
}

export async function confirmChange(db: Kysely<Database>, member: Member, input: ConfirmChangeInput, seed?: string, involuntary?: InvoluntaryChange): Promise<ConfirmChangeReply> {
  await visibleOrderId(db, member, input.id);
  assertAfterSalesAllowed(member, "change");
  const { chosen, from, whole, passengers, reply, context, holdAmount } = await price(db, input, seed, involuntary);
  const { quote, flight, seat } = reply;
  if (quote.total !== input.total) {
    throw new DomainError("conflict", said("flight.changeFeeHasChangedWas", { total: yuan(input.total), total2: yuan(quote.total) }), { data: { priceChanged: true, oldPrice: input.total, newPrice: quote.total } });
  }
  return inTransaction(db, async (trx) => {
    const toPay = quote.total > 0;
    const note = say("flight.change2", { flightNo: flight.flightNo, depDate: flight.depDate, depTime: flight.depTime, cabinClassName: seat.cabinClassName, cabinCode: seat.cabinCode, toPay: toPay ? say("flight.changeToPay", { total: yuan(quote.total) }) : say("flight.changeNothingToPay"), whole: whole ? say("flight.changeAllPassengers") : say("flight.changePartial"), names: namesOf(chosen) });
    // The order row first, then the new seats, then the order's move: the lock order of a booking
    // (seats before the order and the summaries its triggers write). A second confirm waits at the
    // order row and its move is refused; a refused move rolls the seats back with it.
    await lockOrder(trx, input.id);
    const hold = await suppliersFor(trx, seed).flight.within(trx).hold(input.fareKey, passengers, context);
    // The hold priced the seats again inside the transaction: the quote must still be theirs.
    if (hold.amount !== holdAmount) throw new DomainError("conflict", said("flight.fareHasChangedChooseFlight"));
    await applyFlightMove(trx, { orderId: input.id, action: "requestChange", actor: memberActor(member), note, seed });
    await moveTickets(trx, input.id, chosen, "requestChange");
    const at = isoAt();
    const status = toPay ? "awaitingPayment" : "confirming";
    const expiresAt = toPay ? hold.expiresAt : null;
    const row = await trx
      .insertInto("flight_changes")
      .values({
        orderId: input.id, fromFareKey: from.fareKey, fromHoldId: from.holdId, toFareKey: input.fareKey, toHoldId: hold.holdId, toDepDate: flight.depDate,
        snapshot: JSON.stringify({ flight, seat }), quote: JSON.stringify(quote), payFen: quote.total, status, expiresAt, wholeOrder: whole ? 1 : 0, createTime: at, updateTime: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, toPay
      ? { kind: FLIGHT_CHANGE_STEP_JOB, runAt: hold.expiresAt, payload: { changeId: row.id, action: "expire" } }
      : { kind: FLIGHT_CHANGE_STEP_JOB, runAt: now() + CHANGE_CONFIRM_MS, payload: { changeId: row.id, action: "confirm" } });
    return { id: row.id, status, total: quote.total, expiresAt };
  });
}

/** The order's change that waits for its payment, if any. */
export async function changeAwaitingPayment(db: Kysely<Database>, orderId: number) {
  return db.selectFrom("flight_changes").selectAll().where("orderId", "=", orderId).where("status", "=", "awaitingPayment").orderBy("id", "desc").executeTakeFirst();
}

async function openChange(trx: Kysely<Database>, orderId: number) {
  return trx.selectFrom("flight_changes").selectAll().where("orderId", "=", orderId).where("status", "in", ["awaitingPayment", "confirming"]).orderBy("id", "desc").executeTakeFirst();
}

/**
 * Who may settle a change: undefined, anyone (its payment, its expiry); null, only while no
 * operator holds it (the airline's job); a number, only the operator holding it.
 */
export type ChangeHolder = number | null | undefined;

async function settleRecord(trx: Kysely<Database>, id: number, from: string, to: string, holder?: ChangeHolder): Promise<void> {
  let update = trx.updateTable("flight_changes").set({ status: to, updateTime: isoAt() }).where("id", "=", id).where("status", "=", from);
  if (holder === null) update = update.where("heldBy", "is", null);
  else if (holder !== undefined) update = update.where("heldBy", "=", holder);
  const done = await update.executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", said("flight.changeStatusHasChangedRefresh"));
}

/** The passengers a change is for (its quote's), as their tickets stand now. */
async function changedPassengers(trx: Kysely<Database>, orderId: number, quote: string) {
  const ids = (JSON.parse(quote) as ChangeQuote).lines.map((l) => l.passengerId);
  return trx.selectFrom("order_passengers").select(["id", "name", "psgType", "ticketStatus", "changeId"]).where("orderId", "=", orderId).where("id", "in", ids).orderBy("id").execute();
}

/**
 * The airline confirms the change (paid, or nothing to pay): the changed passengers' tickets point
 * at it and their old seats go back on sale; a change of the whole order gives the order the new flight.
 */
export async function confirmFlightChange(trx: Kysely<Database>, orderId: number, note: string, holder?: ChangeHolder, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  await lockOrder(trx, orderId);
  const change = await openChange(trx, orderId);
  if (!change) throw new DomainError("conflict", said("flight.orderHasNoChangeAwaiting"));
  await settleRecord(trx, change.id, change.status, "confirmed", holder);
  const supplier = suppliersFor(trx).flight.within(trx);
  await supplier.confirm(change.toHoldId);
  const passengers = await changedPassengers(trx, orderId, change.quote);
  // The old tickets are exchanged: their seats go back on sale, the booking keeps anyone else's.
  // Seats before the order's move, as a booking takes them (see lockOrder).
  if (change.fromHoldId) await supplier.refundSeats(change.fromHoldId, passengerCounts(passengers), await supplierContext(trx, null));
  await applyFlightMove(trx, { orderId, action: "confirmChange", actor, note });
  await moveTickets(trx, orderId, passengers, "confirmChange", change.id);
  // The airline reissues each changed ticket for the new flight: the passenger's current ticket number is the new one.
  const s = JSON.parse(change.snapshot) as { flight: ChangeQuoteReply["flight"] };
  const oldTickets = await trx.selectFrom("order_passengers").select(["id", "ticketNo"]).where("id", "in", passengers.map((p) => p.id)).execute();
  for (const p of passengers) await trx.updateTable("order_passengers").set({ ticketNo: ticketNumber(s.flight.flightNo) }).where("id", "=", p.id).execute();
  // Their documents follow the tickets: the old one reversed, the new one and the change fee issued.
  const lines = (JSON.parse(change.quote) as ChangeQuote).lines;
  await reissueChangedTickets(trx, orderId, passengers.map((p) => ({
    passengerId: p.id, oldTicketNo: oldTickets.find((t) => t.id === p.id)?.ticketNo ?? null, changeFee: lines.find((l) => l.passengerId === p.id)?.changeFee ?? 0,
  })));
  if (!change.wholeOrder) return;
  await trx
    .updateTable("orders")
    .set({
      fareKey: change.toFareKey, holdId: change.toHoldId, depDate: change.toDepDate, snapshot: change.snapshot,
      title: flightOrderTitle(s.flight.depCityName, s.flight.arrCityName, s.flight.flightNo), updateTime: isoAt(),
    })
    .where("id", "=", orderId)
    .execute();
}

/**
 * A change that cannot be completed (its amount not paid in time, or its seats' hold ran out
 * before the airline confirmed): declined, the passengers keep their tickets and the new seats go back.
 */
export async function declineFlightChange(trx: Kysely<Database>, orderId: number, note: string, holder?: ChangeHolder, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  await lockOrder(trx, orderId);
  const change = await openChange(trx, orderId);
  if (!change) return;
  await settleRecord(trx, change.id, change.status, "declined", holder);
  // The new seats go back before the order's move, as a booking takes them (see lockOrder).
  await suppliersFor(trx).flight.within(trx).cancel(change.toHoldId);
  await applyFlightMove(trx, { orderId, action: "declineChange", actor, note });
  await moveTickets(trx, orderId, await changedPassengers(trx, orderId, change.quote), "declineChange");
}

/**
 * The airline's answer to a change with nothing to pay: confirmed, unless the new seats' hold ran
 * out meanwhile (the runner was down, or it waited in the queue): then they can no longer be had
 * and it is declined. `holder`: null for the airline's job, the operator for one they hold.
 */
export async function settleConfirming(trx: Kysely<Database>, change: { orderId: number; toHoldId: string }, holder: number | null, by?: { actor: Actor; note: string }): Promise<"confirmed" | "declined"> {
  const hold = await findHold(trx, change.toHoldId);
  if (hold.status === "held" && Date.parse(hold.expiresAt) <= now()) {
    await declineFlightChange(trx, change.orderId, say("flight.changeWasCompletedWhileSeats"), holder, by?.actor);
    return "declined";
  }
  await confirmFlightChange(trx, change.orderId, by?.note ?? say("flight.airlineConfirmedChangeNewFlight"), holder, by?.actor);
  return "confirmed";
}

/** Schedules the airline's confirmation of a waiting change again (released from the queue, or the desk confirming by itself once more). */
export async function scheduleChangeConfirmation(trx: Kysely<Database>, changeId: number): Promise<void> {
  await enqueueJob(trx, { kind: FLIGHT_CHANGE_STEP_JOB, runAt: now() + CHANGE_CONFIRM_MS, payload: { changeId, action: "confirm" } });
}

/**
 * A change's transaction takes the order row before anything else (its change record, the seats),
 * and moves the order only after the seats: a booking takes seats and then writes its order, whose
 * triggers write the member's and company's summary rows. Taking the two in opposite orders, two
 * transactions would wait for each other until PostgreSQL ended one of them (a deadlock).
 */
async function lockOrder(trx: Kysely<Database>, orderId: number): Promise<void> {
  await lockedForMove(trx, trx.selectFrom("orders").select("id").where("id", "=", orderId)).executeTakeFirst();
}

export const flightChangeStepJob = defineJobKind({
  kind: FLIGHT_CHANGE_STEP_JOB,
  payload: z.object({ changeId: z.number().int(), action: z.enum(["confirm", "expire"]) }),
  async run(p, { trx }) {
    const change = await trx.selectFrom("flight_changes").select(["orderId", "status", "toHoldId", "heldBy"]).where("id", "=", p.changeId).executeTakeFirst();
    if (!change) return;
    // A change an operator holds in the after-sales queue is theirs to decide; and while the desk
    // leaves every request to the queue, the airline confirms none by itself.
    if (p.action === "confirm" && change.status === "confirming" && change.heldBy === null && (await autoAcceptOn(trx))) {
      await settleConfirming(trx, change, null);
    }
    // Paid meanwhile (confirmed) or already declined: nothing left to expire.
    if (p.action === "expire" && change.status === "awaitingPayment") {
      await declineFlightChange(trx, change.orderId, say("flight.changePaymentWasMadeTime"));
    }
  },
});
