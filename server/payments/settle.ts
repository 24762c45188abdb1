// Settling a payment: the wallet pays in one transaction with the order's pay move (0 → 1, or a
// flight change's 11 → 3: either both happen or neither), and a gateway's notification marks its
// trade paid exactly once. A trade whose order no longer owes it (cancelled, expired, paid by
// another trade, a change declined) goes back to the account it came from (source-refund.ts).
import { say } from "../services/i18n/catalogue";
import { said, type Text } from "../services/i18n/text";
import type { Kysely, Transaction } from "kysely";
import type { Database, Member } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt } from "../services/clock";
import { checkPayPassword } from "../services/accounts/password-guard";
import type { PaymentResult, BusinessType } from "../../src/domain/payments";
import { appendLedger, moveWallet } from "./ledger";
import { assertMethodAllowed, assertPayable, creditOf, isExpired, orderOf, paymentByTradeNo, type Payment } from "./trades";
import { spendCredit } from "../settlement/credit";
import { refundToSource } from "./source-refund";
import { companyById } from "../settlement/company";
import { dueOf, type Due } from "./products";
import { inTransaction } from "../db/transaction";

const resultOf = (p: Pick<Payment, "outTradeNo" | "status" | "orderId" | "orderNo" | "businessType">): PaymentResult => ({
  outTradeNo: p.outTradeNo,
  status: p.status as PaymentResult["status"],
  orderId: p.orderId,
  orderNo: p.orderNo,
  businessType: p.businessType as BusinessType,
});

/** created → paid, only from created: zero rows means another delivery got there first. */
async function markPaid(trx: Kysely<Database>, p: Payment, gatewayTradeNo: string | null): Promise<boolean> {
  const at = isoAt();
  const done = await trx
    .updateTable("payments")
    .set({ status: "paid", paidTime: at, updateTime: at, gatewayTradeNo })
    .where("outTradeNo", "=", p.outTradeNo)
    .where("status", "=", "created")
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

type PayInput = { businessType: number; payPassword?: string };

/**
 * 超标自付: the standard's part of the order goes on the order's company credit line in the
 * transaction that takes the traveller's part, so both are paid or neither (a line without room
 * refuses it, and the caller's transaction takes nothing).
 */
async function chargeCompanyPart(trx: Kysely<Database>, p: Payment, due: Due): Promise<void> {
  if (due.companyFen <= 0) return;
  const company = due.companyId ? await companyById(trx, due.companyId) : null;
  await spendCredit(trx, company?.walletMemberId ?? null, due.companyFen);
  await appendLedger(trx, { memberId: p.memberId, account: "credit", entry: "pay", direction: "out", amountFen: due.companyFen, businessType: p.businessType, outTradeNo: p.outTradeNo, orderNo: p.orderNo, note: say("payments.paidWithCompanyCreditPart") });
}

/** The trade pays what the order owes now: the same business type, amount and company part. */
const tradeMatches = (due: Due, p: Payment) => due.businessType === p.businessType && due.amount === p.amountFen && due.companyFen === p.creditFen;
type Charge = (trx: Transaction<Database>) => Promise<void>;

/**
 * Paying from an account the portal keeps (the wallet, the company's credit line): the trade's
 * move created → paid, the order's move 0 → 1 and the account's charge happen in one transaction,
 * so either all happen or none. `prepare` checks the member may pay this way and returns the
 * charge; it runs before the pay password is tried.
 */
async function payFromAccount(
  db: Kysely<Database>,
  member: Member,
  p: Payment,
  input: PayInput,
  account: { method: "wallet" | "credit"; label: string; notThisMethod: Text | string; prepare: () => Promise<Charge> },
): Promise<PaymentResult> {
  if (p.method !== account.method) throw new DomainError("badInput", account.notThisMethod);
  if (input.businessType !== p.businessType) throw new DomainError("badInput", said("payments.businessTypeDoesMatchTrade"));
  if (p.status === "paid") return resultOf(p);
  if (p.status !== "created") throw new DomainError("conflict", said("payments.tradeClosedStartPaymentAgain"));
  const charge = await account.prepare();
  // The wallet is the member's own money: it never moves without the pay password, and a member
  // who has none is told to set it first (请先设置支付密码, ret 1210). The company's credit line asks
  // for it when the member has set one.
  if (account.method === "wallet" || member.payPasswordHash) {
    if (member.payPasswordHash && !input.payPassword) throw new DomainError("badInput", said("payments.enterPaymentPassword"), { errors: { payPassword: said("payments.enterPaymentPassword") } });
    await checkPayPassword(db, member, input.payPassword ?? "");
  }
  return inTransaction(db, async (trx) => {
    const due = await dueOf(trx, await orderOf(trx, p.orderId));
    // A trade is created only for a method its order allows; this holds even for one that was not.
    assertMethodAllowed(due, account.method);
    assertPayable(due);
    // A trade created for another amount (a change declined and asked again) no longer pays anything.
    if (!tradeMatches(due, p)) throw new DomainError("conflict", said("payments.tradeNoLongerValidStart"));
    if (!(await markPaid(trx, p, null))) {
      const now = await paymentByTradeNo(trx, p.outTradeNo);
      if (now?.status === "paid") return resultOf(now);
      throw new DomainError("conflict", said("payments.tradeClosedStartPaymentAgain"));
    }
    // The order move first: a cancel that won the race makes this throw and nothing is charged.
    await due.product.onPaid(trx, p.orderId, `${account.label} ${p.outTradeNo}`, p);
    await charge(trx);
    await chargeCompanyPart(trx, p, due);
    return resultOf({ ...p, status: "paid" });
  });
}

export function walletPay(db: Kysely<Database>, member: Member, p: Payment, input: PayInput): Promise<PaymentResult> {
  return payFromAccount(db, member, p, input, {
    method: "wallet",
    label: say("payments.balancePayment"),
    notThisMethod: said("payments.tradeBalancePayment"),
    prepare: async () => (trx) =>
      moveWallet(trx, { memberId: member.id, account: "wallet", entry: "pay", direction: "out", amountFen: p.amountFen, businessType: p.businessType, outTradeNo: p.outTradeNo, orderNo: p.orderNo, note: say("payments.balancePayment") }).then(() => undefined),
  });
}

/**
 * Credit pay: the company's credit is spent with a conditional update, so of two payments that
 * together pass the limit exactly one lands and the other is refused with nothing written.
 */
export function creditPay(db: Kysely<Database>, member: Member, p: Payment, input: PayInput): Promise<PaymentResult> {
  return payFromAccount(db, member, p, input, {
    method: "credit",
    label: say("payments.companyCreditPayment"),
    notThisMethod: said("payments.tradeCreditPayment"),
    prepare: async () => {
      const credit = await creditOf(db, member);
      if (!credit) throw new DomainError("forbidden", said("payments.accountPayWithCompanyCredit"));
      return async (trx) => {
        await spendCredit(trx, credit.walletMemberId, p.amountFen);
        await appendLedger(trx, { memberId: member.id, account: "credit", entry: "pay", direction: "out", amountFen: p.amountFen, businessType: p.businessType, outTradeNo: p.outTradeNo, orderNo: p.orderNo, note: say("payments.companyCreditPayment") });
      };
    },
  });
}

export interface Notified {
  outTradeNo: string;
  gatewayTradeNo: string;
  amountFen: number;
  method: "alipay" | "wechat";
}

export interface SettleOutcome {
  result: PaymentResult;
  /** false when this delivery found the trade already settled (a duplicate). */
  settled: boolean;
}

/**
 * A gateway says the trade is paid (the caller verified its signature). Amount and method must
 * be the trade's; the first delivery settles, every later one answers the same result. When a
 * concurrent change (a cancel) makes the order's move fail, the whole settlement rolls back and
 * runs again on the fresh state, where it finds the order cancelled and refunds.
 */
export async function settleNotified(db: Kysely<Database>, n: Notified): Promise<SettleOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, (trx) => settleOnce(trx, n));
    } catch (e) {
      if (attempt >= SETTLE_TRIES || !(e instanceof DomainError) || e.code !== "conflict") throw e;
    }
  }
}

