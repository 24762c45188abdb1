// Paying money back to where an order was paid from: the member's wallet, or, for an order paid
// on company credit, the company's credit line (never the booker's own wallet, which would turn
// company credit into the employee's money). One ledger row either way, in the caller's
// transaction, and the trade is marked refunded. A 超标自付 trade paid from two sources: the
// traveller's own money goes back first, up to what they paid; the rest restores the company's
// line (the fee an airline keeps is a cost of the business trip, the company's).
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isoAt } from "../services/clock";
import { appendLedger, moveWallet } from "./ledger";
import { restoreCredit } from "../settlement/credit";
import { companyById, companyOfMember } from "../settlement/company";

export interface PayBack {
  orderId: number;
  orderNo: string;
  /** The business type of the trade that paid for what is refunded. */
  businessType: number;
  amountFen: number;
  note: string;
}

/** Where the money went: "wallet", "credit", both ("split"), or "none" when no trade of that type was paid. */
export async function payBack(trx: Kysely<Database>, r: PayBack): Promise<"wallet" | "credit" | "split" | "none"> {
  const payment = await trx
    .selectFrom("payments")
    .select(["outTradeNo", "businessType", "memberId", "method", "amountFen", "creditFen"])
    .where("orderId", "=", r.orderId)
    .where("businessType", "=", r.businessType)
    .where("status", "=", "paid")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!payment) return "none";
  if (payment.creditFen > 0 && payment.method !== "credit") return payBackSplit(trx, r, payment);
  const toCredit = payment.method === "credit";
  if (r.amountFen > 0) {
    const entry = { memberId: payment.memberId, entry: "refund" as const, direction: "in" as const, amountFen: r.amountFen, businessType: payment.businessType, outTradeNo: payment.outTradeNo, orderNo: r.orderNo, note: r.note };
    if (toCredit) {
      const payer = await trx.selectFrom("members").selectAll().where("id", "=", payment.memberId).executeTakeFirstOrThrow();
      const company = await companyOfMember(trx, payer);
      await restoreCredit(trx, company?.walletMemberId ?? null, r.amountFen);
      await appendLedger(trx, { ...entry, account: "credit" });
    } else {
      await moveWallet(trx, { ...entry, account: "wallet" });
    }
  }
  await trx.updateTable("payments").set({ status: "refunded", updateTime: isoAt() }).where("outTradeNo", "=", payment.outTradeNo).where("status", "=", "paid").execute();
  return toCredit ? "credit" : "wallet";
}

async function payBackSplit(
  trx: Kysely<Database>,
  r: PayBack,
  payment: { outTradeNo: string; businessType: number; memberId: number; amountFen: number },
): Promise<"wallet" | "split"> {
  const toWallet = Math.min(r.amountFen, payment.amountFen);
  const toCredit = r.amountFen - toWallet;
  const entry = { memberId: payment.memberId, entry: "refund" as const, direction: "in" as const, businessType: payment.businessType, outTradeNo: payment.outTradeNo, orderNo: r.orderNo, note: r.note };
  if (toWallet > 0) await moveWallet(trx, { ...entry, account: "wallet", amountFen: toWallet });
  if (toCredit > 0) {
    const order = await trx.selectFrom("orders").select("companyId").where("id", "=", r.orderId).executeTakeFirstOrThrow();
    const company = order.companyId ? await companyById(trx, order.companyId) : null;
    await restoreCredit(trx, company?.walletMemberId ?? null, toCredit);
    await appendLedger(trx, { ...entry, account: "credit", amountFen: toCredit });
  }
  await trx.updateTable("payments").set({ status: "refunded", updateTime: isoAt() }).where("outTradeNo", "=", payment.outTradeNo).where("status", "=", "paid").execute();
  return toCredit > 0 ? "split" : "wallet";
}
