// The airline network and timetable, a pure function of the seed and the reference data: which
// routes exist, how many flights each has a day, by which airline, at what times and on which
// aircraft. Flight numbers are stable across days, as on a published timetable.
import { AIRCRAFT, AIRLINES, type AirlineEntry } from "../data/airlines";
import { FOREIGN_HUB_LINKS, GATEWAYS } from "../data/airports";
import { distanceKm } from "../geo";
import type { Airport, Places } from "../places";
import { hash32, intBetween, pick, rng, weightedPick } from "../random";

export interface FlightSchedule {
  flightNo: string;
  airline: string;
  from: string;
  to: string;
  /** Local departure time at the origin, minutes since midnight. */
  depMinutes: number;
  blockMinutes: number;
  aircraft: string;
  /** Bit n set: operates on weekday n (0 Sunday). */
  days: number;
  stop: string | null;
  stopMinutes: number;
  meal: boolean;
  distanceKm: number;
  international: boolean;
  depTerminal: string;
  arrTerminal: string;
}

export interface AirNetwork {
  schedules: FlightSchedule[];
  byRoute: Map<string, FlightSchedule[]>;
  /** Airport → airports it has flights to. */
  destinations: Map<string, Set<string>>;
  /** Airport → airports with flights to it. */
  origins: Map<string, Set<string>>;
}

export const routeKey = (from: string, to: string) => `${from}-${to}`;
const EVERY_DAY = 0b1111111;
const MIN_DOMESTIC_KM = 400;
const SIZE: Record<string, number> = { CA: 4, MU: 4, CZ: 4, HU: 2, "3U": 2, MF: 2, ZH: 2, HO: 1.5 };
const WIDE = new Set(["A330-300", "A350-900", "B787-9", "B777-300ER", "B747-8", "A380"]);

function blockMinutes(km: number, aircraft: string): number {
  const speed = AIRCRAFT[aircraft]?.speed ?? 800;
  return Math.round(((km / speed) * 60 + 30) / 5) * 5;
}

function terminal(a: Airport, airline: string): string {
  return a.terminals.length ? a.terminals[hash32(`${airline}@${a.code}`) % a.terminals.length] : "";
}

class Builder {
  schedules: FlightSchedule[] = [];
  private numbers = new Map<string, number>();
  constructor(
    private seed: string,
    private places: Places,
  ) {}

  private nextNumber(airline: string, international: boolean): number {
    const key = `${airline}|${international}`;
    const n = this.numbers.get(key) ?? (international ? 501 : 1101);
    this.numbers.set(key, n + 2);
    return n;
  }

  /** `perDay` flights each way between a and b, flown by `airlines`. */
  pair(a: Airport, b: Airport, perDay: number, airlines: AirlineEntry[], days = EVERY_DAY) {
    const km = Math.round(distanceKm(a, b));
    const international = a.international || b.international;
    const r = rng(this.seed, "pair", a.code, b.code);
    // Long-haul needs a widebody: carriers without one leave such routes to those with one.
    const able = km > 3500 ? airlines.filter((l) => l.fleet.some((t) => WIDE.has(t))) : airlines;
    if (able.length) airlines = able;
    for (let i = 0; i < perDay; i++) {
      // Bigger carriers, and carriers based at both ends, fly more of a route's frequencies.
      const airline = weightedPick(r, airlines, (l) => (SIZE[l.code] ?? 1) * (l.hubs.includes(a.code) && l.hubs.includes(b.code) ? 2 : 1) * (l.lowCost ? 0.5 : 1));
      const fleet = airline.fleet.filter((t) => (km > 3500 ? WIDE.has(t) : km < 1200 ? !WIDE.has(t) : true));
      const aircraft = pick(r, fleet.length ? fleet : airline.fleet);
      const n = this.nextNumber(airline.code, international);
      const stop = !international && km > 1800 && perDay === 1 && r() < 0.3 ? this.stopBetween(a, b) : null;
      const flightKm = stop ? Math.round(distanceKm(a, stop) + distanceKm(stop, b)) : km;
      const block = blockMinutes(flightKm, aircraft) + (stop ? 50 : 0);
      for (const [from, to, num] of [[a, b, n], [b, a, n + 1]] as const) {
        // Departures spread over the day in slots, each jittered; long-haul also leaves at night.
        const span = international && km > 5000 ? 1380 : 960;
        const start = international && km > 5000 ? 30 : 390;
        const slot = start + Math.floor((span / perDay) * i) + intBetween(r, 0, Math.max(10, Math.floor(span / perDay) - 20));
        this.schedules.push({
          flightNo: `${airline.code}${num}`,
          airline: airline.code,
          from: from.code,
          to: to.code,
          depMinutes: Math.round(slot / 5) * 5 % 1440,
          blockMinutes: block,
          aircraft,
          days,
          stop: stop?.code ?? null,
          stopMinutes: stop ? 50 : 0,
          meal: !airline.lowCost && block >= 90,
          distanceKm: flightKm,
          international,
          depTerminal: terminal(from, airline.code),
          arrTerminal: terminal(to, airline.code),
        });
      }
    }
  }

