// The operator console's sign-in: password then TOTP (codes computed with otplib), enrolment at
// the first sign-in, the lockout after wrong codes, sessions kept apart from members' (neither
// token works on the other side), and staff changes audited in their own transaction. Then the
// second factor's hardening: secrets encrypted at rest under OPS_TOTP_KEY (and the start refused
// without one in production), and each code accepted once, also when two sign-ins race with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, generateSecret } from "otplib";
import { demoPasswordMd5, post, startHarness, type Harness } from "./harness";
import { opsCall } from "./ops-kit";
import { md5 } from "../../server/services/accounts/passwords";
import { DEMO_OPS_PASSWORD, DEMO_OPS_TOTP_SECRET, seedDemoOperators } from "../../server/ops/demo";
import { createOperator, operatorByAccount } from "../../server/ops/operators";
import { checkCode, claimStep } from "../../server/ops/second-factor";
import { sealClearTotpSecrets } from "../../server/ops/seal-secrets";
import { createTotpVault, DEV_OPS_TOTP_KEY, parseTotpKey, TotpVaultError } from "../../server/ops/totp-vault";
import { ConfigError, readStartConfig } from "../../server/config";
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
    expect(access.opsMenu("finance").map((m) => m.key)).toEqual(["withdrawals", "settlement", "companies"]);
    expect(access.opsMenu("admin").map((m) => m.key)).toEqual(["ticketing", "after-sales", "disruptions", "withdrawals", "settlement", "companies", "members", "site-config", "staff", "audit"]);
    expect(access.opsMenu("ticketing").map((m) => m.key)).toEqual(["ticketing", "after-sales", "disruptions"]);

    // Its next sign-in needs the code of its own secret, of a step after the one that confirmed
    // it (the next step's code is accepted now, for clocks a little apart).
    const next = await generate({ secret: enrol.data.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const again = await opsPost(h, P.login, { account: "new-finance", password: md5("first-pass-1"), code: next });
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

// ---- the second factor's hardening: secrets encrypted at rest, codes accepted once ----

// A server of their own: the sign-in route's rate limit (30 a minute from one address) is spent
// by the tests above on theirs.
let s: Harness;
let sAdmin: string | null = null;
beforeAll(async () => {
  s = await startHarness({ seed: false });
  await seedDemoOperators(s.db.db);
});
afterAll(async () => s?.close());

const CODE_USED = 1605;
const TOTP_UNAVAILABLE = 1606;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The code of the step `k` steps after the moment t0 (seconds): fixed codes, whatever the clock does while a test runs. */
const codeAt = (secret: string, t0: number, k = 0) => generate({ secret, epoch: t0 + 30 * k });

async function storedSecret(account: string): Promise<string | null> {
  return (await operatorByAccount(s.db.db, account))!.totpSecret;
}

/** A new operator made by the administrator and enrolled with the code of the moment t0. */
async function enrolNew(account: string): Promise<{ secret: string; t0: number; password: string }> {
  const admin = (sAdmin ??= (await opsPost(s, P.login, { account: "ops-admin", password: pw, code: await code() })).data.token as string);
  const password = md5(`${account}-pass-1`);
  const created = await opsPost(s, P.staffCreate, { account, name: "测试员", password, role: "ticketing" }, admin);
  expect(created.ret, created.msg).toBe(0);
  const enrolToken = (await opsPost(s, P.login, { account, password })).data.token as string;
  const enrol = await opsPost(s, P.totpEnrol, {}, enrolToken);
  expect(enrol.ret, enrol.msg).toBe(0);
  const secret = enrol.data.secret as string;
  // Sealed from the moment enrolment starts, before it is trusted.
  expect(await storedSecret(account)).toMatch(/^v1\./);
  const t0 = nowSeconds();
  const confirm = await opsPost(s, P.totpConfirm, { code: await codeAt(secret, t0) }, enrolToken);
  expect(confirm.ret, confirm.msg).toBe(0);
  return { secret, t0, password };
}

describe("TOTP secrets at rest", () => {
  it("the column holds a sealed value, never the base32 secret, for demo and enrolled operators alike", async () => {
    const demo = await s.db.db.selectFrom("operators").select(["account", "totpSecret"]).where("account", "in", ["ops-admin", "ops-finance", "ops-ticket"]).execute();
    expect(demo).toHaveLength(3);
    for (const row of demo) {
      expect(row.totpSecret).toMatch(/^v1\./);
      expect(row.totpSecret).not.toContain(DEMO_OPS_TOTP_SECRET);
    }
    // One secret, three different values: each sealed with its own IV.
    expect(new Set(demo.map((r) => r.totpSecret)).size).toBe(3);

    const { secret } = await enrolNew("sealed-op");
    const stored = await storedSecret("sealed-op");
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    const audit = await s.db.db.selectFrom("operator_audit").select(["before", "after"]).execute();
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it("a sealed value opens only under its key, for its own operator, unaltered", () => {
    const vault = createTotpVault(DEV_OPS_TOTP_KEY);
    const secret = generateSecret();
    const sealed = vault.seal("op-a", secret);
    expect(vault.open("op-a", sealed)).toBe(secret);
    expect(() => vault.open("op-b", sealed)).toThrow(TotpVaultError);
    expect(() => createTotpVault(Buffer.alloc(32, 7)).open("op-a", sealed)).toThrow(TotpVaultError);
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === "A" ? "B" : "A") + sealed.at(-1);
    expect(() => vault.open("op-a", flipped)).toThrow(TotpVaultError);
    expect(() => vault.open("op-a", "v1.short")).toThrow(TotpVaultError);
    // A value in clear (an earlier version's) is read as it is.
    expect(vault.open("op-a", secret)).toBe(secret);
  });

  it("a secret written in clear by an earlier version keeps working and is sealed at the next start", async () => {
    const secret = generateSecret();
    const password = md5("legacy-pass-1");
    await createOperator(s.db.db, { account: "legacy-op", name: "旧版员工", password, role: "ticketing", storedTotpSecret: secret }, null);
    expect(await storedSecret("legacy-op")).toBe(secret);
    const t0 = nowSeconds();
    const first = await opsPost(s, P.login, { account: "legacy-op", password, code: await codeAt(secret, t0) });
    expect(first.ret, first.msg).toBe(0);

    const vault = createTotpVault(DEV_OPS_TOTP_KEY);
    expect((await sealClearTotpSecrets(s.db.db, vault)).sealed).toBeGreaterThanOrEqual(1);
    const stored = await storedSecret("legacy-op");
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect((await sealClearTotpSecrets(s.db.db, vault)).sealed).toBe(0);
    const after = await opsPost(s, P.login, { account: "legacy-op", password, code: await codeAt(secret, t0, 1) });
    expect(after.ret, after.msg).toBe(0);
  });

  it("another key is refused at start, and checks no code (counting none wrong)", async () => {
    const other = createTotpVault(Buffer.alloc(32, 7));
    await expect(sealClearTotpSecrets(s.db.db, other)).rejects.toBeInstanceOf(TotpVaultError);
    const admin = (await operatorByAccount(s.db.db, "ops-admin"))!;
    await expect(checkCode(s.db.db, { vault: other, demoExempt: true }, admin, await code())).rejects.toMatchObject({ ret: TOTP_UNAVAILABLE });
  });

  it("a production server built without a key refuses codes and enrolment with a clear message", async () => {
    const prod = await startHarness({ seed: false, nodeEnv: "production" });
    try {
      await seedDemoOperators(prod.db.db);
      const rets: number[] = [];
      for (let i = 0; i < 6; i++) rets.push((await opsCall(prod.app, P.login, { account: "ops-admin", password: pw, code: await code() })).ret);
      // Never locked: a code that cannot be checked is not a wrong one.
      expect(rets).toEqual(Array(6).fill(TOTP_UNAVAILABLE));
      await createOperator(prod.db.db, { account: "prod-new", name: "新人", password: md5("prod-pass-1"), role: "finance" }, null);
      const login = await opsCall(prod.app, P.login, { account: "prod-new", password: md5("prod-pass-1") });
      const enrol = await opsCall(prod.app, P.totpEnrol, {}, login.data.token);
      expect(enrol.ret).toBe(TOTP_UNAVAILABLE);
      expect(enrol.msg).toBe("动态验证码暂时无法校验，请联系系统管理员");
      expect(await prod.db.db.selectFrom("operators").select("totpSecret").where("account", "=", "prod-new").executeTakeFirst()).toEqual({ totpSecret: null });
    } finally {
      await prod.close();
    }
  });
});

describe("a code is accepted once", () => {
  it("refuses the code that confirmed enrolment, then each code again, and any older step; a replay takes no try", async () => {
    const { secret, t0, password } = await enrolNew("replay-op");
    const login = (c: string) => opsPost(s, P.login, { account: "replay-op", password, code: c });
    const reused = await login(await codeAt(secret, t0));
    expect(reused.ret).toBe(CODE_USED);
    expect(reused.msg).toBe("该动态验证码已使用过，请等身份验证器显示下一个验证码后再登录");

    const next = await login(await codeAt(secret, t0, 1));
    expect(next.ret, next.msg).toBe(0);
    expect((await login(await codeAt(secret, t0, 1))).ret).toBe(CODE_USED);
    expect((await login(await codeAt(secret, t0))).ret).toBe(CODE_USED);

    // The replays counted as no wrong code: the first wrong one still has 4 tries left.
    const right = await codeAt(secret, t0, 1);
    const wrong = await opsPost(s, P.login, { account: "replay-op", password, code: right === "123456" ? "654321" : "123456" });
    expect(wrong.ret).toBe(1602);
    expect(wrong.msg).toContain("还可尝试4次");
  });

  it("two sign-ins racing with one code: exactly one gets a session", async () => {
    const { secret, t0, password } = await enrolNew("race-op");
    const op = (await operatorByAccount(s.db.db, "race-op"))!;
    // Forget the enrolment's step, so the race is over a code neither has seen used.
    await s.db.db.updateTable("operators").set({ totpLastStep: null }).where("id", "=", op.id).execute();
    const sessions = async () => Number((await s.db.db.selectFrom("operator_sessions").select((eb) => eb.fn.countAll<number | string>().as("n")).where("operatorId", "=", op.id).where("stage", "=", "full").executeTakeFirstOrThrow()).n);
    const before = await sessions();
    const c = await codeAt(secret, t0);
    const replies = await Promise.all([0, 1, 2].map(() => opsPost(s, P.login, { account: "race-op", password, code: c })));
    expect(replies.map((r) => r.ret).sort()).toEqual([0, CODE_USED, CODE_USED]);
    expect(await sessions()).toBe(before + 1);

    // The claim itself is conditional: the same step cannot be claimed twice.
    const step = (await operatorByAccount(s.db.db, "race-op"))!.totpLastStep!;
    await expect(claimStep(s.db.db, op.id, step)).rejects.toMatchObject({ ret: CODE_USED });
    await expect(claimStep(s.db.db, op.id, step - 1)).rejects.toMatchObject({ ret: CODE_USED });
  });

  it("spares the demo operators outside production only", async () => {
    const c = await code();
    for (let i = 0; i < 3; i++) expect((await opsPost(s, P.login, { account: "ops-finance", password: pw, code: c })).ret).toBe(0);
    const finance = (await operatorByAccount(s.db.db, "ops-finance"))!;
    expect(finance.totpLastStep).toBeNull();
    // A production server holds even the published secret to the guard.
    const production = { vault: createTotpVault(DEV_OPS_TOTP_KEY), demoExempt: false };
    const step = await checkCode(s.db.db, production, finance, c);
    expect(step).toEqual(expect.any(Number));
    await claimStep(s.db.db, finance.id, step);
    await expect(checkCode(s.db.db, production, (await operatorByAccount(s.db.db, "ops-finance"))!, c)).rejects.toMatchObject({ ret: CODE_USED });
  });
});

describe("OPS_TOTP_KEY at start", () => {
  const PROD = {
    NODE_ENV: "production",
    SMS_PROVIDER: "log",
    PARTNER_SECRET_TIANHE: "tianhe-live-9f3a61c0d2b84e7a5c1f0d36e9",
    PARTNER_SECRET_WEILAN: "weilan-live-44be0e7a91c3d05f8b2a6e17d4",
  };
  const KEY = Buffer.alloc(32, 0x5a);
  const refusal = (env: Record<string, string>) => {
    try {
      readStartConfig(env);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error("expected a refusal");
  };

  it("production refuses to start without a key, with a malformed one, or with the development key", () => {
    expect(refusal(PROD)).toContain("生产环境须设置 OPS_TOTP_KEY");
    expect(refusal({ ...PROD, OPS_TOTP_KEY: "  " })).toContain("生产环境须设置 OPS_TOTP_KEY");
    expect(refusal({ ...PROD, OPS_TOTP_KEY: KEY.toString("hex").slice(2) })).toContain("OPS_TOTP_KEY 须为 32 字节的密钥");
    expect(refusal({ ...PROD, OPS_TOTP_KEY: Buffer.alloc(31, 1).toString("base64") })).toContain("OPS_TOTP_KEY 须为 32 字节的密钥");
    expect(refusal({ ...PROD, OPS_TOTP_KEY: "correct horse battery staple" })).toContain("OPS_TOTP_KEY 须为 32 字节的密钥");
    expect(refusal({ ...PROD, OPS_TOTP_KEY: DEV_OPS_TOTP_KEY.toString("hex") })).toBe("OPS_TOTP_KEY 仍是开发密钥，生产环境不能使用");
    // The refusal never repeats what was given.
    expect(refusal({ ...PROD, OPS_TOTP_KEY: "not-a-key-but-a-secret-value" })).not.toContain("not-a-key");
  });

  it("reads 32 bytes as hex or base64; outside production the development key is the default", () => {
    for (const text of [KEY.toString("hex"), KEY.toString("hex").toUpperCase(), KEY.toString("base64"), KEY.toString("base64url")]) {
      expect(parseTotpKey(text), text).toEqual(KEY);
      expect(readStartConfig({ ...PROD, OPS_TOTP_KEY: text }).opsTotpKey).toEqual(KEY);
    }
    expect(readStartConfig({ NODE_ENV: "development" }).opsTotpKey).toEqual(DEV_OPS_TOTP_KEY);
    // Set but malformed is a mistake anywhere.
    expect(() => readStartConfig({ NODE_ENV: "development", OPS_TOTP_KEY: "abc" })).toThrow(ConfigError);
  });
});
