// The supplier boundary: one interface per product. The embedded suppliers implement them over
// the generated inventory; a GDS, the rail service or a hotel wholesaler plugs in behind the
// same interfaces. Money is integer fen; "today" and the caller's agreed fee come in the context.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type {
  CalendarDay, CanBookReply, CarQuoteReply, FareDetailReply, FareVerifyReply, FlightListReply, HoldRecord, HotelAreaInfo,
  HotelBaseInfo, HotelChoice, HotelCity, HotelListItem, HotelPriceInfo, ItineraryListReply, StationItem,
  TrainItem, TrainListReply, TrainTransfer, AirCity,
} from "../../src/domain/travel/types";
import type { CabinClass } from "../../src/domain/travel/air-fares";
import type { TimeBand } from "../../src/domain/travel/results";
import type { IntlVerifyReply } from "../../src/domain/orders/intl-booking";
import type { SeatClass, TrainType } from "../../src/domain/travel/train";
import type { Rail12306Passenger } from "../../src/domain/orders/train-account";
import type { CarType } from "../../src/domain/travel/car";
import { type Fen } from "../../src/domain/money";

export interface SupplierContext {
  /** Today in China, from the controllable clock. */
  today: string;
  /** A company's agreed service fee per ticket, replacing the portal's; null for none. */
  agreedServiceFee: Fen | null;
  /** The company's agreed fee per international ticket, where it agreed one apart; else agreedServiceFee applies. */
  agreedIntlServiceFee?: Fen | null;
  /** The member the request is for (the embedded railway's 12306 sandbox reads their travellers); absent for a guest. */
  memberId?: number | null;
}

export interface FlightFilters {
  airlines?: string[];
  depAirports?: string[];
  arrAirports?: string[];
  depTimeStart?: string;
  depTimeEnd?: string;
  arrTimeStart?: string;
  arrTimeEnd?: string;
  cabinClass?: "F" | "C" | "Y";
  directOnly?: boolean;
  orderBy: "price" | "depTime" | "arrTime" | "duration";
  orderType: "asc" | "desc";
}

export interface FlightQuery extends FlightFilters {
  depCity: string;
  arrCity: string;
  depDate: string;
  /** Add each flight's 政府采购 (GP) fare to its seats (the caller was found entitled to see them). */
  gp?: boolean;
}

export interface ItineraryQuery {
  depCity: string;
  arrCity: string;
  depDate: string;
  via?: string;
  cabinClass?: CabinClass;
  directOnly?: boolean;
  airlines?: string[];
  /** Departure time bands the first flight leaves in (any when none). */
  depBands?: TimeBand[];
  orderBy: "price" | "depTime" | "duration";
  orderType: "asc" | "desc";
  /** The page of the filtered, ordered itineraries to answer (all of them when absent). */
  pageNum?: number;
  pageSize?: number;
}

export interface Passengers {
  adults: number;
  children: number;
  infants: number;
}

export interface RefundResult {
  hold: HoldRecord;
  fee: Fen;
  refund: Fen;
}

export interface ChangeResult {
  released: HoldRecord;
  hold: HoldRecord;
  changeFee: Fen;
  fareDifference: Fen;
}

/** search, price/verify a fare, hold, confirm (ticket), cancel (release), refund, change. */
export interface FlightSupplier {
  cities(keyword: string | undefined, international?: boolean): Promise<AirCity[]>;
  search(q: FlightQuery, c: SupplierContext): Promise<FlightListReply>;
  searchTransit(q: ItineraryQuery, c: SupplierContext): Promise<ItineraryListReply>;
  searchInternational(q: ItineraryQuery, c: SupplierContext): Promise<ItineraryListReply>;
  calendar(q: { depCity: string; arrCity: string; depDate: string }, c: SupplierContext): Promise<CalendarDay[]>;
  verify(fareKey: string, c: SupplierContext): Promise<FareVerifyReply>;
  /** A listed fare's fee breakdown, insurance and 退改签 rules; refused (404) for a fare it does not sell. */
  fareDetail(fareKey: string, c: SupplierContext): Promise<FareDetailReply>;
  hold(fareKey: string, passengers: Passengers, c: SupplierContext): Promise<HoldRecord>;
  /** An itinerary's segments in one cabin class, each with its fare now, and the totals. */
  verifyItinerary(itineraryKey: string, cabinClass: CabinClass, c: SupplierContext): Promise<IntlVerifyReply>;
  /** Seats on every segment in one hold: all of them, or none. */
  holdItinerary(fareKeys: readonly string[], passengers: Passengers, c: SupplierContext): Promise<HoldRecord>;
  confirm(holdId: string): Promise<HoldRecord & { reference: string }>;
  cancel(holdId: string): Promise<HoldRecord>;
  refund(holdId: string, c: SupplierContext): Promise<RefundResult>;
  /** Some passengers' tickets of a ticketed booking refunded; the booking keeps the others. */
  refundSeats(holdId: string, passengers: Passengers, c: SupplierContext): Promise<RefundResult>;
  change(holdId: string, newFareKey: string, c: SupplierContext): Promise<ChangeResult>;
  /**
   * The same supplier working inside the caller's database transaction, so a hold commits or
   * rolls back with the order that needs it (the embedded airline keeps its seats in our database).
   */
  within(trx: Kysely<Database>): FlightSupplier;
}

