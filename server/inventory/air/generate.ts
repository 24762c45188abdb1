// Flights of one airport on one date, from the timetable: the stored facts of each flight
// (times in local time at each airport, aircraft, terminals) and its seats per cabin with the
// cabin's published full fare.
import type { Transaction } from "kysely";
import type { AirFlightsTable, Database } from "../../db/schema";
import { cabinParPrice, domesticYFare, internationalYFare, type CabinClass } from "../../../src/domain/travel/air-fares";
import { hhmm, weekday } from "../../../src/domain/travel/dates";
import { AIRCRAFT } from "../data/airlines";
import { instantOf, localOf } from "../geo";
import type { Places } from "../places";
import { insertRows, type Mark } from "../store";
import { airNetwork, routeKey, type FlightSchedule } from "./network";

export const flightKeyOf = (date: string, flightNo: string) => `${date}:${flightNo}`;

/** The flights leaving one airport on one date (the unit generated on first touch). */
export function flightRows(seed: string, places: Places, origin: string, date: string): AirFlightsTable[] {
  const net = airNetwork(seed, places);
  const wd = weekday(date);
  const flights: AirFlightsTable[] = [];
  for (const to of net.destinations.get(origin) ?? []) {
    for (const s of net.byRoute.get(routeKey(origin, to)) ?? []) if (s.days & (1 << wd)) flights.push(flightOf(places, s, date));
  }
  return flights;
}

function flightOf(places: Places, s: FlightSchedule, date: string): AirFlightsTable {
  const from = places.airports.get(s.from)!;
  const to = places.airports.get(s.to)!;
  const dep = instantOf(date, s.depMinutes, from.timeZone);
  const arr = dep + s.blockMinutes * 60_000;
  const local = localOf(arr, to.timeZone);
  const flightKey = flightKeyOf(date, s.flightNo);
  const yFare = s.international ? internationalYFare(s.distanceKm) : domesticYFare(s.distanceKm);
  const config = AIRCRAFT[s.aircraft].seats;
  const par = (c: CabinClass) => (config[c] ? cabinParPrice(yFare, c, s.international) : 0);
  return {
    flightKey,
    flightDate: date,
    flightNo: s.flightNo,
    airline: s.airline,
    depAirport: s.from,
    arrAirport: s.to,
    depCity: from.cityCode,
    arrCity: to.cityCode,
    depTime: hhmm(s.depMinutes),
    arrDate: local.date,
    arrTime: hhmm(local.minutes),
    depUtc: new Date(dep).toISOString(),
    arrUtc: new Date(arr).toISOString(),
    durationMin: s.blockMinutes,
    distanceKm: s.distanceKm,
    aircraft: s.aircraft,
    stopAirport: s.stop,
    stopMinutes: s.stopMinutes,
    international: s.international ? 1 : 0,
    meal: s.meal ? 1 : 0,
    depTerminal: s.depTerminal,
    arrTerminal: s.arrTerminal,
    fPar: par("F"),
    fTotal: config.F ?? 0,
    fRemaining: config.F ?? 0,
    cPar: par("C"),
    cTotal: config.C ?? 0,
    cRemaining: config.C ?? 0,
    yPar: par("Y"),
    yTotal: config.Y,
    yRemaining: config.Y,
  };
}

/** Writes the flights of the claimed (origin airport, date) marks. */
export async function writeFlights(trx: Transaction<Database>, seed: string, places: Places, marks: Mark[]): Promise<void> {
  const flights = marks.flatMap((m) => flightRows(seed, places, m.scope, m.day));
  await insertRows(trx, "air_flights", flights as unknown as Record<string, unknown>[]);
}
