// What every HTTP server of the portal carries around its routes: the server options (request
// ids, body limit, a logger that never writes a secret), the security headers, compression, form
// bodies and rate limiting. buildApp uses it, and so does the benchmark's bare route, so that what
// the benchmark compares a list against is the same frame with no work inside.
import { said } from "../i18n/text";
import crypto from "node:crypto";
import qs from "node:querystring";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import compress from "@fastify/compress";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import { MSG, RET } from "./envelope";
import { redactingLogger } from "./log-redact";
import { securityHeaderValues } from "./security-headers";

export const BODY_LIMIT = 1024 * 1024;
/** Replies smaller than this are sent as they are: compressing them saves nothing worth the CPU. */
export const COMPRESS_THRESHOLD = 1024;
/** Replies up to this size are compressed in one call (a few ms at most); larger ones stream. */
export const COMPRESS_SYNC_LIMIT = 512 * 1024;

/** Fastify's options: every log line is written without secrets (see log-redact.ts). */
export function httpServerOptions(logger: FastifyServerOptions["logger"]): FastifyServerOptions {
  return {
    logger: redactingLogger(logger),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  };
}

export interface HttpPluginOptions {
  /**
   * Where the rate limits keep their counters when several processes serve the portal (Redis,
   * REDIS_URL): a limit is then the site's, not each process's. Without it, counters live in the
   * process's memory, which is right for the single embedded server.
   */
  redis?: Redis | null;
}

export async function registerHttpPlugins(app: FastifyInstance, partnerOrigins: readonly string[], opts: HttpPluginOptions = {}): Promise<void> {
  // Every reply, portal and API alike, carries the security headers (see security-headers.ts).
  const headers = await securityHeaderValues(partnerOrigins);
  // The request id goes out with them: set here, it costs no onSend hook per reply.
  app.addHook("onRequest", (req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    reply.raw.setHeader("x-request-id", req.id);
    done();
  });
  // Replies above 1 KB travel compressed when the client accepts it. Brotli at quality 2: a list
  // or search reply shrinks to about 8 % of its JSON, less than gzip's default level leaves, for
  // half the CPU of quality 4 and a third of 5, whose 10-20 % fewer bytes are worth less than the
  // CPU per request. A reply held whole in memory (every enveloped one up to COMPRESS_SYNC_LIMIT)
  // is compressed in one call: brotli then sizes its window to the reply, where the stream
  // pipeline set up a full window and its stream objects per reply and cost several times the
  // compression itself. Built assets come precompressed at the highest levels instead
  // (scripts/precompress.mjs).
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: COMPRESS_SYNC_LIMIT,
    encodings: ["br", "gzip"],
    // A 256 KB window: the default 4 MB one cost a fifth of compressing a short reply to set up.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  });

  // Repeated keys become arrays; a body that is not a flat form is rejected by the route's schema.
  await app.register(formbody, { bodyLimit: BODY_LIMIT, parser: (s) => qs.parse(s) });
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis
      ? {
          redis: opts.redis,
          nameSpace: "portal-rate-limit-",
          // Redis unreachable: requests are served unlimited rather than refused.
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      ret: RET.TOO_MANY,
      msg: said("http.retrySeconds", { tooMany: MSG.tooMany, ttl: Math.ceil(context.ttl / 1000) }),
      data: null,
    }),
  });
}
