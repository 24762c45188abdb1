// The durable job runner, on SQLite and (DATABASE_URL) PostgreSQL: due jobs run once, effects
// and the done mark commit together, failures retry with backoff and give up, claims are
// exclusive between runners, a dead runner's claim runs out, a stopping runner hands back what it has not started, and only known kinds are claimed.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { z } from "zod";
import { openTestDb } from "./harness";
import { fakeClock, realClock } from "./account-helpers";
import { migrateToLatest } from "../../server/db/migrate";
import type { Db } from "../../server/db";
import { createJobRunner, defineJobKind, enqueueJob, JobKinds } from "../../server/jobs";

let db: Db;
let drop: () => Promise<void>;
const T0 = Date.parse("2030-03-01T08:00:00.000Z");

/** What the test kinds do: one row per run, in a table of the test's own. */
async function effects(): Promise<string[]> {
  const r = await sql<{ note: string }>`select note from job_effects order by id`.execute(db.db);
  return r.rows.map((x) => x.note);
}
const job = (id: number) => db.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

let failuresLeft = 0;
const note = defineJobKind({
  kind: "test.note",
  payload: z.object({ note: z.string() }),
  async run(p, { trx }) {
    await sql`insert into job_effects (note) values (${p.note})`.execute(trx);
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error("supplier unavailable");
    }
  },
});
const twice = defineJobKind({
  kind: "test.twice",
  payload: z.object({ note: z.string() }),
  maxAttempts: 2,
  backoffMs: () => 1000,
  async run() {
    throw new Error("always fails");
  },
});

const runner = (kinds = new JobKinds().register(note, twice)) => createJobRunner({ db: db.db, dialect: db.dialect, kinds, lockMs: 60_000 });

beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrateToLatest(db.db, db.schema);
  const id = db.dialect === "postgres" ? sql`id serial primary key` : sql`id integer primary key autoincrement`;
  await sql`create table job_effects (${id}, note text not null)`.execute(db.db);
});
afterAll(async () => {
  realClock();
  await db?.close();
  await drop?.();
});
afterEach(async () => {
  failuresLeft = 0;
  await db.db.deleteFrom("jobs").execute();
  await sql`delete from job_effects`.execute(db.db);
});

