// Bookings and payments as Refine resources: each booking form's submission is a create of an
// order of its product, and paying is a create of a payment (then of its settlement by wallet,
// credit line or QR code). Registered here, with the booking pages' chunks that import this
// module, not in the resource registry loaded with the first page; booking and the resource
// pages stay apart.
import { registerResourceEndpoints } from "../providers/data-provider";
import { FLIGHT_ORDER_PATHS } from "../domain/orders/flight-types";
import { GP_ORDER_PATHS } from "../domain/orders/gp-types";
import { INTL_ORDER_PATHS } from "../domain/orders/intl-types";
import { HOTEL_ORDER_PATHS } from "../domain/orders/hotel-types";
import { TRAIN_ORDER_PATHS } from "../domain/orders/train-types";
import { PAY_PATHS } from "../domain/payments/types";

/** A booking of each product; the reply is the new order (BookReply). */
export const BOOKINGS = {
  flight: "flight-bookings",
  gp: "gp-flight-bookings",
  intl: "intl-flight-bookings",
  hotel: "hotel-bookings",
  train: "train-bookings",
} as const;
export type BookingResource = (typeof BOOKINGS)[keyof typeof BOOKINGS];

/** A payment of an order (its trade number), and the calls that settle it. */
export const PAYMENTS = {
  create: "payments",
  wallet: "wallet-payments",
  credit: "credit-payments",
  qr: "qr-payments",
} as const;

/** A sign-in to the member's own 12306 account (the reply is its 常用联系人); nothing is kept. */
export const RAIL_ACCOUNT_SIGN_INS = "rail-account-sign-ins";

registerResourceEndpoints(BOOKINGS.flight, { create: FLIGHT_ORDER_PATHS.book });
registerResourceEndpoints(BOOKINGS.gp, { create: GP_ORDER_PATHS.book });
registerResourceEndpoints(BOOKINGS.intl, { create: INTL_ORDER_PATHS.book });
registerResourceEndpoints(BOOKINGS.hotel, { create: HOTEL_ORDER_PATHS.book });
registerResourceEndpoints(BOOKINGS.train, { create: TRAIN_ORDER_PATHS.book });
registerResourceEndpoints(PAYMENTS.create, { create: PAY_PATHS.create });
registerResourceEndpoints(PAYMENTS.wallet, { create: PAY_PATHS.wallet });
registerResourceEndpoints(PAYMENTS.credit, { create: PAY_PATHS.credit });
registerResourceEndpoints(PAYMENTS.qr, { create: PAY_PATHS.precreate });
registerResourceEndpoints(RAIL_ACCOUNT_SIGN_INS, { create: TRAIN_ORDER_PATHS.signIn12306 });
