// Readiness: ready only with the database answering, every migration run and the job runner (when
// this process runs one) coming round; otherwise 503 and what is missing. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ seed: false });
});
afterAll(async () => {
  await h.close();
});

const ready = async () => {
  const res = await h.app.inject({ method: "GET", url: "/api/ready" });
  return { status: res.statusCode, body: res.json() as { ret: number; data: { status: string; migrations: string; pending: string[]; jobs: string; database: string } } };
};

describe("/api/ready", () => {
  it("is ready on a migrated database whose process runs no job runner", async () => {
    const r = await ready();
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: "ready", database: "ok", migrations: "current", pending: [], jobs: "off" });
  });

  it("is ready while the runner polls, and not ready once it has stopped", async () => {
    h.app.jobs.start();
    expect((await ready()).body.data.jobs).toBe("running");
    await h.app.jobs.stop();
    const r = await ready();
    expect(r.status).toBe(503);
    expect(r.body.data).toMatchObject({ status: "not_ready", jobs: "stopped" });
  });

  it("names a migration the database has not run", async () => {
    const [last] = (await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(h.db.db)).rows;
    await sql`delete from kysely_migration where name = ${last.name}`.execute(h.db.db);
    try {
      const r = await ready();
      expect(r.status).toBe(503);
      expect(r.body.data.migrations).toBe("pending");
      expect(r.body.data.pending).toEqual([last.name]);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${new Date().toISOString()})`.execute(h.db.db);
    }
  });
});
