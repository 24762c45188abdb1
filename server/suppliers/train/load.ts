// Reading the railway inventory: stations by name or city, train legs between two sets of
// stations, and each leg's seats with today's availability and fares.
import { said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, TrainSeatsTable } from "../../db/schema";
import { addDays, CHINA_OFFSET_MS, hhmm } from "../../../src/domain/travel/dates";
import {
  childTrainFare, SEAT_CLASS_LABELS, seatAvailabilityText, TRAIN_TYPE_LABELS, trainFare, type SeatClass, type TrainType,
} from "../../../src/domain/travel/train";
import type { TrainItem } from "../../../src/domain/travel/types";
import { DomainError } from "../../services/domain-error";
import { soldElsewhere } from "../../inventory/demand";
import type { Places, Station } from "../../inventory/places";
import { ensureGenerated } from "../../inventory/store";
import { writeTimetable, writeTrainSeats } from "../../inventory/train/generate";

export interface TrainSource {
  db: Kysely<Database>;
  seed: string;
  places: Places;
  /** The database whose timetable caches a transaction on it shares (the timetable never changes). */
  cacheOf?: Kysely<Database>;
}

/** Every station of a city by the city's name, or one station by its exact name. */
export function resolveStations(places: Places, text: string, field: string, label: string): Station[] {
  // A city's name means all its stations (北京 is 北京南, 北京西, 北京 …), as on the railway's own search.
  const city = places.stationsByCity.get(text.replace(/市$/, ""));
  if (city) return city;
  const station = places.stations.get(text);
  if (station) return [station];
  const msg = said("train.unknown", { label, text });
  throw new DomainError("badInput", msg, { errors: { [field]: msg } });
}

export async function ensureTimetable(src: TrainSource): Promise<void> {
  await ensureGenerated(src.db, "train-timetable", [{ scope: "all", day: "-" }], (trx) => writeTimetable(trx, src.seed, src.places));
}

export async function ensureRuns(src: TrainSource, runDates: string[]): Promise<void> {
  await ensureGenerated(src.db, "train", runDates.map((day) => ({ scope: "all", day })), (trx, marks) => writeTrainSeats(trx, src.seed, src.places, marks));
}

export interface Leg {
  trainNo: string;
  trainType: TrainType;
  fromSeq: number;
  fromStation: string;
  depMin: number;
  fromKm: number;
  toSeq: number;
  toStation: string;
  arrMin: number;
  toKm: number;
}

const legCache = new WeakMap<Kysely<Database>, Map<string, Leg[]>>();

/** Legs from any of `from` to any of `to` (either side may be open: every station). The
 * timetable is written once and never changed, so each question is asked once per process. */
export async function findLegs(src: TrainSource, from: string[] | null, to: string[] | null): Promise<Leg[]> {
  const owner = src.cacheOf ?? src.db;
  let byKey = legCache.get(owner);
  if (!byKey) legCache.set(owner, (byKey = new Map()));
  const key = `${from?.join(",") ?? "*"}>${to?.join(",") ?? "*"}`;
  const cached = byKey.get(key);
  if (cached) return cached;
  if (byKey.size > 5_000) byKey.clear();
  const legs = await queryLegs(src, from, to);
  byKey.set(key, legs);
  return legs;
}

async function queryLegs(src: TrainSource, from: string[] | null, to: string[] | null): Promise<Leg[]> {
  let q = src.db
    .selectFrom("train_stops as a")
    .innerJoin("train_stops as b", (j) => j.onRef("a.trainNo", "=", "b.trainNo").onRef("a.seq", "<", "b.seq"))
    .select([
      "a.trainNo", "a.trainType", "a.seq as fromSeq", "a.station as fromStation", "a.depMin", "a.distanceKm as fromKm",
      "b.seq as toSeq", "b.station as toStation", "b.arrMin", "b.distanceKm as toKm",
    ]);
  if (from) q = q.where("a.station", "in", from);
  if (to) q = q.where("b.station", "in", to);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, trainType: r.trainType as TrainType, depMin: r.depMin ?? 0, arrMin: r.arrMin ?? 0 }));
}

/** The run date a leg must belong to for it to leave on `depDate`. */
export const runDateOf = (leg: Pick<Leg, "depMin">, depDate: string) => addDays(depDate, -Math.floor(leg.depMin / 1440));
export const instantOf = (runDate: string, minutes: number) => Date.parse(`${runDate}T00:00:00Z`) - CHINA_OFFSET_MS + minutes * 60_000;

