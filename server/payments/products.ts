// The payments port: what paying, and failing to pay in time, does to an order belongs to the
// order's product, and each product's module registers it here at start (registerPayables in
// server/orders). Payments ask only this port, so they never import the orders they settle, and
// a new product is paid by registering it rather than by changing the cashier.
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { splitPayment } from "../../src/domain/policy/self-pay";
import { PAYABLE_PRODUCTS, payableOfProduct, type PayableKind, type PayableProduct } from "../../src/domain/orders/products";

/** The trade that settled an order's payment. */
export interface SettledTrade {
  outTradeNo: string;
  amountFen: number;
  method: string;
}

/** What a kind of payment does to its order, in the payment's transaction. */
export interface PayableHandlers {
  /** The order's pay move and what it starts; `trade` is the payment that settled. */
  onPaid(trx: Kysely<Database>, orderId: number, note: string, trade: SettledTrade): Promise<void>;
  /** The order's time to pay ran out. */
  onExpired(trx: Kysely<Database>, orderId: number): Promise<void>;
}

/** Something an order owes besides its own total (a change's amount), registered by its product. */
export interface OwedExtra {
  kind: PayableKind;
  amount: number;
  expiresAt: string | null;
  /** What the cashier names as the product when it is not the order's title (a train change: the new train). */
  title?: string;
}

/** The product's answer to "does this order owe something else now?" (null: its own total). */
export type OwedExtraLookup = (db: Kysely<Database>, order: { id: number; status: number }) => Promise<OwedExtra | null>;

/** Whether a member may see an order: its id, or a refusal (404 none, 403 someone else's). */
export type OrderAccess = (db: Kysely<Database>, member: Member, orderId: number) => Promise<number>;

export type Payable = PayableProduct & PayableHandlers;

const handlers = new Map<PayableKind, PayableHandlers>();
const extras = new Map<string, OwedExtraLookup>();
let access: OrderAccess | null = null;

export function registerPayable(kind: PayableKind, h: PayableHandlers): void {
  handlers.set(kind, h);
}

/** A product whose orders can owe more than their total in some status registers how to tell. */
export function registerOwedExtra(product: string, lookup: OwedExtraLookup): void {
  extras.set(product, lookup);
}

export function registerOrderAccess(a: OrderAccess): void {
  access = a;
}

function payable(kind: PayableKind): Payable {
  const h = handlers.get(kind);
  if (!h) throw new Error(`payments of kind ${kind} are not registered`);
  return { ...PAYABLE_PRODUCTS[kind], ...h };
}

export function visibleOrderId(db: Kysely<Database>, member: Member, orderId: number): Promise<number> {
  if (!access) throw new Error("no order access is registered with payments");
  return access(db, member, orderId);
}

/** What an order owes now, and how paying it moves the order. */
export interface Due {
  product: Payable;
  businessType: PayableProduct["businessType"];
  /** What the payer pays with the trade (超标自付: the traveller's own part). */
  amount: number;
  /** 超标自付: the standard's part, charged to the order's company credit line with the trade (else 0). */
  companyFen: number;
  companyId: number | null;
  expiresAt: string | null;
  status: number;
  /** What the cashier names as the product when it is not the order's title (a train change: the new train). */
  title?: string;
}

type PayableOrder = { id: number; product: string; status: number; totalFen: number; expiresAt: string | null; selfPayFen?: number; companyId?: number | null };

export async function dueOf(db: Kysely<Database>, order: PayableOrder): Promise<Due> {
  const extra = await extras.get(order.product)?.(db, order);
  if (extra) {
    const product = payable(extra.kind);
    return { product, businessType: product.businessType, amount: extra.amount, companyFen: 0, companyId: null, expiresAt: extra.expiresAt, status: order.status, ...(extra.title ? { title: extra.title } : {}) };
  }
  const own = payableOfProduct(order.product);
  if (!own) throw new Error(`orders of product ${order.product} cannot be paid`);
  const product = payable(own.kind);
  const { selfFen, companyFen } = order.selfPayFen ? splitPayment(order.totalFen, order.selfPayFen) : { selfFen: order.totalFen, companyFen: 0 };
  return { product, businessType: product.businessType, amount: selfFen, companyFen, companyId: order.companyId ?? null, expiresAt: order.expiresAt, status: order.status };
}
