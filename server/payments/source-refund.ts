// QR money that cannot complete its order (it arrived after the order expired or was cancelled,
// after another trade paid it, or the company's part of a 超标自付 order could not be charged)
// goes back to the Alipay or WeChat account it came from, not to the member's wallet. The
// settlement marks the trade 'refunding' and schedules this job in its own transaction; the job
// asks the gateway to refund before its transaction opens (no network wait may hold one) and
// then records the refund. The gateway's refund is idempotent by its refund number, so a retried
// job asks again safely. A sandbox trade has no real account behind it: its refund is recorded
// at once. A gateway that keeps failing is retried with backoff and never falls back to the
// wallet, since a refund whose answer was lost may have been paid already.
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

const METHOD_NAMES: Record<string, string> = { alipay: "支付宝", wechat: "微信" };

/** Trade numbers the sandbox cashier gives its payments. */
const isSandboxTrade = (p: Pick<Payment, "gatewayTradeNo">) => p.gatewayTradeNo === null || p.gatewayTradeNo.startsWith("SBX");

/** The refund's number at the gateway: one per trade, so asking twice is one refund. */
export const refundNoOf = (outTradeNo: string) => `R${outTradeNo}`;

/** paid → refunding and the job that pays it back, in the caller's transaction. */
export async function refundToSource(trx: Kysely<Database>, p: Payment, why: string): Promise<void> {
  const moved = await trx
    .updateTable("payments")
    .set({ status: "refunding", updateTime: isoAt() })
    .where("outTradeNo", "=", p.outTradeNo)
    .where("status", "=", "paid")
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return;
  await enqueueJob(trx, { kind: SOURCE_REFUND_JOB, runAt: now(), payload: { outTradeNo: p.outTradeNo, why } });
}

const payload = z.object({ outTradeNo: z.string().min(1).max(64), why: z.string().max(200) });

export function sourceRefundJob(gateways: PayGateways) {
  return defineJobKind<z.infer<typeof payload>, "refund" | "skip">({
    kind: SOURCE_REFUND_JOB,
    payload,
    // About a day of tries (backoff grows to an hour); then the job stays failed for a person to see.
    maxAttempts: 30,
    async prepare(p, { db }) {
      const trade = await paymentByTradeNo(db, p.outTradeNo);
      if (!trade || trade.status !== "refunding") return "skip";
      if (isSandboxTrade(trade)) return "refund";
      const gateway = trade.method === "alipay" || trade.method === "wechat" ? gateways[trade.method] : undefined;
      if (!gateway) throw new GatewayError(`${METHOD_NAMES[trade.method] ?? trade.method}未配置，无法原路退款`);
      // Accepted (done or still processing at the gateway): the money is on its way back.
      await gateway.refund({ outTradeNo: trade.outTradeNo, outRefundNo: refundNoOf(trade.outTradeNo), refundFen: trade.amountFen, totalFen: trade.amountFen, reason: p.why });
      return "refund";
    },
    async run(p, { trx, prepared }) {
      if (prepared === "skip") return;
      const moved = await trx
        .updateTable("payments")
        .set({ status: "refunded", updateTime: isoAt() })
        .where("outTradeNo", "=", p.outTradeNo)
        .where("status", "=", "refunding")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return;
      const trade = (await paymentByTradeNo(trx, p.outTradeNo))!;
      const account = trade.method === "wechat" ? "wechat" : "alipay";
      await appendLedger(trx, {
        memberId: trade.memberId, account, entry: "refund", direction: "in", amountFen: trade.amountFen,
        businessType: trade.businessType, outTradeNo: trade.outTradeNo, orderNo: trade.orderNo,
        note: `${p.why}，已原路退回${METHOD_NAMES[account]}`,
      });
    },
  });
}