const SETTLE_TRIES = 3;

async function settleOnce(trx: Transaction<Database>, n: Notified): Promise<SettleOutcome> {
  const p = await paymentByTradeNo(trx, n.outTradeNo);
  if (!p) throw new DomainError("notFound", said("payments.paymentTradeFound"));
  if (p.method !== n.method) throw new DomainError("badInput", said("payments.paymentMethodDoesMatchTrade"));
  if (p.amountFen !== n.amountFen) throw new DomainError("badInput", said("payments.paymentAmountDoesMatchTrade"));
  if (!(await markPaid(trx, p, n.gatewayTradeNo))) {
    const now = (await paymentByTradeNo(trx, n.outTradeNo))!;
    return { result: resultOf(now), settled: false };
  }
  await appendLedger(trx, { memberId: p.memberId, account: n.method, entry: "pay", direction: "out", amountFen: p.amountFen, businessType: p.businessType, outTradeNo: p.outTradeNo, orderNo: p.orderNo, note: n.method === "alipay" ? say("payments.alipayPayment") : say("gateways.wechatPay") });
  const paid = { ...p, status: "paid" };
  const due = await dueOf(trx, await orderOf(trx, p.orderId));
  const { product } = due;
  const forThisDue = tradeMatches(due, p);
  // A product that holds nothing its deadline protects (a recharge) is completed by money that
  // arrives late, rather than the money going back.
  if (forThisDue && product.settlesLate?.includes(due.status)) {
    await product.onPaid(trx, p.orderId, say("payments.payment", { alipay: n.method === "alipay" ? "支付宝" : "微信", outTradeNo: p.outTradeNo }), paid);
    return { result: resultOf(paid), settled: true };
  }
  if (forThisDue && due.status === product.pendingPayment && isExpired(due)) {
    await product.onExpired(trx, p.orderId);
    await refundToSource(trx, paid, say("payments.orderHasExpired"));
    return { result: resultOf({ ...p, status: "refunding" }), settled: true };
  }
  if (!forThisDue || due.status !== product.pendingPayment) {
    // Cancelled, or paid by another trade, before this money arrived: it goes back.
    await refundToSource(trx, paid, say("payments.orderWasCancelledAlreadyPaid"));
    return { result: resultOf({ ...p, status: "refunding" }), settled: true };
  }
  // The company's part first: a line without room sends the traveller's money back and leaves
  // the order unpaid (the refusal is a conditional update that wrote nothing).
  try {
    await chargeCompanyPart(trx, p, due);
  } catch (e) {
    if (!(e instanceof DomainError) || e.code !== "conflict") throw e;
    await refundToSource(trx, paid, say("payments.companyCreditInsufficientPartWithin", { message: e.message }));
    return { result: resultOf({ ...p, status: "refunding" }), settled: true };
  }
  await product.onPaid(trx, p.orderId, say("payments.payment", { alipay: n.method === "alipay" ? "支付宝" : "微信", outTradeNo: p.outTradeNo }), paid);
  return { result: resultOf(paid), settled: true };
}

export { resultOf };
