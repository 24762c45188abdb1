// Backups and restores: a copy taken while the database is in use, put back, holds the same
// orders, payments, ledger and wallets. SQLite: `npm run backup` against a running server (which
// holds the file for itself and writes the copy when asked), then `npm run restore` with it
// stopped. PostgreSQL (DATABASE_URL): pg_dump of the test's schema restored into a new database.
import { execFile, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../server/db";
import { migrateToLatest } from "../../server/db/migrate";
import { seedDemo } from "../../server/db/seed/demo";
import { seedDemoHistory } from "../../server/db/seed/history";
import { backupPostgres, backupSqlite, restorePostgres, restoreSqlite } from "../../server/db/backup";
import { databaseFigures } from "../../server/db/figures";
import { openTestDb } from "./harness";

const run = promisify(execFile);
const url = process.env.DATABASE_URL;
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "portal-backup-"));

/** The rows that money and bookings live in, whole, in id order: equal means nothing was lost or changed. */
async function contents(db: Db) {
  const tables = ["orders", "payments", "ledger", "wallets"] as const;
  const out: Record<string, unknown[]> = {};
  for (const t of tables) out[t] = await db.db.selectFrom(t).selectAll().orderBy("id").execute();
  return out;
}

describe.skipIf(url)("SQLite: npm run backup against a running server, npm run restore", () => {
  const dataDir = tmp();
  const restoredDir = tmp();
  const backups = tmp();
  afterAll(() => {
    for (const d of [dataDir, restoredDir, backups]) fs.rmSync(d, { recursive: true, force: true });
  });

  it("copies through the server holding the file, refuses to restore under it, and restores it whole", async () => {
    // The history books real orders through the services: payments, ledger rows and wallets.
    const source = await openDb({ dataDir });
    await migrateToLatest(source.db);
    await seedDemo(source.db);
    await seedDemoHistory(source.db);
    await source.close();

    const port = 18900 + Math.floor(Math.random() * 90);
    const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", SEED: "none", LOG_LEVEL: "silent" },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => server.once("exit", resolve));
    try {
      for (let i = 0; ; i++) {
        const up = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
        if (up) break;
        if (i > 300) throw new Error("server did not start");
        await new Promise((r) => setTimeout(r, 100));
      }
      const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/backup.ts", backups], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } });
      expect(stdout).toContain("by the running server");
      // The file is the server's while it runs: a restore over it is refused, and nothing moves.
      const copy = path.join(backups, fs.readdirSync(backups).find((f) => f.endsWith(".db"))!);
      expect(() => restoreSqlite(dataDir, copy)).toThrow("请先停止服务器");
    } finally {
      server.kill("SIGTERM");
      await exited;
    }

    const copy = path.join(backups, fs.readdirSync(backups).find((f) => f.endsWith(".db"))!);
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", copy], { env: { ...process.env, DATA_DIR: restoredDir, DATABASE_URL: "" } });
    expect(stdout).toContain("restored:");

    const [before, after] = [await openDb({ dataDir }), await openDb({ dataDir: restoredDir })];
    try {
      const figures = await databaseFigures(after.db);
      expect(figures.orders).toBeGreaterThan(0);
      expect(figures.ledgerRows).toBeGreaterThan(0);
      expect(figures).toEqual(await databaseFigures(before.db));
      expect(await contents(after)).toEqual(await contents(before));
    } finally {
      await before.close();
      await after.close();
    }
  }, 120_000);

  it("copies the file itself when no server holds it, and keeps the file a restore replaces", async () => {
    const dir = tmp();
    try {
      const db = await openDb({ dataDir: dir });
      await migrateToLatest(db.db);
      await seedDemo(db.db);
      await db.close();
      const dest = path.join(dir, "copy.db");
      expect(await backupSqlite(dir, dest)).toBe("file");
      const { kept } = restoreSqlite(dir, dest);
      expect(kept && fs.existsSync(kept)).toBe(true);
      const restored = await openDb({ dataDir: dir });
      expect((await databaseFigures(restored.db)).members).toBeGreaterThan(0);
      await restored.close();
      // A file that is not a database of the portal is refused before anything is replaced.
      fs.writeFileSync(path.join(dir, "junk.db"), "not a database");
      expect(() => restoreSqlite(dir, path.join(dir, "junk.db"))).toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!url)("PostgreSQL: pg_dump and pg_restore", () => {
  let source: { db: Db; drop: () => Promise<void> };
  const database = `restore_${crypto.randomBytes(5).toString("hex")}`;
  const admin = () => new pg.Client({ connectionString: url });
  beforeAll(async () => {
    source = await openTestDb();
    await migrateToLatest(source.db.db, source.db.schema);
    await seedDemo(source.db.db);
    await seedDemoHistory(source.db.db);
  }, 120_000);
  afterAll(async () => {
    await source.db.close();
    await source.drop();
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${database}`);
    await c.end();
  });

  it("restores the dump of a schema into another database whole", async () => {
    const dir = tmp();
    try {
      const dump = path.join(dir, "portal.dump");
      await backupPostgres(url!, dump, source.db.schema);
      const c = admin();
      await c.connect();
      await c.query(`CREATE DATABASE ${database}`);
      await c.end();
      const target = new URL(url!);
      target.pathname = `/${database}`;
      await restorePostgres(target.toString(), dump);
      const restored = await openDb({ databaseUrl: target.toString(), pgSchema: source.db.schema });
      try {
        const figures = await databaseFigures(restored.db);
        expect(figures.orders).toBeGreaterThan(0);
        expect(figures).toEqual(await databaseFigures(source.db.db));
        expect(await contents(restored)).toEqual(await contents(source.db));
      } finally {
        await restored.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
