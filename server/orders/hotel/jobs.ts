// The hotel order's timed steps, written with the change that needs them so a restart loses
// none: an unpaid order (or one still waiting for its approval) is cancelled at its expiry and its
// rooms go back on sale; a paid one is confirmed by the supplier shortly after payment, then
// checked in on the arrival day and completed on the departure day.
import { say } from "../../services/i18n/catalogue";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineJobKind } from "../../jobs/kinds";
import { enqueueJob } from "../../jobs/queue";
import { noticeBooked } from "../../notifications/events";
import { now } from "../../services/clock";
import { CHINA_OFFSET_MS } from "../../../src/domain/travel/dates";
import { HOTEL_ORDER_STATUS, type HotelOrderAction } from "../../../src/domain/orders/hotel";
import { applyHotelMove } from "./moves";
import { SYSTEM_ACTOR } from "../actor";

export const HOTEL_ORDER_EXPIRY_JOB = "hotel-order-expiry";
export const HOTEL_ORDER_STEP_JOB = "hotel-order-step";

/** How long after payment the (demo) supplier confirms a booking. */
export const CONFIRM_AFTER_MS = 5_000;

/** A China wall-clock time on a date, as an instant. */
const chinaAt = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00Z`) - CHINA_OFFSET_MS;

export async function scheduleHotelOrderExpiry(trx: Kysely<Database>, orderId: number, expiresAt: string): Promise<number> {
  // The deadline is set with the booking: the payer hears it with the booking too.
  await noticeBooked(trx, orderId);
  return enqueueJob(trx, { kind: HOTEL_ORDER_EXPIRY_JOB, runAt: expiresAt, payload: { orderId } });
}

/** After payment: the supplier's confirmation. */
export function scheduleHotelConfirm(trx: Kysely<Database>, orderId: number): Promise<number> {
  return enqueueJob(trx, { kind: HOTEL_ORDER_STEP_JOB, runAt: now() + CONFIRM_AFTER_MS, payload: { orderId, action: "confirm" } });
}

export const hotelOrderExpiryJob = defineJobKind({
  kind: HOTEL_ORDER_EXPIRY_JOB,
  payload: z.object({ orderId: z.number().int() }),
  async run(p, { trx }) {
    const order = await trx.selectFrom("orders").select(["status"]).where("id", "=", p.orderId).executeTakeFirst();
    // Paid or cancelled meanwhile: nothing left to expire. One still waiting for its approval
    // loses its held booking now too.
    if (!order || (order.status !== HOTEL_ORDER_STATUS.pendingPayment && order.status !== HOTEL_ORDER_STATUS.approving)) return;
    const note = order.status === HOTEL_ORDER_STATUS.approving ? say("hotel.bookingHoldExpiredBeforeApproval") : say("flight.paidTimeCancelledAutomaticallyBy");
    await applyHotelMove(trx, { orderId: p.orderId, action: "expire", actor: SYSTEM_ACTOR, note });
  },
});

const STEP_FROM: Partial<Record<HotelOrderAction, number>> = {
  confirm: HOTEL_ORDER_STATUS.pendingConfirm,
  checkIn: HOTEL_ORDER_STATUS.confirmed,
  complete: HOTEL_ORDER_STATUS.checkedIn,
};

const STEP_NOTE: Partial<Record<HotelOrderAction, string>> = {
  confirm: say("hotel.hotelConfirmedBooking"),
  checkIn: say("hotel.checked"),
  complete: say("hotel.checkedOutOrderCompleted"),
};

export const hotelOrderStepJob = defineJobKind({
  kind: HOTEL_ORDER_STEP_JOB,
  payload: z.object({ orderId: z.number().int(), action: z.enum(["confirm", "checkIn", "complete"]) }),
  async run(p, { trx }) {
    const order = await trx.selectFrom("orders").select(["status"]).where("id", "=", p.orderId).executeTakeFirst();
    // Cancelled (and refunded) meanwhile: the stay no longer happens.
    if (!order || order.status !== STEP_FROM[p.action]) return;
    await applyHotelMove(trx, { orderId: p.orderId, action: p.action, actor: SYSTEM_ACTOR, note: STEP_NOTE[p.action] });
    const stay = await trx.selectFrom("hotel_orders").select(["checkIn", "checkOut"]).where("orderId", "=", p.orderId).executeTakeFirstOrThrow();
    if (p.action === "confirm") {
      await enqueueJob(trx, { kind: HOTEL_ORDER_STEP_JOB, runAt: Math.max(now(), chinaAt(stay.checkIn, "14:00")), payload: { orderId: p.orderId, action: "checkIn" } });
    }
    if (p.action === "checkIn") {
      await enqueueJob(trx, { kind: HOTEL_ORDER_STEP_JOB, runAt: Math.max(now(), chinaAt(stay.checkOut, "12:00")), payload: { orderId: p.orderId, action: "complete" } });
    }
  },
});

export const hotelOrderJobKinds = [hotelOrderExpiryJob, hotelOrderStepJob];
