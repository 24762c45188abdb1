// Every API route, called as every member type, both partners' users and a guest. What the
// policy denies answers 401 (guest) or 403 and writes nothing; what it allows gets past the
// check, and routes guarded by an access resource succeed with their sample input. The policy
// itself is matched against spec §6 row by row in tests/access.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startHarness, type Harness } from "./harness";
import { createSession } from "../../server/services/sessions";
import { accessSubjectOf } from "../../server/services/authorize";
import { getAccess, type Access } from "../../src/access";

const CALLERS = ["13800000010", "13800000020", "13800000030", "13800000040", "13800000050", "13800000070", "13800000071", "13800000072", "13800000073", "13800000081", "13800000082"];

/** A valid input for each route guarded by an access resource, so an allowed call can succeed. */
const SAMPLES: Record<string, Record<string, string>> = {
  "/account/AppAccount": {},
  "/member/center/companystatistics": {},
  "/credit/employee/list": { pageNum: "1", pageSize: "10", orderBy: "realName", orderType: "asc", keyword: "138", canAudit: "1" },
  "/credit/department/list": {},
};

let h: Harness;
let access: Access;

beforeAll(async () => {
  h = await startHarness();
  access = await getAccess();
});
afterAll(async () => h?.close());

async function tableCounts(): Promise<Record<string, number>> {
  const tables = await h.db.db.introspection.getTables();
  const out: Record<string, number> = {};
  for (const t of tables) {
    if (t.name.startsWith("kysely_") || t.name === "sessions" || t.name === "exception_events") continue;
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t.name)}`.execute(h.db.db);
    out[t.name] = Number(row.rows[0].n);
  }
  return out;
}

async function call(method: string, url: string, token: string | null, payload: Record<string, string> = {}) {
  const path = `/api${url.replace(/:(\w+)/g, "0")}`;
  const body = { ...payload, ...(token ? { token } : {}), device: "web", timestamp: String(Date.now()) };
  const res =
    method === "GET"
      ? await h.app.inject({ method: "GET", url: `${path}?${new URLSearchParams(body)}` })
      : await h.app.inject({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: new URLSearchParams(body).toString() });
  return res.headers["content-type"]?.toString().includes("json") ? (res.json() as { ret: number; msg: string }) : { ret: res.statusCode === 200 ? 0 : res.statusCode, msg: "" };
}

describe("server-side enforcement of every route", () => {
  it("has a sample input for every resource-guarded route", () => {
    const guarded = h.app.ctx.registry.filter((r) => r.access !== "public" && r.access !== "member");
    expect(guarded.map((r) => r.url).filter((u) => !(u in SAMPLES))).toEqual([]);
  });

  it("refuses guests on every non-public route and writes nothing", async () => {
    const before = await tableCounts();
    for (const r of h.app.ctx.registry.filter((x) => x.access !== "public")) {
      const reply = await call(r.method, r.url, null, SAMPLES[r.url]);
      expect(reply.ret, `${r.url} as guest`).toBe(401);
    }
    expect(await tableCounts()).toEqual(before);
  });

  for (const mobile of CALLERS) {
    it(`decides every route for ${mobile} as the policy says`, async () => {
      const member = await h.db.db.selectFrom("members").selectAll().where("mobilePhone", "=", mobile).executeTakeFirstOrThrow();
      const subject = await accessSubjectOf(h.db.db, member);
      for (const r of h.app.ctx.registry.filter((x) => x.access !== "public")) {
        const token = await createSession(h.db.db, member.id);
        const allowed = r.access === "member" || access.canApi(subject, r.access);
        const before = allowed ? null : await tableCounts();
        const reply = await call(r.method, r.url, token, SAMPLES[r.url]);
        if (!allowed) {
          expect(reply.ret, `${r.url} as ${mobile} must be denied`).toBe(403);
          expect(await tableCounts(), `${r.url} as ${mobile} wrote on denial`).toEqual(before);
        } else if (r.access === "member") {
          expect([401, 403], `${r.url} as ${mobile}: ${reply.msg}`).not.toContain(reply.ret);
        } else {
          expect(reply.ret, `${r.url} as ${mobile}: ${reply.msg}`).toBe(0);
        }
      }
    });
  }
});
