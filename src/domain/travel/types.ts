// Reply types of the search APIs: what the result lists, the fare detail a cabin's fee breakdown
// and rules open from, the calendar strip and the hotel detail page read. Money is integer fen.
// Train and hotel replies live beside this file and are re-exported here.
import type { CabinClass, FareBreakdown, InsuranceOption } from "./air-fares";
import type { FareTier, RuleLine } from "./air-rules";
import type { CarFare } from "./car";
import { type Fen } from "../money";

// ---- places ----

export interface AirCity {
  cityCode: string;
  cityName: string;
  pinyin: string;
  initials: string;
  country: string;
  international: boolean;
  airports: { code: string; name: string }[];
}

// ---- flights ----

/**
 * One fare of a cabin in full: what verify answers and an order is booked from. A result list
 * carries its ListFare instead; the breakdown, insurance and rules come as a FareDetailReply.
 */
export interface FlightSeat {
  /** Opaque key naming this fare for verify and hold. */
  fareKey: string;
  cabinClass: CabinClass;
  cabinClassName: string;
  /** Booking class (sub-class) code. */
  cabinCode: string;
  /** Percent of the cabin's full fare. */
  discount: number;
  discountLabel: string;
  parPrice: Fen;
  salePrice: Fen;
  limitPrice: Fen | null;
  childCabinPrice: Fen;
  infantPrice: Fen;
  adtTaxeCn: Fen;
  adtTaxeYq: Fen;
  chdTaxeCn: Fen;
  chdTaxeYq: Fen;
  serviceFee: Fen;
  discountServiceFee: Fen;
  seatsLeft: number;
  /** "A" for 10 or more, else the count, as airline availability displays show it. */
  seatStatus: string;
  /** Refund and change tier: its fee table is ruleLines(tier), answered with the fare (verify, fare detail). */
  tier: FareTier;
  /** "GP": a 政府采购 (government procurement) fare, sold on the same economy seats; absent on public fares. */
  fareFamily?: "GP";
  tierName: string;
  baggage: string;
  breakdown: FareBreakdown;
  insurance: readonly InsuranceOption[];
}

export interface FlightStop {
  airport: string;
  airportName: string;
  cityName: string;
  minutes: number;
}

export interface FlightItem {
  flightKey: string;
  flightNo: string;
  airline: string;
  airlineName: string;
  aircraft: string;
  aircraftSize: "大" | "中" | "小";
  international: boolean;
  depAirport: string;
  depAirportName: string;
  depTerminal: string;
  depCity: string;
  depCityName: string;
  arrAirport: string;
  arrAirportName: string;
  arrTerminal: string;
  arrCity: string;
  arrCityName: string;
  /** Local dates and times at each airport. */
  depDate: string;
  depTime: string;
  arrDate: string;
  arrTime: string;
  arrDayOffset: number;
  /** The same moments as ISO instants (UTC), for connections across time zones. */
  depUtc: string;
  arrUtc: string;
  durationMin: number;
  distanceKm: number;
  stops: FlightStop[];
  meal: boolean;
  /** Lowest adult sale price over the seats listed (null when sold out). */
  lowestPrice: Fen | null;
  seats: FlightSeat[];
}

/**
 * A fare as a result list shows it. Its tier and labels follow from its codes (list-fares.ts),
 * the service fee is the reply's (the same on every fare for one caller), and what a cabin's
 * 退改签 and 税费 popovers show comes from the fare detail when they are opened: a list of many
 * flights stays small.
 */
export interface ListFare {
  fareKey: string;
  cabinClass: CabinClass;
  cabinCode: string;
  /** Percent of the cabin's full fare. */
  discount: number;
  salePrice: Fen;
  /** An adult's airport fee plus fuel surcharge. */
  taxes: Fen;
  seatsLeft: number;
  fareFamily?: "GP";
}

/** The fields of a flight a result list shows, filters and sorts by; verify answers the whole FlightItem. */
export type ListFlightFields =
  | "flightKey" | "flightNo" | "airline" | "airlineName" | "aircraft" | "aircraftSize"
  | "depAirport" | "depAirportName" | "depTerminal" | "arrAirport" | "arrAirportName" | "arrTerminal"
  | "depDate" | "depTime" | "arrDate" | "arrTime" | "arrDayOffset" | "durationMin" | "stops" | "lowestPrice";

export interface ListFlight extends Pick<FlightItem, ListFlightFields> {
  seats: ListFare[];
}

/** What a cabin's popovers show: the fee breakdown per passenger type, insurance, and the 退改签 rules. */
export interface FareDetailReply {
  fareKey: string;
  tier: FareTier;
  tierName: string;
  baggage: string;
  rules: RuleLine[];
  breakdown: FareBreakdown;
  insurance: readonly InsuranceOption[];
}

export interface FlightFacets {
  airlines: { code: string; name: string; lowestPrice: Fen | null }[];
  depAirports: { code: string; name: string }[];
  arrAirports: { code: string; name: string }[];
}

export interface FlightListReply {
  /** The service fee per ticket the caller pays on every fare listed (their company's agreed fee, else the portal's). */
  servFee: Fen;
  depCity: string;
  arrCity: string;
  depDate: string;
  list: ListFlight[];
  total: number;
  lowestPrice: Fen | null;
  facets: FlightFacets;
}

export interface RoundTripReply {
  outbound: FlightListReply;
  inbound: FlightListReply;
}

export interface Connection {
  place: string;
  placeName: string;
  cityName: string;
  minutes: number;
  /** Arrives at one airport (station) and leaves from another in the same city. */
  changePlace: boolean;
}

/** A journey of two or more flights, as the result list shows it. */
export interface Itinerary {
  key: string;
  segments: ListFlight[];
  connections: Connection[];
  depDate: string;
  depTime: string;
  arrDate: string;
  arrTime: string;
  totalDurationMin: number;
  /** Lowest adult total of ticket prices across the segments, per cabin class offered by all. */
  lowestPrice: Fen | null;
  cabinPrices: { cabinClass: CabinClass; salePrice: Fen; taxes: Fen }[];
}

export interface ItineraryListReply {
  /** The service fee per ticket and flight the caller pays on every fare listed. */
  servFee: Fen;
  depCity: string;
  arrCity: string;
  depDate: string;
  /** One page of the itineraries that pass the filters (all of them for a domestic connection search). */
  list: Itinerary[];
  /** How many itineraries pass the filters, over every page. */
  total: number;
  pageNum: number;
  pageSize: number;
  /** Lowest price over every page. */
  lowestPrice: Fen | null;
  /** The airlines of every itinerary found, before the filters: the airline filter's choices. */
  airlines: { code: string; name: string }[];
}

export interface CalendarDay {
  date: string;
  weekday: number;
  lowestPrice: Fen | null;
  holiday: string | null;
}

export interface FareVerifyReply {
  fareKey: string;
  available: boolean;
  seat: FlightSeat | null;
  flight: FlightItem | null;
  /** The fee table of the seat's tier (empty when the fare is gone). */
  rules: RuleLine[];
}

// ---- car ----

export interface CarQuoteReply {
  cityCode: string;
  cityName: string;
  distanceKm: number;
  durationMin: number;
  departTime: string;
  quotes: CarFare[];
}

// ---- holds ----

export type HoldStatus = "held" | "confirmed" | "released" | "refunded";

export interface HoldRecord {
  holdId: string;
  product: "air" | "train" | "hotel" | "car";
  status: HoldStatus;
  quantity: number;
  /** What the held items cost in total (fen). */
  amount: Fen;
  expiresAt: string;
  description: string;
}

export type * from "./train-types";
export type * from "./hotel-types";
