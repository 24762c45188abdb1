// Shared setup of the travel search tests: a fixed "today" (10:00 in Beijing on 30 Nov 2026),
// a fixed inventory seed, and helpers to read the envelope.
import { setClock } from "../../server/services/clock";
import { addDays } from "../../src/domain/travel/dates";
import { post, startHarness, type Harness } from "./harness";
import { toCount } from "../../server/db";
import type { FlightItem, ListFlight } from "../../src/domain/travel/types";

export const TODAY = "2026-11-30";
export const NOW = Date.UTC(2026, 10, 30, 2, 0);
export const SEED = "test-seed";
export const day = (n: number) => addDays(TODAY, n);

export async function startTravel(): Promise<Harness> {
  setClock(() => NOW);
  return startHarness({ inventorySeed: SEED });
}

export async function stopTravel(h: Harness | undefined): Promise<void> {
  setClock(null);
  await h?.close();
}

export function caller(h: Harness) {
  return async (url: string, body: Record<string, string | number> = {}) => (await post(h.app, url, body)).body;
}

/** Rows generated so far: bad input must not add any. */
export async function generatedMarks(h: Harness): Promise<number> {
  const r = await h.db.db.selectFrom("inventory_marks").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toCount(r?.n);
}

/**
 * The flights of a search list in full, as verify answers them (every fare with its breakdown,
 * insurance and the flight's places and instants): the list itself carries only what the
 * result page shows. One verify per flight; the order of the list is kept.
 */
export async function fullFlights(app: Harness["app"], list: readonly ListFlight[]): Promise<FlightItem[]> {
  const out: FlightItem[] = [];
  for (const f of list) {
    const fare = f.seats.find((s) => !s.fareFamily);
    if (!fare) throw new Error(`${f.flightKey}: no public fare to verify`);
    const r = await post(app, "/api/v1/trip_manager/air_ticket_domestic_flight/verify", { fareKey: fare.fareKey });
    if (r.body.ret !== 0) throw new Error(`${fare.fareKey}: ${r.body.msg}`);
    out.push(r.body.data.flight);
  }
  return out;
}
