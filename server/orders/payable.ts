// The products the cashier pays: each names its business type, when an order of it waits for
// payment, and what paying and expiring do (a move of its own state machine plus what follows:
// ticketing a flight, the hotel's confirmation, the railway issuing train tickets). The payment
// code asks here by the order's product, so it serves every kind of order the same way. A flight
// order may also owe the amount of a change (business type changeTicket) while it waits in
// 改签申请中, and a train order a dearer change's difference (trainChangeTicket) in 改签待支付:
// that is its due then. A wallet recharge is an order too: paying it credits the wallet.
import { say } from "../services/i18n/catalogue";
import type { Kysely } from "kysely";
import { splitPayment } from "../../src/domain/policy/self-pay";
import type { Database } from "../db/schema";
import { BUSINESS_TYPE, QR_METHODS, type BusinessType, type PayMethod } from "../../src/domain/payments";
import { RECHARGE_PAYABLE_STATUSES, RECHARGE_STATUS, rechargeLabel } from "../../src/domain/orders/recharge";
import { applyRechargeMove, creditRecharge, readRecharge, type SettledTrade } from "./recharge/moves";
import { FLIGHT_ORDER_STATUS, flightOrderLabel } from "../../src/domain/orders/flight";
import { HOTEL_ORDER_STATUS, hotelOrderLabel } from "../../src/domain/orders/hotel";
import { applyFlightMove, SYSTEM_ACTOR } from "./flight/moves";
import { scheduleTicketing } from "./flight/ticketing";
import { applyHotelMove } from "./hotel/moves";
import { scheduleHotelConfirm } from "./hotel/jobs";
import { changeAwaitingPayment, confirmFlightChange, declineFlightChange } from "./flight/change";
import { TRAIN_ORDER_STATUS, trainOrderLabel } from "../../src/domain/orders/train";
import { applyTrainMove } from "./train/moves";
import { confirmTrainChange, declineTrainChange, trainChangeAwaitingPayment, trainChangeTitle } from "./train/change";
import { scheduleTrainTicketing } from "./train/jobs";

export interface PayableProduct {
  businessType: BusinessType;
  pendingPayment: number;
  /** The status right after payment. */
  paid: number;
  label(status: number): string;
  /** The order's pay move and what it starts, in the payment's transaction; `trade` is the payment that settled. */
  pay(trx: Kysely<Database>, orderId: number, note: string, trade: SettledTrade): Promise<void>;
  expire(trx: Kysely<Database>, orderId: number): Promise<void>;
  /** The only methods it may be paid with (none given: every method the member's cashier offers). */
  methods?: readonly PayMethod[];
  /**
   * Statuses in which a gateway's money that arrives still completes the order, also past its
   * deadline (none given: only pendingPayment before the deadline; later money is refunded).
   */
  settlesLate?: readonly number[];
}

const EXPIRED = say("flight.paidTimeCancelledAutomaticallyBy");

/**
 * A wallet recharge: only the QR methods (paying the wallet from the wallet, or with the company's
 * credit, would move no money in or turn company credit into the member's own), and money that
 * arrives after the recharge closed still credits it (see RECHARGE_MOVES).
 */
const RECHARGE: PayableProduct = {
  businessType: BUSINESS_TYPE.recharge,
  pendingPayment: RECHARGE_STATUS.pendingPayment,
  paid: RECHARGE_STATUS.credited,
  label: (s) => rechargeLabel(s),
  pay: (trx, orderId, note, trade) => creditRecharge(trx, orderId, trade, note),
  async expire(trx, orderId) {
    await applyRechargeMove(trx, await readRecharge(trx, orderId), "expire", say("orders.paidTimeTopUpClosed"));
  },
  methods: QR_METHODS,
  settlesLate: RECHARGE_PAYABLE_STATUSES,
};

