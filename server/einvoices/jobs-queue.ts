// Scheduling a document's issue: written in the transaction that writes the document (a request,
// a refund's or a change's move), so a document never waits without a job to issue it.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { enqueueJob } from "../jobs/queue";
import { now } from "../services/clock";

export const EINVOICE_ISSUE_JOB = "einvoice-issue";

export function enqueueIssue(trx: Kysely<Database>, id: number): Promise<number> {
  return enqueueJob(trx, { kind: EINVOICE_ISSUE_JOB, runAt: now(), payload: { id } });
}
