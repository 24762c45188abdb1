// Readiness, for a proxy's health check and an orchestrator: unlike /api/health (the process
// answers), a process is ready only when its database answers, every migration this code needs has
// run, and its job runner — when this process runs jobs — still comes round. A process that is
// not ready answers 503 with what is missing, so the proxy sends requests elsewhere. The check is
// polled every few seconds, so its lines stay out of the request log.
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { pendingMigrations } from "../db/migrate";
import type { JobRunner } from "../jobs";
import type { AppContext } from "../services/context";
import { RET } from "../services/http/envelope";

export const READY_PATH = "/api/ready";

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
    await within(sql`select 1`.execute(ctx.db), DATABASE_TIMEOUT_MS);
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

export function registerReadiness(app: FastifyInstance, ctx: AppContext, jobs: JobRunner): void {
  app.get(READY_PATH, { logLevel: "warn" }, async (_req, reply) => {
    const state = await readiness(ctx, jobs);
    reply.header("cache-control", "no-store");
    if (state.status === "ready") return { ret: RET.OK, msg: "就绪", data: state };
    return reply.status(503).send({ ret: RET.SERVER, msg: "服务未就绪", data: state });
  });
}