const PRODUCTS: Readonly<Record<string, PayableProduct>> = {
  recharge: RECHARGE,
  air: {
    businessType: BUSINESS_TYPE.dometicketOrderPay,
    pendingPayment: FLIGHT_ORDER_STATUS.pendingPayment,
    paid: FLIGHT_ORDER_STATUS.paid,
    label: (s) => flightOrderLabel(s),
    async pay(trx, orderId, note) {
      await applyFlightMove(trx, { orderId, action: "pay", actor: SYSTEM_ACTOR, note });
      await scheduleTicketing(trx, orderId);
    },
    async expire(trx, orderId) {
      await applyFlightMove(trx, { orderId, action: "expire", actor: SYSTEM_ACTOR, note: EXPIRED });
    },
  },
  hotel: {
    businessType: BUSINESS_TYPE.hotelPay,
    pendingPayment: HOTEL_ORDER_STATUS.pendingPayment,
    paid: HOTEL_ORDER_STATUS.pendingConfirm,
    label: (s) => hotelOrderLabel(s),
    async pay(trx, orderId, note) {
      await applyHotelMove(trx, { orderId, action: "pay", actor: SYSTEM_ACTOR, note });
      await scheduleHotelConfirm(trx, orderId);
    },
    async expire(trx, orderId) {
      await applyHotelMove(trx, { orderId, action: "expire", actor: SYSTEM_ACTOR, note: EXPIRED });
    },
  },
  train: {
    businessType: BUSINESS_TYPE.trainPay,
    pendingPayment: TRAIN_ORDER_STATUS.pendingPayment,
    paid: TRAIN_ORDER_STATUS.ticketing,
    label: (s) => trainOrderLabel(s),
    async pay(trx, orderId, note) {
      await applyTrainMove(trx, { orderId, action: "pay", actor: SYSTEM_ACTOR, note });
      await scheduleTrainTicketing(trx, orderId);
    },
    async expire(trx, orderId) {
      await applyTrainMove(trx, { orderId, action: "expire", actor: SYSTEM_ACTOR, note: EXPIRED });
    },
  },
};

/** Paying a flight order's change: paying confirms it, running out of time declines it. */
const FLIGHT_CHANGE: PayableProduct = {
  businessType: BUSINESS_TYPE.changeTicket,
  pendingPayment: FLIGHT_ORDER_STATUS.changeRequested,
  paid: FLIGHT_ORDER_STATUS.changed,
  label: (s) => flightOrderLabel(s),
  pay: (trx, orderId, note) => confirmFlightChange(trx, orderId, say("orders.changePaymentMadeChangeComplete", { note })),
  expire: (trx, orderId) => declineFlightChange(trx, orderId, say("flight.changePaymentWasMadeTime")),
};

/** Paying a train order's dearer change: paying completes it, running out of time declines it. */
const TRAIN_CHANGE: PayableProduct = {
  businessType: BUSINESS_TYPE.trainChangeTicket,
  pendingPayment: TRAIN_ORDER_STATUS.changePending,
  paid: TRAIN_ORDER_STATUS.changed,
  label: (s) => trainOrderLabel(s),
  pay: (trx, orderId, note) => confirmTrainChange(trx, orderId, say("orders.changeDifferencePaid", { note })),
  expire: async (trx, orderId) => {
    await declineTrainChange(trx, orderId, "declineChange", SYSTEM_ACTOR);
  },
};

/** What an order owes now, and how paying it moves the order. */
export interface Due {
  product: PayableProduct;
  businessType: BusinessType;
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
  if (order.product === "air" && order.status === FLIGHT_ORDER_STATUS.changeRequested) {
    const change = await changeAwaitingPayment(db, order.id);
    if (change) return { product: FLIGHT_CHANGE, businessType: FLIGHT_CHANGE.businessType, amount: change.payFen, companyFen: 0, companyId: null, expiresAt: change.expiresAt, status: order.status };
  }
  if (order.product === "train" && order.status === TRAIN_ORDER_STATUS.changePending) {
    const change = await trainChangeAwaitingPayment(db, order.id);
    if (change) {
      return {
        product: TRAIN_CHANGE, businessType: TRAIN_CHANGE.businessType, amount: change.payFen, companyFen: 0, companyId: null, expiresAt: change.expiresAt, status: order.status,
        title: trainChangeTitle(change),
      };
    }
  }
  const product = payableOf(order.product);
  const { selfFen, companyFen } = order.selfPayFen ? splitPayment(order.totalFen, order.selfPayFen) : { selfFen: order.totalFen, companyFen: 0 };
  return { product, businessType: product.businessType, amount: selfFen, companyFen, companyId: order.companyId ?? null, expiresAt: order.expiresAt, status: order.status };
}

export function payableOf(product: string): PayableProduct {
  const p = PRODUCTS[product];
  if (!p) throw new Error(`orders of product ${product} cannot be paid`);
  return p;
}
