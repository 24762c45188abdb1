// What refund and change share: the order as it stands now (its flight and fare tier) and each
// passenger's current ticket (the booked one, or the one of the confirmed change it comes from,
// which for a change of only some passengers is on another flight with a booking of its own) and
// policy; the
// choice of passengers an after-sales request covers; moving passengers' tickets with conditional
// updates; and the partner site's switches, which may turn refund or change off.
import { label, said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { DomainError } from "../../services/domain-error";
import { isoAt } from "../../services/clock";
import { siteConfigFor } from "../../../src/access/partners";
import { flightOrderLabel, flightOrderMove, type FlightOrderAction } from "../../../src/domain/orders/flight";
import type { ChangeQuote, TicketLine } from "../../../src/domain/orders/flight-after-sales";
import {
  chooseTickets, splitProblem, ticketLabel, ticketMove, type PassengerTicket, type TicketAction,
} from "../../../src/domain/orders/flight-tickets";
import type { FlightOrderDetail } from "../../../src/domain/orders/flight-types";
import type { PassengerType } from "../../../src/domain/travel/air-fares";
import type { Passengers } from "../../suppliers/types";
import type { Actor } from "../actor";
import { INSURANCE_MOVES } from "../../../src/domain/orders/insurance";
import { ORDER_NOT_FOUND } from "../actor";
import { bookedSegment, type OrderSnapshot } from "./segments";

export interface Snapshot {
  flight: FlightOrderDetail["flight"];
  seat: FlightOrderDetail["seat"];
}

/** One passenger's ticket as it stands: what it cost, on which flight and fare, in which booking. */
export interface Ticket extends TicketLine, PassengerTicket {
  changeId: number | null;
  fareKey: string;
  holdId: string | null;
  flight: Snapshot["flight"];
  seat: Snapshot["seat"];
  /** The segment of a round trip or connection this ticket flies on (0: the first or only one). */
  segment: number;
}

export interface CurrentTrip {
  order: { id: number; orderNo: string; status: number; holdId: string | null; fareKey: string; bookerMemberId: number; product: string; international: number; gp: number };
  flight: Snapshot["flight"];
  seat: Snapshot["seat"];
  /** Every passenger of the order, in booking order. */
  passengers: Ticket[];
}

export async function currentTrip(db: Kysely<Database>, orderId: number): Promise<CurrentTrip> {
  const order = await db
    .selectFrom("orders")
    .select(["id", "orderNo", "status", "holdId", "fareKey", "bookerMemberId", "product", "snapshot", "international", "gp"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || order.product !== "air") throw new DomainError("notFound", ORDER_NOT_FOUND);
  const rows = await db
    .selectFrom("order_passengers")
    .select(["id", "name", "psgType", "tktPriceFen", "consTaxFen", "fuelTaxFen", "ticketStatus", "changeId", "insuType", "insuPayPriceFen", "insuStatus", "segment"])
    .where("orderId", "=", orderId)
    .orderBy("segment")
    .orderBy("id")
    .execute();
  const changeIds = [...new Set(rows.map((p) => p.changeId).filter((id): id is number => id !== null))];
  const changes = changeIds.length
    ? await db.selectFrom("flight_changes").select(["id", "snapshot", "quote", "toHoldId", "toFareKey"]).where("orderId", "=", orderId).where("id", "in", changeIds).execute()
    : [];
  const s = JSON.parse(order.snapshot) as OrderSnapshot;
  const passengers = rows.map((p): Ticket => {
    // A policy stays with its passenger through changes (it is surrendered only with a refund).
    const insurance = p.insuType ? { premium: p.insuPayPriceFen, status: p.insuStatus } : undefined;
    const base = { passengerId: p.id, id: p.id, name: p.name, psgType: p.psgType as PassengerType, ticketStatus: p.ticketStatus, changeId: p.changeId, insurance, segment: p.segment };
    const c = p.changeId === null ? undefined : changes.find((x) => x.id === p.changeId);
    const line = c ? (JSON.parse(c.quote) as ChangeQuote).lines.find((l) => l.passengerId === p.id) : undefined;
    if (c && line) {
      const cs = JSON.parse(c.snapshot) as Snapshot;
      return { ...base, ticket: line.ticket, consTax: line.consTax, fuelTax: line.fuelTax, fareKey: c.toFareKey, holdId: c.toHoldId, flight: cs.flight, seat: cs.seat };
    }
    // Its segment's booked flight: the order's own, or a round trip's or connection's segment.
    const booked = bookedSegment(order, s, p.segment);
    return { ...base, ticket: p.tktPriceFen, consTax: p.consTaxFen, fuelTax: p.fuelTaxFen, fareKey: booked.fareKey, holdId: booked.holdId, flight: booked.flight, seat: booked.seat };
  });
  const { snapshot: _s, ...rest } = order;
  return { order: rest, flight: s.flight, seat: s.seat, passengers };
}

/**
 * The passengers a refund or change covers (see chooseTickets), refused with a clear message when
 * one is not of the order, no longer holds a ticket, or the split would leave a child or infant
 * without an adult on either side.
 */
export function choosePassengers(trip: CurrentTrip, ids: number[] | undefined, what: "退票" | "改签"): { chosen: Ticket[]; whole: boolean } {
  const choice = chooseTickets(trip.passengers, ids, what);
  if ("problem" in choice) {
    throw choice.kind === "input"
      ? new DomainError("badInput", choice.problem, { errors: { passengerIds: choice.problem } })
      : new DomainError("conflict", choice.problem);
  }
  const chosen = trip.passengers.filter((p) => choice.chosen.some((c) => c.id === p.id));
  // Those who keep flying on each segment's booking: holding a ticket (or being changed) and not
  // chosen. Each segment is a booking of its own, split on its own.
  for (const segment of new Set(chosen.map((p) => p.segment))) {
    const left = trip.passengers.filter((p) => p.segment === segment && !chosen.includes(p) && p.ticketStatus !== "refunded" && p.ticketStatus !== "refunding");
    const problem = splitProblem(chosen.filter((p) => p.segment === segment).map((p) => p.psgType), left.map((p) => p.psgType), what);
    if (problem) throw new DomainError("conflict", problem);
  }
  return { chosen, whole: choice.whole };
}

/** How many of each passenger type: the seats a booking takes or gives back. */
export function passengerCounts(tickets: readonly { psgType: string }[]): Passengers {
  const count = (t: string) => tickets.filter((x) => x.psgType === t).length;
  return { adults: count("ADT"), children: count("CHD"), infants: count("INF") };
}

export const namesOf = (tickets: readonly { name: string }[]) => tickets.map((t) => t.name).join("、");

/**
 * Moves each of these passengers' tickets with one conditional update on the status it was read
 * in: a ticket another request moved meanwhile refuses the whole request (the caller's transaction
 * rolls back), so two refunds of one passenger can never both succeed.
 */
export async function moveTickets(
  trx: Kysely<Database>,
  orderId: number,
  tickets: readonly { id: number; name: string; ticketStatus: string; changeId: number | null }[],
  action: TicketAction,
  changeId?: number,
): Promise<void> {
  for (const t of tickets) {
    const to = ticketMove(t.ticketStatus, action, t.changeId !== null);
    if (!to) throw new DomainError("conflict", said("flight.ticketPassengerDone", { name: t.name, ticketStatus: label(ticketLabel, t.ticketStatus) }));
    const done = await trx
      .updateTable("order_passengers")
      .set({ ticketStatus: to, ...(changeId !== undefined ? { changeId } : {}) })
      .where("id", "=", t.id)
      .where("orderId", "=", orderId)
      .where("ticketStatus", "=", t.ticketStatus)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", said("flight.ticketStatusPassengerHasChanged", { name: t.name }));
  }
}

/**
 * A timeline event that is not a move of the order (a step of some passengers' refund): the order
 * keeps its status, shown on both sides.
 */
export async function recordTicketEvent(trx: Kysely<Database>, orderId: number, action: string, actor: Actor, note: string): Promise<void> {
  const order = await trx.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow();
  await trx
    .insertInto("order_events")
    .values({ orderId, action, fromStatus: order.status, toStatus: order.status, actorMemberId: actor.memberId, actorName: actor.name, note, createTime: isoAt() })
    .execute();
}

/** Refuses, changing nothing, a move the order's status does not allow. */
export function assertMove(status: number, action: FlightOrderAction, what: string): void {
  if (!flightOrderMove(status, action)) throw new DomainError("conflict", said("flight.orderSStatus", { status: label(flightOrderLabel, status), what }));
}

/** Whether the member's partner site (if they came through one) lets them refund or change here. */
export function afterSalesAllowed(member: Pick<Member, "isThirdParty" | "thirdPartyName">, kind: "refund" | "change"): boolean {
  if (!member.isThirdParty) return true;
  const site = siteConfigFor(member.thirdPartyName);
  return !(kind === "refund" ? site?.disableRefund : site?.disableChange);
}

export function assertAfterSalesAllowed(member: Member, kind: "refund" | "change"): void {
  if (!afterSalesAllowed(member, kind)) {
    throw new DomainError("forbidden", kind === "refund" ? said("flight.onlineRefundsAreAvailableChannel") : said("flight.onlineChangesAreAvailableChannel"));
  }
}

/** The member's actions less those their partner site turns off. */
export function allowedActions(member: Member, actions: FlightOrderAction[]): FlightOrderAction[] {
  return actions.filter((a) => (a !== "requestRefund" || afterSalesAllowed(member, "refund")) && (a !== "requestChange" || afterSalesAllowed(member, "change")));
}

/**
 * Moves the policies of these refund lines that carry a premium back (insurance.ts): surrendered
 * with the refund's request, done when its money goes back. One conditional update per policy: a
 * policy moved meanwhile refuses the request, as a ticket does.
 */
export async function movePolicies(trx: Kysely<Database>, orderId: number, lines: readonly { passengerId: number; name: string; insurance?: number }[], action: "surrender" | "finishSurrender" | "keep"): Promise<void> {
  for (const l of lines) {
    if (!l.insurance) continue;
    const m = INSURANCE_MOVES.find((x) => x.action === action)!;
    const done = await trx
      .updateTable("order_passengers")
      .set({ insuStatus: m.to })
      .where("id", "=", l.passengerId)
      .where("orderId", "=", orderId)
      .where("insuType", "is not", null)
      .where("insuStatus", "=", m.from)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", said("flight.insuranceStatusPassengerHasChanged", { name: l.name }));
  }
}
