// Timed steps are rows in the database, not timers in a process: an approval submitted before a
// restart escalates after it, when the new process's runner finds its job due. A file database
// (SQLite) or a kept schema (PostgreSQL) stands for the disk that survives the restart.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDb, type Db } from "../../server/db";
import { migrateToLatest } from "../../server/db/migrate";
import { seedDemo } from "../../server/db/seed/demo";
import { createAuthorize } from "../../server/services/authorize";
import { fakeClock, realClock } from "./account-helpers";
import { DEMO, travelClient } from "./travel-helpers";

const T0 = Date.parse("2030-03-01T02:00:00.000Z");
const url = process.env.DATABASE_URL;
const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-restart-"));

const open = (): Promise<Db> => (url ? openDb({ databaseUrl: url, pgSchema: schema }) : openDb({ dataDir, fileName: "portal.db" }));

async function start(db: Db) {
  const app = await buildApp({ db, nodeEnv: "test", authorize: createAuthorize(db.db) });
  await app.ready();
  return app;
}

afterAll(async () => {
  realClock();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
});

it("escalates after a restart an approval whose level ran out while the server was down", async () => {
  const clock = fakeClock(T0);
  let db = await open();
  await migrateToLatest(db.db, db.schema);
  await seedDemo(db.db);
  let app = await start(db);
  const applied = await travelClient({ app, db, close: async () => {} }).as(DEMO.traveller, "/credit/add_apply_note", {
    purpose: "广州展会", scope: "domestic", startDate: "2030-03-05", endDate: "2030-03-06", fromCity: "北京", toCities: ["广州"],
    externalTravellers: [{ name: "王五" }], modes: ["train"], budgetFen: 200000, submit: 1,
  });
  expect(applied.data.approval).toMatchObject({ status: "pending", level: 1 });
  const approvalId = applied.data.approval.id;
  await app.close();
  await db.close();

  // A day and more passes with the server down; the new process knows nothing but the database.
  clock.advance(25 * 3_600_000);
  db = await open();
  app = await start(db);
  try {
    expect(await app.jobs.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    const row = await db.db.selectFrom("approvals").select(["status", "level"]).where("id", "=", approvalId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", level: 2 });
    const last = await db.db.selectFrom("approval_steps").select(["action", "actorName"]).where("approvalId", "=", approvalId).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(last).toEqual({ action: "escalate", actorName: "系统" });
  } finally {
    await app.close();
    await db.close();
  }
});
