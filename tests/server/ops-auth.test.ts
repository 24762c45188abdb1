// The operator console's sign-in: password then TOTP (codes computed with otplib), enrolment at
// the first sign-in, the lockout after wrong codes, sessions kept apart from members' (neither
// token works on the other side), and staff changes audited in their own transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { demoPasswordMd5, post, startHarness, type Harness } from "./harness";
import { opsCall } from "./ops-kit";
import { md5 } from "../../server/services/accounts/passwords";
import { DEMO_OPS_PASSWORD, DEMO_OPS_TOTP_SECRET, seedDemoOperators } from "../../server/ops/demo";
import { OPS_PATHS as P, OPS_TOKEN_HEADER } from "../../src/domain/ops";

const opsPost = (harness: Harness, url: string, body: Record<string, unknown> = {}, token?: string, headers: Record<string, string> = {}) => opsCall(harness.app, url, body, token, headers);
import { getAccess } from "../../src/access";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await seedDemoOperators(h.db.db);
});
afterAll(async () => h?.close());

const pw = md5(DEMO_OPS_PASSWORD);
const code = () => generate({ secret: DEMO_OPS_TOTP_SECRET });

async function signInDemo(account: string): Promise<string> {
  const r = await opsPost(h, P.login, { account, password: pw, code: await code() });
  expect(r.ret, r.msg).toBe(0);
  return r.data.token as string;
}

