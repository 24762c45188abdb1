// What the international order APIs answer, and their paths (no schema: the browser tests and
// the order centre read these without loading zod).
import type { CabinClass, FareBreakdown } from "../travel/air-fares";
import type { Connection, FlightItem, FlightSeat } from "../travel/types";
import { type Fen } from "../money";

/** The verify reply: whether the itinerary can be booked now, each segment's fare, the totals per passenger. */
export interface IntlVerifyReply {
  itineraryKey: string;
  cabinClass: CabinClass;
  available: boolean;
  /** Why it cannot be booked, when it cannot. */
  problem: string | null;
  segments: { flight: Omit<FlightItem, "seats">; seat: FlightSeat | null }[];
  connections: Connection[];
  depDate: string;
  /** The trip's destination city (its code decides the accepted certificates) and name. */
  destCity: string;
  destCityName: string;
  /** The adult ticket total over the segments (what the order input's price repeats). */
  price: Fen;
  /** Per passenger type: ticket, taxes (airport and departure charges, fuel), service fee and total, summed over the segments. */
  breakdown: FareBreakdown;
}

/** The international order's catalogue paths. */
export const INTL_ORDER_PATHS = {
  verify: "/api/v1/trip_manager/air_ticket_inter_flight/verify",
  book: "/api/v1/trip_manager/air_ticket_inter_order/book",
} as const;
