// A train's 航变 written to the run it concerns, as a flight's is written to the flight of that
// date: a 停运 stops the run's sale, a 时刻变更 gives it new times. The railway's timetable is
// one for every day, so the run's own times go to train_run_changes (one row per run date and
// train), which the railway supplier reads over the timetable (suppliers/train/load.ts).
//
// Which times the change names: the departure and arrival of the travellers it concerns (the
// first flagged order's boarding and alighting stations, its run from the order's train key),
// else the train's first and last stations on a run leaving on that date. The new departure is
// on the same date as the old one (as a flight's); the new arrival, when given, is the one
// nearest the old arrival moved by the departure's shift, always after the new departure.
// Stops up to the departure move with it, stops from the arrival on move with the arrival, and
// the stops between keep their share of the running time between the two: every stop's times
// stay in order. Without a new arrival every stop moves by the departure's shift.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isoAt } from "../services/clock";
import { hhmm, minutesOf } from "../../src/domain/travel/dates";
import type { RecordDisruptionInput } from "../../src/domain/disruptions";

/** A stop's [arrMin, depMin], minutes from midnight of the run date. */
export type RunTimes = [number | null, number | null][];

/** The boarding and alighting stations of the travellers concerned, and their run. */
export interface RunReference {
  runDate: string;
  fromStation: string;
  toStation: string;
}

const DAY = 1440;

/** The run's times after the change: `dep` and `arr` are the stops whose times the change names. */
export function shiftedTimes(times: RunTimes, dep: number, arr: number, newDep: number, newArr?: number): RunTimes {
  const oldDep = times[dep][1]!;
  const oldArr = times[arr][0]!;
  const depAt = oldDep - (oldDep % DAY) + newDep;
  let arrAt = oldArr + (depAt - oldDep);
  if (newArr !== undefined) {
    const guess = arrAt;
    arrAt = guess - (((guess % DAY) + DAY) % DAY) + newArr;
    if (arrAt - guess > DAY / 2) arrAt -= DAY;
    if (guess - arrAt > DAY / 2) arrAt += DAY;
    while (arrAt <= depAt) arrAt += DAY;
  }
  const scale = (arrAt - depAt) / (oldArr - oldDep);
  const move = (m: number | null, i: number): number | null => {
    if (m === null) return null;
    if (i <= dep && m <= oldDep) return m + (depAt - oldDep);
    if (i >= arr && m >= oldArr) return m + (arrAt - oldArr);
    return depAt + Math.round((m - oldDep) * scale);
  };
  return times.map(([a, d], i) => [move(a, i), move(d, i)]);
}

/**
 * The run's times at the stations the change names before it (null when no such train runs), and
 * the write of the change to the run once the disruption's record has its id. Both in the
 * caller's transaction, with that record.
 */
export async function planTrainDisruption(
  trx: Kysely<Database>, input: RecordDisruptionInput, ref: RunReference | null,
): Promise<{ old: { depTime: string; arrTime: string }; write: (disruptionId: number) => Promise<void> } | null> {
  const stops = await trx.selectFrom("train_stops").select(["seq", "station", "arrMin", "depMin"]).where("trainNo", "=", input.no).orderBy("seq").execute();
  if (stops.length < 2) return null;
  const dep = ref ? stops.findIndex((s) => s.station === ref.fromStation) : 0;
  const arr = ref ? stops.findIndex((s) => s.station === ref.toStation) : stops.length - 1;
  if (dep < 0 || arr <= dep) return null;
  const runDate = ref?.runDate ?? input.date;
  const existing = await trx.selectFrom("train_run_changes").select(["times", "cancelled"]).where("runDate", "=", runDate).where("trainNo", "=", input.no).executeTakeFirst();
  // A second change of the run starts from the times the first gave it.
  const times: RunTimes = existing ? (JSON.parse(existing.times) as RunTimes) : stops.map((s) => [s.arrMin, s.depMin]);
  const old = { depTime: hhmm(times[dep][1]!), arrTime: hhmm(times[arr][0]!) };
  const write = async (disruptionId: number) => {
    const cancelled = input.kind === "trainStopCancelled" || existing?.cancelled === 1;
    const next = input.newDepTime
      ? shiftedTimes(times, dep, arr, minutesOf(input.newDepTime)!, input.newArrTime ? minutesOf(input.newArrTime)! : undefined)
      : times;
    const row = { times: JSON.stringify(next), cancelled: cancelled ? 1 : 0, disruptionId, updateTime: isoAt() };
    await trx
      .insertInto("train_run_changes")
      .values({ runDate, trainNo: input.no, ...row })
      .onConflict((oc) => oc.columns(["runDate", "trainNo"]).doUpdateSet(row))
      .execute();
  };
  return { old, write };
}
