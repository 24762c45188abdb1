// An export's watch: a job written with the task, due every WATCH_MS while the task runs, that
// any server process may run. Its process writing the file beats (each progress write); a task
// whose beat has stopped for RESUME_AFTER_MS died with its process and is written again.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { enqueueJob } from "../jobs/queue";

export const EXPORT_WATCH_JOB = "export.watch";
export const WATCH_MS = 30_000;
/** Longer than any pause between two progress writes of a live export (2,000 rows each). */
export const RESUME_AFTER_MS = 120_000;

export interface ExportWatch {
  taskId: number;
  memberId: number;
  kind: string;
  /** The export's filters as the route validated them. */
  input: Record<string, unknown>;
}

export function watchExport(trx: Kysely<Database>, watch: ExportWatch, at: number): Promise<number> {
  return enqueueJob(trx, { kind: EXPORT_WATCH_JOB, runAt: at + WATCH_MS, payload: watch });
}
