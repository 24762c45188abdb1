// The operator console's routes: declared like the members' (zod input, who may call, handler),
// but their session is an operator's, read from its own header. A member's token is never looked
// up here, and this header is never read by a member route, so neither token works on the other
// side. Who may call is an operator resource decided by the same Casbin policy (src/access/ops).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { BizError, MSG, RET, ok, type Envelope } from "../services/http/envelope";
import { validate } from "../services/http/route";
import { callerLang } from "../services/i18n/caller-lang";
import { said } from "../services/i18n/text";
import type { AppContext } from "../services/context";
import { getServerAccess } from "../services/casbin-access";
import { OPS_RESOURCES } from "../../src/access/ops";
import { OPS_TOKEN_HEADER, type OpsStage } from "../../src/domain/ops/paths";
import type { OperatorRow } from "./operators";
import { resolveOpsSession, type OpsSession } from "./sessions";

/**
 * 'public': anyone (sign-in); 'enrol': any operator session, an enrolling one included; any other
 * string: an operator resource, which only a full session (password and second factor) may use.
 */
export type OpsAccess = "public" | "enrol" | (string & {});

export interface OpsRouteContext<I> {
  input: I;
  operator: OperatorRow | null;
  stage: OpsStage | null;
  token: string | undefined;
  req: FastifyRequest;
  reply: FastifyReply;
  ctx: AppContext;
}

export interface OpsRouteSpec<S extends z.ZodType, R> {
  method: "POST";
  url: string;
  summary: string;
  access: OpsAccess;
  input: S;
  handler: (c: OpsRouteContext<z.output<S>>) => Promise<R> | R;
  rateLimit?: { max: number; timeWindow: number };
}

export function defineOpsRoute<S extends z.ZodType, R>(spec: OpsRouteSpec<S, R>): OpsRouteSpec<S, R> {
  return spec;
}

export function opsTokenOf(req: FastifyRequest): string | undefined {
  const given = req.headers[OPS_TOKEN_HEADER];
  return typeof given === "string" && given ? given : undefined;
}

/** The caller's full operator session holding `resource`, or null when there is none at all. */
export async function opsCaller(ctx: AppContext, req: FastifyRequest, resource: string): Promise<OpsSession | null> {
  const session = await resolveOpsSession(ctx.db, opsTokenOf(req));
  if (!session) return null;
  if (session.stage !== "full") throw new BizError(RET.FORBIDDEN, said("ops.enrolFirst"));
  if (!(await getServerAccess()).canOps(session.operator.role, resource)) throw new BizError(RET.FORBIDDEN, MSG.forbidden);
  return session;
}

function bodyOf(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === "") return {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw new BizError(RET.BAD_INPUT, MSG.malformed);
  // The keys every portal request carries never reach the route's own schema.
  const { token: _token, timestamp: _timestamp, device: _device, browerInfo: _browerInfo, ...rest } = raw as Record<string, unknown>;
  return rest;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route specs of every input and output type
export function registerOpsRoutes(app: FastifyInstance, ctx: AppContext, specs: OpsRouteSpec<any, any>[]): void {
  for (const spec of specs) {
    // A misspelt resource would deny everyone silently; fail at start instead.
    if (spec.access !== "public" && spec.access !== "enrol" && !Object.hasOwn(OPS_RESOURCES, spec.access)) {
      throw new Error(`route ${spec.url}: unknown operator resource "${spec.access}"`);
    }
    app.route({
      method: spec.method,
      url: `/api${spec.url}`,
      config: spec.rateLimit ? { rateLimit: spec.rateLimit } : {},
      handler: async (req, reply): Promise<Envelope> => {
        const token = opsTokenOf(req);
        let session: OpsSession | null = null;
        if (spec.access !== "public") {
          session = await resolveOpsSession(ctx.db, token);
          if (!session) throw new BizError(RET.UNAUTHORISED, MSG.sessionExpired);
          if (spec.access !== "enrol") {
            if (session.stage !== "full") throw new BizError(RET.FORBIDDEN, said("ops.enrolFirst"));
            if (!(await getServerAccess()).canOps(session.operator.role, spec.access)) throw new BizError(RET.FORBIDDEN, MSG.forbidden);
          }
        }
        const lang = callerLang(req);
        const input = validate(spec.input, bodyOf(req.body), lang);
        const data = await spec.handler({ input, operator: session?.operator ?? null, stage: session?.stage ?? null, token, req, reply, ctx });
        return ok(data ?? null, MSG.ok.in(lang));
      },
    });
  }
}
