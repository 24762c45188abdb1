// The recharge's timed step, written with the recharge so a restart loses none: an unpaid
// recharge closes at its expiry.
import { say } from "../../services/i18n/catalogue";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineJobKind } from "../../jobs/kinds";
import { enqueueJob } from "../../jobs/queue";
import { RECHARGE_STATUS } from "../../../src/domain/orders/recharge";
import { applyRechargeMove, readRecharge } from "./moves";

export const RECHARGE_EXPIRY_JOB = "recharge-expiry";

export function scheduleRechargeExpiry(trx: Kysely<Database>, orderId: number, expiresAt: string): Promise<number> {
  return enqueueJob(trx, { kind: RECHARGE_EXPIRY_JOB, runAt: expiresAt, payload: { orderId } });
}

export const rechargeExpiryJob = defineJobKind({
  kind: RECHARGE_EXPIRY_JOB,
  payload: z.object({ orderId: z.number().int() }),
  async run(p, { trx }) {
    const order = await readRecharge(trx, p.orderId).catch(() => null);
    // Credited meanwhile (or gone): nothing left to close.
    if (!order || order.status !== RECHARGE_STATUS.pendingPayment) return;
    await applyRechargeMove(trx, order, "expire", say("orders.paidTimeTopUpClosed"));
  },
});

export const rechargeJobKinds = [rechargeExpiryJob];
