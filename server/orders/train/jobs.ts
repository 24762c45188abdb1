// The train order's timed steps, written with the change that needs them so a restart loses
// none: an unpaid order (or one still waiting for its approval) is cancelled at its expiry and its
// seats go back on sale; a paid one is issued by the railway shortly after payment, or fails (and
// is refunded in full) when its held seats lapsed before they could be issued.
import { say } from "../../services/i18n/catalogue";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineJobKind } from "../../jobs/kinds";
import { enqueueJob } from "../../jobs/queue";
import { noticeBooked } from "../../notifications/events";
import { isoAt, now } from "../../services/clock";
import { findHold } from "../../suppliers/holds";
import { TRAIN_ORDER_STATUS } from "../../../src/domain/orders/train";
import { SYSTEM_ACTOR } from "../actor";
import { applyTrainMove } from "./moves";
import { lockedForMove } from "../../db/transaction";
import { heldForTicketing } from "../ticketing-claims";

export const TRAIN_ORDER_EXPIRY_JOB = "train-order-expiry";
export const TRAIN_ORDER_TICKET_JOB = "train-order-ticket";

/** How long after payment the (demo) railway issues the tickets. */
export const TICKET_AFTER_MS = 5_000;

export async function scheduleTrainOrderExpiry(trx: Kysely<Database>, orderId: number, expiresAt: string): Promise<number> {
  // The deadline is set with the booking: the payer hears it with the booking too.
  await noticeBooked(trx, orderId);
  return enqueueJob(trx, { kind: TRAIN_ORDER_EXPIRY_JOB, runAt: expiresAt, payload: { orderId } });
}

/** After payment: the railway issues the tickets. */
export function scheduleTrainTicketing(trx: Kysely<Database>, orderId: number): Promise<number> {
  return enqueueJob(trx, { kind: TRAIN_ORDER_TICKET_JOB, runAt: now() + TICKET_AFTER_MS, payload: { orderId } });
}

const payload = z.object({ orderId: z.number().int() });

export const trainOrderExpiryJob = defineJobKind({
  kind: TRAIN_ORDER_EXPIRY_JOB,
  payload,
  async run(p, { trx }) {
    const order = await trx.selectFrom("orders").select(["status"]).where("id", "=", p.orderId).executeTakeFirst();
    // Paid or cancelled meanwhile: nothing left to expire. One still waiting for its approval
    // loses its held booking now too.
    if (!order || (order.status !== TRAIN_ORDER_STATUS.pendingPayment && order.status !== TRAIN_ORDER_STATUS.approving)) return;
    const note = order.status === TRAIN_ORDER_STATUS.approving ? say("hotel.bookingHoldExpiredBeforeApproval") : say("flight.paidTimeCancelledAutomaticallyBy");
    await applyTrainMove(trx, { orderId: p.orderId, action: "expire", actor: SYSTEM_ACTOR, note });
  },
});

export const trainOrderTicketJob = defineJobKind({
  kind: TRAIN_ORDER_TICKET_JOB,
  payload,
  async run(p, { trx }) {
    // The order row first, as an operator's take locks it: the two never both go through.
    const order = await lockedForMove(trx, trx.selectFrom("orders").select(["status", "holdId"]).where("id", "=", p.orderId)).executeTakeFirst();
    if (!order || order.status !== TRAIN_ORDER_STATUS.ticketing) return;
    // An operator of the ticketing queue holds it: they issue or fail it; released, it comes back here.
    if (await heldForTicketing(trx, p.orderId)) return;
    const hold = order.holdId ? await findHold(trx, order.holdId) : null;
    // The railway issues held seats only until the hold lapses; after that they may be sold again.
    if (hold?.status === "held" && hold.expiresAt > isoAt()) {
      await applyTrainMove(trx, { orderId: p.orderId, action: "ticket", actor: SYSTEM_ACTOR, note: say("train.ticketedByRailway") });
    } else {
      await applyTrainMove(trx, { orderId: p.orderId, action: "fail", actor: SYSTEM_ACTOR, note: say("train.seatHoldLapsedTicketingFailed") });
    }
  },
});

/** Hands an order back to the railway (an operator released it): its ticketing job runs now. */
export function resumeTrainTicketing(trx: Kysely<Database>, orderId: number): Promise<number> {
  return enqueueJob(trx, { kind: TRAIN_ORDER_TICKET_JOB, runAt: now(), payload: { orderId } });
}

export const trainOrderJobKinds = [trainOrderExpiryJob, trainOrderTicketJob];
