// Invoices (报销凭证 / 发票申请): a member asks for one invoice over one or more of their own paid
// orders. The amount is the sum of those orders' totals, computed by the server; an order is on at
// most one live invoice. The request's life is a small state machine: the member may withdraw it
// only while it waits to be issued; issuing and mailing are the back office's moves.
import { m, trLazy } from "../tr";
import { z } from "zod";
import { FLIGHT_ORDER_STATUS } from "../orders/flight";
import { HOTEL_ORDER_STATUS } from "../orders/hotel";
import { TRAIN_ORDER_STATUS } from "../orders/train";
import { isEmail } from "../validators";
import { zInt, zOptionalString } from "../zod";
import { codeTable, type CodeTable } from "../codes";

export const INVOICE_STATUSES = ["applied", "issued", "mailed", "withdrawn"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS: CodeTable<InvoiceStatus> = codeTable("invoiceStatus", INVOICE_STATUSES);

export type InvoiceAction = "withdraw" | "issue" | "mail";
/** member: the requester; system: the back office that issues and mails. */
export type InvoiceActor = "member" | "system";
export interface InvoiceMove {
  from: InvoiceStatus;
  action: InvoiceAction;
  to: InvoiceStatus;
  by: InvoiceActor;
}

/** Every allowed move; anything not listed is refused. A paper invoice is mailed after it is issued. */
export const INVOICE_MOVES: readonly InvoiceMove[] = [
  { from: "applied", action: "withdraw", to: "withdrawn", by: "member" },
  { from: "applied", action: "issue", to: "issued", by: "system" },
  { from: "issued", action: "mail", to: "mailed", by: "system" },
];

export function invoiceMove(from: string, action: InvoiceAction, by: InvoiceActor): InvoiceMove | null {
  return INVOICE_MOVES.find((m) => m.from === from && m.action === action && m.by === by) ?? null;
}

/** A withdrawn request frees its orders for a new one; any other status keeps them invoiced. */
export const invoiceIsLive = (status: InvoiceStatus): boolean => status !== "withdrawn";

/**
 * Orders that may be invoiced, per product (each has its own status codes): paid and the money
 * kept. Flights: paid, being ticketed, ticketed or changed. Hotels: paid and awaiting the hotel,
 * confirmed, checked in or completed. Trains: paid and being issued, ticketed or changed.
 */
export const INVOICEABLE_ORDER_STATUSES: Readonly<Record<string, readonly number[]>> = {
  air: [FLIGHT_ORDER_STATUS.paid, FLIGHT_ORDER_STATUS.ticketing, FLIGHT_ORDER_STATUS.ticketed, FLIGHT_ORDER_STATUS.changed],
  hotel: [HOTEL_ORDER_STATUS.pendingConfirm, HOTEL_ORDER_STATUS.confirmed, HOTEL_ORDER_STATUS.checkedIn, HOTEL_ORDER_STATUS.completed],
  train: [TRAIN_ORDER_STATUS.ticketing, TRAIN_ORDER_STATUS.ticketed, TRAIN_ORDER_STATUS.changed],
};

export function isInvoiceable(product: string, status: number): boolean {
  return INVOICEABLE_ORDER_STATUSES[product]?.includes(status) ?? false;
}

export const INVOICE_DELIVERIES: CodeTable<"email" | "paper"> = codeTable("invoiceDelivery", ["email", "paper"]);
export type InvoiceDelivery = (typeof INVOICE_DELIVERIES.codes)[number];

/** Orders one request may cover. */
export const INVOICE_ORDERS_MAX = 50;
export const INVOICE_EMAIL_MAX = 100;
export const INVOICE_REMARK_MAX = 200;

const ID_MAX = 2_147_483_647;

/**
 * A new request. The amount is not part of it: the server sums the orders. An electronic invoice
 * needs an email address, a paper one a saved mailing address.
 */
export const invoiceRequestSchema = z
  .object({
    orderIds: z
      .array(zInt({ min: 1, max: ID_MAX, error: trLazy("订单编号不正确") }), { error: trLazy("请选择要开票的订单") })
      .min(1, m("请选择要开票的订单"))
      .max(INVOICE_ORDERS_MAX, m("一次最多为 {INVOICE_ORDERS_MAX} 个订单开票", { INVOICE_ORDERS_MAX })),
    titleId: zInt({ min: 1, max: ID_MAX, error: trLazy("请选择发票抬头") }),
    delivery: z.enum(["email", "paper"], { error: trLazy("请选择发票类型") }),
    email: zOptionalString(z.string().trim().max(INVOICE_EMAIL_MAX, m("请输入正确的邮箱")), trLazy("请输入正确的邮箱")),
    addressId: zInt({ min: 1, max: ID_MAX, error: trLazy("请选择邮寄地址") }).optional(),
    remark: zOptionalString(z.string().trim().max(INVOICE_REMARK_MAX, m("备注最多{INVOICE_REMARK_MAX}个字符", { INVOICE_REMARK_MAX })), trLazy("备注最多{INVOICE_REMARK_MAX}个字符", { INVOICE_REMARK_MAX })),
  })
  .strict()
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (new Set(v.orderIds).size !== v.orderIds.length) issue("orderIds", "同一订单不能重复选择");
    if (v.delivery === "email") {
      if (!v.email) issue("email", "请填写接收发票的邮箱");
      else if (!isEmail(v.email)) issue("email", "请输入正确的邮箱");
    }
    if (v.delivery === "paper" && v.addressId === undefined) issue("addressId", "请选择邮寄地址");
  })
  // Only the chosen delivery's detail is kept.
  .transform((v) => (v.delivery === "email" ? { ...v, addressId: undefined } : { ...v, email: undefined }));
export type InvoiceRequest = z.output<typeof invoiceRequestSchema>;
export type InvoiceRequestInput = z.input<typeof invoiceRequestSchema>;

export interface InvoiceRow {
  id: number;
  status: InvoiceStatus;
  amountFen: number;
  titleType: number;
  title: string;
  taxNo: string | null;
  delivery: InvoiceDelivery;
  email: string | null;
  /** The mailing address as it was when requested: receiver, mobile and the full address. */
  mailTo: string | null;
  orderNos: string[];
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export interface InvoiceableOrder {
  id: number;
  orderNo: string;
  title: string;
  depDate: string;
  status: number;
  totalFen: number;
  createTime: string;
}

export { INVOICE_PATHS } from "./invoice-paths";
