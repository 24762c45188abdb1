// A stored flight and its offers: in full (verify, holds, itineraries) and as a result list
// shows them (ListFlight: no fee breakdown, insurance or rules; the fare detail answers those).
import { limitPrices } from "../../../src/domain/travel/air-fares";
import { daysBetween, minutesOf } from "../../../src/domain/travel/dates";
import type { FlightItem, FlightSeat, ListFare, ListFlight } from "../../../src/domain/travel/types";
import { AIRCRAFT, AIRLINES } from "../../inventory/data/airlines";
import type { Places } from "../../inventory/places";
import type { PricedFlight } from "./load";

const AIRLINE_NAMES = new Map(AIRLINES.map((a) => [a.code, a.name]));

export function airlineName(code: string): string {
  return AIRLINE_NAMES.get(code) ?? code;
}

export function flightItem(places: Places, f: PricedFlight): FlightItem {
  const r = f.row;
  const dep = places.airports.get(r.depAirport)!;
  const arr = places.airports.get(r.arrAirport)!;
  const stop = r.stopAirport ? places.airports.get(r.stopAirport) : undefined;
  const aircraft = AIRCRAFT[r.aircraft];
  return {
    flightKey: r.flightKey,
    flightNo: r.flightNo,
    airline: r.airline,
    airlineName: airlineName(r.airline),
    aircraft: aircraft?.type ?? r.aircraft,
    aircraftSize: aircraft?.size ?? "中",
    international: Boolean(r.international),
    depAirport: r.depAirport,
    depAirportName: `${dep.cityName}${dep.name}`,
    depTerminal: r.depTerminal,
    depCity: r.depCity,
    depCityName: dep.cityName,
    arrAirport: r.arrAirport,
    arrAirportName: `${arr.cityName}${arr.name}`,
    arrTerminal: r.arrTerminal,
    arrCity: r.arrCity,
    arrCityName: arr.cityName,
    depDate: r.flightDate,
    depTime: r.depTime,
    arrDate: r.arrDate,
    arrTime: r.arrTime,
    arrDayOffset: daysBetween(r.flightDate, r.arrDate),
    depUtc: r.depUtc,
    arrUtc: r.arrUtc,
    durationMin: r.durationMin,
    distanceKm: r.distanceKm,
    stops: stop ? [{ airport: stop.code, airportName: `${stop.cityName}${stop.name}`, cityName: stop.cityName, minutes: r.stopMinutes }] : [],
    meal: Boolean(r.meal),
    lowestPrice: f.offers.length ? Math.min(...f.offers.map((o) => o.salePrice)) : null,
    seats: f.offers,
  };
}

/** Sets each seat's limitPrice: the lowest economy fare within ±2 hours on the same route and day. */
export function applyLimitPrices(items: FlightItem[]): void {
  const groups = new Map<string, FlightItem[]>();
  for (const it of items) {
    const key = `${it.depDate}|${it.depCity}|${it.arrCity}`;
    groups.set(key, [...(groups.get(key) ?? []), it]);
  }
  for (const group of groups.values()) {
    const economy = group.map((it) => {
      const y = it.seats.filter((s) => s.cabinClass === "Y").map((s) => s.salePrice);
      return { depMinutes: minutesOf(it.depTime) ?? 0, lowestPrice: y.length ? Math.min(...y) : null };
    });
    limitPrices(economy).forEach((limit, i) => {
      for (const s of group[i].seats) s.limitPrice = limit;
    });
  }
}

export function listFare(s: FlightSeat): ListFare {
  const fare: ListFare = {
    fareKey: s.fareKey,
    cabinClass: s.cabinClass,
    cabinCode: s.cabinCode,
    discount: s.discount,
    salePrice: s.salePrice,
    taxes: s.adtTaxeCn + s.adtTaxeYq,
    seatsLeft: s.seatsLeft,
  };
  if (s.fareFamily) fare.fareFamily = s.fareFamily;
  return fare;
}

export function listFlight(f: FlightItem): ListFlight {
  return {
    flightKey: f.flightKey,
    flightNo: f.flightNo,
    airline: f.airline,
    airlineName: f.airlineName,
    aircraft: f.aircraft,
    aircraftSize: f.aircraftSize,
    depAirport: f.depAirport,
    depAirportName: f.depAirportName,
    depTerminal: f.depTerminal,
    arrAirport: f.arrAirport,
    arrAirportName: f.arrAirportName,
    arrTerminal: f.arrTerminal,
    depDate: f.depDate,
    depTime: f.depTime,
    arrDate: f.arrDate,
    arrTime: f.arrTime,
    arrDayOffset: f.arrDayOffset,
    durationMin: f.durationMin,
    stops: f.stops,
    lowestPrice: f.lowestPrice,
    seats: f.seats.map(listFare),
  };
}
