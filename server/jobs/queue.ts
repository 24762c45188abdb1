// Scheduling a job: one row, written with the caller's transaction so the job exists exactly
// when the change that needs it does.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isoAt, now } from "../services/clock";

export interface NewJob {
  kind: string;
  /** When it is due: ms since the epoch or ISO text. */
  runAt: number | string;
  payload: unknown;
}

export async function enqueueJob(db: Kysely<Database>, job: NewJob): Promise<number> {
  const runAt = typeof job.runAt === "number" ? isoAt(job.runAt) : new Date(job.runAt).toISOString();
  const row = await db
    .insertInto("jobs")
    .values({ kind: job.kind, runAt, payload: JSON.stringify(job.payload ?? {}), createTime: isoAt(now()) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
