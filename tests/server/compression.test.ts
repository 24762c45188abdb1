// What travels compressed: built assets as their precompressed brotli or gzip copies, API replies
// above the threshold compressed on the fly, small replies as they are.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { day, NOW, SEED } from "./inventory-helpers";
import { setClock } from "../../server/services/clock";
import { COMPRESS_SYNC_LIMIT } from "../../server/app";

let h: Harness;
let staticDir: string;
const SCRIPT = `console.log(${JSON.stringify("商旅门户".repeat(500))});`;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-compress-"));
  fs.writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>商旅门户</title>");
  fs.mkdirSync(path.join(staticDir, "assets"));
  const file = path.join(staticDir, "assets", "app-abc.js");
  fs.writeFileSync(file, SCRIPT);
  // What scripts/precompress.mjs writes at build.
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SCRIPT));
  // A travel inventory, so that a flight search gives a reply of some tens of KB.
  setClock(() => NOW);
  h = await startHarness({ staticDir, inventorySeed: SEED });
});
afterAll(async () => {
  setClock(null);
  await h?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe("compression", () => {
  it("serves an asset's brotli copy to a browser that accepts it", async () => {
    const res = await h.app.inject({ method: "GET", url: "/assets/app-abc.js", headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("serves the gzip copy when brotli is not accepted, and the file itself when nothing is", async () => {
    const gz = await h.app.inject({ method: "GET", url: "/assets/app-abc.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await h.app.inject({ method: "GET", url: "/assets/app-abc.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
  });

  it("compresses a large API reply and leaves a small one alone", async () => {
    const big = await h.app.inject({ method: "GET", url: "/api/docs/json", headers: { "accept-encoding": "gzip" } });
    expect(big.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(big.rawPayload).toString()).openapi).toBeTruthy();
    const small = await h.app.inject({ method: "GET", url: "/api/health", headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json().ret).toBe(0);
  });

  it("compresses a reply of tens of KB in one piece, its length known, to the same JSON", async () => {
    // Fifty international itineraries on one page: among the largest replies the portal asks for.
    const search = { method: "POST" as const, url: "/api/api/v1/trip_manager/air_ticket_inter_flight/list", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: `depCity=BJS&arrCity=LON&depDate=${day(3)}&pageSize=50` };
    const plain = await h.app.inject(search);
    expect(plain.json().ret).toBe(0);
    expect(plain.rawPayload.length).toBeGreaterThan(32 * 1024);
    expect(plain.rawPayload.length).toBeLessThan(COMPRESS_SYNC_LIMIT);
    const br = await h.app.inject({ ...search, headers: { ...search.headers, "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    // The one-call path sends the compressed size (the streamed path drops content-length).
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
  });

  it("streams a reply above the one-call limit, compressed to the same JSON", async () => {
    const plain = await h.app.inject({ method: "GET", url: "/api/docs/json" });
    const br = await h.app.inject({ method: "GET", url: "/api/docs/json", headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    if (plain.rawPayload.length > COMPRESS_SYNC_LIMIT) expect(br.headers["content-length"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
  });
});
