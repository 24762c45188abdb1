// The Redis connection the server shares state through when several processes serve the portal
// (REDIS_URL): the rate limits' counters today. Commands fail at once while it is down instead of
// queueing (the rate limit then lets requests through), and its errors are logged, at most one
// line a minute, instead of crashing the process.
import { Redis } from "ioredis";
import type { FastifyBaseLogger } from "fastify";

const ERROR_LOG_EVERY_MS = 60_000;

/** The connection, once it answers (or after connectTimeout, still connecting, with the error logged). */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 });
  let lastLogged = 0;
  redis.on("error", (err: Error) => {
    if (Date.now() - lastLogged < ERROR_LOG_EVERY_MS) return;
    lastLogged = Date.now();
    log.warn({ err: err.message }, "Redis unavailable: rate limits are not shared until it answers");
  });
  // Started before the first request, so the first requests are counted too.
  await new Promise<void>((resolve) => {
    const done = () => (clearTimeout(timer), resolve());
    const timer = setTimeout(done, 2_000);
    redis.once("ready", done);
  });
  return redis;
}
