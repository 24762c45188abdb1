// Compiled reads (prepareQuery) may run at once on SQLite, past Kysely's connection queue: they
// must still never see what an open transaction has not committed, nor break a streamed read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "./harness";
import { migrateToLatest } from "../../server/db/migrate";
import { prepareQuery } from "../../server/db/prepared";
import type { Db } from "../../server/db";

let db: Db;
let drop: () => Promise<void>;
const MEMBER = 424242;

const total = prepareQuery((k, p: { memberId: number }) => k.selectFrom("exception_event_totals").select("total").where("memberId", "=", p.memberId));
const read = async () => (await total.first(db.db, { memberId: MEMBER }, undefined))?.total ?? null;

beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrateToLatest(db.db, db.schema);
  await db.db.insertInto("exception_event_totals").values({ memberId: MEMBER, total: 1 }).execute();
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

/** A transaction that sets the total and waits for `release` before committing or rolling back. */
function openTransaction(value: number, outcome: "commit" | "rollback") {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let written!: () => void;
  const wrote = new Promise<void>((r) => (written = r));
  const done = db.db
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("exception_event_totals").set({ total: value }).where("memberId", "=", MEMBER).execute();
      written();
      await released;
      if (outcome === "rollback") throw new Error("rolled back");
    })
    .catch((e: Error) => {
      if (e.message !== "rolled back") throw e;
    });
  return { wrote, release, done };
}

const settle = (ms: number) => new Promise((r) => setTimeout(() => r("waiting"), ms));

describe("compiled reads", () => {
  it("wait for an open transaction and then see what it committed", async () => {
    const t = openTransaction(2, "commit");
    try {
      await t.wrote;
      const reading = read();
      if (db.dialect === "sqlite") {
        // The one connection is the transaction's: an answer now could only be uncommitted.
        expect(await Promise.race([reading, settle(20)])).toBe("waiting");
      } else {
        // PostgreSQL reads the last committed value without waiting for the writer. The read
        // may first open a pool connection, so it gets time; a read that waited would not end.
        expect(await Promise.race([reading, settle(10_000)])).toBe(1);
      }
      t.release();
      await t.done;
      // SQLite's waiting read runs after the commit; PostgreSQL's answered before it.
      expect(await reading).toBe(db.dialect === "sqlite" ? 2 : 1);
    } finally {
      t.release();
      await t.done;
    }
    expect(await read()).toBe(2);
  });

  it("never see a rolled-back write", async () => {
    const t = openTransaction(99, "rollback");
    await t.wrote;
    const reading = read();
    t.release();
    await t.done;
    expect(await reading).toBe(2);
    expect(await read()).toBe(2);
  });

  // Streams are a SQLite matter here: the PostgreSQL dialect is set up without cursors.
  it.skipIf(Boolean(process.env.DATABASE_URL))("run beside a streamed read, after it", async () => {
    const seen: number[] = [];
    for await (const row of db.db.selectFrom("exception_event_totals").select("total").where("memberId", "=", MEMBER).stream()) {
      seen.push(row.total);
      expect(await Promise.race([read(), new Promise((r) => setTimeout(() => r("waiting"), 20))])).toBe("waiting");
    }
    expect(seen).toEqual([2]);
    expect(await read()).toBe(2);
  });
});
