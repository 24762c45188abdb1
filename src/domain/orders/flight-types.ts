// What the flight order APIs answer: a list row, the detail with passengers, price panel and
// timeline. Money is integer fen; times are ISO instants.
import type { FlightItem, FlightSeat } from "../travel/types";
import type { FlightOrderAction } from "./flight";

export interface FlightOrderRow {
  id: number;
  orderNo: string;
  status: number;
  title: string;
  flightNo: string;
  depCityName: string;
  arrCityName: string;
  depDate: string;
  depTime: string;
  passengerNames: string[];
  payprice: number;
  createTime: string;
  expiresAt: string | null;
}

export interface FlightOrderPassenger {
  id: number;
  name: string;
  psgType: "ADT" | "CHD" | "INF";
  certType: number;
  certNo: string;
  birthday: string | null;
  mobile: string | null;
  tktPrice: number;
  consTax: number;
  fuelTax: number;
  servFee: number;
  insuType: string | null;
  insuPayPrice: number;
  insuStatus: number;
  ticketNo: string | null;
}

export interface FlightOrderEvent {
  id: number;
  action: string;
  fromStatus: number | null;
  toStatus: number;
  actorName: string;
  note: string | null;
  createTime: string;
}

export interface FlightOrderDetail extends FlightOrderRow {
  contactName: string;
  contactMobile: string;
  fareKey: string;
  flight: Omit<FlightItem, "seats">;
  seat: Omit<FlightSeat, "insurance">;
  ticket: number;
  consTax: number;
  fuelTax: number;
  totalServFee: number;
  insurance: number;
  passengers: FlightOrderPassenger[];
  events: FlightOrderEvent[];
  /** What the caller may do now (from the shared state machine). */
  actions: FlightOrderAction[];
}

/** The order-related catalogue paths. */
export const FLIGHT_ORDER_PATHS = {
  book: "/api/v1/trip_manager/air_ticket_domestic_order/book",
  list: "/order/newappGetDometicketOrder",
  detail: "/order/appDometicketOrderViewServlet",
  cancel: "/order/cancelOrder",
} as const;
