// The job runner: claims due jobs atomically (PostgreSQL: FOR UPDATE SKIP LOCKED, so several
// server processes share the table; SQLite: one conditional UPDATE, which SQLite serialises),
// runs each in a transaction that also marks it done, and retries failures with backoff. Time
// comes from the controllable clock, so tests move it and call runDueJobs().
import crypto from "node:crypto";
import os from "node:os";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Dialect } from "../db";
import type { Database } from "../db/schema";
import { isoAt, now } from "../services/clock";
import { DEFAULT_MAX_ATTEMPTS, FinalJobError, defaultBackoffMs, type JobKinds, type JobRow } from "./kinds";
import { inTransaction } from "../db/transaction";

export interface JobRunnerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  kinds: JobKinds;
  /** How often a started runner looks for due jobs. */
  pollMs?: number;
  /** How long a claim lasts; a runner that dies mid-job releases it when this runs out. */
  lockMs?: number;
  /** Jobs claimed at once. */
  batchSize?: number;
  log?: { error: (obj: object, msg: string) => void };
  /** Runs each drain inside its app (its clock, payment window, SMS provider); default: as called. */
  enter?: <T>(fn: () => T) => T;
}

export interface RunReport {
  done: number;
  retried: number;
  failed: number;
}

export interface JobRunner {
  /** Runs every job due now (and any that running them makes due), then resolves. */
  runDueJobs(): Promise<RunReport>;
  /** Polls until stop(). */
  start(): void;
  /** Stops polling, lets the job in hand finish and gives back the rest of its claimed batch. */
  stop(): Promise<void>;
  /** For the readiness check: whether the runner polls, and whether its polls still come round. */
  health(): RunnerHealth;
}

/** "off": never started here (a process may leave jobs to others); "stalled": started, but no poll has ended for a long while. */
export type RunnerHealth = "running" | "stalled" | "stopped" | "off";

/** A claim another runner took over after ours ran out: our effects must not be kept. */
class LostClaim extends Error {}
/** A job whose payload does not read: it cannot succeed however often it is retried. */
class UnreadablePayload extends Error {
  override name = "UnreadablePayload";
}

const MAX_ERROR_LENGTH = 2000;

/**
 * A claim's token (jobs.lockedBy): the host and process id of the runner holding it, then a
 * random part unique to the claim, so the job table tells which process holds a job.
 */