export async function readSeats(src: TrainSource, runs: { runDate: string; trainNo: string }[]): Promise<Map<string, TrainSeatsTable[]>> {
  const out = new Map<string, TrainSeatsTable[]>();
  if (!runs.length) return out;
  const rows = await src.db
    .selectFrom("train_seats")
    .selectAll()
    .where("runDate", "in", [...new Set(runs.map((r) => r.runDate))])
    .where("trainNo", "in", [...new Set(runs.map((r) => r.trainNo))])
    .execute();
  for (const r of rows) {
    const key = `${r.runDate}:${r.trainNo}`;
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return out;
}

/** A run a 航变 changed (train_run_changes): its stops' times that day, and whether it is stopped. */
export interface RunChange {
  times: [number | null, number | null][];
  cancelled: boolean;
}

/**
 * The runs among these that a 航变 changed, by `runDate:trainNo`. Read every time, not cached:
 * an operator (in any server process) may record one at any moment.
 */
export async function readRunChanges(src: TrainSource, runs: { runDate: string; trainNo: string }[]): Promise<Map<string, RunChange>> {
  const out = new Map<string, RunChange>();
  if (!runs.length) return out;
  const rows = await src.db
    .selectFrom("train_run_changes")
    .select(["runDate", "trainNo", "times", "cancelled"])
    .where("runDate", "in", [...new Set(runs.map((r) => r.runDate))])
    .where("trainNo", "in", [...new Set(runs.map((r) => r.trainNo))])
    .execute();
  for (const r of rows) out.set(`${r.runDate}:${r.trainNo}`, { times: JSON.parse(r.times) as RunChange["times"], cancelled: r.cancelled === 1 });
  return out;
}

/** The leg and stops with the run's own times (the cached timetable rows are left as they are). */
export function onRun(leg: Leg, stops: StopRow[], change: RunChange | undefined): { leg: Leg; stops: StopRow[] } {
  if (!change) return { leg, stops };
  const at = (seq: number) => change.times[seq] ?? [null, null];
  return {
    leg: { ...leg, depMin: at(leg.fromSeq)[1] ?? leg.depMin, arrMin: at(leg.toSeq)[0] ?? leg.arrMin },
    stops: stops.map((s, seq) => ({ ...s, arrMin: at(seq)[0], depMin: at(seq)[1] })),
  };
}

/** A stopped run (停运): listed with its seats, none of them on sale, and marked as stopped. */
export function stoppedRun(item: TrainItem): TrainItem {
  return { ...item, stopped: true, seats: item.seats.map((s) => ({ ...s, left: 0, availability: seatAvailabilityText(0) })), lowestPrice: null };
}

type StopRow = { station: string; arrMin: number | null; depMin: number | null };
const stopCache = new WeakMap<Kysely<Database>, Map<string, StopRow[]>>();

/** Each train's stops in order (read once per process: the timetable does not change). */
export async function readStops(src: TrainSource, trainNos: string[]) {
  const owner = src.cacheOf ?? src.db;
  let cache = stopCache.get(owner);
  if (!cache) {
    cache = new Map();
    const rows = await src.db.selectFrom("train_stops").select(["trainNo", "seq", "station", "arrMin", "depMin"]).orderBy("trainNo").orderBy("seq").execute();
    for (const r of rows) cache.set(r.trainNo, [...(cache.get(r.trainNo) ?? []), { station: r.station, arrMin: r.arrMin, depMin: r.depMin }]);
    stopCache.set(owner, cache);
  }
  const out = new Map<string, StopRow[]>();
  for (const t of trainNos) out.set(t, cache.get(t) ?? []);
  return out;
}

export function seatAvailable(seed: string, today: string, depDate: string, s: TrainSeatsTable): number {
  return Math.max(0, s.remaining - soldElsewhere(seed, `${s.runDate}|${s.trainNo}|${s.seatClass}`, depDate, today, s.total, s.seatClass === "9" || s.seatClass === "4"));
}

export function trainItem(
  seed: string,
  today: string,
  leg: Leg,
  runDate: string,
  seats: TrainSeatsTable[],
  stops: { station: string; arrMin: number | null; depMin: number | null }[],
): TrainItem {
  const km = leg.toKm - leg.fromKm;
  const depDate = addDays(runDate, Math.floor(leg.depMin / 1440));
  const arrDate = addDays(runDate, Math.floor(leg.arrMin / 1440));
  const order = (c: string) => ["9", "M", "O", "4", "3", "1", "WZ"].indexOf(c);
  const seatList = [...seats]
    .sort((a, b) => order(a.seatClass) - order(b.seatClass))
    .map((s) => {
      const price = trainFare(leg.trainType, s.seatClass as SeatClass, km);
      const left = seatAvailable(seed, today, depDate, s);
      return { seatClass: s.seatClass as SeatClass, seatName: SEAT_CLASS_LABELS[s.seatClass as SeatClass], price, childPrice: childTrainFare(price), left, availability: seatAvailabilityText(left) };
    });
  const open = seatList.filter((s) => s.left > 0).map((s) => s.price);
  return {
    trainKey: `${runDate}:${leg.trainNo}:${leg.fromStation}:${leg.toStation}`,
    trainNo: leg.trainNo,
    trainType: leg.trainType,
    trainTypeName: TRAIN_TYPE_LABELS[leg.trainType],
    startStation: stops[0]?.station ?? leg.fromStation,
    endStation: stops[stops.length - 1]?.station ?? leg.toStation,
    fromStation: leg.fromStation,
    toStation: leg.toStation,
    runDate,
    depDate,
    depTime: hhmm(leg.depMin),
    arrDate,
    arrTime: hhmm(leg.arrMin),
    arrDayOffset: Math.floor(leg.arrMin / 1440) - Math.floor(leg.depMin / 1440),
    durationMin: leg.arrMin - leg.depMin,
    distanceKm: km,
    seats: seatList,
    lowestPrice: open.length ? Math.min(...open) : null,
    stops: stops.map((s) => ({
      station: s.station,
      arrTime: s.arrMin === null ? null : hhmm(s.arrMin),
      depTime: s.depMin === null ? null : hhmm(s.depMin),
      dayOffset: Math.floor((s.arrMin ?? s.depMin ?? 0) / 1440),
      stopMinutes: s.arrMin !== null && s.depMin !== null ? s.depMin - s.arrMin : 0,
    })),
  };
}
