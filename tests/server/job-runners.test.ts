// Several processes share one jobs table. On PostgreSQL (DATABASE_URL) three runners, each on its
// own connection pool as three server processes would be, drain one queue together: every job
// runs exactly once (one claim, one effect, one done mark) and each runner does part of the work,
// because a claim takes its batch with FOR UPDATE SKIP LOCKED and the others pass over those rows
// instead of waiting for them. SQLite is single-runner by design: one server process owns the file
// (its connection holds the file's lock for itself), so a second process never opens it, and
// runners inside that process take turns through its one connection; the test there checks that
// turn-taking still runs every job once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import { openTestDb } from "./harness";
import { fakeClock, realClock } from "./account-helpers";
import { migrateToLatest } from "../../server/db/migrate";
import { openDb, type Db } from "../../server/db";
import { createJobRunner, defineJobKind, enqueueJob, JobKinds } from "../../server/jobs";

const T0 = Date.parse("2030-03-01T08:00:00.000Z");
const N = 60;
const RUNNERS = 3;
const postgres = Boolean(process.env.DATABASE_URL);

let db: Db;
let drop: () => Promise<void>;
const pools: Db[] = [];

beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrateToLatest(db.db, db.schema);
  const id = db.dialect === "postgres" ? sql`id serial primary key` : sql`id integer primary key autoincrement`;
  await sql`create table job_runs (${id}, job_id integer not null, runner integer not null)`.execute(db.db);
  // Three processes' worth of connections; SQLite has the one.
  for (let i = 0; i < RUNNERS; i++) pools.push(postgres ? await openDb({ databaseUrl: process.env.DATABASE_URL, pgSchema: db.schema }) : db);
  fakeClock(T0);
});
afterAll(async () => {
  realClock();
  for (const p of pools) if (p !== db) await p.close();
  await db?.close();
  await drop?.();
});

/** Runner i's kind: records which runner ran which job; each runner's first job waits until all three hold one. */
function recordingKind(i: number, allHolding: Promise<void>, holding: () => void) {
  let first = true;
  return defineJobKind({
    kind: "test.spread",
    payload: z.object({}),
    async run(_p, { trx, job }) {
      if (first) {
        first = false;
        holding();
        await allHolding;
      }
      await sql`insert into job_runs (job_id, runner) values (${job.id}, ${i})`.execute(trx);
    },
  });
}

async function runTogether(batchSize: number) {
  const ids: number[] = [];
  for (let k = 0; k < N; k++) ids.push(await enqueueJob(db.db, { kind: "test.spread", runAt: T0 - N + k, payload: {} }));
  let holders = 0;
  let release: () => void = () => {};
  const allHolding = new Promise<void>((resolve) => (release = resolve));
  const holding = () => {
    holders += 1;
    if (holders === RUNNERS) release();
  };
  const runners = pools.map((p, i) =>
    createJobRunner({ db: p.db, dialect: p.dialect, kinds: new JobKinds().register(recordingKind(i, allHolding, holding)), batchSize }),
  );
  const reports = await Promise.all(runners.map((r) => r.runDueJobs()));
  const runs = (await sql<{ job_id: number; runner: number }>`select job_id, runner from job_runs`.execute(db.db)).rows;
  const jobs = await db.db.selectFrom("jobs").select(["id", "attempts", "doneAt", "lockedBy"]).where("id", "in", ids).execute();
  return { reports, runs, jobs, ids };
}

describe.runIf(postgres)("three runners on three connection pools (PostgreSQL)", () => {
  it("run every job exactly once and share the work", async () => {
    const { reports, runs, jobs, ids } = await runTogether(5);
    expect(reports.reduce((n, r) => n + r.done, 0)).toBe(N);
    expect(reports.every((r) => r.retried === 0 && r.failed === 0)).toBe(true);
    // One effect per job, no job twice, none missing.
    expect(runs.map((r) => Number(r.job_id)).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    // One claim per job: never taken by two runners.
    expect(jobs.every((j) => j.doneAt !== null && Number(j.attempts) === 1)).toBe(true);
    // Every runner did part of the work.
    const per = [0, 1, 2].map((i) => runs.filter((r) => Number(r.runner) === i).length);
    expect(per.every((n) => n > 0)).toBe(true);
    expect(per.reduce((a, b) => a + b, 0)).toBe(N);
  });
});

describe.runIf(!postgres)("SQLite: one process, runners taking turns on its one connection", () => {
  it("still run every job exactly once", async () => {
    // No barrier here: on one connection a job's transaction holds the writer until it ends, so
    // the runners can never all be inside a job at once.
    const ids: number[] = [];
    for (let k = 0; k < N; k++) ids.push(await enqueueJob(db.db, { kind: "test.once", runAt: T0 - N + k, payload: {} }));
    const once = (i: number) =>
      defineJobKind({
        kind: "test.once",
        payload: z.object({}),
        run: async (_p, { trx, job }) => void (await sql`insert into job_runs (job_id, runner) values (${job.id}, ${i})`.execute(trx)),
      });
    const reports = await Promise.all(pools.map((p, i) => createJobRunner({ db: p.db, dialect: p.dialect, kinds: new JobKinds().register(once(i)), batchSize: 5 }).runDueJobs()));
    expect(reports.reduce((n, r) => n + r.done, 0)).toBe(N);
    const runs = (await sql<{ job_id: number }>`select job_id from job_runs`.execute(db.db)).rows.map((r) => Number(r.job_id));
    expect(runs.sort((x, y) => x - y)).toEqual(ids);
    const jobs = await db.db.selectFrom("jobs").select(["attempts", "doneAt"]).where("id", "in", ids).execute();
    expect(jobs.every((j) => j.doneAt !== null && Number(j.attempts) === 1)).toBe(true);
  });
});