export interface TrainQuery {
  fromStation: string;
  toStation: string;
  depDate: string;
  trainTypes?: TrainType[];
  fromStations?: string[];
  toStations?: string[];
  depTimeStart?: string;
  depTimeEnd?: string;
  arrTimeStart?: string;
  arrTimeEnd?: string;
  onlyAvailable?: boolean;
  orderBy: "depTime" | "arrTime" | "duration" | "price";
  orderType: "asc" | "desc";
}

export interface TrainSupplier {
  stations(keyword: string | undefined): Promise<StationItem[]>;
  search(q: TrainQuery, c: SupplierContext): Promise<TrainListReply>;
  transfers(q: { fromStation: string; toStation: string; depDate: string; transferCity?: string; orderBy: "duration" | "depTime" | "price"; orderType: "asc" | "desc" }, c: SupplierContext): Promise<TrainTransfer[]>;
  /** One train of a search result by its key, with its seats and fares now. */
  train(trainKey: string, c: SupplierContext): Promise<TrainItem>;
  /** Takes `count` seats, `children` of them on the half fare. */
  hold(trainKey: string, seatClass: SeatClass, count: number, c: SupplierContext, children?: number): Promise<HoldRecord>;
  /**
   * Issues the held tickets (the railway's ticket number is the reference) with one seat number
   * per ticket, in passenger order; `seatChoices[i]` is passenger i's 在线选座 choice (a letter
   * or berth), held when the railway can.
   */
  confirm(holdId: string, seatChoices?: readonly (string | null)[]): Promise<HoldRecord & { reference: string; seats: string[] }>;
  cancel(holdId: string): Promise<HoldRecord>;
  refund(holdId: string, c: SupplierContext): Promise<RefundResult>;
  change(holdId: string, trainKey: string, seatClass: SeatClass, c: SupplierContext): Promise<ChangeResult>;
  /**
   * Signs in to the member's own 12306 account and answers its 常用联系人 (the only people a
   * ticket bought into the account may carry). A refused account is a business error; the
   * password is used for this call only and never kept.
   */
  signIn12306(username: string, password: string, c: SupplierContext): Promise<Rail12306Passenger[]>;
  /**
   * The same supplier working inside the caller's database transaction, so a hold commits or
   * rolls back with the order that needs it.
   */
  within(trx: Kysely<Database>): TrainSupplier;
}

export interface HotelListQuery {
  cityCode: string;
  checkIn: string;
  checkOut: string;
  keyword?: string;
  priceMin?: Fen;
  priceMax?: Fen;
  stars?: number[];
  brands?: string[];
  districts?: string[];
  pageNum: number;
  pageSize: number;
  orderBy: "recommend" | "price" | "score" | "star";
  orderType: "asc" | "desc";
}

export interface Stay {
  hotelId: number;
  checkIn: string;
  checkOut: string;
}

export interface HotelSupplier {
  within(trx: Kysely<Database>): HotelSupplier;
  cities(keyword: string | undefined): Promise<HotelCity[]>;
  areaInfo(cityCode: string): Promise<HotelAreaInfo>;
  choice(cityCode: string): Promise<HotelChoice>;
  list(q: HotelListQuery, c: SupplierContext): Promise<{ list: HotelListItem[]; total: number; pageNum: number; pageSize: number }>;
  baseInfo(hotelId: number): Promise<HotelBaseInfo>;
  priceInfo(stay: Stay, c: SupplierContext): Promise<HotelPriceInfo>;
  canBook(stay: Stay & { roomTypeId: number; roomCount: number }, c: SupplierContext): Promise<CanBookReply>;
  hold(stay: Stay & { roomTypeId: number; roomCount: number }, c: SupplierContext): Promise<HoldRecord>;
  confirm(holdId: string): Promise<HoldRecord & { reference: string }>;
  cancel(holdId: string): Promise<HoldRecord>;
  refund(holdId: string, c: SupplierContext): Promise<RefundResult>;
  change(holdId: string, stay: Stay & { roomTypeId: number; roomCount: number }, c: SupplierContext): Promise<ChangeResult>;
}

export interface CarQuery {
  cityCode: string;
  from: { lat: number; lng: number };
  to: { lat: number; lng: number };
  carType?: CarType;
  departTime?: string;
}

export interface CarSupplier {
  quote(q: CarQuery, c: SupplierContext): Promise<CarQuoteReply>;
  /** Locks the quoted fare of one car type for an order (a ride takes no counted inventory). */
  hold(q: CarQuery & { carType: CarType }, c: SupplierContext): Promise<HoldRecord>;
  /** Dispatches the ride. */
  confirm(holdId: string): Promise<HoldRecord & { reference: string }>;
  cancel(holdId: string): Promise<HoldRecord>;
  /** Cancelling a dispatched ride costs its starting fare. */
  refund(holdId: string, c: SupplierContext): Promise<RefundResult>;
  change(holdId: string, q: CarQuery & { carType: CarType }, c: SupplierContext): Promise<ChangeResult>;
}
