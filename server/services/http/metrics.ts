// Prometheus metrics of one server process (prom-client), on a registry of the app's own: the
// process (CPU, memory, event-loop delay, GC), every request's duration by route template,
// method and status, the payment notifications gateways send and how they were answered, the job
// queue (due jobs, the oldest one's wait, jobs given up), and the database pool's use. Queue and
// pool figures are read when Prometheus asks, not kept up to date per request.
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { isoAt, now } from "../clock";
import type { Db } from "../../db";
import { NOTIFY_PATHS } from "../../payments/gateways/types";
import { PAY_PATHS } from "../../../src/domain/payments/types";

/** The routes gateways post their payment notifications to. */
const NOTIFY_ROUTES = new Set([`/api${NOTIFY_PATHS.alipay}`, `/api${NOTIFY_PATHS.wechat}`, `/api${PAY_PATHS.sandboxNotify}`]);

export function createMetrics(app: FastifyInstance, database: Db): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its reply, by route template, method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const notifications = new Counter({
    name: "portal_payment_notifications_total",
    help: "Payment notifications received, by gateway route and whether they were accepted",
    labelNames: ["route", "outcome"] as const,
    registers: [registry],
  });
  app.addHook("onResponse", (req, reply, done) => {
    // The template (/api/order/:id), never the path: ids would make a series per order.
    const route = req.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    duration.observe({ route, method: req.method, status: String(status) }, reply.elapsedTime / 1000);
    if (NOTIFY_ROUTES.has(route)) notifications.inc({ route, outcome: status < 400 ? "answered" : "refused" });
    done();
  });

  const db = database.db;
  new Gauge({
    name: "portal_jobs_due",
    help: "Jobs due now and not yet done",
    registers: [registry],
    async collect() {
      const r = await db.selectFrom("jobs").select((eb) => eb.fn.countAll<number>().as("n")).where("doneAt", "is", null).where("failedAt", "is", null).where("runAt", "<=", isoAt(now())).executeTakeFirst();
      this.set(Number(r?.n ?? 0));
    },
  });
  new Gauge({
    name: "portal_jobs_oldest_due_seconds",
    help: "How long the longest-waiting due job has been due",
    registers: [registry],
    async collect() {
      const r = await db.selectFrom("jobs").select((eb) => eb.fn.min("runAt").as("at")).where("doneAt", "is", null).where("failedAt", "is", null).where("runAt", "<=", isoAt(now())).executeTakeFirst();
      this.set(r?.at ? Math.max(0, (now() - Date.parse(String(r.at))) / 1000) : 0);
    },
  });
  new Gauge({
    name: "portal_jobs_failed",
    help: "Jobs given up after their last attempt",
    registers: [registry],
    async collect() {
      const r = await db.selectFrom("jobs").select((eb) => eb.fn.countAll<number>().as("n")).where("failedAt", "is not", null).executeTakeFirst();
      this.set(Number(r?.n ?? 0));
    },
  });
  if (database.poolUse) {
    const use = database.poolUse;
    new Gauge({
      name: "portal_db_pool_connections",
      help: "Database pool connections by state (PostgreSQL)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const u = use();
        this.set({ state: "busy" }, u.total - u.idle);
        this.set({ state: "idle" }, u.idle);
        this.set({ state: "waiting" }, u.waiting);
      },
    });
  }
  return registry;
}
