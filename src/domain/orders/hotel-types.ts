// What the hotel order APIs take and answer, zod-free so the resource registry can name the
// paths: the list row, the detail with nights, guests, policy and timeline. Money is integer
// fen; times are ISO instants.
import type { CancelPolicy } from "../travel/hotel";
import type { HotelOrderAction } from "./hotel";
import type { OrderBusinessFacts, OrderPeople } from "./business-types";

export const HOTEL_ORDER_PATHS = {
  book: "/api/v1/trip_manager/hotel_domestic_order/book",
  list: "/hotel/order/myOrderList",
  detail: "/hotel/order/detail",
  cancel: "/hotel/order/cancel",
  modify: "/hotel/order/modify",
  /** The travel standard's verdict on a room for a stay before a business booking. */
  standardCheck: "/api/v1/trip_manager/hotel_domestic_order/standard_check",
} as const;

/** Expected arrival times the form offers (the hotel keeps the room until then). */
export const ARRIVAL_TIMES = ["14:00", "16:00", "18:00", "20:00", "22:00", "23:59"] as const;
export type ArrivalTime = (typeof ARRIVAL_TIMES)[number];

export interface HotelOrderRow {
  id: number;
  orderNo: string;
  status: number;
  hotelName: string;
  roomName: string;
  cityName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  roomCount: number;
  guestNames: string[];
  payprice: number;
  createTime: string;
  expiresAt: string | null;
}

export interface HotelOrderNight {
  night: string;
  price: number;
  rooms: number;
}

export interface HotelOrderEvent {
  id: number;
  action: string;
  fromStatus: number | null;
  toStatus: number;
  actorName: string;
  note: string | null;
  createTime: string;
}

export interface HotelOrderDetail extends HotelOrderRow, OrderBusinessFacts, OrderPeople {
  hotelId: number;
  roomTypeId: number;
  address: string;
  phone: string;
  bedType: string;
  breakfastLabel: string;
  cancelPolicy: CancelPolicy;
  cancelText: string;
  arrivalTime: string;
  remark: string | null;
  contactName: string;
  contactMobile: string;
  confirmNo: string | null;
  serviceFee: number;
  penalty: number;
  refundAmount: number;
  nightly: HotelOrderNight[];
  guests: { roomNo: number; name: string }[];
  events: HotelOrderEvent[];
  actions: HotelOrderAction[];
  /** What cancelling now would do, while the order may be cancelled (else null). */
  cancelQuote: HotelCancelQuote | null;
}

/**
 * The cancel's terms, computed by the server with the rule the cancel itself applies: what was
 * paid, the fee kept under the rate's policy and the refund (all 0 for an unpaid order, whose
 * rooms are just released), and until when (ISO instant) cancelling is free (null: never).
 */
export interface HotelCancelQuote {
  paidFen: number;
  feeFen: number;
  refundFen: number;
  freeUntil: string | null;
}
