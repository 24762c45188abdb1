// Paying money back to where an order was paid from, for every product, in the caller's
// transaction: to the member's wallet; for an order paid on company credit, to the company's
// credit line (never the booker's own wallet, which would turn company credit into the
// employee's money); for an order paid by Alipay or WeChat, to that account (a refund at the
// gateway, booked by its job). A 超标自付 trade paid from two sources: the traveller's own money
// goes back first, up to what they paid less what earlier refunds of the trade (some passengers'
// tickets) already gave them, to where they paid it; the rest restores the company's line (the
// fee an airline keeps is a cost of the business trip, the company's).
// A final refund marks the trade refunded; a partial one (a cheaper change's difference) leaves
// it paid, so the rest can still be refunded later. An order paid by several trades (a ticket,
// then a dearer change's difference) is refunded through them in turn, none giving back more
// than it took. Refund rows of the ledger are not keyed by
// the trade alone (a trade can be refunded more than once): each is written together with the
// conditional state move that allows it, so a retried move cannot refund twice.
import { say } from "../services/i18n/catalogue";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isoAt } from "../services/clock";
import { appendLedger, moveWallet } from "./ledger";
import { restoreCredit } from "../settlement/credit";
import { companyById, companyOfMember } from "../settlement/company";
import { isSourceMethod, scheduleSourceRefund, SOURCE_NAMES } from "./source-refund";
import { noticePaidBack } from "../notifications/events";

export interface PayBack {
  orderId: number;
  orderNo: string;
  /** The business type of the trade that paid for what is refunded; any when left out. */
  businessType?: number;
  amountFen: number;
  note: string;
  /** false: part of the money (a cheaper change's difference); the trade stays paid. Default true. */
  final?: boolean;
}

/** Where the money went; "split": the traveller's part to where they paid it, the rest to the company's line. */
export type PaidBackTo = "wallet" | "credit" | "alipay" | "wechat" | "split" | "none";

export interface PaidBack {
  to: PaidBackTo;
  /** For the timeline: 账户余额, 企业授信额度, 支付宝（原路退回） …; empty when no trade was paid. */
  label: string;
}

const LABELS: Record<Exclude<PaidBackTo, "split" | "none">, string> = {
  wallet: say("payments.accountBalance"),
  credit: say("payments.companyCreditLine"),
  alipay: say("payments.refundedOriginalAccount", { alipay: SOURCE_NAMES.alipay }),
  wechat: say("payments.refundedOriginalAccount2", { wechat: SOURCE_NAMES.wechat }),
};

type Paid = { outTradeNo: string; businessType: number; memberId: number; method: string; amountFen: number; creditFen: number };

export async function payBack(trx: Kysely<Database>, r: PayBack): Promise<PaidBack> {
  const trades = await trx
    .selectFrom("payments")
    .select(["outTradeNo", "businessType", "memberId", "method", "amountFen", "creditFen"])
    .where("orderId", "=", r.orderId)
    .where("status", "=", "paid")
    .orderBy("id", "desc")
    .execute();
  // The trade of the given business type first (a ticket's own payment before a change's).
  const own = r.businessType === undefined ? trades : trades.filter((t) => t.businessType === r.businessType);
  const first = own[0];
  if (!first) return { to: "none", label: "" };
  const ordered = [...own, ...trades.filter((t) => !own.includes(t))];
  // Each trade gives back at most what it took less what it already gave back: more than that (a
  // ticket changed to a dearer fare, the difference paid by another trade) goes back through the
  // order's other trades, each to where it was paid from; company credit never repays a member's
  // own money, nor a wallet the company's.
  let left = r.amountFen;
  const used: Paid[] = [];
  const results: PaidBack[] = [];
  const give = async (t: Paid, part: number) => {
    results.push(t.creditFen > 0 && t.method !== "credit" ? await payBackSplit(trx, r, t, part) : await toOneLabelled(trx, t, part, r));
    if (!used.includes(t)) used.push(t);
    left -= part;
  };
  for (const t of ordered) {
    if (left <= 0) break;
    const part = Math.min(left, t.amountFen + t.creditFen - (await givenBack(trx, t)));
    if (part > 0) await give(t, part);
  }
  // More than the trades took (not a refund any product asks for): the first trade's payer, as ever.
  if (left > 0) await give(first, left);
  if (r.final !== false) {
    for (const t of used.includes(first) ? used : [first, ...used]) {
      await trx.updateTable("payments").set({ status: "refunded", updateTime: isoAt() }).where("outTradeNo", "=", t.outTradeNo).where("status", "=", "paid").execute();
    }
  }
  const back: PaidBack = results.length === 0 ? { to: toOf(first), label: LABELS[toOf(first)] } : results.length === 1 ? results[0] : { to: "split", label: [...new Set(results.map((x) => x.label))].join(say("payments.and")) };
  await noticePaidBack(trx, r, back);
  return back;
}

