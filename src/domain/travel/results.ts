// What the result pages do with a loaded list: the filters a person ticks and the order they
// pick, applied in the browser over the list the search returned (no new request per click).
import type { CabinClass } from "./air-fares";
import { minutesOf } from "./dates";
import type { Itinerary, ListFare, ListFlight } from "./types";
import type { TrainItem } from "./train-types";
import type { Lang } from "../messages";
import { isHighSpeed, type TrainType } from "./train";
import { type Fen } from "../money";

/** Departure time bands as travel sites offer them: [start, end) in minutes since midnight. */
export const TIME_BANDS = {
  dawn: [0, 360],
  morning: [360, 720],
  afternoon: [720, 1080],
  evening: [1080, 1440],
} as const;
export type TimeBand = keyof typeof TIME_BANDS;
export const TIME_BAND_KEYS = Object.keys(TIME_BANDS) as TimeBand[];

export function inTimeBands(time: string, bands: readonly TimeBand[]): boolean {
  if (!bands.length) return true;
  const m = minutesOf(time);
  return m !== null && bands.some((b) => m >= TIME_BANDS[b][0] && m < TIME_BANDS[b][1]);
}

/** "2小时10分" / "55分" (English: "2h 10m" / "55m") for a duration in minutes. */
export function durationText(minutes: number, lang: Lang = "zh"): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (lang === "en") return h ? `${h}h${m ? ` ${m}m` : ""}` : `${m}m`;
  return h ? `${h}小时${m ? `${m}分` : ""}` : `${m}分`;
}

/** An airport with its terminal: 首都国际机场T2 in Chinese, "Capital International Airport T2" in English. */
export function airportText(name: string, terminal: string | null | undefined, lang: Lang = "zh"): string {
  if (!terminal) return name;
  return lang === "en" ? `${name} ${terminal}` : `${name}${terminal}`;
}

export type SortKey = "depTime" | "price" | "duration";
export interface SortOrder {
  key: SortKey;
  desc?: boolean;
}

/** Sorts by the key; ties keep departure order. Items without a price go last either way. */
function sortBy<T>(list: readonly T[], order: SortOrder, depTime: (x: T) => string, price: (x: T) => Fen | null, duration: (x: T) => number): T[] {
  const sign = order.desc ? -1 : 1;
  const key = (x: T): number | null => (order.key === "price" ? price(x) : order.key === "duration" ? duration(x) : minutesOf(depTime(x)));
  return [...list].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1;
    return sign * (ka - kb) || depTime(a).localeCompare(depTime(b));
  });
}

// ---- flights ----

export interface FlightFilter {
  airlines?: readonly string[];
  depBands?: readonly TimeBand[];
  depAirports?: readonly string[];
  arrAirports?: readonly string[];
  cabinClass?: CabinClass;
  directOnly?: boolean;
}

/** The seats a flight shows under the cabin-class filter (all when none is chosen). */
export function seatsOf<S extends Pick<ListFare, "cabinClass">>(flight: { seats: S[] }, cabinClass?: CabinClass): S[] {
  return cabinClass ? flight.seats.filter((s) => s.cabinClass === cabinClass) : flight.seats;
}

/** Lowest adult sale price among the bookable seats shown, or null when none is left. */
export function cheapestSeat<S extends Pick<ListFare, "cabinClass" | "seatsLeft" | "salePrice">>(flight: { seats: S[] }, cabinClass?: CabinClass): S | null {
  let best: S | null = null;
  for (const s of seatsOf(flight, cabinClass)) if (s.seatsLeft > 0 && (!best || s.salePrice < best.salePrice)) best = s;
  return best;
}

const has = (list: readonly string[] | undefined, value: string) => !list?.length || list.includes(value);

export function filterFlights<F extends ListFlight>(list: readonly F[], f: FlightFilter): F[] {
  return list.filter(
    (x) =>
      has(f.airlines, x.airline) &&
      has(f.depAirports, x.depAirport) &&
      has(f.arrAirports, x.arrAirport) &&
      inTimeBands(x.depTime, f.depBands ?? []) &&
      (!f.directOnly || x.stops.length === 0) &&
      (!f.cabinClass || seatsOf(x, f.cabinClass).length > 0),
  );
}

export function sortFlights<F extends ListFlight>(list: readonly F[], order: SortOrder, cabinClass?: CabinClass): F[] {
  return sortBy(list, order, (x) => x.depTime, (x) => cheapestSeat(x, cabinClass)?.salePrice ?? null, (x) => x.durationMin);
}

// ---- trains ----

export interface TrainFilter {
  /** 只看高铁动车: G, D and C trains only. */
  highSpeedOnly?: boolean;
  trainTypes?: readonly TrainType[];
  fromStations?: readonly string[];
  toStations?: readonly string[];
  depBands?: readonly TimeBand[];
  /** Only trains with a seat left in some class. */
  availableOnly?: boolean;
}

export function filterTrains(list: readonly TrainItem[], f: TrainFilter): TrainItem[] {
  return list.filter(
    (x) =>
      (!f.highSpeedOnly || isHighSpeed(x.trainType)) &&
      has(f.trainTypes, x.trainType) &&
      has(f.fromStations, x.fromStation) &&
      has(f.toStations, x.toStation) &&
      inTimeBands(x.depTime, f.depBands ?? []) &&
      (!f.availableOnly || x.seats.some((s) => s.left > 0)),
  );
}

/** Lowest fare among the classes with a seat left, or null when the train is sold out. */
export function cheapestTrainFare(train: TrainItem): Fen | null {
  const open = train.seats.filter((s) => s.left > 0).map((s) => s.price);
  return open.length ? Math.min(...open) : null;
}

export function sortTrains(list: readonly TrainItem[], order: SortOrder): TrainItem[] {
  return sortBy(list, order, (x) => x.depTime, cheapestTrainFare, (x) => x.durationMin);
}

// ---- international itineraries ----

export interface ItineraryFilter {
  directOnly?: boolean;
  /** Itineraries flown only by these airlines (any segment's airline counts). */
  airlines?: readonly string[];
  cabinClass?: CabinClass;
  depBands?: readonly TimeBand[];
}

/** The itinerary's total for a cabin class (the lowest offered when none is chosen). */
export function itineraryPrice(it: Itinerary, cabinClass?: CabinClass): Fen | null {
  if (!cabinClass) return it.lowestPrice;
  return it.cabinPrices.find((c) => c.cabinClass === cabinClass)?.salePrice ?? null;
}

/** What the itinerary filter reads: the server applies it to itineraries of flights in full. */
type FilterableItinerary = Pick<Itinerary, "depTime"> & { segments: readonly { airline: string }[]; cabinPrices: readonly { cabinClass: CabinClass }[] };

export function filterItineraries<I extends FilterableItinerary>(list: readonly I[], f: ItineraryFilter): I[] {
  return list.filter(
    (x) =>
      (!f.directOnly || x.segments.length === 1) &&
      (!f.airlines?.length || x.segments.some((s) => f.airlines!.includes(s.airline))) &&
      (!f.cabinClass || x.cabinPrices.some((c) => c.cabinClass === f.cabinClass)) &&
      inTimeBands(x.depTime, f.depBands ?? []),
  );
}

export function sortItineraries(list: readonly Itinerary[], order: SortOrder, cabinClass?: CabinClass): Itinerary[] {
  return sortBy(list, order, (x) => x.depTime, (x) => itineraryPrice(x, cabinClass), (x) => x.totalDurationMin);
}
