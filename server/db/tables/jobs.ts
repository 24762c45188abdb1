// Durable jobs.
import type { Generated } from "kysely";

// ---- durable jobs ----

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  runAt: string;
  payload: string; // JSON
  attempts: Generated<number>;
  lockedUntil: string | null;
  lockedBy: string | null;
  lastError: string | null;
  doneAt: string | null;
  failedAt: string | null;
  createTime: string;
}
