// The railway timetable, a pure function of the seed and the corridors: trains along each
// corridor (or a stretch of it) in both directions, their stops, times and distances. Trains
// run every day; numbers are odd in a corridor's listed direction and even in the other.
import { SEAT_CLASSES_OF, type SeatClass, type TrainType } from "../../../src/domain/travel/train";
import { RAIL_LINES } from "../data/rail-lines";
import { distanceKm } from "../geo";
import type { Places } from "../places";
import { intBetween, rng } from "../random";

export interface TimetableStop {
  station: string;
  /** Minutes from midnight of the run's first day. */
  arrMin: number | null;
  depMin: number | null;
  distanceKm: number;
}

export interface Train {
  trainNo: string;
  trainType: TrainType;
  stops: TimetableStop[];
}

/** Rail distance is longer than the straight line. */
const DETOUR = 1.15;
const SPEED: Record<TrainType, number> = { G: 260, D: 190, C: 170, Z: 110, T: 95, K: 75 };
const DWELL: Record<TrainType, [number, number]> = { G: [2, 3], D: [2, 4], C: [1, 2], Z: [6, 12], T: [5, 10], K: [4, 12] };
const STOP_CHANCE: Record<TrainType, number> = { G: 0.6, D: 0.85, C: 1, Z: 0.45, T: 0.7, K: 1 };
const FIRST_NUMBER: Record<TrainType, number> = { G: 1, D: 301, C: 2001, Z: 1, T: 1, K: 101 };

export const SEAT_CAPACITY: Record<TrainType, Partial<Record<SeatClass, number>>> = {
  G: { "9": 10, M: 56, O: 500, WZ: 60 },
  D: { M: 48, O: 520, WZ: 80 },
  C: { M: 28, O: 450, WZ: 100 },
  Z: { "4": 36, "3": 330, "1": 360, WZ: 100 },
  T: { "4": 36, "3": 330, "1": 360, WZ: 100 },
  K: { "4": 36, "3": 330, "1": 360, WZ: 120 },
};

export function seatsOf(type: TrainType): { seatClass: SeatClass; total: number }[] {
  return SEAT_CLASSES_OF[type].map((seatClass) => ({ seatClass, total: SEAT_CAPACITY[type][seatClass] ?? 0 }));
}

function build(seed: string, places: Places): Train[] {
  const trains: Train[] = [];
  const counters = new Map<TrainType, number>();
  for (const line of RAIL_LINES) {
    for (const [type, perDay] of Object.entries(line.daily) as [TrainType, number][]) {
      const r = rng(seed, "rail", line.name, type);
      for (let i = 0; i < perDay; i++) {
        const n = counters.get(type) ?? FIRST_NUMBER[type];
        counters.set(type, n + 2);
        // A stretch of the corridor: most trains run it end to end, some a part of it.
        let from = 0;
        let to = line.stations.length - 1;
        if (line.stations.length > 3 && r() < 0.35) {
          if (r() < 0.5) from = intBetween(r, 1, Math.max(1, to - 2));
          else to = intBetween(r, Math.min(to, from + 2), to - 1);
        }
        const picked = line.stations.slice(from, to + 1).filter((_, k, all) => k === 0 || k === all.length - 1 || r() < STOP_CHANCE[type]);
        const overnight = type === "Z" || type === "T" || type === "K";
        const first = overnight ? intBetween(r, 17 * 60, 22 * 60 + 30) : 390 + Math.floor((780 / perDay) * i) + intBetween(r, 0, Math.max(5, Math.floor(780 / perDay) - 10));
        for (const [stations, num] of [[picked, n], [[...picked].reverse(), n + 1]] as const) {
          const start = stations === picked ? first : overnight ? intBetween(r, 7 * 60, 22 * 60) : first + intBetween(r, -40, 40);
          trains.push({ trainNo: `${type}${num}`, trainType: type, stops: runOf(places, r, type, stations, Math.round(start / 5) * 5) });
        }
      }
    }
  }
  return trains;
}

function runOf(places: Places, r: () => number, type: TrainType, stations: readonly string[], start: number): TimetableStop[] {
  const stops: TimetableStop[] = [];
  let clock = start;
  let km = 0;
  stations.forEach((name, k) => {
    if (k > 0) {
      const leg = distanceKm(places.stations.get(stations[k - 1])!, places.stations.get(name)!) * DETOUR;
      km += leg;
      clock += Math.max(10, Math.round((leg / SPEED[type]) * 60 + 4));
    }
    const last = k === stations.length - 1;
    const dwell = k === 0 || last ? 0 : intBetween(r, ...DWELL[type]);
    stops.push({ station: name, arrMin: k === 0 ? null : clock, depMin: last ? null : clock + dwell, distanceKm: Math.round(km) });
    clock += dwell;
  });
  return stops;
}

const timetables = new Map<string, Train[]>();

export function timetable(seed: string, places: Places): Train[] {
  let t = timetables.get(seed);
  if (!t) timetables.set(seed, (t = build(seed, places)));
  return t;
}
