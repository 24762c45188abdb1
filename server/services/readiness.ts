// Whether this process can serve: its database answers, every migration this code needs has run,
// and its job runner — when this process runs jobs — still comes round.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { pendingMigrations } from "../db/migrate";
import type { JobRunner } from "../jobs";
import type { AppContext } from "./context";

/** The database answers a trivial query (it throws when it does not). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** How long the database may take to answer `select 1` before the process counts as not ready. */
const DATABASE_TIMEOUT_MS = 2_000;

export interface Readiness {
  status: "ready" | "not_ready";
  database: "ok" | "unavailable";
  migrations: "current" | "pending" | "unknown";
  pending: string[];
  jobs: ReturnType<JobRunner["health"]>;
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function readiness(ctx: AppContext, jobs: JobRunner): Promise<Readiness> {
  let database: Readiness["database"] = "ok";
  let migrations: Readiness["migrations"] = "unknown";
  let pending: string[] = [];
  try {
    await within(pingDatabase(ctx.db), DATABASE_TIMEOUT_MS);
    pending = await within(pendingMigrations(ctx.db), DATABASE_TIMEOUT_MS);
    migrations = pending.length ? "pending" : "current";
  } catch {
    database = "unavailable";
  }
  const health = jobs.health();
  // "off" is a process that leaves jobs to others: still ready to serve requests.
  const ready = database === "ok" && migrations === "current" && (health === "running" || health === "off");
  return { status: ready ? "ready" : "not_ready", database, migrations, pending, jobs: health };
}
