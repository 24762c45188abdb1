// Readiness, for a proxy's health check and an orchestrator: unlike /api/health (the process
// answers), a process is ready only when its database answers, every migration this code needs has
// run, and its job runner — when this process runs jobs — still comes round. A process that is
// not ready answers 503 with what is missing, so the proxy sends requests elsewhere. The check is
// polled every few seconds, so its lines stay out of the request log.
import type { FastifyInstance } from "fastify";
import type { JobRunner } from "../jobs";
import type { AppContext } from "../services/context";
import { RET } from "../services/http/envelope";
import { readiness } from "../services/readiness";
import { callerLang } from "../services/i18n/caller-lang";
import { said } from "../services/i18n/text";

export const READY_PATH = "/api/ready";

export function registerReadiness(app: FastifyInstance, ctx: AppContext, jobs: JobRunner): void {
  app.get(READY_PATH, { logLevel: "warn" }, async (req, reply) => {
    const state = await readiness(ctx, jobs);
    reply.header("cache-control", "no-store");
    if (state.status === "ready") return { ret: RET.OK, msg: said("ready.ready").in(callerLang(req)), data: state };
    return reply.status(503).send({ ret: RET.SERVER, msg: said("ready.notReady").in(callerLang(req)), data: state });
  });
}