async function auditCount(): Promise<number> {
  const row = await h.db.db.selectFrom("operator_audit").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("operator sign-in", () => {
  it("asks an enrolled operator for the code, then signs in with it", async () => {
    const first = await opsPost(h, P.login, { account: "ops-admin", password: pw });
    expect(first.ret).toBe(1601);
    expect(first.data).toEqual({ needCode: true });
    const token = await signInDemo("ops-admin");
    const me = await opsPost(h, P.me, {}, token);
    expect(me.ret).toBe(0);
    expect(me.data).toMatchObject({ account: "ops-admin", role: "admin", stage: "full", totpEnabled: true });
    expect(JSON.stringify(me.data)).not.toMatch(/totpSecret|passwordHash/);
  });

  it("answers a wrong password and an unknown account alike", async () => {
    const wrong = await opsPost(h, P.login, { account: "ops-finance", password: md5("wrong-password"), code: "000000" });
    const unknown = await opsPost(h, P.login, { account: "nobody-here", password: pw, code: "000000" });
    expect(wrong.ret).toBe(1201);
    expect(unknown.ret).toBe(1201);
  });

  it("locks the operator after five wrong codes, even against the right one", async () => {
    const token = await signInDemo("ops-ticket");
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const right = await code();
    const wrongCode = right === "123456" ? "654321" : "123456";
    const rets: number[] = [];
    for (let i = 0; i < 5; i++) rets.push((await opsPost(h, P.login, { account: "ops-ticket", password: pw, code: wrongCode })).ret);
    expect(rets).toEqual([1602, 1602, 1602, 1602, 1603]);
    const locked = await opsPost(h, P.login, { account: "ops-ticket", password: pw, code: await code() });
    expect(locked.ret).toBe(1603);
    expect(locked.msg).toContain("分钟后再试");
  });

  it("refuses bad input with a clear message and writes nothing", async () => {
    const before = await auditCount();
    const r = await opsPost(h, P.login, { account: "ops admin!", password: "x" });
    expect(r.ret).toBe(400);
    expect(r.msg).toMatch(/账号|密码/);
    expect(await auditCount()).toBe(before);
  });
});

describe("sessions apart from members'", () => {
  it("a member token is worthless on operator routes", async () => {
    const login = await post(h.app, "/login/appNewLogin", { mobilePhone: "13800000070", loginPsw: demoPasswordMd5 });
    expect(login.body.ret).toBe(0);
    const memberToken = login.body.data.token as string;
    expect((await opsPost(h, P.me, {}, memberToken)).ret).toBe(401);
    expect((await opsPost(h, P.staffList, {}, undefined, { authorization: `Bearer ${memberToken}` })).ret).toBe(401);
    expect((await opsPost(h, P.auditList, { token: memberToken })).ret).toBe(401);
  });

  it("an operator token is worthless on member routes", async () => {
    const token = await signInDemo("ops-admin");
    const asBearer = await h.app.inject({ method: "POST", url: "/api/account/AppAccount", headers: { authorization: `Bearer ${token}` } });
    expect(asBearer.json().ret).toBe(401);
    const asBody = await post(h.app, "/account/AppAccount", { token });
    expect(asBody.body.ret).toBe(401);
    const asOpsHeader = await h.app.inject({ method: "POST", url: "/api/account/AppAccount", headers: { [OPS_TOKEN_HEADER]: token } });
    expect(asOpsHeader.json().ret).toBe(401);
  });
});

describe("a new operator", () => {
  it("is created by an administrator, enrols TOTP at its first sign-in and sees its role's menu", async () => {
    const admin = await signInDemo("ops-admin");
    const created = await opsPost(h, P.staffCreate, { account: "new-finance", name: "新财务", password: md5("first-pass-1"), role: "finance" }, admin);
    expect(created.ret, created.msg).toBe(0);
    expect(created.data).toMatchObject({ account: "new-finance", role: "finance", totpEnabled: false });

    const login = await opsPost(h, P.login, { account: "new-finance", password: md5("first-pass-1") });
    expect(login.ret, login.msg).toBe(0);
    expect(login.data.stage).toBe("enrol");
    const enrolToken = login.data.token as string;
    // The enrolling session can do nothing but enrol.
    expect((await opsPost(h, P.auditList, {}, enrolToken)).ret).toBe(403);
    expect((await opsPost(h, P.totpConfirm, { code: "123456" }, enrolToken)).ret).toBe(409);

    const enrol = await opsPost(h, P.totpEnrol, {}, enrolToken);
    expect(enrol.ret, enrol.msg).toBe(0);
    expect(enrol.data.url).toMatch(/^otpauth:\/\/totp\/.*new-finance\?secret=/);
    const confirm = await opsPost(h, P.totpConfirm, { code: await generate({ secret: enrol.data.secret }) }, enrolToken);
    expect(confirm.ret, confirm.msg).toBe(0);
    expect(confirm.data.stage).toBe("full");
    // The enrolling session ended with it; the full one works.
    expect((await opsPost(h, P.me, {}, enrolToken)).ret).toBe(401);
    const me = await opsPost(h, P.me, {}, confirm.data.token);
    expect(me.data).toMatchObject({ role: "finance", stage: "full", totpEnabled: true });
    expect((await opsPost(h, P.totpEnrol, {}, confirm.data.token)).ret).toBe(409);

    const access = await getAccess();
    expect(access.opsMenu("finance").map((m) => m.key)).toEqual(["companies"]);
    expect(access.opsMenu("admin").map((m) => m.key)).toEqual(["staff", "companies", "members", "audit"]);

    // Its next sign-in needs the code of its own secret.
    const again = await opsPost(h, P.login, { account: "new-finance", password: md5("first-pass-1"), code: await generate({ secret: enrol.data.secret }) });
    expect(again.ret, again.msg).toBe(0);
    expect(again.data.stage).toBe("full");
  });
});

describe("audit rows share the action's transaction", () => {
  it("a staff change writes one row with before and after; a refused one writes none", async () => {
    const admin = await signInDemo("ops-admin");
    const created = await opsPost(h, P.staffCreate, { account: "audit-me", name: "审计对象", password: md5("first-pass-2"), role: "ticketing" }, admin);
    expect(created.ret).toBe(0);
    const id = created.data.id as number;
    const before = await auditCount();
    const dup = await opsPost(h, P.staffCreate, { account: "AUDIT-ME", name: "重复", password: md5("first-pass-2"), role: "ticketing" }, admin);
    expect(dup.ret).toBe(409);
    expect(await auditCount()).toBe(before);

    const adminId = (await opsPost(h, P.me, {}, admin)).data.id as number;
    const self = await opsPost(h, P.staffUpdate, { id: adminId, name: "周运营", role: "finance", status: 1 }, admin);
    expect(self.ret).toBe(409);
    expect(await auditCount()).toBe(before);

    const changed = await opsPost(h, P.staffUpdate, { id, name: "审计对象", role: "finance", status: 1 }, admin);
    expect(changed.ret, changed.msg).toBe(0);
    expect(await auditCount()).toBe(before + 1);
    const page = await opsPost(h, P.auditList, { action: "staff.update", pageSize: 5 }, admin);
    expect(page.data.list[0]).toMatchObject({ action: "staff.update", objectType: "operator", objectId: String(id), before: { role: "ticketing" }, after: { role: "finance" } });
    expect(JSON.stringify(page.data)).not.toMatch(/passwordHash|totpSecret/);
  });

  it("the log is paged and filtered", async () => {
    const admin = await signInDemo("ops-admin");
    const all = await opsPost(h, P.auditList, { pageNum: 1, pageSize: 2 }, admin);
    expect(all.ret).toBe(0);
    expect(all.data.list).toHaveLength(2);
    expect(all.data.total).toBeGreaterThan(2);
    const logins = await opsPost(h, P.auditList, { action: "auth.login", pageSize: 100 }, admin);
    expect(logins.data.list.every((r: { action: string }) => r.action === "auth.login")).toBe(true);
    const bad = await opsPost(h, P.auditList, { from: "yesterday" }, admin);
    expect(bad.ret).toBe(400);
  });
});
