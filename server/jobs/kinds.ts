// Job kinds are pluggable: each capability registers the kinds it schedules (approval deadlines
// here; order expiry and ticketing later), and a runner claims only kinds it knows.
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import type { Database, JobsTable } from "../db/schema";

export type JobRow = Selectable<JobsTable>;

export interface JobContext<R = undefined> {
  /** The transaction the job's effects are written in; the job is marked done in it too. */
  trx: Kysely<Database>;
  job: JobRow;
  /** The clock's time when the job was claimed (ms). */
  now: number;
  /** What `prepare` answered. */
  prepared: R;
}

export interface JobKind<P = unknown, R = undefined> {
  kind: string;
  /** Validates the stored payload; a payload that fails it can never succeed, so the job fails at once. */
  payload: z.ZodType<P>;
  /** Attempts before the job is given up (failedAt set). */
  maxAttempts?: number;
  /** Wait before attempt n + 1 after n failed attempts. */
  backoffMs?: (attempts: number) => number;
  /**
   * A call outside this server (a payment gateway), made before the job's transaction opens so
   * that no network wait holds one. It must be safe to repeat: a failed transaction runs it again.
   */
  prepare?(payload: P, c: { db: Kysely<Database>; job: JobRow; now: number }): Promise<R>;
  run(payload: P, c: JobContext<R>): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 8;

/**
 * Thrown by a job that can never succeed however often it is retried (an outside service refused
 * the request itself): the job is given up at once, its reason kept as its last error.
 */
export class FinalJobError extends Error {
  override name = "FinalJobError";
}

/** 30 s, 1 min, 2 min … at most an hour. */
export function defaultBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export function defineJobKind<P, R = undefined>(kind: JobKind<P, R>): JobKind<P, R> {
  return kind;
}

export class JobKinds {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- kinds of every payload and prepared type share one registry
  private readonly byKind = new Map<string, JobKind<any, any>>();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- kinds of every payload and prepared type share one registry
  register(...kinds: JobKind<any, any>[]): this {
    for (const k of kinds) {
      if (this.byKind.has(k.kind)) throw new Error(`job kind ${k.kind} registered twice`);
      this.byKind.set(k.kind, k);
    }
    return this;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- kinds of every payload and prepared type share one registry
  get(kind: string): JobKind<any, any> | undefined {
    return this.byKind.get(kind);
  }

  names(): string[] {
    return [...this.byKind.keys()];
  }
}
