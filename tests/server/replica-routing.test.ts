// Reads that tolerate lag go to the replica while it is current, and to the primary when it is
// behind, silent or failing, with no error seen by the caller. The lag decision is tested as pure
// functions; the routing on PostgreSQL (skipped on SQLite) with the test database itself as a
// replica of no lag, and with a replica that does not answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { buildApp } from "../../server/app";
import { migrateToLatest } from "../../server/db/migrate";
import { seedDemo } from "../../server/db/seed/demo";
import { openReplica, replicaOf, type ReplicaReads } from "../../server/db/replica";
import { caughtUpTo, keepSamples, lagAt, nextStamp, parseLsn, replicaUsable, type PrimarySample } from "../../server/db/replica-lag";
import { setClock } from "../../server/services/clock";
import { openTestDb, post } from "./harness";
import { NOW, SEED, day } from "./inventory-helpers";
import type { Db } from "../../server/db";

describe("the lag decision", () => {
  it("reads WAL positions as numbers in their order", () => {
    expect(parseLsn("0/16B3748")).toBe(0x16b3748n);
    expect(parseLsn("1/0")).toBe(1n << 32n);
    expect(parseLsn("1/0") > parseLsn("0/FFFFFFFF")).toBe(true);
    expect(() => parseLsn("nonsense")).toThrow();
  });

  const samples: PrimarySample[] = [
    { at: 1_000, stamp: 1, lsn: 100n },
    { at: 2_000, stamp: 2, lsn: 200n },
    { at: 3_000, stamp: 3, lsn: 300n },
  ];

  it("finds the latest primary sample the replica has replayed, and the lag behind the latest", () => {
    expect(caughtUpTo(samples, 300n)?.stamp).toBe(3);
    expect(lagAt(samples, caughtUpTo(samples, 300n))).toBe(0);
    expect(caughtUpTo(samples, 250n)?.stamp).toBe(2);
    expect(lagAt(samples, caughtUpTo(samples, 250n))).toBe(1_000);
    expect(caughtUpTo(samples, 99n)).toBeNull();
    expect(lagAt(samples, null)).toBe(Number.POSITIVE_INFINITY);
    // The primary itself named as replica is not in recovery: current as of the latest sample.
    expect(caughtUpTo(samples, null)?.stamp).toBe(3);
  });

  it("bounds the lag by the last commit replayed when behind the latest sample", () => {
    // Behind the latest sample, but it replayed a commit made 20 ms before it answered.
    expect(lagAt(samples, caughtUpTo(samples, 250n), 3_010, 3_030)).toBe(20);
    // A last replayed commit long ago does not make the lag larger than the samples say.
    expect(lagAt(samples, caughtUpTo(samples, 250n), 100, 3_030)).toBe(1_000);
    // Behind every sample: the last commit replayed is the only bound.
    expect(lagAt(samples, null, 2_500, 3_030)).toBe(530);
    // Caught up with the latest sample: no lag whatever the last commit's age.
    expect(lagAt(samples, caughtUpTo(samples, 300n), 100, 3_030)).toBe(0);
  });

  it("uses the replica only while it answers and is at most a second behind", () => {
    const limits = { maxLagMs: 1_000, maxSilenceMs: 2_500 };
    expect(replicaUsable({ answeredAt: 10_000, lagMs: 0 }, 10_500, limits)).toBe(true);
    expect(replicaUsable({ answeredAt: 10_000, lagMs: 1_000 }, 10_500, limits)).toBe(true);
    expect(replicaUsable({ answeredAt: 10_000, lagMs: 1_001 }, 10_500, limits)).toBe(false);
    expect(replicaUsable({ answeredAt: 10_000, lagMs: 0 }, 12_501, limits)).toBe(false);
    expect(replicaUsable({ answeredAt: null, lagMs: 0 }, 10_000, limits)).toBe(false);
  });

  it("keeps recent samples, and always the latest", () => {
    expect(keepSamples(samples, 3_500, 2_000).map((s) => s.stamp)).toEqual([2, 3]);
    expect(keepSamples(samples, 60_000, 2_000).map((s) => s.stamp)).toEqual([3]);
  });

  it("stamps only grow", () => {
    const a = nextStamp();
    expect(nextStamp()).toBeGreaterThan(a);
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("searches on PostgreSQL with a replica", () => {
  let db: Db;
  let drop: () => Promise<void>;
  const opened: { app: FastifyInstance; replica: ReplicaReads }[] = [];

  beforeAll(async () => {
    setClock(() => NOW);
    ({ db, drop } = await openTestDb());
    await migrateToLatest(db.db, db.schema);
    await seedDemo(db.db);
  });
  afterAll(async () => {
    setClock(null);
    for (const o of opened) {
      await o.app.close();
      await o.replica.close().catch(() => {});
    }
    await db?.close();
    await drop?.();
  });

  async function appWith(replicaUrl: string) {
    // A long interval: the test runs each health check itself.
    const replica = await openReplica({ url: replicaUrl, primary: db.db, schema: db.schema, intervalMs: 3_600_000 });
    const app = await buildApp({ db, replica, nodeEnv: "test", inventorySeed: SEED });
    await app.ready();
    opened.push({ app, replica });
    return { app, replica };
  }

  const search = async (app: FastifyInstance) =>
    (await post(app, "/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: day(5) })).body;

  /** The last statement of each of the replica's connections (pg keeps it for idle ones). */
  async function replicaStatements(name: string): Promise<string[]> {
    const r = await sql<{ query: string }>`select query from pg_stat_activity where application_name = ${name}`.execute(db.db);
    return r.rows.map((x) => x.query);
  }
  const touchesFlights = (qs: string[]) => qs.some((q) => /air_flights|air_class_seats/.test(q));

  it("sends searches to a current replica, after generating what they touch on the primary", async () => {
    const name = `replica_${db.schema}`;
    const { app, replica } = await appWith(`${url}${url!.includes("?") ? "&" : "?"}application_name=${name}`);
    expect(app.ctx.readDb).toBe(db.db); // not checked yet: the primary
    await replica.check();
    expect(replicaOf(app.ctx.readDb)?.primary).toBe(db.db);

    // The day is generated by this search, on the primary, and read there: the replica may lack it.
    const first = await search(app);
    expect(first.ret).toBe(0);
    expect(first.data.list.length).toBeGreaterThan(0);
    expect(touchesFlights(await replicaStatements(name))).toBe(false);

    // Once the replica has replayed past the generation, the same search is answered there.
    await replica.check();
    const second = await search(app);
    expect(second).toEqual(first);
    expect(touchesFlights(await replicaStatements(name))).toBe(true);

    // Reports read there too.
    expect(app.ctx.readDb).not.toBe(db.db);
  });

  it("falls back to the primary when the replica does not answer", async () => {
    const { app, replica } = await appWith("postgres://postgres@127.0.0.1:1/portal");
    await replica.check();
    expect(app.ctx.readDb).toBe(db.db);
    const r = await search(app);
    expect(r.ret).toBe(0);
    expect(r.data.list.length).toBeGreaterThan(0);
  });

  it("runs a read that fails on the replica again on the primary, and stops using the replica at once", async () => {
    const { app, replica } = await appWith(url!);
    await search(app); // the day is generated (the first test's app may already have)
    await replica.check();
    const onReplica = app.ctx.readDb;
    expect(onReplica).not.toBe(db.db);
    const expected = await search(app);
    await onReplica.destroy(); // the replica goes away: every statement on it fails from now on
    const r = await search(app);
    expect(r).toEqual(expected);
    expect(app.ctx.readDb).toBe(db.db);
  });
});
