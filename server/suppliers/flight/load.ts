// Reading flights of the embedded airline: make sure the wanted (route, date) days exist, then
// read flights with their cabins in one query and price them for today.
import type { Kysely } from "kysely";
import type { AirFlightsTable, Database } from "../../db/schema";
import { airNetwork, routeKey } from "../../inventory/air/network";
import { writeFlights } from "../../inventory/air/generate";
import { cabinsOf, classSeatKey, seatOffers, type CabinStock, type ClassSeatsLeft, type PricingInput } from "../../inventory/air/pricing";
import type { Places } from "../../inventory/places";
import { ensureGenerated, type Mark } from "../../inventory/store";
import type { FlightSeat } from "../../../src/domain/travel/types";

export interface PricedFlight {
  row: AirFlightsTable;
  seats: CabinStock[];
  offers: FlightSeat[];
}

export interface FlightSource {
  db: Kysely<Database>;
  seed: string;
  places: Places;
}

/** Route keys that have flights between any airport of `from` and any of `to`. */
export function routesBetween(src: FlightSource, from: string[], to: string[]): string[] {
  const net = airNetwork(src.seed, src.places);
  const out: string[] = [];
  for (const a of from) for (const b of to) if (net.byRoute.has(routeKey(a, b))) out.push(routeKey(a, b));
  return out;
}

/** Generates the days of the routes' origins (flights are generated per departure airport and day). */
export async function ensureRoutes(src: FlightSource, routes: string[], dates: string[]): Promise<void> {
  const marks: Mark[] = [];
  for (const scope of new Set(routes.map((r) => r.split("-")[0]))) for (const day of dates) marks.push({ scope, day });
  await ensureGenerated(src.db, "air", marks, (trx, claimed) => writeFlights(trx, src.seed, src.places, claimed));
}

export interface FlightWhere {
  dates: string[];
  depCities?: string[];
  arrCities?: string[];
  flightKeys?: string[];
}

/** Flights matching `where`, each with its cabins and today's offers. */
export async function readFlights(src: FlightSource, where: FlightWhere, pricing: PricingInput): Promise<PricedFlight[]> {
  let q = src.db.selectFrom("air_flights").selectAll().where("flightDate", "in", where.dates);
  if (where.depCities) q = q.where("depCity", "in", where.depCities);
  if (where.arrCities) q = q.where("arrCity", "in", where.arrCities);
  if (where.flightKeys) q = q.where("flightKey", "in", where.flightKeys);
  const rows = await q.execute();
  const held = await classSeatsOf(src.db, rows.map((r) => r.flightKey));
  return rows.map((row) => {
    const seats = cabinsOf(row);
    return { row, seats, offers: cachedOffers(pricing, row, seats, held.get(row.flightKey)) };
  });
}

const NO_CLASS_HELD: ClassSeatsLeft = new Map();
/** Keys per query: well under SQLite's bound-parameter limit. */
const KEYS_PER_QUERY = 500;

/** Seats left in the discount classes held so far, per flight (most flights have none). */
async function classSeatsOf(db: Kysely<Database>, flightKeys: string[]): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  for (let i = 0; i < flightKeys.length; i += KEYS_PER_QUERY) {
    const rows = await db
      .selectFrom("air_class_seats")
      .select(["flightKey", "cabinClass", "classCode", "remaining"])
      .where("flightKey", "in", flightKeys.slice(i, i + KEYS_PER_QUERY))
      .execute();
    for (const r of rows) {
      let m = out.get(r.flightKey);
      if (!m) out.set(r.flightKey, (m = new Map()));
      m.set(classSeatKey(r.cabinClass, r.classCode), r.remaining);
    }
  }
  return out;
}

// Offers are a pure function of the flight's stored counts (cabins and held classes), today and
// the caller's fee, so they are kept per process keyed by exactly those: a hold changes the
// counts and so the key.
const offerCache = new Map<string, FlightSeat[]>();
const OFFER_CACHE_MAX = 50_000;

function cachedOffers(pricing: PricingInput, row: AirFlightsTable, seats: CabinStock[], held: ClassSeatsLeft = NO_CLASS_HELD): FlightSeat[] {
  const classes = held.size ? `|${[...held].map(([k, n]) => `${k}=${n}`).sort().join(",")}` : "";
  const key = `${pricing.seed}|${pricing.today}|${pricing.agreedServiceFee}|${pricing.agreedIntlServiceFee ?? null}|${row.flightKey}|${row.fRemaining}|${row.cRemaining}|${row.yRemaining}${classes}`;
  let offers = offerCache.get(key);
  if (!offers) {
    offers = seatOffers(pricing, row, seats, held);
    if (offerCache.size >= OFFER_CACHE_MAX) offerCache.clear();
    offerCache.set(key, offers);
  }
  // Copies: presenting a list sets each seat's limitPrice for that list.
  return offers.map((o) => ({ ...o }));
}
