// Every catalogue route is declared through defineRoute: its zod input (the same schemas the
// forms use where they overlap), who may call it, and its handler. Validation, the session, the
// access check, the envelope and the OpenAPI entry all come from that one declaration.
import { said, worded, type Text } from "../i18n/text";
import { callerLang } from "../i18n/caller-lang";
import { currentLang, setCurrentLang, type Lang } from "../../../src/domain/messages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Member } from "../../db/schema";
import { BizError, MSG, RET, ok, type Envelope } from "./envelope";
import { expandDotKeys, hasDotKeys } from "./form-keys";
import { resolveSession } from "../accounts/sessions";
import type { AppContext } from "../context";
import { isKnownResource } from "../authorize";
import { memberLevelOf } from "../../../src/domain/member";
import { hasControlChars } from "../../../src/domain/zod";

/** 'public': anyone; 'member': any signed-in member; any other string: an access resource. */
export type Access = "public" | "member" | (string & {});

export interface RouteContext<I> {
  input: I;
  member: Member | null;
  token: string | undefined;
  /** The caller's member level; 999 for a guest, so guest prices need no special case. */
  memberLevel: number;
  /** The common `device` key every request carries ("web" from the portal). */
  device: string | undefined;
  req: FastifyRequest;
  reply: FastifyReply;
  ctx: AppContext;
}

export interface RouteSpec<S extends z.ZodType, R> {
  method: "GET" | "POST";
  /** The catalogue path, mounted under /api. */
  url: string;
  summary: string;
  tags?: string[];
  access: Access;
  input: S;
  /** What `data` holds on success, for the documentation only (the reply is not checked against it). */
  output?: z.ZodType;
  handler: (c: RouteContext<z.output<S>>) => Promise<R> | R;
  /** Per-route rate limit, e.g. { max: 60, timeWindow: 60000 }. */
  rateLimit?: { max: number; timeWindow: number };
}

const DEVICE_MAX = 20;

export interface RegisteredRoute {
  method: string;
  url: string;
  summary: string;
  tags: string[];
  access: Access;
  input: z.ZodType;
  output?: z.ZodType;
}

const LOCALE_ERRORS = { zh: z.locales.zhCN().localeError, en: z.locales.en().localeError } as const;

/** Generic messages name the field; a schema's own message wins over this. */
function genericError(lang: Lang) {
  return (issue: z.core.$ZodRawIssue): string => {
    const base = LOCALE_ERRORS[lang](issue);
    const text = typeof base === "string" ? base : (base?.message ?? MSG.badInput.in(lang));
    const path = (issue.path ?? []).join(".");
    return path ? said("http.parameter", { path, text }).in(lang) : text;
  };
}

/** A schema's messages are worded when a check fails, in the language of that moment. */
function parseIn<S extends z.ZodType>(lang: Lang, schema: S, raw: unknown) {
  const before = currentLang();
  setCurrentLang(lang);
  try {
    return schema.safeParse(raw, { error: genericError(lang) });
  } finally {
    setCurrentLang(before);
  }
}

/**
 * The input as the schema reads it, or a BizError naming each field's problem. The Chinese is
 * what the server works in; for an English caller the failed input is checked once more in
 * English (parsing is synchronous, so the language of that moment is this call's alone).
 */
export function validate<S extends z.ZodType>(schema: S, raw: unknown, lang: Lang = "zh"): z.output<S> {
  const result = parseIn("zh", schema, raw);
  if (result.success) return result.data;
  const zh = result.error.issues;
  const en = lang === "en" ? (parseIn("en", schema, raw).error?.issues ?? []) : [];
  const errors: Record<string, Text> = {};
  zh.forEach((issue, i) => {
    const key = issue.path.join(".") || "_";
    if (!(key in errors)) errors[key] = worded(issue.message, en[i]?.message);
  });
  throw new BizError(RET.BAD_INPUT, zh[0] ? worded(zh[0].message, en[0]?.message) : MSG.badInput, { errors });
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The session token of a request: the Authorization header (Bearer), else a POST body's `token`
 * (older clients). Never the query string: a URL is kept in logs, proxies and browser history.
 */
export function sessionTokenOf(req: FastifyRequest, bodyToken: string | undefined): string | undefined {
  const header = req.headers.authorization;
  const bearer = typeof header === "string" ? BEARER.exec(header.trim())?.[1] : undefined;
  if (bearer) return bearer;
  return req.method === "POST" ? bodyToken : undefined;
}

function splitPayload(raw: unknown): { token: string | undefined; device: string | undefined; payload: Record<string, unknown> } {
  if (raw === undefined || raw === null || raw === "") return { token: undefined, device: undefined, payload: {} };
  if (typeof raw !== "object" || Array.isArray(raw)) throw new BizError(RET.BAD_INPUT, MSG.malformed);
  const body = raw as Record<string, unknown>;
  const token = typeof body.token === "string" && body.token ? body.token : undefined;
  const device = typeof body.device === "string" ? body.device : undefined;
  // device is stored with exception events: the same limits as every other text field.
  if (device !== undefined && (device.length > DEVICE_MAX || hasControlChars(device))) {
    throw new BizError(RET.BAD_INPUT, said("http.invalidDeviceParameterMostCharacters", { DEVICE_MAX }), { errors: { device: said("http.invalidDevice") } });
  }
  // Keys every request carries (token, timestamp, device, browerInfo) never reach the route's own
  // schema. The rest is copied without them: deleting them made the copy a slow dictionary for the schema
  // that reads it next. A rest copy defines own keys, a "__proto__" key included.
  const { token: _token, timestamp: _timestamp, device: _device, browerInfo: _browerInfo, ...rest } = body;
  const payload = hasDotKeys(rest) ? expandDotKeys(rest) : rest;
  return { token, device, payload };
}

export function defineRoute<S extends z.ZodType, R>(spec: RouteSpec<S, R>): RouteSpec<S, R> {
  return spec;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route specs of every input and output type
export function registerRoutes(app: FastifyInstance, ctx: AppContext, specs: RouteSpec<any, any>[]): void {
  for (const spec of specs) {
    // A misspelt resource would deny everyone silently; fail at start instead.
    if (spec.access !== "public" && spec.access !== "member" && !isKnownResource(spec.access)) {
      throw new Error(`route ${spec.url}: unknown access resource "${spec.access}"`);
    }
    ctx.registry.push({
      method: spec.method,
      url: spec.url,
      summary: spec.summary,
      tags: spec.tags ?? [],
      access: spec.access,
      input: spec.input,
      output: spec.output,
    });
    app.route({
      method: spec.method,
      url: `/api${spec.url}`,
      config: spec.rateLimit ? { rateLimit: spec.rateLimit } : {},
      handler: async (req, reply): Promise<Envelope> => {
        const raw = spec.method === "GET" ? req.query : req.body;
        const { token: bodyToken, device, payload } = splitPayload(raw);
        const token = sessionTokenOf(req, bodyToken);
        const member = token ? await resolveSession(ctx.db, token) : null;
        if (spec.access !== "public") {
          if (!member) throw new BizError(RET.UNAUTHORISED, MSG.sessionExpired);
          if (spec.access !== "member" && !(await ctx.authorize(member, spec.access))) {
            throw new BizError(RET.FORBIDDEN, MSG.forbidden);
          }
        }
        const lang = callerLang(req);
        const input = validate(spec.input, payload, lang);
        const data = await spec.handler({ input, member, memberLevel: memberLevelOf(member), token, device, req, reply, ctx });
        if (reply.sent) return undefined as never;
        return ok(data ?? null, MSG.ok.in(lang));
      },
    });
  }
}
