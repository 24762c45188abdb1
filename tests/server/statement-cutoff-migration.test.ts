// Migration 107 gives existing statements the cutoff they billed up to (SQLite, or PostgreSQL with
// DATABASE_URL): the end of their last day in China, so the money audit reads them as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { openSeededTestDb, type SeededDb } from "./harness";
import { periodCutoffIso } from "../../src/domain/settlement/period";
import * as m107 from "../../server/db/migrations/107_statement_cutoff";

let t: SeededDb;
const at = "2026-11-30T02:00:00.000Z";

beforeAll(async () => {
  t = await openSeededTestDb();
});
afterAll(async () => {
  await t.close();
});

describe("migration 107", () => {
  it("sets an existing statement's cutoff to the end of its period's last day in China", async () => {
    const db = t.db.db as unknown as Kysely<any>;
    await m107.down(db);
    const companyId = (await db.selectFrom("companies").select("id").executeTakeFirstOrThrow()).id as number;
    for (const periodEnd of ["2026-10-31", "2026-11-30"]) {
      await db.insertInto("settlement_statements").values({
        statementNo: `M107-${periodEnd}`, companyId, periodStart: "2026-10-01", periodEnd, status: "settled", lineCount: 0,
        amountFen: 0, serviceFeeFen: 0, adjustmentFen: 0, totalFen: 0, createTime: at, updateTime: at,
      }).execute();
    }
    await m107.up(db);
    const rows = await db.selectFrom("settlement_statements").select(["periodEnd", "cutoffTime"]).where("statementNo", "like", "M107-%").orderBy("periodEnd").execute();
    expect(rows).toEqual(["2026-10-31", "2026-11-30"].map((periodEnd) => ({ periodEnd, cutoffTime: periodCutoffIso(periodEnd) })));
  });
});
