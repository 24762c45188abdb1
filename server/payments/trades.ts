// Payments of an order: the cashier's facts, creating a trade (one outTradeNo per attempt) and
// reading one back for the member it belongs to, with its requestVerify checked.
import { said } from "../services/i18n/text";
import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, Member, PaymentsTable } from "../db/schema";
import { MSG } from "../services/http/envelope";
import { DomainError } from "../services/domain-error";
import { isoAt, now } from "../services/clock";
import { dueOf, visibleOrderId, type Due } from "./products";
import { BUSINESS_TYPE, PAY_METHODS, requestVerify, type CashierInfo, type PayMethod, type QrMethod } from "../../src/domain/payments";
import { walletBalanceFen } from "./ledger";
import { canCreditPay } from "../../src/access/rules";
import { label } from "../../src/domain/codes";
import { companyOfMember } from "../settlement/company";
import { creditLineOf } from "../settlement/credit";

export type Payment = Selectable<PaymentsTable>;

const CHINA_OFFSET_MS = 8 * 3600_000;

/** P + China date-time to the second + 8 random digits; unique by index. */
function newOutTradeNo(): string {
  const stamp = new Date(now() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, "").slice(0, 14);
  return `P${stamp}${crypto.randomInt(0, 100_000_000).toString().padStart(8, "0")}`;
}

/** The QR methods some gateway (a real one, or the sandbox) takes payments for. */
export interface QrGateway {
  methods: readonly QrMethod[];
}

/** The methods the member's payment limits allow, of those this cashier offers (credit aside). */
export function methodsOf(member: Member, qr: QrGateway): PayMethod[] {
  const limits = member.paymentLimits.split(",").map((s) => s.trim());
  return PAY_METHODS.filter((m) => m !== "credit" && limits.includes(m) && (m === "wallet" || (qr.methods as readonly string[]).includes(m)));
}

/**
 * Credit pay is offered to a member of a company (its main member or an employee) whose payment
 * limits include creditpay, when the company has a credit limit. Null: not offered.
 */
export async function creditOf(db: Kysely<Database>, member: Member): Promise<{ walletMemberId: number; availableFen: number } | null> {
  if (!canCreditPay(member.paymentLimits.split(",").map((s) => s.trim()))) return null;
  const company = await companyOfMember(db, member);
  if (!company?.walletMemberId) return null;
  const line = await creditLineOf(db, company.walletMemberId);
  return line.limitFen > 0 ? { walletMemberId: company.walletMemberId, availableFen: Math.max(0, line.limitFen - line.usedFen) } : null;
}

async function allMethodsOf(db: Kysely<Database>, member: Member, qr: QrGateway) {
  const credit = await creditOf(db, member);
  return { methods: [...methodsOf(member, qr), ...(credit ? (["credit"] as const) : [])] as PayMethod[], credit };
}

type OrderRow = { id: number; orderNo: string; product: string; title: string; status: number; totalFen: number; expiresAt: string | null; selfPayFen: number; companyId: number | null };

async function orderOf(db: Kysely<Database>, id: number): Promise<OrderRow> {
  return db.selectFrom("orders").select(["id", "orderNo", "product", "title", "status", "totalFen", "expiresAt", "selfPayFen", "companyId"]).where("id", "=", id).executeTakeFirstOrThrow();
}

export const isExpired = (o: Pick<OrderRow, "expiresAt">) => o.expiresAt !== null && Date.parse(o.expiresAt) <= now();

/** Refuses paying an order that is not waiting for payment, or whose time ran out. */
export function assertPayable(due: Due): void {
  const { product } = due;
  if (due.status === product.paid) throw new DomainError("conflict", said("payments.orderAlreadyPaidDoPay"));
  if (due.status !== product.pendingPayment) throw new DomainError("conflict", said("payments.orderSStatusPaid", { status: label(product.statuses, due.status) }));
  if (isExpired(due)) throw new DomainError("conflict", said("payments.orderPastItsPaymentTime"));
}

// 超标自付: the traveller's own part is theirs to pay, never the company's credit.
const allowedFor = (due: Pick<Due, "product" | "companyFen">, method: string) =>
  (!due.product.methods || (due.product.methods as readonly string[]).includes(method)) && !(due.companyFen > 0 && method === "credit");

export const QR_ONLY = said("payments.accountTopUpsOnlyPaid");

/** Refuses a method the order's product may not be paid with (a recharge: the QR methods only). */
export function assertMethodAllowed(due: Pick<Due, "product" | "businessType" | "companyFen">, method: string): void {
  if (!allowedFor(due, method)) throw new DomainError("forbidden", due.businessType === BUSINESS_TYPE.recharge ? QR_ONLY : said("payments.orderUsePaymentMethod"));
}

export async function cashierInfo(db: Kysely<Database>, member: Member, orderId: number, qr: QrGateway): Promise<CashierInfo> {
  const o = await orderOf(db, await visibleOrderId(db, member, orderId));
  const due = await dueOf(db, o);
  const all = await allMethodsOf(db, member, qr);
  const methods = all.methods.filter((m) => allowedFor(due, m));
  const credit = methods.includes("credit") ? all.credit : null;
  return {
    orderId: o.id,
    product: o.product,
    orderNo: o.orderNo,
    title: due.title ?? o.title,
    status: o.status,
    businessType: due.businessType,
    amount: due.amount,
    expiresAt: due.expiresAt,
    methods,
    walletBalance: await walletBalanceFen(db, member.id),
    payPwdSetup: Boolean(member.payPasswordHash),
    creditAvailable: credit ? credit.availableFen : null,
    companyPart: due.companyFen > 0 ? due.companyFen : null,
  };
}

export async function createPayment(db: Kysely<Database>, member: Member, orderId: number, method: PayMethod, qr: QrGateway) {
  const o = await orderOf(db, await visibleOrderId(db, member, orderId));
  if (!(await allMethodsOf(db, member, qr)).methods.includes(method)) throw new DomainError("forbidden", said("payments.accountUsePaymentMethod"));
  const due = await dueOf(db, o);
  assertMethodAllowed(due, method);
  assertPayable(due);
  const at = isoAt();
  const row = await db
    .insertInto("payments")
    .values({
      outTradeNo: newOutTradeNo(),
      orderId: o.id,
      orderNo: o.orderNo,
      memberId: member.id,
      businessType: due.businessType,
      method,
      amountFen: due.amount,
      creditFen: due.companyFen,
      status: "created",
      createTime: at,
      updateTime: at,
    })
    .returning(["outTradeNo", "amountFen", "businessType"])
    .executeTakeFirstOrThrow();
  return { outTradeNo: row.outTradeNo, amount: row.amountFen, businessType: row.businessType };
}

export async function paymentByTradeNo(db: Kysely<Database>, outTradeNo: string): Promise<Payment | undefined> {
  return db.selectFrom("payments").selectAll().where("outTradeNo", "=", outTradeNo).executeTakeFirst();
}

/**
 * The member's own payment, after its requestVerify: a trade of someone else is forbidden, and
 * a hash that does not match this member and trade is refused before anything is charged.
 */
export async function ownPayment(db: Kysely<Database>, member: Member, outTradeNo: string, verify: string): Promise<Payment> {
  const p = await paymentByTradeNo(db, outTradeNo);
  if (!p) throw new DomainError("notFound", said("payments.paymentTradeFound"));
  if (p.memberId !== member.id) throw new DomainError("forbidden", MSG.forbidden);
  if (verify !== requestVerify(member.id, outTradeNo)) throw new DomainError("forbidden", said("payments.paymentRequestFailedItsCheck"));
  return p;
}

export { orderOf };
