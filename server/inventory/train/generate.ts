// The stored railway inventory: the timetable (once) and each run date's seats per class.
import type { Transaction } from "kysely";
import type { Database, TrainSeatsTable, TrainStopsTable } from "../../db/schema";
import type { Places } from "../places";
import { insertRows, type Mark } from "../store";
import { seatsOf, timetable } from "./timetable";

export async function writeTimetable(trx: Transaction<Database>, seed: string, places: Places): Promise<void> {
  const rows: TrainStopsTable[] = [];
  for (const t of timetable(seed, places)) {
    t.stops.forEach((s, seq) => rows.push({ trainNo: t.trainNo, seq, station: s.station, trainType: t.trainType, arrMin: s.arrMin, depMin: s.depMin, distanceKm: s.distanceKm }));
  }
  await insertRows(trx, "train_stops", rows as unknown as Record<string, unknown>[]);
}

export function seatRows(seed: string, places: Places, runDate: string): TrainSeatsTable[] {
  const rows: TrainSeatsTable[] = [];
  for (const t of timetable(seed, places)) {
    for (const s of seatsOf(t.trainType)) rows.push({ runDate, trainNo: t.trainNo, seatClass: s.seatClass, total: s.total, remaining: s.total });
  }
  return rows;
}

export async function writeTrainSeats(trx: Transaction<Database>, seed: string, places: Places, marks: Mark[]): Promise<void> {
  const rows = marks.flatMap((m) => seatRows(seed, places, m.day));
  await insertRows(trx, "train_seats", rows as unknown as Record<string, unknown>[]);
}
