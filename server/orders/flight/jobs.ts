// The flight order's timed step: an unpaid order (or one still waiting for its approval) is
// cancelled at its expiry and its seats go back on sale. The job is written with the order, so a restart loses none.
import { say } from "../../services/i18n/catalogue";
import { z } from "zod";
import { defineJobKind } from "../../jobs/kinds";
import { enqueueJob } from "../../jobs/queue";
import { noticeBooked } from "../../notifications/events";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { FLIGHT_ORDER_STATUS } from "../../../src/domain/orders/flight";
import { applyFlightMove } from "./moves";
import { SYSTEM_ACTOR } from "../actor";
import "../approval";

export const FLIGHT_ORDER_EXPIRY_JOB = "flight-order-expiry";

export async function scheduleFlightOrderExpiry(trx: Kysely<Database>, orderId: number, expiresAt: string): Promise<number> {
  // The deadline is set with the booking: the payer hears it with the booking too.
  await noticeBooked(trx, orderId);
  return enqueueJob(trx, { kind: FLIGHT_ORDER_EXPIRY_JOB, runAt: expiresAt, payload: { orderId } });
}

export const flightOrderExpiryJob = defineJobKind({
  kind: FLIGHT_ORDER_EXPIRY_JOB,
  payload: z.object({ orderId: z.number().int() }),
  async run(p, { trx }) {
    const order = await trx.selectFrom("orders").select(["status"]).where("id", "=", p.orderId).executeTakeFirst();
    // Paid or cancelled meanwhile: nothing left to expire.
    if (!order || (order.status !== FLIGHT_ORDER_STATUS.pendingPayment && order.status !== FLIGHT_ORDER_STATUS.approving)) return;
    const note = order.status === FLIGHT_ORDER_STATUS.approving ? say("orders.fareExpiredBeforeApprovalFinished") : say("flight.paidTimeCancelledAutomaticallyBy");
    await applyFlightMove(trx, { orderId: p.orderId, action: "expire", actor: SYSTEM_ACTOR, note });
  },
});

export const orderJobKinds = [flightOrderExpiryJob];
