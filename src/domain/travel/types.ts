// Reply types of the search APIs: what the result lists, the cabin expansion with its fee
// breakdown, the calendar strip and the hotel detail page read. Money is integer fen. Train and
// hotel replies live beside this file and are re-exported here.
import type { CabinClass, FareBreakdown, InsuranceOption } from "./air-fares";
import type { FareTier, PublicFareTier, RuleLine } from "./air-rules";
import type { CarFare } from "./car";
import type { Fen } from "./money";

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

/** One fare of a cabin: the Seat fields of the field plus everything the expansion shows. */
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
  /** Refund and change tier: its fee table is the reply's ruleTables[tier]. */
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

export interface FlightFacets {
  airlines: { code: string; name: string; lowestPrice: Fen | null }[];
  depAirports: { code: string; name: string }[];
  arrAirports: { code: string; name: string }[];
}

/** The refund and change fee table of each tier, sent once per reply instead of per fare (gp only when GP fares were asked for). */
export type RuleTables = Record<PublicFareTier, RuleLine[]> & { gp?: RuleLine[] };

export interface FlightListReply {
  ruleTables: RuleTables;
  depCity: string;
  arrCity: string;
  depDate: string;
  list: FlightItem[];
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

/** A journey of two or more flights. */
export interface Itinerary {
  key: string;
  segments: FlightItem[];
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
  ruleTables: RuleTables;
  depCity: string;
  arrCity: string;
  depDate: string;
  list: Itinerary[];
  total: number;
  lowestPrice: Fen | null;
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
