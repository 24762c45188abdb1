// PostgreSQL (DATABASE_URL) ending a connection — a restart of the primary, an administrator's
// pg_terminate_backend — costs the request using it an error and never the process: the
// connection's error is heard, whether it sat idle in the pool or was in use by a transaction, and
// the pool goes on serving with fresh connections.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import pg from "pg";
import { openTestDb } from "./harness";
import type { Db } from "../../server/db";

const postgres = Boolean(process.env.DATABASE_URL);
let db: Db;
let drop: () => Promise<void>;
let admin: pg.Client;

beforeAll(async () => {
  if (!postgres) return;
  ({ db, drop } = await openTestDb());
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await db?.close();
  await drop?.();
});

/** Ends the backend and waits until PostgreSQL no longer lists it (its goodbye has been sent). */
async function terminate(pid: number): Promise<void> {
  await admin.query("select pg_terminate_backend($1)", [pid]);
  await vi.waitFor(async () => expect((await admin.query("select 1 from pg_stat_activity where pid = $1", [pid])).rowCount).toBe(0), { timeout: 10_000, interval: 20 });
}

describe.runIf(postgres)("a connection PostgreSQL ends", () => {
  it("in use by a transaction: that transaction fails, the process lives, the pool serves on", async () => {
    const outcome = db.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await terminate(rows[0].pid);
      await sql`select 1`.execute(trx);
    });
    await expect(outcome).rejects.toThrow();
    expect((await sql<{ x: number }>`select 1 as x`.execute(db.db)).rows[0].x).toBe(1);
  });

  it("idle in the pool: the next query gets a fresh connection", async () => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.db);
    await terminate(rows[0].pid);
    await vi.waitFor(async () => expect((await sql<{ x: number }>`select 1 as x`.execute(db.db)).rows[0].x).toBe(1), { timeout: 10_000, interval: 20 });
  });
});

describe.runIf(!postgres)("on SQLite", () => {
  it("there is no server to end the connection: the file is this process's own", () => {
    expect(postgres).toBe(false);
  });
});