export function claimToken(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomUUID()}`;
}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, dialect, kinds } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const lockMs = opts.lockMs ?? 5 * 60_000;
  const batchSize = opts.batchSize ?? 20;
  const enter = opts.enter ?? (<T>(fn: () => T) => fn());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<RunReport> | null = null;
  let stopped = true;
  let started = false;
  // Set by stop(): the drain in hand ends after its current job; a new one claims nothing.
  let stopping = false;
  // Wall-clock time (not the controllable clock tests move) of the last finished poll.
  let lastPollEnd = 0;

  async function claim(token: string): Promise<JobRow[]> {
    const names = kinds.names();
    if (!names.length) return [];
    const at = isoAt(now());
    let due = db
      .selectFrom("jobs")
      .select("id")
      .where("doneAt", "is", null)
      .where("failedAt", "is", null)
      .where("runAt", "<=", at)
      .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", at)]))
      .where("kind", "in", names)
      .orderBy("runAt")
      .orderBy("id")
      .limit(batchSize);
    if (dialect === "postgres") due = due.forUpdate().skipLocked();
    const rows = await db
      .updateTable("jobs")
      .set({ lockedUntil: isoAt(now() + lockMs), lockedBy: token, attempts: sql`attempts + 1` })
      .where("id", "in", due)
      .returningAll()
      .execute();
    return rows.sort((a, b) => (a.runAt < b.runAt ? -1 : a.runAt > b.runAt ? 1 : a.id - b.id));
  }

  async function runOne(job: JobRow, token: string, report: RunReport): Promise<void> {
    const kind = kinds.get(job.kind)!;
    try {
      let payload: unknown;
      try {
        payload = kind.payload.parse(JSON.parse(job.payload));
      } catch (e) {
        const issue = (e as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
        throw new UnreadablePayload(issue ? `${issue.path.join(".") || "payload"}: ${issue.message}` : (e as Error).message);
      }
      const prepared = kind.prepare ? await kind.prepare(payload, { db, job, now: now() }) : undefined;
      await inTransaction(db, async (trx) => {
        await kind.run(payload, { trx, job, now: now(), prepared });
        const done = await trx
          .updateTable("jobs")
          .set({ doneAt: isoAt(now()), lockedUntil: null, lastError: null })
          .where("id", "=", job.id)
          .where("lockedBy", "=", token)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw new LostClaim();
      });
      report.done += 1;
    } catch (e) {
      if (e instanceof LostClaim) return;
      const message = (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).slice(0, MAX_ERROR_LENGTH);
      const give = e instanceof UnreadablePayload || e instanceof FinalJobError || job.attempts >= (kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
      const at = now();
      await db
        .updateTable("jobs")
        .set(
          give
            ? { failedAt: isoAt(at), lastError: message, lockedUntil: null, lockedBy: null }
            : { runAt: isoAt(at + (kind.backoffMs ?? defaultBackoffMs)(job.attempts)), lastError: message, lockedUntil: null, lockedBy: null },
        )
        .where("id", "=", job.id)
        .where("lockedBy", "=", token)
        .execute();
      if (give) report.failed += 1;
      else report.retried += 1;
      opts.log?.error({ err: e, jobId: job.id, kind: job.kind, attempts: job.attempts }, give ? "job failed for good" : "job failed, will retry");
    }
  }

  // Claims this runner took but will not run (it is stopping): given back at once, their attempt
  // not counted, so another process runs them now rather than when the lease runs out.
  async function release(jobs: JobRow[], token: string): Promise<void> {
    if (!jobs.length) return;
    await db
      .updateTable("jobs")
      .set({ lockedUntil: null, lockedBy: null, attempts: sql`attempts - 1` })
      .where("id", "in", jobs.map((j) => j.id))
      .where("lockedBy", "=", token)
      .where("doneAt", "is", null)
      .where("failedAt", "is", null)
      .execute();
  }

  async function drain(): Promise<RunReport> {
    const report: RunReport = { done: 0, retried: 0, failed: 0 };
    // Bounded, so a job that keeps scheduling itself for "now" cannot hold the runner forever.
    for (let round = 0; round < 100 && !stopping; round++) {
      const token = claimToken();
      const jobs = await claim(token);
      if (!jobs.length) break;
      for (let i = 0; i < jobs.length; i++) {
        // A stop lets the job in hand finish and hands the rest of the batch back.
        if (stopping) {
          await release(jobs.slice(i), token);
          break;
        }
        await runOne(jobs[i], token, report);
      }
    }
    return report;
  }

  function runDueJobs(): Promise<RunReport> {
    // One drain at a time per runner: a poll tick and a direct call share it.
    running ??= enter(drain).finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runDueJobs()
        .catch((err: unknown) => opts.log?.error({ err }, "job runner poll failed"))
        .finally(() => {
          lastPollEnd = Date.now();
          schedule();
        });
    }, pollMs);
    timer.unref();
  }

  return {
    runDueJobs,
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      started = true;
      lastPollEnd = Date.now();
      schedule();
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
    health() {
      if (!started) return "off";
      if (stopped) return "stopped";
      // A drain in hand may be long (a batch of supplier calls); only a runner neither draining
      // nor having polled for many intervals has stopped coming round.
      if (running || Date.now() - lastPollEnd <= Math.max(10 * pollMs, 30_000)) return "running";
      return "stalled";
    },
  };
}
