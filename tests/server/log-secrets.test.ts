// No secret in a URL or a log (SQLite, or PostgreSQL with DATABASE_URL): the session travels in
// the Authorization header (a token in a query string signs nobody in), the access log keeps a
// query's secret-named values as ***, and an export's file is fetched by POSTing its task id
// with the session, so its key appears in no URL and no log line.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startHarness, type Harness } from "./harness";
import { call, downloadExport, freshClient, login } from "./account-helpers";
import { defineRoute } from "../../server/services/http/route";
import { defineExport } from "../../server/exports/tasks";
import { redactUrl } from "../../server/services/http/log-redact";

let logged = "";
const sink = new Writable({
  write(chunk, _enc, done) {
    logged += chunk.toString();
    done();
  },
});

const whoAmI = defineRoute({
  method: "GET",
  url: "/test/whoami",
  summary: "test: the signed-in member's id",
  access: "member",
  input: z.object({}).strict(),
  handler: ({ member }) => ({ id: member!.id }),
});

const tinyExport = defineExport({
  url: "/test/tiny-excel",
  summary: "test export",
  access: "member",
  input: z.object({}).strict(),
  kind: "test",
  fileName: () => "小导出.xlsx",
  sheetName: "测试",
  columns: [{ key: "name", header: "姓名", kind: "text" }],
  count: async () => 1,
  rows: async function* () {
    yield { name: "旅客1" };
  },
});

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness({ logger: { level: "info", stream: sink }, routes: [whoAmI, tinyExport] });
  freshClient();
  token = await login(h.app, "13800000070");
});
afterAll(async () => h?.close());

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

describe("the session token", () => {
  it("is read from the Authorization header, on GET and POST alike", async () => {
    const get = await h.app.inject({ method: "GET", url: "/api/test/whoami", headers: bearer(token) });
    expect(get.json()).toMatchObject({ ret: 0, data: { id: expect.any(Number) } });
    const post = await h.app.inject({ method: "POST", url: "/api/member/info", headers: { ...bearer(token), "content-type": "application/x-www-form-urlencoded" }, payload: "device=web" });
    expect(post.json().ret).toBe(0);
  });

  it("in a query string signs nobody in", async () => {
    const r = await h.app.inject({ method: "GET", url: `/api/test/whoami?token=${token}` });
    expect(r.json().ret).toBe(401);
  });

  it("never reaches the log, from the header or a query string", async () => {
    logged = "";
    const brand = await h.app.inject({ method: "GET", url: `/api/brand/config?token=${token}&timestamp=1&device=web`, headers: bearer(token) });
    expect(brand.json().ret).toBe(0);
    await h.app.inject({ method: "GET", url: `/api/test/whoami?token=${token}` });
    expect(logged).toContain("/api/brand/config?token=***&timestamp=1&device=web");
    expect(logged).not.toContain(token);
  });
});

describe("the access log", () => {
  it("keeps the names of secret-looking query values, never the values", () => {
    expect(redactUrl("/api/x?key=abc&sign=s1&code=123456&loginPsw=p&password=q&appSecret=z&page=2&appId=tianhe")).toBe(
      "/api/x?key=***&sign=***&code=***&loginPsw=***&password=***&appSecret=***&page=2&appId=tianhe",
    );
    expect(redactUrl("/api/x")).toBe("/api/x");
    expect(redactUrl("/api/x?%74oken=abc")).toBe("/api/x?%74oken=***");
  });

  it("a partner's signed entry and a captcha answer keep their values out of the log", async () => {
    logged = "";
    await h.app.inject({ method: "GET", url: "/api/brand/config?appId=a1&timestamp=1700000000000&sign=deadbeefcafe&code=424242" });
    expect(logged).not.toContain("deadbeefcafe");
    expect(logged).not.toContain("424242");
  });
});

describe("an export's file", () => {
  it("is fetched by POSTing the task id with the session: its key is in no URL and no log line", async () => {
    logged = "";
    const start = await call(h.app, "/test/tiny-excel", { token });
    expect(start.body.ret).toBe(0);
    let view = start.body.data;
    for (let i = 0; i < 200 && view.status === "running"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      view = (await call(h.app, "/export/status", { token, taskId: view.taskId })).body.data;
    }
    expect(view).toMatchObject({ status: "done", downloadPath: "/export/file" });
    const file = await downloadExport(h.app, token, view);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers["content-type"])).toContain("spreadsheetml");
    const row = await h.db.db.selectFrom("export_tasks").select("downloadKey").where("id", "=", view.taskId).executeTakeFirstOrThrow();
    expect(logged).toContain("/api/export/file");
    expect(logged).not.toContain(row.downloadKey);
    expect(logged).not.toContain(token);
  });
});
