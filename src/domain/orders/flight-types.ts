// What the flight order APIs answer: a list row, the detail with passengers, price panel and
// timeline. Money is integer fen; times are ISO instants.
import type { CabinClass } from "../travel/air-fares";
import type { FlightItem, FlightSeat } from "../travel/types";
import type { FlightOrderAction } from "./flight";
import type { FlightChangeView, FlightRefundView } from "./flight-after-sales";
import type { OrderBusinessFacts, OrderPeople } from "./business-types";
import type { DisruptionChoice } from "../disruptions";
import type { PartialTag, TicketStatus } from "./flight-tickets";
import type { FlightTrip } from "./flight-trip";

export type { BusinessCheck } from "./business-types";

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
  /** "business" (因公), "private" (因私); null for orders booked before travel types. */
  travelType: string | null;
  /** 1: the fare was over the booker's travel standard. */
  overStandard: number;
  /** 1: an international order (its flightNo lists every segment's, arrCityName is the destination). */
  international: number;
  /** 1: a 政府采购 (公务机票) order, listed in the 公务机票订单 tab. */
  gp: number;
  segmentCount: number;
  /** oneway (international itineraries too), rt: a round trip, transit: a domestic connection; both of these are two segments. */
  trip: FlightTrip;
  /** 部分退票 / 部分改签 when only some passengers' tickets were refunded or changed. */
  partial: PartialTag[];
  /** The traveller's choice about the order's latest 航变 (src/domain/disruptions); null when none touched it. */
  disruption?: DisruptionChoice | null;
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
  /** The segment this ticket flies on (a round trip or connection has one ticket per passenger and segment; 0 otherwise). */
  segment: number;
  /** The flight this ticket is for now: its segment's (a round trip's return, a connection's second flight) or the change's it was moved to. */
  ticketFlight: { fareKey: string; flightNo: string; depDate: string; depTime: string; depCity: string; arrCity: string; depCityName: string; arrCityName: string; cabinClass: CabinClass; cabinCode: string };
  /** The ticket's fare now (tktPrice, consTax and fuelTax are the booked ones): the last confirmed change's, or the booked one. */
  current: { tktPrice: number; consTax: number; fuelTax: number };
  /** What was paid for this ticket (its booking line and the changes paid for it) and what went back from its refunds. */
  paid: number;
  refunded: number;
  /** International orders: SURNAME/GIVEN NAMES as on the document, nationality (ISO alpha-2) and the document's expiry. */
  englishName: string | null;
  nationality: string | null;
  certExpiry: string | null;
  /** 政府采购 orders: the budget unit (预算单位) the passenger travels for and their official card (公务卡), masked to its last four digits. */
  budgetUnit: string | null;
  officialCardMasked: string | null;
  /** This passenger's own ticket: ticketed, refunding, refunded, changed… */
  ticketStatus: TicketStatus;
  /** The flight this passenger's ticket is for when a change of only some passengers moved it off the order's flight. */
  changedTo: { fareKey: string; flightNo: string; depDate: string; depTime: string; cabinClass: CabinClass; cabinCode: string } | null;
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

export interface FlightOrderDetail extends FlightOrderRow, OrderBusinessFacts, OrderPeople {
  contactName: string;
  contactMobile: string;
  fareKey: string;
  flight: Omit<FlightItem, "seats">;
  seat: Omit<FlightSeat, "insurance">;
  /** Every segment in order (one for a domestic order: flight and seat). */
  segments: { flight: Omit<FlightItem, "seats">; seat: Omit<FlightSeat, "insurance"> }[];
  ticket: number;
  consTax: number;
  fuelTax: number;
  totalServFee: number;
  insurance: number;
  /** Everything paid for the order's tickets (booking and changes) and everything returned by its refunds. */
  paidTotal: number;
  refundedTotal: number;
  passengers: FlightOrderPassenger[];
  events: FlightOrderEvent[];
  /** What the caller may do now (from the shared state machine, less what their partner site turns off). */
  actions: FlightOrderAction[];
  /** The latest refund, once one was asked for. */
  refund: FlightRefundView | null;
  /** Every refund, oldest first (several when passengers were refunded one by one). */
  refunds: FlightRefundView[];
  /** The latest change, once one was asked for. */
  change: FlightChangeView | null;
}

/** The order-related catalogue paths. */
export const FLIGHT_ORDER_PATHS = {
  book: "/api/v1/trip_manager/air_ticket_domestic_order/book",
  list: "/order/newappGetDometicketOrder",
  detail: "/order/appDometicketOrderViewServlet",
  cancel: "/order/cancelOrder",
  /** The travel standard's verdict on a fare before a business booking. */
  businessCheck: "/api/v1/trip_manager/air_ticket_domestic_order/standard_check",
} as const;