  private stopBetween(a: Airport, b: Airport): Airport | null {
    const direct = distanceKm(a, b);
    let best: Airport | null = null;
    let bestDetour = Infinity;
    for (const s of this.places.airports.values()) {
      if (s.international || s.cityCode === a.cityCode || s.cityCode === b.cityCode) continue;
      const d1 = distanceKm(a, s);
      const d2 = distanceKm(s, b);
      if (d1 < MIN_DOMESTIC_KM || d2 < MIN_DOMESTIC_KM) continue;
      const detour = d1 + d2 - direct;
      if (detour < bestDetour) [best, bestDetour] = [s, detour];
    }
    return best && bestDetour < direct * 0.15 ? best : null;
  }
}

function carriersAt(codes: string[], foreign: boolean): AirlineEntry[] {
  return AIRLINES.filter((l) => Boolean(l.foreign) === foreign && l.hubs.some((h) => codes.includes(h)));
}

function build(seed: string, places: Places): AirNetwork {
  const b = new Builder(seed, places);
  const domestic = [...places.airports.values()].filter((a) => !a.international);
  const hubs = domestic.filter((a) => a.weight >= 7);
  const majors = AIRLINES.filter((l) => ["CA", "MU", "CZ", "HU"].includes(l.code));
  const linked = new Set<string>();
  const link = (a: Airport, c: Airport) => {
    const key = [a.code, c.code].sort().join("-");
    if (linked.has(key) || a.cityCode === c.cityCode || distanceKm(a, c) < MIN_DOMESTIC_KM) return;
    linked.add(key);
    const r = rng(seed, "freq", key);
    const perDay = Math.max(1, Math.min(10, Math.round(((a.weight * c.weight) / 20) * (0.7 + r() * 0.6))));
    const local = carriersAt([a.code, c.code], false);
    const days = perDay === 1 && a.weight + c.weight < 10 ? 0b1010101 | (1 << intBetween(r, 0, 6)) : EVERY_DAY;
    b.pair(a, c, perDay, local.length ? local : majors, days);
  };
  for (const a of hubs) for (const c of hubs) if (a.code < c.code) link(a, c);
  for (const a of domestic) {
    if (hubs.includes(a)) continue;
    const r = rng(seed, "spokes", a.code);
    const near = hubs.filter((h) => distanceKm(a, h) >= MIN_DOMESTIC_KM).sort((x, y) => y.weight - x.weight || x.code.localeCompare(y.code));
    for (const h of near.slice(0, 5)) link(a, h);
    link(a, pick(r, domestic));
  }

  const foreign = [...places.airports.values()].filter((a) => a.international);
  const gateways = GATEWAYS.map((c) => places.airports.get(c)!);
  for (const f of foreign) {
    const r = rng(seed, "intl", f.code);
    const count = Math.max(2, Math.min(5, Math.round(f.weight / 2)));
    const chosen = [...gateways].sort((x, y) => y.weight + r() * 4 - (x.weight + r() * 4)).slice(0, count);
    const home = carriersAt([f.code], true);
    chosen.forEach((g, i) => {
      const chinese = carriersAt([g.code], false).filter((l) => !l.lowCost);
      const carriers = i < 2 && home.length ? [...chinese, ...home] : chinese;
      const perDay = f.weight >= 7 && g.weight >= 9 ? 2 : 1;
      b.pair(g, f, perDay, carriers.length ? carriers : majors, f.weight >= 5 ? EVERY_DAY : 0b0101011);
    });
  }
  for (const [hub, list] of Object.entries(FOREIGN_HUB_LINKS)) {
    const h = places.airports.get(hub)!;
    const home = carriersAt([hub], true);
    for (const d of list) b.pair(h, places.airports.get(d)!, 1, home);
  }

  const byRoute = new Map<string, FlightSchedule[]>();
  const destinations = new Map<string, Set<string>>();
  const origins = new Map<string, Set<string>>();
  for (const s of b.schedules) {
    const key = routeKey(s.from, s.to);
    byRoute.set(key, [...(byRoute.get(key) ?? []), s]);
    (destinations.get(s.from) ?? destinations.set(s.from, new Set()).get(s.from)!).add(s.to);
    (origins.get(s.to) ?? origins.set(s.to, new Set()).get(s.to)!).add(s.from);
  }
  for (const list of byRoute.values()) list.sort((x, y) => x.depMinutes - y.depMinutes);
  return { schedules: b.schedules, byRoute, destinations, origins };
}

const networks = new Map<string, AirNetwork>();

export function airNetwork(seed: string, places: Places): AirNetwork {
  let n = networks.get(seed);
  if (!n) networks.set(seed, (n = build(seed, places)));
  return n;
}
