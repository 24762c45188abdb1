// Money going back to whoever paid an order, for every product: to the payer's wallet, or to the
// company's credit line for an order paid on credit (never to the booker's own wallet, which
// would turn company credit into the employee's money), with its ledger line, in the caller's
// transaction. A full refund also marks the payment refunded; a partial one (a cheaper change's
// difference) leaves it paid.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isoAt } from "../services/clock";
import { appendLedger, moveWallet } from "../payments/ledger";
import { restoreCredit } from "../settlement/credit";
import { companyOfMember } from "../settlement/company";

export interface ReturnedMoney {
  /** Where it went; null when the order has no payment. */
  to: "wallet" | "credit" | null;
  /** "账户余额" or "企业授信额度", for the timeline. */
  toLabel: string;
}

export async function returnPayment(
  trx: Kysely<Database>,
  r: { orderId: number; orderNo: string; amountFen: number; note: string; final: boolean },
): Promise<ReturnedMoney> {
  const payment = await trx
    .selectFrom("payments")
    .select(["outTradeNo", "businessType", "memberId", "method"])
    .where("orderId", "=", r.orderId)
    .where("status", "=", "paid")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!payment) return { to: null, toLabel: "" };
  const toCredit = payment.method === "credit";
  if (r.amountFen > 0) {
    if (toCredit) {
      const payer = await trx.selectFrom("members").selectAll().where("id", "=", payment.memberId).executeTakeFirstOrThrow();
      const company = await companyOfMember(trx, payer);
      await restoreCredit(trx, company?.walletMemberId ?? null, r.amountFen);
      await appendLedger(trx, {
        memberId: payment.memberId, account: "credit", entry: "refund", direction: "in", amountFen: r.amountFen,
        businessType: payment.businessType, outTradeNo: payment.outTradeNo, orderNo: r.orderNo, note: r.note,
      });
    } else {
      await moveWallet(trx, {
        memberId: payment.memberId, account: "wallet", entry: "refund", direction: "in", amountFen: r.amountFen,
        businessType: payment.businessType, outTradeNo: payment.outTradeNo, orderNo: r.orderNo, note: r.note,
      });
    }
  }
  if (r.final) await trx.updateTable("payments").set({ status: "refunded", updateTime: isoAt() }).where("outTradeNo", "=", payment.outTradeNo).where("status", "=", "paid").execute();
  return toCredit ? { to: "credit", toLabel: "企业授信额度" } : { to: "wallet", toLabel: "账户余额" };
}