const toOf = (t: Paid): Exclude<PaidBackTo, "split" | "none"> => (t.method === "credit" ? "credit" : isSourceMethod(t.method) ? t.method : "wallet");

/**
 * What earlier refunds of the trade gave back in all: at the gateway (booked or still on its way),
 * to the wallet, and to the company's credit line (a credit payment, or a 超标自付 trade's company part).
 */
async function givenBack(trx: Kysely<Database>, t: Paid): Promise<number> {
  const ledger = await trx
    .selectFrom("ledger")
    .select((eb) => eb.fn.sum<number | string | null>("amountFen").as("fen"))
    .where("outTradeNo", "=", t.outTradeNo)
    .where("entry", "=", "refund")
    .where("account", "in", ["wallet", "credit"])
    .executeTakeFirstOrThrow();
  const gateway = isSourceMethod(t.method)
    ? await trx.selectFrom("source_refunds").select((eb) => eb.fn.sum<number | string | null>("amountFen").as("fen")).where("outTradeNo", "=", t.outTradeNo).executeTakeFirstOrThrow()
    : { fen: 0 };
  return Number(ledger.fen ?? 0) + Number(gateway.fen ?? 0);
}

/** What earlier refunds of the trade gave back to its payer: at the gateway (booked or still on its way), or to the wallet. */
async function refundedBefore(trx: Kysely<Database>, t: Paid): Promise<number> {
  const row = isSourceMethod(t.method)
    ? await trx.selectFrom("source_refunds").select((eb) => eb.fn.sum<number | string | null>("amountFen").as("fen")).where("outTradeNo", "=", t.outTradeNo).executeTakeFirstOrThrow()
    : await trx
        .selectFrom("ledger")
        .select((eb) => eb.fn.sum<number | string | null>("amountFen").as("fen"))
        .where("outTradeNo", "=", t.outTradeNo)
        .where("entry", "=", "refund")
        .where("account", "=", "wallet")
        .executeTakeFirstOrThrow();
  return Number(row.fen ?? 0);
}

async function toOneLabelled(trx: Kysely<Database>, t: Paid, amountFen: number, r: PayBack): Promise<PaidBack> {
  await toOne(trx, t, amountFen, r);
  const to = toOf(t);
  return { to, label: LABELS[to] };
}

/** `amountFen` of the trade back to the one account it was paid from. */
async function toOne(trx: Kysely<Database>, payment: Paid, amountFen: number, r: PayBack): Promise<void> {
  const entry = { memberId: payment.memberId, entry: "refund" as const, direction: "in" as const, amountFen, businessType: payment.businessType, outTradeNo: payment.outTradeNo, orderNo: r.orderNo, note: r.note };
  if (payment.method === "credit") {
    const payer = await trx.selectFrom("members").selectAll().where("id", "=", payment.memberId).executeTakeFirstOrThrow();
    const company = await companyOfMember(trx, payer);
    await restoreCredit(trx, company?.walletMemberId ?? null, amountFen);
    await appendLedger(trx, { ...entry, account: "credit" });
  } else if (isSourceMethod(payment.method)) {
    await scheduleSourceRefund(trx, payment, amountFen, r.note);
  } else {
    await moveWallet(trx, { ...entry, account: "wallet" });
  }
}

async function payBackSplit(trx: Kysely<Database>, r: PayBack, payment: Paid, amountFen: number): Promise<PaidBack> {
  const earlier = await refundedBefore(trx, payment);
  const ownPart = Math.max(0, Math.min(amountFen, payment.amountFen - earlier));
  const companyPart = amountFen - ownPart;
  if (ownPart > 0) await toOne(trx, payment, ownPart, r);
  const own = toOf(payment);
  if (companyPart <= 0) return { to: own, label: LABELS[own] };
  const order = await trx.selectFrom("orders").select("companyId").where("id", "=", r.orderId).executeTakeFirstOrThrow();
  const company = order.companyId ? await companyById(trx, order.companyId) : null;
  await restoreCredit(trx, company?.walletMemberId ?? null, companyPart);
  await appendLedger(trx, { memberId: payment.memberId, entry: "refund", direction: "in", amountFen: companyPart, account: "credit", businessType: payment.businessType, outTradeNo: payment.outTradeNo, orderNo: r.orderNo, note: r.note });
  return { to: "split", label: say("payments.and2", { own: LABELS[own], credit: LABELS.credit }) };
}
