// Filters and orders of the flight result list, and the facets its filter bar offers.
import { minutesOf } from "../../../src/domain/travel/dates";
import type { FlightFacets, ListFlight } from "../../../src/domain/travel/types";
import type { FlightFilters } from "../types";

function within(time: string, start?: string, end?: string): boolean {
  const t = minutesOf(time) ?? 0;
  if (start && t < (minutesOf(start) ?? 0)) return false;
  if (end && t > (minutesOf(end) ?? 1439)) return false;
  return true;
}

export function filterFlights(items: ListFlight[], f: FlightFilters): ListFlight[] {
  return items
    .map((it) => (f.cabinClass ? { ...it, seats: it.seats.filter((s) => s.cabinClass === f.cabinClass) } : it))
    .map((it) => ({ ...it, lowestPrice: it.seats.length ? Math.min(...it.seats.map((s) => s.salePrice)) : null }))
    .filter(
      (it) =>
        (!f.airlines?.length || f.airlines.includes(it.airline)) &&
        (!f.depAirports?.length || f.depAirports.includes(it.depAirport)) &&
        (!f.arrAirports?.length || f.arrAirports.includes(it.arrAirport)) &&
        within(it.depTime, f.depTimeStart, f.depTimeEnd) &&
        within(it.arrTime, f.arrTimeStart, f.arrTimeEnd) &&
        (!f.directOnly || it.stops.length === 0) &&
        (!f.cabinClass || it.seats.length > 0),
    );
}

export function sortFlights(items: ListFlight[], orderBy: FlightFilters["orderBy"], orderType: "asc" | "desc"): ListFlight[] {
  const key = (it: ListFlight): number => {
    if (orderBy === "price") return it.lowestPrice ?? Number.MAX_SAFE_INTEGER;
    if (orderBy === "duration") return it.durationMin;
    if (orderBy === "arrTime") return Date.parse(`${it.arrDate}T${it.arrTime}:00Z`);
    return minutesOf(it.depTime) ?? 0;
  };
  const dir = orderType === "desc" ? -1 : 1;
  // Sold-out flights stay last whichever way the list is ordered; the flight number breaks ties.
  return [...items].sort(
    (a, b) => Number(a.lowestPrice === null) - Number(b.lowestPrice === null) || (key(a) - key(b)) * dir || a.flightNo.localeCompare(b.flightNo),
  );
}

export function facetsOf(items: ListFlight[]): FlightFacets {
  const airlines = new Map<string, { code: string; name: string; lowestPrice: number | null }>();
  const dep = new Map<string, string>();
  const arr = new Map<string, string>();
  for (const it of items) {
    const a = airlines.get(it.airline) ?? { code: it.airline, name: it.airlineName, lowestPrice: null };
    if (it.lowestPrice !== null && (a.lowestPrice === null || it.lowestPrice < a.lowestPrice)) a.lowestPrice = it.lowestPrice;
    airlines.set(it.airline, a);
    dep.set(it.depAirport, it.depAirportName);
    arr.set(it.arrAirport, it.arrAirportName);
  }
  const byCode = <T extends { code: string }>(x: T, y: T) => x.code.localeCompare(y.code);
  return {
    airlines: [...airlines.values()].sort(byCode),
    depAirports: [...dep].map(([code, name]) => ({ code, name })).sort(byCode),
    arrAirports: [...arr].map(([code, name]) => ({ code, name })).sort(byCode),
  };
}
