// With REDIS_URL the rate limits are the site's, not each process's: two app instances (two
// server processes) count one caller's requests together. Without Redis each counts its own.
// Needs Redis on 127.0.0.1:6379, as the development and CI machines have.
import crypto from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startHarness, type Harness } from "./harness";
import { defineRoute } from "../../server/services/http/route";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const limited = defineRoute({
  method: "POST",
  url: "/test/limited",
  summary: "test: three calls a minute",
  access: "public",
  input: z.object({}).strict(),
  rateLimit: { max: 3, timeWindow: 60_000 },
  handler: () => ({ ok: true }),
});

const answers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect(Number(port || 6379), hostname, () => (socket.end(), resolve(true)));
  socket.on("error", () => resolve(false));
});

describe.skipIf(!answers)("rate limits shared through Redis", () => {
  let a: Harness;
  let b: Harness;
  let alone: Harness;
  beforeAll(async () => {
    [a, b, alone] = await Promise.all([
      startHarness({ seed: false, routes: [limited], redisUrl: REDIS_URL }),
      startHarness({ seed: false, routes: [limited], redisUrl: REDIS_URL }),
      startHarness({ seed: false, routes: [limited] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), alone?.close()]);
  });

  // A caller address of its own per run, so counters left by an earlier run never count.
  const caller = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  const hit = (h: Harness, ip: string) => h.app.inject({ method: "POST", url: "/api/test/limited", remoteAddress: ip, payload: {} }).then((r) => r.statusCode);

  it("counts one caller's requests over both processes", async () => {
    const ip = caller();
    expect([await hit(a, ip), await hit(b, ip), await hit(a, ip)]).toEqual([200, 200, 200]);
    expect(await hit(b, ip)).toBe(429);
    expect(await hit(a, ip)).toBe(429);
    // Another caller is not limited by the first one's count.
    expect(await hit(b, caller())).toBe(200);
  });

  it("counts in memory without Redis", async () => {
    const ip = caller();
    for (let i = 0; i < 3; i++) expect(await hit(alone, ip)).toBe(200);
    expect(await hit(alone, ip)).toBe(429);
  });
});
