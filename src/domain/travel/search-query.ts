// The search a result page shows, read from its address (so reload, back and shared links show
// the same search) and written back when the person searches. Plain records of strings in, typed
// searches out; a search that cannot run says why, in the words the search form uses.
import { addDays, daysBetween, normaliseDate, travelDateProblem } from "./dates";
import { MAX_STAY_NIGHTS } from "./hotel";
import { CABIN_CLASSES, type CabinClass } from "./air-fares";

type Params = Record<string, string | undefined>;

export type TripType = "ow" | "rt";

export interface FlightSearch {
  depCity: string;
  depName: string;
  arrCity: string;
  arrName: string;
  depDate: string;
  tripType: TripType;
  /** Round trips only. */
  retDate?: string;
  passengers: PassengerCounts;
  /** Only this cabin class is shown; all classes when absent. */
  cabin?: CabinClass;
  /** 公务机票: each flight's 政府采购 fare is listed too (one way, adults only). */
  gp?: boolean;
}

/** Who flies on one booking: adults, children (2–11) and infants (under 2). */
export interface PassengerCounts {
  adults: number;
  children: number;
  infants: number;
}

/** Passengers on one order: the airline's limit for one booking record. */
export const MAX_PASSENGERS = 9;

export const ONE_ADULT: PassengerCounts = { adults: 1, children: 0, infants: 0 };

/**
 * The airlines' rules for one booking: at least one adult, each infant on an adult's lap (so no
 * more infants than adults), nine passengers at most.
 */
export function passengerCountProblem(c: PassengerCounts): string | null {
  if (c.adults < 1) return "请至少选择一名成人乘客";
  if (c.infants > c.adults) return "每名成人最多携带一名婴儿";
  if (c.adults + c.children + c.infants > MAX_PASSENGERS) return `每张订单最多 ${MAX_PASSENGERS} 名乘客`;
  return null;
}

const count = (v: string | undefined, fallback: number) => (v !== undefined && /^\d{1,2}$/.test(v) ? Number(v) : fallback);

/** Passenger counts from the address; one adult when absent. */
export function readPassengerCounts(p: Params): PassengerCounts {
  return { adults: count(p.adults, 1), children: count(p.children, 0), infants: count(p.infants, 0) };
}

export function readCabin(value: string | undefined): CabinClass | undefined {
  return CABIN_CLASSES.find((c) => c === value);
}

export interface TrainSearch {
  fromStation: string;
  toStation: string;
  depDate: string;
}

export interface HotelSearch {
  cityCode: string;
  cityName: string;
  checkIn: string;
  checkOut: string;
  keyword?: string;
}

export type Parsed<T> = { ok: true; search: T } | { ok: false; problem: string | null };

const CODE = /^[A-Z]{3}$/;
const missing = (...values: (string | undefined)[]) => values.some((v) => !v);

/** A flight search from the address; problem null means nothing was searched yet. */
export function readFlightSearch(p: Params, today: string): Parsed<FlightSearch> {
  const depCity = (p.depCity ?? "").toUpperCase();
  const arrCity = (p.arrCity ?? "").toUpperCase();
  if (missing(depCity, arrCity, p.depDate)) return { ok: false, problem: null };
  if (!CODE.test(depCity) || !CODE.test(arrCity)) return { ok: false, problem: "请选择出发城市和到达城市" };
  if (depCity === arrCity) return { ok: false, problem: "出发城市和到达城市不能相同" };
  const depDate = normaliseDate(p.depDate);
  if (!depDate) return { ok: false, problem: "请选择出发日期" };
  const dateProblem = travelDateProblem(depDate, today);
  if (dateProblem) return { ok: false, problem: dateProblem };
  const passengers = readPassengerCounts(p);
  const countProblem = passengerCountProblem(passengers);
  if (countProblem) return { ok: false, problem: countProblem };
  const cabin = readCabin(p.cabin);
  const gp = p.gp === "1";
  // 政府采购 fares are booked one way, by adults: children and infants fly on ordinary fares.
  if (gp && p.tripType === "rt") return { ok: false, problem: "公务机票仅支持单程查询" };
  if (gp && passengers.children + passengers.infants > 0) return { ok: false, problem: "公务机票仅限成人乘客，儿童和婴儿请查询普通机票" };
  const search: FlightSearch = {
    depCity, depName: p.depName || depCity, arrCity, arrName: p.arrName || arrCity, depDate, tripType: "ow", passengers, ...(cabin ? { cabin } : {}), ...(gp ? { gp } : {}),
  };
  if (p.tripType === "rt") {
    const retDate = normaliseDate(p.retDate);
    if (!retDate) return { ok: false, problem: "请选择返程日期" };
    if (daysBetween(depDate, retDate) < 0) return { ok: false, problem: "返程日期不能早于出发日期" };
    const retProblem = travelDateProblem(retDate, today, "返程日期");
    if (retProblem) return { ok: false, problem: retProblem };
    Object.assign(search, { tripType: "rt", retDate });
  }
  return { ok: true, search };
}

