// The embedded airline's own schedule feed: it raises a schedule change or a cancellation of one
// of its flights (a scripted scenario in tests and the demo), recorded exactly as an operator's.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { recordDisruption, type RecordedDisruption } from "../../disruptions/record";
import { recordDisruptionInput } from "../../../src/domain/disruptions";

export interface AirlineScheduleEvent {
  flightNo: string;
  date: string;
  /** Absent: the flight is cancelled. */
  newDepTime?: string;
  newArrTime?: string;
  reason: string;
}

export async function raiseFlightDisruption(db: Kysely<Database>, e: AirlineScheduleEvent): Promise<RecordedDisruption> {
  const input = recordDisruptionInput.parse({
    kind: e.newDepTime ? "flightSchedule" : "flightCancelled", no: e.flightNo, date: e.date, newDepTime: e.newDepTime, newArrTime: e.newArrTime, reason: e.reason,
  });
  return recordDisruption(db, input, "supplier");
}
