// A fresh database per test file: in-memory SQLite, or a new PostgreSQL schema when
// DATABASE_URL is set (CI runs the server suite a second time that way).
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { sql } from "kysely";
import { buildApp, type AppConfig } from "../../server/app";
import { openDb, type Db } from "../../server/db";
import { migrateToLatest } from "../../server/db/migrate";
import { seedDemo, DEMO_PASSWORD } from "../../server/db/seed/demo";
import { md5 } from "../../server/services/accounts/passwords";
import { createAuthorize } from "../../server/services/authorize";

export interface Harness {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

export async function openTestDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDb({ fileName: ":memory:" });
    return { db, drop: async () => {} };
  }
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  const db = await openDb({ databaseUrl: url, pgSchema: schema });
  return {
    db,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

export interface SeededDb {
  db: Db;
  /** Closes the connection and drops the database (PostgreSQL: the schema). */
  close(): Promise<void>;
}

/** A fresh database, migrated and seeded with the demo data, for tests that work on its tables directly. */
export async function openSeededTestDb(): Promise<SeededDb> {
  const { db, drop } = await openTestDb();
  await migrateToLatest(db.db, db.schema);
  await seedDemo(db.db);
  return {
    db,
    close: async () => {
      await db.close();
      await drop();
    },
  };
}

export async function startHarness(opts: { seed?: boolean } & Partial<AppConfig> = {}): Promise<Harness> {
  const { db, drop } = await openTestDb();
  await migrateToLatest(db.db, db.schema);
  if (opts.seed !== false) await seedDemo(db.db);
  const app = await buildApp({ db, nodeEnv: "test", authorize: createAuthorize(db.db), ...opts });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/** POST a form-encoded body (the portal's default), returning the parsed envelope. */
export async function post(app: FastifyInstance, url: string, body: Record<string, string | number> = {}) {
  const res = await app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return { status: res.statusCode, body: res.json() as { ret: number; msg: string; data: any }, headers: res.headers };
}

export const demoPasswordMd5 = md5(DEMO_PASSWORD);

/**
 * The test database's own tables (not views). On PostgreSQL only this file's schema is read:
 * introspecting every schema meets other files' schemas being created and dropped meanwhile.
 */
export async function ownTables(db: Db): Promise<string[]> {
  if (!db.schema) return (await db.db.introspection.getTables()).filter((t) => !t.isView).map((t) => t.name);
  const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${db.schema} and table_type = 'BASE TABLE'`.execute(db.db);
  return rows.rows.map((r) => r.name);
}
