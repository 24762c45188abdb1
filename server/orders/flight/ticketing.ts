// Ticketing a paid flight order, as durable jobs written with the payment: first the order is
// submitted for ticketing (1 → 7), then, once the supplier's ticketing time has passed, the
// confirmed booking's record locator is read from the supplier, every passenger gets a ticket
// number and the order is ticketed (7 → 2). Each step is one conditional move, so a job that
// runs twice (after a crash) finds the order already moved and does nothing. An order an operator
// of the ticketing queue holds is left to them (see ticketFlightOrder for what both paths share).
import { say } from "../../services/i18n/catalogue";
import crypto from "node:crypto";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineJobKind } from "../../jobs/kinds";
import { enqueueJob } from "../../jobs/queue";
import { findHold } from "../../suppliers/holds";
import { now } from "../../services/clock";
import { FLIGHT_ORDER_STATUS } from "../../../src/domain/orders/flight";
import { applyFlightMove } from "./moves";
import { SYSTEM_ACTOR, type Actor } from "../actor";
import { lockedForMove } from "../../db/transaction";
import { DomainError } from "../../services/domain-error";
import { said } from "../../services/i18n/text";
import { heldForTicketing } from "../ticketing-claims";
import { referredToStaff } from "../../suppliers/flight/manual-ticketing";
import { bookedSegment, orderHoldIds, type OrderSnapshot } from "./segments";

export const FLIGHT_ORDER_ISSUE_JOB = "flight-order-issue";
export const FLIGHT_ORDER_TICKET_JOB = "flight-order-ticket";
/** How long the embedded supplier takes to ticket a submitted order. */
export const TICKETING_DELAY_MS = 5_000;

/** Written in the payment's transaction: the order is submitted for ticketing right away. */
export function scheduleTicketing(trx: Kysely<Database>, orderId: number): Promise<number> {
  return enqueueJob(trx, { kind: FLIGHT_ORDER_ISSUE_JOB, runAt: now(), payload: { orderId } });
}

/** The airlines' numeric ticketing codes (the first 3 digits of a ticket number). */
const AIRLINE_CODES: Readonly<Record<string, string>> = {
  CA: "999", MU: "781", FM: "774", CZ: "784", HU: "880", "3U": "876", ZH: "479", MF: "731", SC: "324", HO: "018", KN: "822", "9C": "089", GS: "826", JD: "898", "8L": "859", PN: "847", EU: "811", G5: "987", TV: "088", QW: "912",
};

export function ticketNumber(flightNo: string): string {
  const code = AIRLINE_CODES[flightNo.slice(0, 2)] ?? "999";
  return `${code}-${crypto.randomInt(0, 10_000_000_000).toString().padStart(10, "0")}`;
}

const payload = z.object({ orderId: z.number().int() });

export const flightOrderIssueJob = defineJobKind({
  kind: FLIGHT_ORDER_ISSUE_JOB,
  payload,
  async run(p, { trx }) {
    const order = await trx.selectFrom("orders").select("status").where("id", "=", p.orderId).executeTakeFirst();
    if (!order || order.status !== FLIGHT_ORDER_STATUS.paid) return;
    await applyFlightMove(trx, { orderId: p.orderId, action: "issue", actor: SYSTEM_ACTOR, note: say("flight.submittedAirlineTicketing") });
    await enqueueJob(trx, { kind: FLIGHT_ORDER_TICKET_JOB, runAt: now() + TICKETING_DELAY_MS, payload: { orderId: p.orderId } });
  },
});

/**
 * Tickets an order in 出票中: every segment's booking must be confirmed; each passenger gets a
 * ticket number (the one given, else one the airline issues now, keeping a number already there)
 * and the order moves to 已出票 with its events, notices and insured policies. The automatic path
 * and an operator's entered tickets both end here, so both leave the same order behind.
 */
export async function ticketFlightOrder(
  trx: Kysely<Database>,
  orderId: number,
  by: { actor: Actor; numbers?: ReadonlyMap<number, string>; note?: (references: string) => string },
): Promise<void> {
  const order = await trx.selectFrom("orders").select(["status", "holdId", "snapshot", "fareKey"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  // The seats were confirmed with the payment; without a confirmed booking (every segment's)
  // there is no ticket: the job fails so it is retried and, in the end, seen in the job table.
  const references: string[] = [];
  for (const holdId of orderHoldIds(order)) {
    const hold = await findHold(trx, holdId);
    if (hold.status !== "confirmed" || !hold.reference) throw new DomainError("conflict", said("ops.ticketingBookingNotConfirmed"));
    references.push(hold.reference);
  }
  const s = JSON.parse(order.snapshot) as OrderSnapshot;
  // One ticket per passenger and segment, numbered by the segment's airline.
  const passengers = await trx.selectFrom("order_passengers").select(["id", "segment", "ticketNo"]).where("orderId", "=", orderId).execute();
  for (const ps of passengers) {
    const given = by.numbers?.get(ps.id);
    if (given !== undefined && given !== ps.ticketNo) {
      await trx.updateTable("order_passengers").set({ ticketNo: given }).where("id", "=", ps.id).execute();
    } else if (given === undefined && ps.ticketNo === null) {
      const flightNo = bookedSegment(order, s, ps.segment).flight.flightNo;
      await trx.updateTable("order_passengers").set({ ticketNo: ticketNumber(flightNo) }).where("id", "=", ps.id).where("ticketNo", "is", null).execute();
    }
  }
  // Every passenger now holds a ticket of their own, refunded or changed on its own from here.
  await trx.updateTable("order_passengers").set({ ticketStatus: "ticketed" }).where("orderId", "=", orderId).where("ticketStatus", "=", "none").execute();
  // The note is read in each reader's language later, with the references as given: a slash
  // reads in both (the Chinese list comma would stay in the English note).
  const joined = references.join(" / ");
  const note = by.note ? by.note(joined) : say("flight.ticketedBookingReferences", { references: joined });
  await applyFlightMove(trx, { orderId, action: "ticket", actor: by.actor, note });
}

export const flightOrderTicketJob = defineJobKind({
  kind: FLIGHT_ORDER_TICKET_JOB,
  payload,
  async run(p, { trx }) {
    // The order row first, as an operator's take locks it: the two never both go through.
    const order = await lockedForMove(trx, trx.selectFrom("orders").select(["status", "holdId"]).where("id", "=", p.orderId)).executeTakeFirst();
    if (!order || order.status !== FLIGHT_ORDER_STATUS.ticketing || !order.holdId) return;
    // An operator holds the order: they ticket or fail it. Released, it is handed back here (the
    // release schedules this job again).
    if (await heldForTicketing(trx, p.orderId)) return;
    // A booking the airline refers to people waits in the queue for an operator.
    const names = await trx.selectFrom("order_passengers").select("name").where("orderId", "=", p.orderId).execute();
    if (referredToStaff(names.map((n) => n.name))) return;
    await ticketFlightOrder(trx, p.orderId, { actor: SYSTEM_ACTOR });
  },
});

/** Hands an order back to the automatic ticketing (an operator released it): its ticketing job runs now. */
export function resumeTicketing(trx: Kysely<Database>, orderId: number): Promise<number> {
  return enqueueJob(trx, { kind: FLIGHT_ORDER_TICKET_JOB, runAt: now(), payload: { orderId } });
}

export const ticketingJobKinds = [flightOrderIssueJob, flightOrderTicketJob];