describe("runDueJobs", () => {
  it("runs what is due, once, in due order, and leaves the future alone", async () => {
    const clock = fakeClock(T0);
    const later = await enqueueJob(db.db, { kind: "test.note", runAt: T0 + 60_000, payload: { note: "later" } });
    const second = await enqueueJob(db.db, { kind: "test.note", runAt: T0 - 1000, payload: { note: "second" } });
    const first = await enqueueJob(db.db, { kind: "test.note", runAt: T0 - 2000, payload: { note: "first" } });
    const r = runner();
    expect(await r.runDueJobs()).toEqual({ done: 2, retried: 0, failed: 0 });
    expect(await effects()).toEqual(["first", "second"]);
    expect(await job(first)).toMatchObject({ doneAt: new Date(T0).toISOString(), attempts: 1, lockedUntil: null, lastError: null });
    expect((await job(later)).doneAt).toBeNull();
    expect(await r.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    clock.advance(60_000);
    expect(await r.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await effects()).toEqual(["first", "second", "later"]);
    expect((await job(second)).attempts).toBe(1);
  });

  it("rolls a failed run's effects back and retries it after the backoff", async () => {
    const clock = fakeClock(T0);
    const id = await enqueueJob(db.db, { kind: "test.note", runAt: T0, payload: { note: "ticket" } });
    failuresLeft = 1;
    const r = runner();
    expect(await r.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(await effects()).toEqual([]);
    expect(await job(id)).toMatchObject({ doneAt: null, attempts: 1, lockedUntil: null, lastError: "Error: supplier unavailable", runAt: new Date(T0 + 30_000).toISOString() });
    clock.advance(29_999);
    expect((await r.runDueJobs()).done).toBe(0);
    clock.advance(1);
    expect(await r.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await effects()).toEqual(["ticket"]);
    expect(await job(id)).toMatchObject({ attempts: 2, lastError: null });
  });

  it("gives a job up after its attempts, and never claims it again", async () => {
    const clock = fakeClock(T0);
    const id = await enqueueJob(db.db, { kind: "test.twice", runAt: T0, payload: { note: "x" } });
    const r = runner();
    expect(await r.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 });
    clock.advance(1000);
    expect(await r.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await job(id)).toMatchObject({ attempts: 2, doneAt: null, failedAt: new Date(T0 + 1000).toISOString(), lastError: "Error: always fails" });
    clock.advance(3_600_000);
    expect(await r.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
  });

  it("fails a job whose payload can never be read at once", async () => {
    fakeClock(T0);
    const id = await enqueueJob(db.db, { kind: "test.note", runAt: T0, payload: { wrong: 1 } });
    expect(await runner().runDueJobs()).toEqual({ done: 0, retried: 0, failed: 1 });
    expect((await job(id)).lastError).toBe("UnreadablePayload: note: Invalid input: expected string, received undefined");
  });

  it("claims only the kinds it knows: another capability's jobs wait for their runner", async () => {
    fakeClock(T0);
    const id = await enqueueJob(db.db, { kind: "orders.expiry", runAt: T0, payload: {} });
    expect(await runner().runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(await job(id)).toMatchObject({ attempts: 0, lockedUntil: null, doneAt: null });
    const orders = new JobKinds().register(defineJobKind({ kind: "orders.expiry", payload: z.object({}), run: async () => {} }));
    expect((await runner(orders).runDueJobs()).done).toBe(1);
  });
});

describe("claims", () => {
  it("let several runners share the table: every job runs exactly once", async () => {
    fakeClock(T0);
    for (let i = 0; i < 30; i++) await enqueueJob(db.db, { kind: "test.note", runAt: T0 - i, payload: { note: `n${i}` } });
    const reports = await Promise.all([runner().runDueJobs(), runner().runDueJobs(), runner().runDueJobs()]);
    expect(reports.reduce((n, r) => n + r.done, 0)).toBe(30);
    expect((await effects()).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `n${i}`).sort());
  });

  it("are taken over when a runner dies holding one, and not before", async () => {
    const clock = fakeClock(T0);
    const id = await enqueueJob(db.db, { kind: "test.note", runAt: T0, payload: { note: "orphan" } });
    // A runner claimed it and died: the lock still runs for a minute.
    await db.db.updateTable("jobs").set({ lockedUntil: new Date(T0 + 60_000).toISOString(), lockedBy: "dead", attempts: 1 }).where("id", "=", id).execute();
    expect((await runner().runDueJobs()).done).toBe(0);
    clock.advance(60_000);
    expect((await runner().runDueJobs()).done).toBe(1);
    expect(await job(id)).toMatchObject({ attempts: 2, lockedBy: expect.not.stringMatching(/^dead$/) });
    expect(await effects()).toEqual(["orphan"]);
  });
});

describe("a runner dying mid-job", () => {
  it("leaves its claim until the lease runs out; then another runner runs the job once, and the dead one's work never lands", async () => {
    const clock = fakeClock(T0);
    const id = await enqueueJob(db.db, { kind: "test.dies", runAt: T0, payload: { note: "once" } });
    // The dying runner's process: from the moment it dies, no statement of it reaches the database
    // (its open transaction is rolled back, as the database does when a connection drops).
    let dead = false;
    const dying = db.db.withPlugin({
      transformQuery(args) {
        if (dead) throw new Error("the process is gone");
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const dies = defineJobKind({
      kind: "test.dies",
      payload: z.object({ note: z.string() }),
      async run(p, { trx }) {
        await sql`insert into job_effects (note) values (${p.note})`.execute(trx);
        dead = true;
      },
    });
    const lives = defineJobKind({ ...dies, run: note.run });
    await expect(createJobRunner({ db: dying, dialect: db.dialect, kinds: new JobKinds().register(dies), lockMs: 60_000 }).runDueJobs()).rejects.toThrow("the process is gone");
    const claimed = await job(id);
    expect(claimed).toMatchObject({ attempts: 1, doneAt: null, lastError: null, lockedUntil: new Date(T0 + 60_000).toISOString() });
    expect(claimed.lockedBy).toContain(`:${process.pid}:`);
    expect(await effects()).toEqual([]);

    const survivor = () => createJobRunner({ db: db.db, dialect: db.dialect, kinds: new JobKinds().register(lives), lockMs: 60_000 });
    clock.advance(59_999);
    expect((await survivor().runDueJobs()).done).toBe(0);
    clock.advance(1);
    expect((await survivor().runDueJobs()).done).toBe(1);
    expect(await job(id)).toMatchObject({ attempts: 2, doneAt: new Date(T0 + 60_000).toISOString(), lockedUntil: null });
    expect(await effects()).toEqual(["once"]);
    // Done: no runner takes it again.
    clock.advance(120_000);
    expect((await survivor().runDueJobs()).done).toBe(0);
    expect(await effects()).toEqual(["once"]);
  });
});

describe("polling", () => {
  it("a started runner runs jobs as they fall due, and stop() ends it", async () => {
    realClock();
    const r = createJobRunner({ db: db.db, dialect: db.dialect, kinds: new JobKinds().register(note), pollMs: 20 });
    r.start();
    try {
      await enqueueJob(db.db, { kind: "test.note", runAt: Date.now(), payload: { note: "polled" } });
      await vi.waitFor(async () => expect(await effects()).toEqual(["polled"]), { timeout: 10_000, interval: 50 });
    } finally {
      await r.stop();
    }
    await enqueueJob(db.db, { kind: "test.note", runAt: Date.now(), payload: { note: "after stop" } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await effects()).toEqual(["polled"]);
  });
});

describe("stopping", () => {
  it("lets the job in hand finish and gives the rest of its batch back at once, attempts uncounted", async () => {
    fakeClock(T0);
    let entered: () => void = () => {};
    const inHand = new Promise<void>((resolve) => (entered = resolve));
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const slow = defineJobKind({
      kind: "test.note",
      payload: z.object({ note: z.string() }),
      async run(p, { trx }) {
        entered();
        await gate;
        await sql`insert into job_effects (note) values (${p.note})`.execute(trx);
      },
    });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await enqueueJob(db.db, { kind: "test.note", runAt: T0 - 10 + i, payload: { note: `s${i}` } }));
    // A lease of an hour: without the hand-back the other two would wait that long.
    const stopping = createJobRunner({ db: db.db, dialect: db.dialect, kinds: new JobKinds().register(slow), lockMs: 3_600_000 });
    const draining = stopping.runDueJobs();
    await inHand;
    const stopped = stopping.stop();
    finish();
    await stopped;
    expect(await draining).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await effects()).toEqual(["s0"]);
    for (const id of ids.slice(1)) expect(await job(id)).toMatchObject({ lockedBy: null, lockedUntil: null, attempts: 0, doneAt: null });
    // Another runner takes them now, the clock unmoved.
    expect((await runner().runDueJobs()).done).toBe(2);
    expect((await effects()).sort()).toEqual(["s0", "s1", "s2"]);
  });
});
