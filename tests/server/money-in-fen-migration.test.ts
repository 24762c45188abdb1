// Migration 113 turns the yuan text of wallets and of a company's agreed service fee into integer
// fen columns, converting each value exactly (SQLite, or PostgreSQL with DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { openSeededTestDb, type SeededDb } from "./harness";
import * as m113 from "../../server/db/migrations/113_money_in_fen";

let t: SeededDb;
const raw = () => t.db.db as unknown as Kysely<any>;

beforeAll(async () => {
  t = await openSeededTestDb();
});
afterAll(async () => {
  await t.close();
});

// [balance, frozen, creditLimit, creditUsed] as stored text, and the fen each must become.
const CASES: [string[], number[]][] = [
  [["0.10", "0", "1234.5", "-20.05"], [10, 0, 123_450, -2_005]],
  [["1234.5", "0.01", "0.00", "0"], [123_450, 1, 0, 0]],
  [["9999999999999.99", "1280.50", "100000000.00", "-0.00"], [999_999_999_999_999, 128_050, 10_000_000_000, 0]],
  [["0", "0.00", "3", "86420.00"], [0, 0, 300, 8_642_000]],
];

/** Whether wallets has the column (read by a query, so only this test's schema is asked). */
async function hasColumn(column: string): Promise<boolean> {
  try {
    await raw().selectFrom("wallets").select(column).limit(1).execute();
    return true;
  } catch {
    return false;
  }
}

async function memberIds(n: number): Promise<number[]> {
  const rows = await raw().selectFrom("wallets").select("memberId").orderBy("memberId").limit(n).execute();
  return rows.map((r) => r.memberId as number);
}

describe("migration 113", () => {
  it("converts odd yuan texts to the exact fen, negative credit used included", async () => {
    const db = raw();
    await m113.down(db);
    const ids = await memberIds(CASES.length);
    for (const [i, [[balance, frozen, creditLimit, creditUsed]]] of CASES.entries()) {
      await db.updateTable("wallets").set({ balance, frozen, creditLimit, creditUsed }).where("memberId", "=", ids[i]).execute();
    }
    const company = (await db.selectFrom("companies").select("id").executeTakeFirstOrThrow()).id as number;
    await db.updateTable("companies").set({ dometicketServerFee: "12.5" }).where("id", "=", company).execute();

    await m113.up(db);
    const rows = await db.selectFrom("wallets").select(["memberId", "balanceFen", "frozenFen", "creditLimitFen", "creditUsedFen"]).where("memberId", "in", ids).orderBy("memberId").execute();
    expect(rows.map((r) => [r.balanceFen, r.frozenFen, r.creditLimitFen, r.creditUsedFen])).toEqual(CASES.map(([, fen]) => fen));
    for (const r of rows) for (const v of Object.values(r)) expect(typeof v).toBe("number");
    const fee = await db.selectFrom("companies").select("dometicketServerFeeFen").where("id", "=", company).executeTakeFirstOrThrow();
    expect(fee.dometicketServerFeeFen).toBe(1_250);
    for (const gone of ["balance", "frozen", "creditLimit", "creditUsed"]) expect(await hasColumn(gone), gone).toBe(false);
  });

  it("goes back to the same texts and forward to the same fen", async () => {
    const db = raw();
    const before = await db.selectFrom("wallets").select(["memberId", "balanceFen", "frozenFen", "creditLimitFen", "creditUsedFen"]).orderBy("memberId").execute();
    await m113.down(db);
    const ids = await memberIds(1);
    expect(await db.selectFrom("wallets").select(["balance", "creditUsed"]).where("memberId", "=", ids[0]).executeTakeFirstOrThrow()).toEqual({ balance: "0.10", creditUsed: "-20.05" });
    await m113.up(db);
    expect(await db.selectFrom("wallets").select(["memberId", "balanceFen", "frozenFen", "creditLimitFen", "creditUsedFen"]).orderBy("memberId").execute()).toEqual(before);
  });

  it("stops on a text that is no amount, before changing anything", async () => {
    const db = raw();
    await m113.down(db);
    const [id] = await memberIds(1);
    for (const bad of ["12.345", "1,280.00", "abc", "-5"]) {
      await db.updateTable("wallets").set({ balance: bad }).where("memberId", "=", id).execute();
      await expect(m113.up(db), bad).rejects.toThrow(/wallets\.balance/);
      expect(await hasColumn("balance")).toBe(true);
      expect(await hasColumn("balanceFen")).toBe(false);
    }
    await db.updateTable("wallets").set({ balance: "0.10" }).where("memberId", "=", id).execute();
    await m113.up(db);
    expect((await db.selectFrom("wallets").select("balanceFen").where("memberId", "=", id).executeTakeFirstOrThrow()).balanceFen).toBe(10);
  });
});
