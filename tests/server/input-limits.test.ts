// Every text field of every route declares a length limit and refuses control characters: read
// from the route registry (the same zod schemas the routes validate with), so a route added
// later without limits fails here. A NUL byte or one character too many answers ret 400 for
// that field, on SQLite and on PostgreSQL alike, and writes nothing.
import { z } from "zod";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownTables, startHarness, type Harness } from "./harness";
import { createSession } from "../../server/services/accounts/sessions";
import type { RegisteredRoute } from "../../server/services/http/route";

interface JsonSchema {
  type?: string | string[];
  maxLength?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}

let h: Harness;
let token: string;
let ipCounter = 0;

beforeAll(async () => {
  // Every signed-in caller may use every route here: access is tested elsewhere.
  h = await startHarness({ authorize: () => true });
  const member = await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
  token = await createSession(h.db.db, member.id);
});
afterAll(async () => h?.close());

/** The string forms a field accepts (a union's string branches), free text only: enums are closed sets. */
function textBranches(schema: JsonSchema): JsonSchema[] {
  const branches = schema.anyOf ?? schema.oneOf ?? [schema];
  return branches.flatMap((b) => (b.anyOf || b.oneOf ? textBranches(b) : [b])).filter((b) => {
    const types = Array.isArray(b.type) ? b.type : [b.type];
    return types.includes("string") && b.enum === undefined && b.const === undefined;
  });
}

function textFields(route: RegisteredRoute): [string, JsonSchema[]][] {
  const schema = z.toJSONSchema(route.input, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return Object.entries(schema.properties ?? {})
    .map(([field, prop]) => [field, textBranches(prop)] as [string, JsonSchema[]])
    .filter(([, branches]) => branches.length > 0);
}

async function send(route: RegisteredRoute, fields: Record<string, string>) {
  ipCounter += 1;
  const body = new URLSearchParams({ ...fields, token, device: "web" });
  const url = `/api${route.url.replace(/:(\w+)/g, "x")}`;
  const res =
    route.method === "GET"
      ? await h.app.inject({ method: "GET", url: `${url}?${body}`, remoteAddress: `10.200.${ipCounter >> 8}.${ipCounter & 255}` })
      : await h.app.inject({
          method: "POST",
          url,
          remoteAddress: `10.200.${ipCounter >> 8}.${ipCounter & 255}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: body.toString(),
        });
  return { status: res.statusCode, body: res.json() as { ret: number; msg: string; data: { errors?: Record<string, string> } | null } };
}

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of await ownTables(h.db)) {
    if (name.startsWith("kysely_")) continue;
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(h.db.db);
    out[name] = Number(row.rows[0].n);
  }
  return out;
}

describe("text input limits of every route", () => {
  it("finds the routes and their text fields", () => {
    const fields = h.app.ctx.registry.flatMap((r) => textFields(r).map(([f]) => `${r.url} ${f}`));
    // The login form's fields, the profile, events, partner entry and staff search at least.
    for (const expected of ["/login/appNewLogin mobilePhone", "/account/memberUpdate remark", "/event/send param", "/thirdParty/entry appId", "/credit/employee/list keyword"]) {
      expect(fields).toContain(expected);
    }
    expect(fields.length).toBeGreaterThan(30);
  });

  it("every text field declares a length limit", () => {
    const unbounded = h.app.ctx.registry.flatMap((r) =>
      textFields(r)
        .filter(([, branches]) => branches.some((b) => typeof b.maxLength !== "number"))
        .map(([f]) => `${r.method} ${r.url} ${f}`),
    );
    expect(unbounded).toEqual([]);
  });

  it("a NUL byte or one character over the limit answers 400 for that field and writes nothing", async () => {
    const before = await tableCounts();
    const wrong: string[] = [];
    for (const route of h.app.ctx.registry) {
      for (const [field, branches] of textFields(route)) {
        const max = Math.max(...branches.map((b) => b.maxLength ?? 0));
        for (const [what, value] of [["NUL", "1\u0000"], ["too long", "1".repeat(max + 1)], ["control character", "1\u0007"]] as const) {
          const r = await send(route, { [field]: value });
          if (r.body.ret !== 400 || !r.body.data?.errors?.[field]) wrong.push(`${route.method} ${route.url} ${field} (${what}): ${r.status} ${r.body.ret} ${r.body.msg}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  });

  it("the common device key is bounded the same way", async () => {
    const route = h.app.ctx.registry.find((r) => r.url === "/event/send")!;
    for (const device of ["w\u0000b", "d".repeat(21)]) {
      const body = new URLSearchParams({ api: "/x", type: "API_CALL_EXCEPTION", device });
      const res = await h.app.inject({ method: "POST", url: `/api${route.url}`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: body.toString() });
      expect(res.json()).toMatchObject({ ret: 400, data: { errors: { device: expect.any(String) } } });
    }
  });

  it("a megabyte account name is refused before any count is kept", async () => {
    const before = await tableCounts();
    const res = await h.app.inject({
      method: "POST",
      url: "/api/login/appNewLogin",
      remoteAddress: "10.201.0.1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ mobilePhone: "1".repeat(1_000_000), loginPsw: "a".repeat(32) }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ret: 400, msg: "账号最多50个字符" });
    expect(await tableCounts()).toEqual(before);
  });
});
