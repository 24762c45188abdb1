// A PostgreSQL streaming replica for reads that tolerate a second of lag (searches, reports).
// A timer asks the primary for its WAL position and the replica for how far it has replayed;
// the replica serves only while it answers and is at most a second behind, else the primary
// does. A read that fails on the replica marks it unusable at once (see withReadDb).
import { Kysely, PostgresDialect, sql } from "kysely";
import type { Database } from "./schema";
import { SchemaPostgresDialect } from "./schema-introspector";
import {
  DEFAULT_LAG_LIMITS, caughtUpTo, keepSamples, lagAt, nextStamp, parseLsn, replicaUsable, type LagLimits, type PrimarySample, type ReplicaState,
} from "./replica-lag";

export interface ReplicaReads {
  /** The database reads that tolerate lag use now: the replica while usable, else the primary. */
  current(): Kysely<Database>;
  /** A read on the replica failed: the primary serves until the replica answers a check again. */
  failed(error: unknown): void;
  /** One health check now (the timer runs it every interval). */
  check(): Promise<void>;
  /** Where state changes are reported (the app's log). */
  logTo(log: ReplicaLog): void;
  close(): Promise<void>;
}

export interface ReplicaLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Thrown by a read on the replica that had to write on the primary first (inventory generated
 * on demand): what it wrote may not have reached the replica, so the read is run on the primary.
 */
export class ReadOnPrimary extends Error {
  constructor() {
    super("read on the primary");
  }
}

interface ReplicaOf {
  primary: Kysely<Database>;
  /** Stamp (nextStamp) of the latest primary sample the replica is known to hold; null: none yet. */
  visibleAsOf(): number | null;
}
const replicas = new WeakMap<Kysely<Database>, ReplicaOf>();

/** For a replica opened here: its primary and how current it is; undefined for any other database. */
export function replicaOf(db: Kysely<Database>): ReplicaOf | undefined {
  return replicas.get(db);
}

export interface ReplicaOptions {
  url: string;
  primary: Kysely<Database>;
  /** PostgreSQL schema (tests run each file in its own). */
  schema?: string;
  intervalMs?: number;
  limits?: LagLimits;
}

export async function openReplica(opts: ReplicaOptions): Promise<ReplicaReads> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: 10,
    // A replica that does not answer should cost a read little before the primary takes it.
    connectionTimeoutMillis: 1_000,
    // A replica that stops answering mid-statement (no reset, just silence) must not hold a read,
    // or the health check itself, for ever: the read is then run on the primary.
    query_timeout: 10_000,
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  let log: ReplicaLog | null = null;
  // An idle connection the replica drops (stopped, restarted) must not end the process.
  pool.on("error", (e) => log?.warn({ err: e }, "replica connection lost"));
  const replica = new Kysely<Database>({ dialect: opts.schema ? new SchemaPostgresDialect({ pool }, opts.schema) : new PostgresDialect({ pool }) });
  const limits = opts.limits ?? DEFAULT_LAG_LIMITS;
  let samples: PrimarySample[] = [];
  let state: ReplicaState = { answeredAt: null, lagMs: Number.POSITIVE_INFINITY };
  let visible: number | null = null;
  let wasUsable = false;
  let checking: Promise<void> | null = null;

  const usable = () => replicaUsable(state, Date.now(), limits);
  const report = (why: object) => {
    const now = usable();
    if (now !== wasUsable) (now ? log?.info : log?.warn)?.call(log, { ...why, replica: now ? "in use" : "not used" }, now ? "reads that tolerate lag go to the replica" : "reads that tolerate lag go to the primary");
    wasUsable = now;
  };

  const runCheck = async () => {
    const at = Date.now();
    const stamp = nextStamp();
    try {
      const p = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(opts.primary);
      samples = keepSamples([...samples, { at, stamp, lsn: parseLsn(p.rows[0].lsn) }], at, 10 * limits.maxLagMs);
    } catch {
      return; // the primary not answering is its own outage; nothing to judge the replica by
    }
    try {
      const r = await sql<{ lsn: string | null; committed: number | null }>`select pg_last_wal_replay_lsn()::text as lsn, (extract(epoch from pg_last_xact_replay_timestamp()) * 1000)::float8 as committed`.execute(replica);
      const answeredAt = Date.now();
      const lsn = r.rows[0]?.lsn ?? null;
      const caught = caughtUpTo(samples, lsn === null ? null : parseLsn(lsn));
      if (caught !== null) visible = Math.max(visible ?? caught.stamp, caught.stamp);
      state = { answeredAt, lagMs: lagAt(samples, caught, r.rows[0]?.committed ?? null, answeredAt) };
      report({ lagMs: state.lagMs });
    } catch (e) {
      state = { answeredAt: null, lagMs: Number.POSITIVE_INFINITY };
      report({ err: (e as Error).message });
    }
  };
  const check = () => (checking ??= runCheck().finally(() => (checking = null)));

  replicas.set(replica, { primary: opts.primary, visibleAsOf: () => visible });
  const timer = setInterval(() => void check(), opts.intervalMs ?? 1_000);
  timer.unref();

  return {
    current: () => (usable() ? replica : opts.primary),
    failed: (error) => {
      state = { answeredAt: null, lagMs: Number.POSITIVE_INFINITY };
      report({ err: (error as Error)?.message });
    },
    check,
    logTo: (l) => {
      log = l;
    },
    close: async () => {
      clearInterval(timer);
      await checking?.catch(() => {});
      await replica.destroy();
    },
  };
}