export function flightSearchParams(s: FlightSearch): Record<string, string> {
  const out: Record<string, string> = { depCity: s.depCity, depName: s.depName, arrCity: s.arrCity, arrName: s.arrName, depDate: s.depDate, tripType: s.tripType };
  if (s.tripType === "rt" && s.retDate) out.retDate = s.retDate;
  out.adults = String(s.passengers.adults);
  out.children = String(s.passengers.children);
  out.infants = String(s.passengers.infants);
  if (s.cabin) out.cabin = s.cabin;
  if (s.gp) out.gp = "1";
  return out;
}

export function readTrainSearch(p: Params, today: string): Parsed<TrainSearch> {
  const fromStation = (p.fromStation ?? "").trim();
  const toStation = (p.toStation ?? "").trim();
  if (missing(fromStation, toStation, p.depDate)) return { ok: false, problem: null };
  if (fromStation === toStation) return { ok: false, problem: "出发站和到达站不能相同" };
  const depDate = normaliseDate(p.depDate);
  if (!depDate) return { ok: false, problem: "请选择出发日期" };
  const dateProblem = travelDateProblem(depDate, today);
  if (dateProblem) return { ok: false, problem: dateProblem };
  return { ok: true, search: { fromStation, toStation, depDate } };
}

export function readHotelSearch(p: Params, today: string): Parsed<HotelSearch> {
  const cityCode = (p.cityCode ?? "").trim();
  if (missing(cityCode, p.checkIn, p.checkOut)) return { ok: false, problem: null };
  if (!/^\d{4}$/.test(cityCode)) return { ok: false, problem: "请选择城市" };
  const stay = readStay(p, today);
  if (!stay.ok) return stay;
  const keyword = p.keyword?.trim() || undefined;
  return { ok: true, search: { cityCode, cityName: p.cityName || cityCode, ...stay.search, ...(keyword ? { keyword } : {}) } };
}

/** The stay of a hotel search: check-in from today on, at least one night, at most the longest stay. */
export function readStay(p: Params, today: string): Parsed<{ checkIn: string; checkOut: string }> {
  if (missing(p.checkIn, p.checkOut)) return { ok: false, problem: null };
  const checkIn = normaliseDate(p.checkIn);
  const checkOut = normaliseDate(p.checkOut);
  if (!checkIn || !checkOut) return { ok: false, problem: "请选择入住和离店日期" };
  const inProblem = travelDateProblem(checkIn, today, "入住日期");
  if (inProblem) return { ok: false, problem: inProblem };
  const nights = daysBetween(checkIn, checkOut);
  if (nights < 1) return { ok: false, problem: "离店日期须晚于入住日期" };
  if (nights > MAX_STAY_NIGHTS) return { ok: false, problem: `单次最多预订 ${MAX_STAY_NIGHTS} 晚` };
  return { ok: true, search: { checkIn, checkOut } };
}

export function hotelSearchParams(s: HotelSearch): Record<string, string> {
  return { cityCode: s.cityCode, cityName: s.cityName, checkIn: s.checkIn, checkOut: s.checkOut, ...(s.keyword ? { keyword: s.keyword } : {}) };
}

/** A sensible first date for a search form: tomorrow (today's flights are mostly gone). */
export function defaultTravelDate(today: string): string {
  return addDays(today, 1);
}

/** "A,B" list from the address; empty when absent. */
export function listParam(value: string | undefined): string[] {
  return (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}
