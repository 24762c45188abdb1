// The products the cashier pays, as data shared by the cashier page and the server: the business
// type each kind of payment carries, the status in which its order waits for that payment and the
// status right after it. A flight order also owes a change's amount while it waits in 改签申请中,
// and a train order a dearer change's difference in 改签待支付: each is a kind of its own, with its
// own business type, so a trade names exactly what it paid for. What paying and expiring do to
// the order belongs to each product's own module on the server, which registers it there.
import { BUSINESS_TYPE, QR_METHODS, type BusinessType, type PayMethod } from "../payments/types";
import type { CodeTable } from "../codes";
import { FLIGHT_ORDER_LABELS, FLIGHT_ORDER_STATUS } from "./flight";
import { HOTEL_ORDER_LABELS, HOTEL_ORDER_STATUS } from "./hotel";
import { TRAIN_ORDER_LABELS, TRAIN_ORDER_STATUS } from "./train";
import { RECHARGE_LABELS, RECHARGE_PAYABLE_STATUSES, RECHARGE_PRODUCT, RECHARGE_STATUS } from "./recharge";

export const PAYABLE_KINDS = ["air", "airChange", "hotel", "train", "trainChange", "recharge"] as const;
export type PayableKind = (typeof PAYABLE_KINDS)[number];

export interface PayableProduct {
  kind: PayableKind;
  /** The `product` of the orders it is paid for. */
  product: string;
  businessType: BusinessType;
  /** The status in which the order waits for this payment. */
  pendingPayment: number;
  /** The status right after payment. */
  paid: number;
  /** The order's status texts. */
  statuses: CodeTable;
  /** The only methods it may be paid with (none given: every method the member's cashier offers). */
  methods?: readonly PayMethod[];
  /**
   * Statuses in which a gateway's money that arrives still completes the order, also past its
   * deadline (none given: only pendingPayment before the deadline; later money is refunded).
   */
  settlesLate?: readonly number[];
}

export const PAYABLE_PRODUCTS: Readonly<Record<PayableKind, PayableProduct>> = {
  air: {
    kind: "air", product: "air", businessType: BUSINESS_TYPE.dometicketOrderPay,
    pendingPayment: FLIGHT_ORDER_STATUS.pendingPayment, paid: FLIGHT_ORDER_STATUS.paid, statuses: FLIGHT_ORDER_LABELS,
  },
  airChange: {
    kind: "airChange", product: "air", businessType: BUSINESS_TYPE.changeTicket,
    pendingPayment: FLIGHT_ORDER_STATUS.changeRequested, paid: FLIGHT_ORDER_STATUS.changed, statuses: FLIGHT_ORDER_LABELS,
  },
  hotel: {
    kind: "hotel", product: "hotel", businessType: BUSINESS_TYPE.hotelPay,
    pendingPayment: HOTEL_ORDER_STATUS.pendingPayment, paid: HOTEL_ORDER_STATUS.pendingConfirm, statuses: HOTEL_ORDER_LABELS,
  },
  train: {
    kind: "train", product: "train", businessType: BUSINESS_TYPE.trainPay,
    pendingPayment: TRAIN_ORDER_STATUS.pendingPayment, paid: TRAIN_ORDER_STATUS.ticketing, statuses: TRAIN_ORDER_LABELS,
  },
  trainChange: {
    kind: "trainChange", product: "train", businessType: BUSINESS_TYPE.trainChangeTicket,
    pendingPayment: TRAIN_ORDER_STATUS.changePending, paid: TRAIN_ORDER_STATUS.changed, statuses: TRAIN_ORDER_LABELS,
  },
  // A wallet recharge: only the QR methods (paying the wallet from the wallet, or with the
  // company's credit, would move no money in or turn company credit into the member's own), and
  // money that arrives after the recharge closed still credits it.
  recharge: {
    kind: "recharge", product: RECHARGE_PRODUCT, businessType: BUSINESS_TYPE.recharge,
    pendingPayment: RECHARGE_STATUS.pendingPayment, paid: RECHARGE_STATUS.credited, statuses: RECHARGE_LABELS,
    methods: QR_METHODS, settlesLate: RECHARGE_PAYABLE_STATUSES,
  },
};

/** The kind of payment an order's own total is (not a change): the kind named after its product. */
export function payableOfProduct(product: string): PayableProduct | undefined {
  return Object.values(PAYABLE_PRODUCTS).find((p) => p.product === product && p.kind === product);
}

/** The kind of payment a trade or a cashier is for, by its business type (one per kind). */
export function payableOfBusinessType(businessType: number): PayableProduct | undefined {
  return Object.values(PAYABLE_PRODUCTS).find((p) => p.businessType === businessType);
}
