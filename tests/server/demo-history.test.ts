// The demo company's history (SEED=demo only): past orders booked, paid and ticketed through the
// real services, spread over three months with some cancelled, shown by the enterprise bill;
// seeding again adds nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { call, count, freshClient, login } from "./account-helpers";
import { seedDemoHistory } from "../../server/db/seed/history";
import { billListPath } from "../../src/domain/bills";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ inventorySeed: "demo-history" });
});
afterAll(async () => h?.close());

describe("demo history", () => {
  it("books the company's past orders through the real services, once", async () => {
    expect(await count(h.db.db, "orders")).toBe(0);
    await seedDemoHistory(h.db.db, "demo-history");
    const orders = await h.db.db.selectFrom("orders").select(["status", "createTime", "companyId"]).execute();
    expect(orders.length).toBeGreaterThanOrEqual(20);
    expect(orders.every((o) => o.companyId !== null)).toBe(true);
    expect(orders.filter((o) => o.status === 12).length).toBe(4);
    expect(orders.filter((o) => o.status === 2).length).toBe(orders.length - 4);
    const ages = orders.map((o) => (Date.now() - Date.parse(o.createTime)) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(80);
    expect(Math.min(...ages)).toBeLessThan(5);
    // Every paid order has its gateway payment in the ledger.
    const payRows = await h.db.db.selectFrom("ledger").select("id").where("entry", "!=", "opening").execute();
    expect(payRows.length).toBe(orders.length - 4);

    freshClient();
    const token = await login(h.app, "13800000070");
    const bill = (await call(h.app, billListPath("enterpriseBill"), { token, pageSize: 100 })).body.data;
    // The cancelled ones are billed only when asked for by their status.
    expect(bill.total).toBe(orders.length - 4);
    expect((await call(h.app, billListPath("enterpriseBill"), { token, status: 12 })).body.data.total).toBe(4);
    expect(bill.totals.settledFen).toBeGreaterThan(0);

    await seedDemoHistory(h.db.db, "demo-history");
    expect(await count(h.db.db, "orders")).toBe(orders.length);
  });
});
