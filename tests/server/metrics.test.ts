// Prometheus metrics: requests by route template (never by id), payment notifications by how they
// were answered, the job queue and (PostgreSQL) the pool, on a registry of the app's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { enqueueJob } from "../../server/jobs";
import { PAY_PATHS } from "../../src/domain/payments/types";

let h: Harness;
let off: Harness;
beforeAll(async () => {
  [h, off] = await Promise.all([startHarness({ seed: false, metrics: true }), startHarness({ seed: false })]);
});
afterAll(async () => {
  await Promise.all([h?.close(), off?.close()]);
});

const line = (text: string, name: string, labels: string) => text.split("\n").find((l) => l.startsWith(`${name}{`) && labels.split(",").every((p) => l.includes(p)));

describe("metrics", () => {
  it("counts requests by route template, notifications by outcome, and reads the job queue", async () => {
    await h.app.inject({ method: "GET", url: "/api/health" });
    await h.app.inject({ method: "GET", url: "/api/health" });
    await h.app.inject({ method: "POST", url: `/api${PAY_PATHS.sandboxNotify}`, payload: { outTradeNo: "P2026000000000000", tradeNo: "x", totalFen: 1, method: "alipay", sign: "00" } });
    await h.app.inject({ method: "GET", url: "/api/no/such/route" });
    await enqueueJob(h.db.db, { kind: "test.metrics", runAt: Date.now() - 60_000, payload: {} });
    const text = await h.app.metrics!.metrics();
    expect(line(text, "http_request_duration_seconds_count", 'route="/api/health",method="GET",status="200"')).toMatch(/ 2$/);
    expect(line(text, "http_request_duration_seconds_count", 'route="unmatched"')).toBeDefined();
    expect(line(text, "portal_payment_notifications_total", `route="/api${PAY_PATHS.sandboxNotify}"`)).toMatch(/ 1$/);
    expect(text).toMatch(/^portal_jobs_due 1$/m);
    expect(Number(text.match(/^portal_jobs_oldest_due_seconds (\S+)$/m)![1])).toBeGreaterThanOrEqual(59);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    if (h.db.dialect === "postgres") expect(text).toMatch(/^portal_db_pool_connections\{state="idle"\} \d+$/m);
  });

  it("keeps none unless asked", () => {
    expect(off.app.metrics).toBeNull();
  });
});
