// Money that goes back to the Alipay or WeChat account it was paid from, never to the member's
// wallet: QR money that cannot complete its order (it arrived after the order expired or was
// cancelled, after another trade paid it, or the company's part of a 超标自付 order could not be
// charged), and the refunds of orders paid by QR (a returned ticket, a cancelled room, a cheaper
// change's difference). Each refund is a row with its own number at the gateway, written with a
// job in the caller's transaction; the job asks the gateway before its transaction opens (no
// network wait may hold one) and then books the refund. The gateway's refund is idempotent by
// that number, so a retried job asks again safely. A sandbox trade has no real account behind
// it: its refund is booked at once. A gateway that keeps failing is retried with backoff and
// never falls back to the wallet, since a refund whose answer was lost may have been paid already.
import { say } from "../services/i18n/catalogue";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { defineJobKind } from "../jobs/kinds";
import { enqueueJob } from "../jobs/queue";
import { isoAt, now } from "../services/clock";
import { appendLedger } from "./ledger";
import { paymentByTradeNo, type Payment } from "./trades";
import { GatewayError, type PayGateways } from "./gateways/types";

export const SOURCE_REFUND_JOB = "payment.refund-to-source";

export type SourceMethod = "alipay" | "wechat";
export const SOURCE_NAMES: Record<SourceMethod, string> = { alipay: say("recharge.alipay"), wechat: say("recharge.wechat") };
export const isSourceMethod = (m: string): m is SourceMethod => m === "alipay" || m === "wechat";

/** Trade numbers the sandbox cashier gives its payments. */
const isSandboxTrade = (p: Pick<Payment, "gatewayTradeNo">) => p.gatewayTradeNo === null || p.gatewayTradeNo.startsWith("SBX");

/** The first refund of a trade is `R<trade>`, the next ones `R<trade>-2`, `R<trade>-3` … */
export const refundNoOf = (outTradeNo: string, nth = 1) => (nth === 1 ? `R${outTradeNo}` : `R${outTradeNo}-${nth}`);

type SourcePayment = Pick<Payment, "outTradeNo" | "memberId" | "method">;

/**
 * Schedules `amountFen` of a QR trade to go back to its account, in the caller's transaction.
 * The caller decides what the trade's own status becomes.
 */
export async function scheduleSourceRefund(trx: Kysely<Database>, p: SourcePayment, amountFen: number, why: string): Promise<void> {
  if (amountFen <= 0) return;
  const before = await trx.selectFrom("source_refunds").select((eb) => eb.fn.countAll<number>().as("n")).where("outTradeNo", "=", p.outTradeNo).executeTakeFirstOrThrow();
  const outRefundNo = refundNoOf(p.outTradeNo, Number(before.n) + 1);
  const at = isoAt();
  await trx
    .insertInto("source_refunds")
    .values({ outRefundNo, outTradeNo: p.outTradeNo, memberId: p.memberId, method: p.method, amountFen, reason: why, status: "refunding", createTime: at, updateTime: at })
    .execute();
  await enqueueJob(trx, { kind: SOURCE_REFUND_JOB, runAt: now(), payload: { outRefundNo } });
}

/** Money that cannot complete its order: the whole trade goes back (paid → refunding → refunded). */
export async function refundToSource(trx: Kysely<Database>, p: Payment, why: string): Promise<void> {
  const moved = await trx
    .updateTable("payments")
    .set({ status: "refunding", updateTime: isoAt() })
    .where("outTradeNo", "=", p.outTradeNo)
    .where("status", "=", "paid")
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return;
  await scheduleSourceRefund(trx, p, p.amountFen, why);
}

// Jobs scheduled before refunds had rows named the trade; their rows were made by the migration.
const payload = z.union([
  z.object({ outRefundNo: z.string().min(1).max(80) }),
  z.object({ outTradeNo: z.string().min(1).max(64), why: z.string().max(200) }).transform((p) => ({ outRefundNo: refundNoOf(p.outTradeNo) })),
]);

async function refundByNo(db: Kysely<Database>, outRefundNo: string) {
  return db.selectFrom("source_refunds").selectAll().where("outRefundNo", "=", outRefundNo).executeTakeFirst();
}

export function sourceRefundJob(gateways: PayGateways) {
  return defineJobKind<{ outRefundNo: string }, "refund" | "skip">({
    kind: SOURCE_REFUND_JOB,
    payload: payload as z.ZodType<{ outRefundNo: string }>,
    // About a day of tries (backoff grows to an hour); then the job stays failed for a person to see.
    maxAttempts: 30,
    async prepare(p, { db }) {
      const refund = await refundByNo(db, p.outRefundNo);
      if (!refund || refund.status !== "refunding") return "skip";
      const trade = await paymentByTradeNo(db, refund.outTradeNo);
      if (!trade) return "skip";
      if (isSandboxTrade(trade)) return "refund";
      const gateway = isSourceMethod(refund.method) ? gateways[refund.method] : undefined;
      if (!gateway) throw new GatewayError(say("payments.configuredRefundOriginalAccount", { method: isSourceMethod(refund.method) ? SOURCE_NAMES[refund.method] : refund.method }));
      // Accepted (done or still processing at the gateway): the money is on its way back.
      await gateway.refund({ outTradeNo: refund.outTradeNo, outRefundNo: refund.outRefundNo, refundFen: refund.amountFen, totalFen: trade.amountFen, reason: refund.reason });
      return "refund";
    },
    async run(p, { trx, prepared }) {
      if (prepared === "skip") return;
      const moved = await trx
        .updateTable("source_refunds")
        .set({ status: "refunded", updateTime: isoAt() })
        .where("outRefundNo", "=", p.outRefundNo)
        .where("status", "=", "refunding")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return;
      const refund = (await refundByNo(trx, p.outRefundNo))!;
      const trade = (await paymentByTradeNo(trx, refund.outTradeNo))!;
      // A trade that was going back whole is now back.
      await trx.updateTable("payments").set({ status: "refunded", updateTime: isoAt() }).where("outTradeNo", "=", trade.outTradeNo).where("status", "=", "refunding").execute();
      const account: SourceMethod = refund.method === "wechat" ? "wechat" : "alipay";
      await appendLedger(trx, {
        memberId: refund.memberId, account, entry: "refund", direction: "in", amountFen: refund.amountFen,
        businessType: trade.businessType, outTradeNo: trade.outTradeNo, orderNo: trade.orderNo,
        note: say("payments.refunded", { reason: refund.reason, account: SOURCE_NAMES[account] }),
      });
    },
  });
}
