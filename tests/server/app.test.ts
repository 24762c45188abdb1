import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startHarness, post, type Harness } from "./harness";
import { createSession } from "../../server/services/accounts/sessions";
import { expandDotKeys } from "../../server/services/http/form-keys";

let h: Harness;
let token: string;
let staticDir: string;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-static-"));
  fs.writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>商旅门户</title>");
  fs.mkdirSync(path.join(staticDir, "assets"));
  fs.writeFileSync(path.join(staticDir, "assets", "app-abc.js"), "console.log(1)");
  h = await startHarness({ staticDir });
  const m = await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000010").executeTakeFirstOrThrow();
  token = await createSession(h.db.db, m.id);
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const countEvents = async () =>
  Number((await h.db.db.selectFrom("exception_events").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n ?? 0);

describe("envelope and validation", () => {
  it("answers health with the envelope", async () => {
    const res = await h.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ret: 0, msg: "成功", data: { status: "ok" } });
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("stores an exception event sent as a form, with common keys stripped", async () => {
    const before = await countEvents();
    const r = await post(h.app, "/event/send", {
      api: "/member/info",
      type: "API_BUSINESS_EXCEPTION",
      httpCode: 200,
      ret: "500",
      param: "{}",
      response: '{"ret":500}',
      costTime: 35,
      device: "web",
      appVer: "1.0.0",
      timestamp: Date.now(),
    });
    expect(r.body).toMatchObject({ ret: 0 });
    expect(await countEvents()).toBe(before + 1);
  });

  it("rejects unknown fields with a clear message and writes nothing", async () => {
    const before = await countEvents();
    const r = await post(h.app, "/event/send", { api: "/x", type: "API_CALL_EXCEPTION", isAdmin: 1 });
    expect(r.status).toBe(200);
    expect(r.body.ret).toBe(400);
    expect(r.body.msg).toContain("isAdmin");
    expect(await countEvents()).toBe(before);
  });

  it("rejects missing and wrong-typed fields, first error as msg and all in data.errors", async () => {
    const r = await post(h.app, "/event/send", { type: "NOPE", httpCode: "abc" });
    expect(r.body.ret).toBe(400);
    expect(r.body.msg).toMatch(/api|接口/);
    expect(Object.keys(r.body.data.errors)).toEqual(expect.arrayContaining(["api", "type", "httpCode"]));
  });

  it("keeps SQL and script text as inert data", async () => {
    const evil = "'; DROP TABLE members; -- <script>alert(1)</script>";
    const r = await post(h.app, "/event/send", { api: evil, type: "API_CALL_EXCEPTION" });
    expect(r.body.ret).toBe(0);
    const row = await h.db.db.selectFrom("exception_events").select("api").where("id", "=", r.body.data.id).executeTakeFirstOrThrow();
    expect(row.api).toBe(evil);
    const members = await h.db.db.selectFrom("members").select("id").execute();
    expect(members.length).toBeGreaterThan(0);
  });

  it("answers 413 with the envelope for a body over 1 MiB", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/event/send",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "api=x&type=API_CALL_EXCEPTION&param=" + "a".repeat(1024 * 1024 + 10),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ret: 413 });
  });

  it("answers 415 for an unsupported content type", async () => {
    const res = await h.app.inject({ method: "POST", url: "/api/event/send", headers: { "content-type": "text/xml" }, payload: "<a/>" });
    expect(res.statusCode).toBe(415);
    expect(res.json().ret).toBe(415);
  });

  it("answers malformed JSON as bad input without a stack trace", async () => {
    const res = await h.app.inject({ method: "POST", url: "/api/event/send", headers: { "content-type": "application/json" }, payload: "{bad" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ret).toBe(400);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it("rejects a JSON array body", async () => {
    const res = await h.app.inject({ method: "POST", url: "/api/event/send", headers: { "content-type": "application/json" }, payload: "[1,2]" });
    expect(res.json().ret).toBe(400);
  });

  it("rejects prototype-polluting dot keys", async () => {
    const r = await post(h.app, "/event/send", { "__proto__.polluted": "1", api: "/x", type: "API_CALL_EXCEPTION" });
    expect(r.body.ret).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("answers an unknown API path with a 404 envelope, never the portal", async () => {
    const res = await h.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().ret).toBe(404);
  });
});

describe("dot-key bodies", () => {
  it("expands nested keys and arrays", () => {
    expect(expandDotKeys({ "passenger.certNo": "1", "list.0.name": "a", "list.1.name": "b", plain: "x" })).toEqual({
      passenger: { certNo: "1" },
      list: [{ name: "a" }, { name: "b" }],
      plain: "x",
    });
  });
  it("rejects conflicting shapes", () => {
    expect(() => expandDotKeys({ a: "1", "a.b": "2" })).toThrow();
  });
});

describe("sessions and lists", () => {
  it("answers 401 for a member-only call without a valid token", async () => {
    expect((await post(h.app, "/event/list", {})).body.ret).toBe(401);
    expect((await post(h.app, "/event/list", { token: "f".repeat(64) })).body.ret).toBe(401);
  });

  it("pages a member's own events with sorting and filters", async () => {
    for (let i = 0; i < 12; i++) {
      await post(h.app, "/event/send", { token, api: `/p/${i}`, type: i % 2 ? "API_CALL_EXCEPTION" : "API_TIMEOUT_EXCEPTION", costTime: i * 10 });
    }
    const page1 = await post(h.app, "/event/list", { token, pageNum: 1, pageSize: 5, orderBy: "costTime", orderType: "asc" });
    expect(page1.body.ret).toBe(0);
    expect(page1.body.data).toMatchObject({ total: 12, pageNum: 1, pageSize: 5 });
    expect(page1.body.data.list.map((e: any) => e.costTime)).toEqual([0, 10, 20, 30, 40]);
    const page3 = await post(h.app, "/event/list", { token, pageNum: 3, pageSize: 5, orderBy: "costTime", orderType: "asc" });
    expect(page3.body.data.list).toHaveLength(2);
    const timeouts = await post(h.app, "/event/list", { token, type: "API_TIMEOUT_EXCEPTION" });
    expect(timeouts.body.data.total).toBe(6);
    // Each combination of filters and order is its own compiled query: values never leak between them.
    const byApi = await post(h.app, "/event/list", { token, api: "/p/1", orderBy: "createTime", orderType: "asc" });
    expect(byApi.body.data.list.map((e: any) => e.api)).toEqual(["/p/1", "/p/10", "/p/11"]);
    expect(byApi.body.data.total).toBe(3);
    const both = await post(h.app, "/event/list", { token, api: "/p/1", type: "API_CALL_EXCEPTION" });
    expect(both.body.data.list.map((e: any) => e.api).sort()).toEqual(["/p/1", "/p/11"]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await post(h.app, "/event/list", { token, createTimeStart: today, createTimeEnd: today })).body.data.total).toBe(12);
    expect((await post(h.app, "/event/list", { token, createTimeStart: "2999-01-01" })).body.data).toMatchObject({ list: [], total: 0 });
    expect((await post(h.app, "/event/list", { token, api: "/p/2" })).body.data.total).toBe(1);
    const bad = await post(h.app, "/event/list", { token, pageSize: 1000 });
    expect(bad.body.ret).toBe(400);
    expect(bad.body.msg).toContain("100");
  });

  it("answers each page's rows as stored, in every order: nulls, quotes, Chinese and control characters", async () => {
    const m = await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000040").executeTakeFirstOrThrow();
    const t = await createSession(h.db.db, m.id);
    const apis = ['/引号"与\\反斜杠', "/换行\n/制表\t", "/emoji/🚄", "/plain"];
    for (const [i, api] of apis.entries()) {
      await post(h.app, "/event/send", { token: t, api, type: "API_CALL_EXCEPTION", ...(i % 2 ? { costTime: i * 7 } : {}), ...(i === 3 ? { ret: "E01", appVer: "2.1" } : {}) });
    }
    const columns = ["id", "api", "type", "httpCode", "ret", "costTime", "device", "appVer", "createTime"] as const;
    for (const orderBy of ["createTime", "costTime"] as const) {
      for (const orderType of ["asc", "desc"] as const) {
        const stored = await h.db.db.selectFrom("exception_events").select(columns).where("memberId", "=", m.id).orderBy(orderBy, orderType).orderBy("id", orderType).execute();
        for (const pageNum of [1, 2, 3]) {
          const r = await post(h.app, "/event/list", { token: t, pageNum, pageSize: 2, orderBy, orderType });
          expect(r.body.data.list, `${orderBy} ${orderType} ${pageNum}`).toEqual(stored.slice((pageNum - 1) * 2, pageNum * 2));
        }
      }
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))("reads a default page by list places and a dated page from one covering index (SQLite)", async () => {
    const plan = async (q: { compile(): { sql: string } }) =>
      (await sql.raw<{ detail: string }>(`explain query plan ${q.compile().sql.replace(/\?/g, "1")}`).execute(h.db.db)).rows.map((r) => r.detail);
    const columns = ["id", "api", "type", "httpCode", "ret", "costTime", "device", "appVer", "createTime"] as const;
    const events = h.db.db.selectFrom("exception_events").select(columns).where("memberId", "=", 1);
    expect(await plan(events.where("memberSeq", ">=", 1).where("memberSeq", "<=", 20).orderBy("memberSeq", "desc"))).toEqual([
      "SEARCH exception_events USING INDEX exception_events_member_seq_idx (memberId=? AND memberSeq>? AND memberSeq<?)",
    ]);
    expect(await plan(events.where("createTime", ">=", "2024-01-01").orderBy("createTime", "desc").orderBy("id", "desc").limit(20).offset(40))).toEqual([
      "SEARCH exception_events USING COVERING INDEX exception_events_member_page_idx (memberId=? AND createTime>?)",
    ]);
  });

  it("gives concurrent reports of one member each the next list place", async () => {
    const m = await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000050").executeTakeFirstOrThrow();
    const t = await createSession(h.db.db, m.id);
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => post(h.app, "/event/send", { token: t, api: `/race/${i}`, type: "API_CALL_EXCEPTION" })));
    expect(sent.every((r) => r.body.ret === 0)).toBe(true);
    const rows = await h.db.db.selectFrom("exception_events").select(["id", "memberSeq", "createTime"]).where("memberId", "=", m.id).orderBy("memberSeq").execute();
    expect(rows.map((r) => r.memberSeq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Places follow the list's own order: by time, then id.
    const byTime = [...rows].sort((a, b) => a.createTime.localeCompare(b.createTime) || a.id - b.id);
    expect(byTime.map((r) => r.memberSeq)).toEqual(rows.map((r) => r.memberSeq));
    const last = await post(h.app, "/event/list", { token: t, pageNum: 4, pageSize: 6 });
    expect(last.body.data).toMatchObject({ total: 20, pageNum: 4 });
    expect(last.body.data.list.map((e: { id: number }) => e.id)).toEqual([rows[1].id, rows[0].id]);
  });

  it("keeps the stored total equal to a recount after bulk writes", async () => {
    const { rebuildEventTotals } = await import("../../server/events/exception-events");
    const m = await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000030").executeTakeFirstOrThrow();
    const t = await createSession(h.db.db, m.id);
    await post(h.app, "/event/send", { token: t, api: "/one", type: "API_CALL_EXCEPTION" });
    await h.db.db
      .insertInto("exception_events")
      .values([1, 2, 3].map((i) => ({ memberId: m.id, api: `/bulk/${i}`, type: "API_CALL_EXCEPTION", createTime: new Date().toISOString() })))
      .execute();
    await rebuildEventTotals(h.db.db);
    expect((await post(h.app, "/event/list", { token: t })).body.data.total).toBe(4);
    // The bulk rows have their list places too: every default page is the stored order's.
    const stored = await h.db.db.selectFrom("exception_events").select("id").where("memberId", "=", m.id).orderBy("createTime", "desc").orderBy("id", "desc").execute();
    for (const pageNum of [1, 2]) {
      const page = await post(h.app, "/event/list", { token: t, pageNum, pageSize: 3 });
      expect(page.body.data.list.map((e: { id: number }) => e.id)).toEqual(stored.slice((pageNum - 1) * 3, pageNum * 3).map((r) => r.id));
    }
    expect((await post(h.app, "/event/list", { token: t, api: "bulk" })).body.data.total).toBe(3);
  });

  it("does not show another member's events", async () => {
    const other = await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000020").executeTakeFirstOrThrow();
    const otherToken = await createSession(h.db.db, other.id);
    const r = await post(h.app, "/event/list", { token: otherToken });
    expect(r.body.data.total).toBe(0);
  });
});

describe("documentation and the portal", () => {
  it("documents routes as OpenAPI from their schemas", async () => {
    const doc = (await h.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.openapi).toBe("3.1.0");
    const op = doc.paths["/api/event/send"].post;
    expect(op.requestBody.content["application/x-www-form-urlencoded"].schema.properties.type.enum).toContain("API_CALL_EXCEPTION");
    // The session is a bearer header; no GET lists a token among its query parameters.
    expect(doc.components.securitySchemes.session).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/api/event/list"].post.security).toEqual([{ session: [] }]);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, { get?: { parameters: { name: string }[] } }>)) {
      if (ops.get) expect(ops.get.parameters.map((p) => p.name), path).not.toContain("token");
    }
  });

  it("serves the document in production only when API_DOCS turns it on", async () => {
    for (const [apiDocs, served] of [[undefined, false], [false, false], [true, true]] as const) {
      const prod = await startHarness({ seed: false, nodeEnv: "production", apiDocs });
      try {
        const res = await prod.app.inject({ method: "GET", url: "/api/docs/json" });
        if (served) expect(res.json().openapi).toBe("3.1.0");
        else expect([res.statusCode, res.json().ret]).toEqual([404, 404]);
      } finally {
        await prod.close();
      }
    }
    // Outside production it is on unless turned off.
    const dev = await startHarness({ seed: false, apiDocs: false });
    try {
      expect((await dev.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(404);
    } finally {
      await dev.close();
    }
  });

  it("serves the portal for history routes and assets with long caching", async () => {
    for (const url of ["/", "/view/login.shtml", "/myCenter/index", "/no/such/page"]) {
      const res = await h.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("商旅门户");
    }
    const asset = await h.app.inject({ method: "GET", url: "/assets/app-abc.js" });
    expect(asset.headers["cache-control"]).toContain("immutable");
  });
});

describe("fresh databases", () => {
  it("migrates a second database in the same process (PostgreSQL: its own schema)", async () => {
    const second = await startHarness({ seed: false });
    try {
      const r = await second.app.inject({ method: "GET", url: "/api/health" });
      expect(r.json().ret).toBe(0);
      const members = await second.db.db.selectFrom("members").select("id").execute();
      expect(members).toHaveLength(0);
    } finally {
      await second.close();
    }
  });
});
