// Journeys of two flights: the first leg into a connecting city, the second out of it, joined
// only where the connection rules allow (minimum connection time, longest wait, same city).
// Built over the flights in full (FlightJourney); the reply carries each segment as a list shows it.
import { airConnectionProblem, connectionMinutes } from "../../../src/domain/travel/transit";
import type { CabinClass } from "../../../src/domain/travel/air-fares";
import type { FlightItem, Itinerary } from "../../../src/domain/travel/types";
import { filterItineraries as keptItineraries } from "../../../src/domain/travel/results";
import type { Places } from "../../inventory/places";
import type { ItineraryQuery } from "../types";

const end = (it: FlightItem, side: "arr" | "dep") => ({
  place: side === "arr" ? it.arrAirport : it.depAirport,
  city: side === "arr" ? it.arrCity : it.depCity,
  at: Date.parse(side === "arr" ? it.arrUtc : it.depUtc),
  international: it.international,
});

function cabinPrices(segments: FlightItem[]): Itinerary["cabinPrices"] {
  const out: Itinerary["cabinPrices"] = [];
  for (const cabin of ["Y", "C", "F"] as CabinClass[]) {
    let salePrice = 0;
    let taxes = 0;
    let ok = true;
    for (const s of segments) {
      const seats = s.seats.filter((x) => x.cabinClass === cabin);
      if (!seats.length) {
        ok = false;
        break;
      }
      const best = seats.reduce((a, b) => (b.salePrice < a.salePrice ? b : a));
      salePrice += best.salePrice;
      taxes += best.adtTaxeCn + best.adtTaxeYq;
    }
    if (ok) out.push({ cabinClass: cabin, salePrice, taxes });
  }
  return out;
}

/** An itinerary over its flights in full, before its segments are cut down for the reply. */
export type FlightJourney = Omit<Itinerary, "segments"> & { segments: FlightItem[] };

export function itineraryOf(places: Places, segments: FlightItem[]): FlightJourney | null {
  const prices = cabinPrices(segments);
  if (!prices.length) return null;
  const first = segments[0];
  const last = segments[segments.length - 1];
  const connections = segments.slice(1).map((next, i) => {
    const prev = segments[i];
    const airport = places.airports.get(prev.arrAirport)!;
    return {
      place: prev.arrAirport,
      placeName: `${airport.cityName}${airport.name}`,
      cityName: airport.cityName,
      minutes: connectionMinutes(end(prev, "arr"), end(next, "dep")),
      changePlace: prev.arrAirport !== next.depAirport,
    };
  });
  return {
    key: segments.map((s) => s.flightKey).join("+"),
    segments,
    connections,
    depDate: first.depDate,
    depTime: first.depTime,
    arrDate: last.arrDate,
    arrTime: last.arrTime,
    totalDurationMin: Math.round((Date.parse(last.arrUtc) - Date.parse(first.depUtc)) / 60_000),
    lowestPrice: Math.min(...prices.map((p) => p.salePrice)),
    cabinPrices: prices,
  };
}

/** Every valid pairing of a first and a second leg; at most `perFirst` per first leg, best first. */
export function connect(places: Places, firsts: FlightItem[], seconds: FlightItem[], perFirst = 3): FlightJourney[] {
  const byCity = new Map<string, FlightItem[]>();
  for (const s of seconds) byCity.set(s.depCity, [...(byCity.get(s.depCity) ?? []), s]);
  const out: FlightJourney[] = [];
  for (const a of firsts) {
    const options: FlightJourney[] = [];
    for (const b of byCity.get(a.arrCity) ?? []) {
      if (b.arrCity === a.depCity) continue;
      if (airConnectionProblem(end(a, "arr"), end(b, "dep")) !== null) continue;
      const it = itineraryOf(places, [a, b]);
      if (it) options.push(it);
    }
    options.sort((x, y) => x.totalDurationMin - y.totalDurationMin || (x.lowestPrice ?? 0) - (y.lowestPrice ?? 0));
    out.push(...options.slice(0, perFirst));
  }
  return out;
}

/** The itineraries the filter keeps (the result page's rule), each then priced in the chosen cabin only. */
export function filterItineraries(list: FlightJourney[], q: Pick<ItineraryQuery, "cabinClass" | "directOnly" | "airlines" | "depBands">): FlightJourney[] {
  return keptItineraries(list, q)
    .map((it) => {
      if (!q.cabinClass) return it;
      const prices = it.cabinPrices.filter((p) => p.cabinClass === q.cabinClass);
      return { ...it, cabinPrices: prices, lowestPrice: prices.length ? prices[0].salePrice : null };
    })
    .filter((it) => it.lowestPrice !== null);
}

export function sortItineraries(list: FlightJourney[], orderBy: ItineraryQuery["orderBy"], orderType: "asc" | "desc"): FlightJourney[] {
  const key = (it: FlightJourney) =>
    orderBy === "price" ? it.lowestPrice ?? Number.MAX_SAFE_INTEGER : orderBy === "duration" ? it.totalDurationMin : Date.parse(`${it.depDate}T${it.depTime}:00Z`);
  const dir = orderType === "desc" ? -1 : 1;
  return [...list].sort((a, b) => (key(a) - key(b)) * dir || a.key.localeCompare(b.key));
}
