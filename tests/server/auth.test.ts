// Sign-in, SMS codes, registration, password reset and sign-out (the login and account calls).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, demoPasswordMd5, type Harness } from "./harness";
import { call, count, counts, fakeClock, freshClient, get, lastCode, login, realClock, wrongCode } from "./account-helpers";
import { md5 } from "../../server/services/accounts/passwords";
import { buildApp } from "../../server/app";
import { createAuthorize } from "../../server/services/authorize";

let h: Harness;
const db = () => h.db.db;
const WRITES = ["members", "sessions", "throttles"];
const NEW_MD5 = md5("newpass888");

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  freshClient();
});
afterEach(() => realClock());

describe("account login", () => {
  it("signs in with phone and MD5 password and answers the user object with a token", async () => {
    const r = await call(h.app, "/login/appNewLogin", { mobilePhone: "13800000010", loginPsw: demoPasswordMd5, timestamp: Date.now(), device: "web" });
    expect(r.body).toMatchObject({ ret: 0, msg: "成功" });
    expect(r.body.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(r.body.data).toMatchObject({ mobilePhone: "13800000010", memberTypeKey: "10", memberTypeCN: "个人会员", realName: "李明", realname: "李明" });
    expect(JSON.stringify(r.body.data)).not.toMatch(/passwordHash|scrypt/);
    const info = await call(h.app, "/member/info", { token: r.body.data.token });
    expect(info.body.data.id).toBe(r.body.data.id);
  });

  it("signs in with an account name and accepts an upper-case digest", async () => {
    await db().updateTable("members").set({ account: "wangfang" }).where("mobilePhone", "=", "13800000020").execute();
    const r = await call(h.app, "/login/appNewLogin", { mobilePhone: "wangfang", loginPsw: demoPasswordMd5.toUpperCase() });
    expect(r.body.ret).toBe(0);
    expect(r.body.data.mobilePhone).toBe("13800000020");
  });

  it("refuses bad input with the form's message and writes nothing", async () => {
    const before = await counts(db(), WRITES);
    const cases: [Record<string, string>, string][] = [
      [{ loginPsw: demoPasswordMd5 }, "请输入账号"],
      [{ mobilePhone: "13800000010" }, "请输入账号密码"],
      [{ mobilePhone: "13800000010", loginPsw: "demo123456" }, "密码格式不正确"],
    ];
    for (const [body, msg] of cases) {
      const r = await call(h.app, "/login/appNewLogin", body);
      expect(r.body, JSON.stringify(body)).toMatchObject({ ret: 400, msg });
    }
    const extra = await call(h.app, "/login/appNewLogin", { mobilePhone: "13800000010", loginPsw: demoPasswordMd5, isAdmin: "1" });
    expect(extra.body.ret).toBe(400);
    expect(extra.body.msg).toContain("isAdmin");
    expect(await counts(db(), WRITES)).toEqual(before);
  });

  it("answers a wrong password and an unknown account alike, without a session", async () => {
    const sessions = await count(db(), "sessions");
    const wrong = await call(h.app, "/login/appNewLogin", { mobilePhone: "13800000030", loginPsw: md5("nope"), accCode: "-9990" });
    expect(wrong.body).toMatchObject({ ret: 1201, msg: "账号或密码错误，还可尝试4次" });
    const unknown = await call(h.app, "/login/appNewLogin", { mobilePhone: "13900000000", loginPsw: demoPasswordMd5, accCode: "-9990" });
    expect(unknown.body).toMatchObject({ ret: 1201, msg: "账号或密码错误，还可尝试4次" });
    expect(await count(db(), "sessions")).toBe(sessions);
  });

  it("locks an account for 15 minutes after 5 wrong passwords, even for the right one", async () => {
    const clock = fakeClock();
    const body = (pw: string) => ({ mobilePhone: "13800000040", loginPsw: pw, accCode: "-9990" });
    for (let i = 1; i <= 4; i++) {
      const r = await call(h.app, "/login/appNewLogin", body(md5(`bad${i}`)));
      expect(r.body.msg).toBe(`账号或密码错误，还可尝试${5 - i}次`);
    }
    const fifth = await call(h.app, "/login/appNewLogin", body(md5("bad5")));
    expect(fifth.body).toMatchObject({ ret: 1202, msg: "密码错误次数过多，请15分钟后再试" });
    const sessions = await count(db(), "sessions");
    const right = await call(h.app, "/login/appNewLogin", body(demoPasswordMd5));
    expect(right.body).toMatchObject({ ret: 1202, msg: "密码错误次数过多，请15分钟后再试" });
    clock.advance(14 * 60_000 + 30_000);
    expect((await call(h.app, "/login/appNewLogin", body(demoPasswordMd5))).body.msg).toBe("密码错误次数过多，请1分钟后再试");
    expect(await count(db(), "sessions")).toBe(sessions);
    clock.advance(31_000);
    expect((await call(h.app, "/login/appNewLogin", body(demoPasswordMd5))).body.ret).toBe(0);
  });

  it("resets the count after a success", async () => {
    const body = (pw: string) => ({ mobilePhone: "13800000050", loginPsw: pw, accCode: "-9990" });
    for (let i = 0; i < 4; i++) await call(h.app, "/login/appNewLogin", body(md5("bad")));
    expect((await call(h.app, "/login/appNewLogin", body(demoPasswordMd5))).body.ret).toBe(0);
    expect((await call(h.app, "/login/appNewLogin", body(md5("bad")))).body.msg).toBe("账号或密码错误，还可尝试4次");
    await login(h.app, "13800000050");
  });

  it("refuses a disabled account", async () => {
    await db().updateTable("members").set({ status: 0 }).where("mobilePhone", "=", "13800000072").execute();
    const r = await call(h.app, "/login/appNewLogin", { mobilePhone: "13800000072", loginPsw: demoPasswordMd5 });
    expect(r.body).toMatchObject({ ret: 1203, msg: "该账号已被禁用，请联系客服" });
    await db().updateTable("members").set({ status: 1 }).where("mobilePhone", "=", "13800000072").execute();
  });

  it("keeps a per-IP backstop on sign-in calls", async () => {
    const ip = "192.0.2.77";
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await call(h.app, "/login/appNewLogin", {}, ip)).status;
    expect(last).toBe(429);
    const r = await call(h.app, "/login/appNewLogin", {}, ip);
    expect(r.body.ret).toBe(429);
    expect(r.headers["retry-after"]).toBeTruthy();
  });
});

describe("SMS codes and mobile login", () => {
  it("sends a login code with the fixed text and answers 若该手机号已注册，验证码已发送", async () => {
    const r = await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone: "13800000030" });
    expect(r.body).toMatchObject({ ret: 0, msg: "若该手机号已注册，验证码已发送", data: { mobilePhone: "13800000030", resendAfter: 60 } });
    const outbox = (await get(h.app, "/dev/sms-outbox?mobilePhone=13800000030")).json().data;
    expect(outbox[0].code).toMatch(/^\d{6}$/);
    expect(outbox[0].content).toBe(`【商旅门户】您的验证码为 ${outbox[0].code}，5分钟内有效，请勿泄露。`);
    const stored = await db().selectFrom("sms_codes" as any).selectAll().where("mobilePhone", "=", "13800000030").execute();
    expect(JSON.stringify(stored)).not.toContain(outbox[0].code);
  });

  it("answers a login code for an unknown phone like a registered one, sending nothing; refuses an invalid phone", async () => {
    const before = await count(db(), "sms_outbox");
    const r = await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone: "13900000001" });
    expect(r.body).toMatchObject({ ret: 0, msg: "若该手机号已注册，验证码已发送", data: { mobilePhone: "13900000001", resendAfter: 60 } });
    expect(await count(db(), "sms_outbox")).toBe(before);
    const codes = await count(db(), "sms_codes");
    expect((await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone: "12345" })).body).toMatchObject({ ret: 400, msg: "请输入正确的手机号码" });
    expect(await count(db(), "sms_codes")).toBe(codes);
  });

  it("refuses a resend within 60 s, saying how long to wait", async () => {
    const clock = fakeClock();
    expect((await call(h.app, "/common/sendCode", { mobilePhone: "13800000020", type: "login" })).body.ret).toBe(0);
    clock.advance(15_000);
    const again = await call(h.app, "/common/sendCode", { mobilePhone: "13800000020", type: "login" });
    expect(again.body).toMatchObject({ ret: 429, msg: "验证码发送过于频繁，请45秒后再试", data: { resendAfter: 45 } });
    // Another purpose has its own window.
    expect((await call(h.app, "/common/sendCode", { mobilePhone: "13800000020", type: "reset" })).body.ret).toBe(0);
    clock.advance(45_000);
    expect((await call(h.app, "/common/sendCode", { mobilePhone: "13800000020", type: "login" })).body.ret).toBe(0);
  });

  it("signs in with a mobile code, once", async () => {
    await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone: "13800000071" });
    const code = await lastCode(h.app, "13800000071");
    const r = await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000071", code });
    expect(r.body.ret).toBe(0);
    expect(r.body.data).toMatchObject({ memberTypeKey: "7_0", mobilePhone: "13800000071" });
    const sessions = await count(db(), "sessions");
    const reuse = await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000071", code });
    expect(reuse.body).toMatchObject({ ret: 1105, msg: "短信验证码已使用，请重新获取" });
    expect(await count(db(), "sessions")).toBe(sessions);
  });

  it("expires a code after 5 minutes", async () => {
    const clock = fakeClock();
    await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone: "13800000072" });
    const code = await lastCode(h.app, "13800000072");
    clock.advance(5 * 60_000 + 1000);
    const r = await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000072", code });
    expect(r.body).toMatchObject({ ret: 1103, msg: "短信验证码已过期，请重新获取" });
  });

  it("kills a code after 5 wrong tries", async () => {
    await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone: "13800000073" });
    const code = await lastCode(h.app, "13800000073");
    const sessions = await count(db(), "sessions");
    for (let left = 4; left >= 1; left--) {
      const r = await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000073", code: wrongCode(code) });
      expect(r.body).toMatchObject({ ret: 1102, msg: `短信验证码错误，还可尝试${left}次` });
    }
    const fifth = await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000073", code: wrongCode(code) });
    expect(fifth.body).toMatchObject({ ret: 1104, msg: "验证码错误次数过多，该验证码已失效，请重新获取" });
    const right = await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000073", code });
    expect(right.body.ret).toBe(1104);
    expect(await count(db(), "sessions")).toBe(sessions);
  });

  it("asks for a code first, and checks the code's format", async () => {
    expect((await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000040", code: "123456" })).body).toMatchObject({ ret: 1101, msg: "请先获取短信验证码" });
    expect((await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000040", code: "12ab" })).body).toMatchObject({ ret: 400, msg: "短信验证码为6位数字" });
    // An unregistered phone gets the same answer as a registered one without a code.
    expect((await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13900000009", code: "123456" })).body).toMatchObject({ ret: 1101, msg: "请先获取短信验证码" });
  });

  it("validates the send-code type", async () => {
    const r = await call(h.app, "/common/sendCode", { mobilePhone: "13800000010", type: "hack" });
    expect(r.body).toMatchObject({ ret: 400, msg: "验证码类型不正确" });
  });

  it("verifies a code without consuming it; wrong checks count", async () => {
    await call(h.app, "/common/sendCode", { mobilePhone: "13800000050", type: "reset" });
    const code = await lastCode(h.app, "13800000050");
    expect((await call(h.app, "/common/verifyCode", { mobilePhone: "13800000050", code: wrongCode(code), type: "reset" })).body.msg).toBe("短信验证码错误，还可尝试4次");
    expect((await call(h.app, "/common/verifyCode", { mobilePhone: "13800000050", code, type: "reset" })).body).toMatchObject({ ret: 0, data: { verified: true } });
    // A code of one purpose is no good for another.
    expect((await call(h.app, "/common/verifyCode", { mobilePhone: "13800000050", code, type: "login" })).body.ret).not.toBe(0);
    const reset = await call(h.app, "/updatePswd", { mobilePhone: "13800000050", smsCode: code, pswd: NEW_MD5 });
    expect(reset.body.ret).toBe(0);
    await login(h.app, "13800000050", NEW_MD5);
  });

  it("keeps a per-IP backstop on code sends", async () => {
    const ip = "192.0.2.88";
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await call(h.app, "/common/sendCode", { mobilePhone: "1", type: "login" }, ip)).status;
    expect(last).toBe(429);
  });
});

describe("registration", () => {
  const phone = "13911110001";

  it("answers a register code alike for a registered and an unregistered phone", async () => {
    const taken = await call(h.app, "/common/sendCode", { mobilePhone: "13800000010", type: "register" });
    const free = await call(h.app, "/common/sendCode", { mobilePhone: "13911110002", type: "register" });
    expect(taken.status).toBe(free.status);
    expect(taken.body).toMatchObject({ ret: 0, msg: "短信验证码已发送", data: { mobilePhone: "13800000010", resendAfter: 60 } });
    expect(free.body).toMatchObject({ ret: 0, msg: "短信验证码已发送", data: { mobilePhone: "13911110002", resendAfter: 60 } });
    expect(Object.keys(taken.body.data).sort()).toEqual(Object.keys(free.body.data).sort());
    expect(taken.body.msg).not.toMatch(/已注册/);
  });

  it("says 已注册 only at the register step and only with the right code", async () => {
    const before = await count(db(), "members");
    const code = await lastCode(h.app, "13800000010");
    const wrong = await call(h.app, "/register/appRegisterSave", { mobilePhone: "13800000010", code: wrongCode(code), loginPwd: NEW_MD5 });
    expect(wrong.body.ret).toBe(1102);
    expect(wrong.body.msg).not.toMatch(/已注册/);
    const right = await call(h.app, "/register/appRegisterSave", { mobilePhone: "13800000010", code, loginPwd: NEW_MD5 });
    expect(right.body).toMatchObject({ ret: 1301, msg: "该手机号已注册，请直接登录" });
    expect(await count(db(), "members")).toBe(before);
  });

  it("refuses bad input, a wrong code and an unknown referrer, creating no member", async () => {
    await call(h.app, "/common/sendCode", { mobilePhone: phone, type: "register" });
    const code = await lastCode(h.app, phone);
    const before = await counts(db(), ["members", "sessions"]);
    const base = { mobilePhone: phone, code, loginPwd: NEW_MD5 };
    expect((await call(h.app, "/register/appRegisterSave", { ...base, mobilePhone: "1391111" })).body).toMatchObject({ ret: 400, msg: "请输入正确的手机号码" });
    expect((await call(h.app, "/register/appRegisterSave", { ...base, loginPwd: "" })).body).toMatchObject({ ret: 400, msg: "请设置登录密码" });
    expect((await call(h.app, "/register/appRegisterSave", { ...base, refermobilephone: "123" })).body).toMatchObject({ ret: 400, msg: "请输入正确的手机号码" });
    expect((await call(h.app, "/register/appRegisterSave", { ...base, refermobilephone: "13977777777" })).body).toMatchObject({ ret: 1303, msg: "推荐人不存在，请核对推荐人手机号" });
    expect((await call(h.app, "/register/appRegisterSave", { ...base, code: wrongCode(code) })).body.ret).toBe(1102);
    expect(await counts(db(), ["members", "sessions"])).toEqual(before);
  });

  it("registers an individual member (type 10) with a referrer and signs it in", async () => {
    const code = await lastCode(h.app, phone);
    const r = await call(h.app, "/register/appRegisterSave", { mobilePhone: phone, code, loginPwd: NEW_MD5, refermobilephone: "13800000040" });
    expect(r.body.ret).toBe(0);
    expect(r.body.data).toMatchObject({ memberType: "10", memberTypeKey: "10", mobilePhone: phone, experienceDate: "永久有效", status: 1, statusCN: "正常" });
    expect((await call(h.app, "/member/info", { token: r.body.data.token })).body.ret).toBe(0);
    const row = await db().selectFrom("members").select(["referrerId", "account"]).where("mobilePhone", "=", phone).executeTakeFirstOrThrow();
    const referrer = await db().selectFrom("members").select("id").where("mobilePhone", "=", "13800000040").executeTakeFirstOrThrow();
    expect(row).toEqual({ referrerId: referrer.id, account: phone });
    await login(h.app, phone, NEW_MD5);
  });

  it("refuses registering an existing phone without a code of its own; with one, says it is registered", async () => {
    const before = await count(db(), "members");
    const guessed = await call(h.app, "/register/appRegisterSave", { mobilePhone: phone, code: "123456", loginPwd: NEW_MD5 });
    expect(guessed.body.msg).not.toMatch(/已注册/);
    const clock = fakeClock();
    try {
      clock.advance(61_000);
      expect((await call(h.app, "/common/sendCode", { mobilePhone: phone, type: "register" })).body).toMatchObject({ ret: 0, msg: "短信验证码已发送" });
      const r = await call(h.app, "/register/appRegisterSave", { mobilePhone: phone, code: await lastCode(h.app, phone), loginPwd: NEW_MD5 });
      expect(r.body).toMatchObject({ ret: 1301, msg: "该手机号已注册，请直接登录" });
    } finally {
      realClock();
    }
    expect(await count(db(), "members")).toBe(before);
  });
});

describe("password reset and logout", () => {
  it("answers an unknown phone like a registered one", async () => {
    expect((await call(h.app, "/common/sendCode", { mobilePhone: "13922220000", type: "reset" })).body).toMatchObject({ ret: 0, msg: "若该手机号已注册，验证码已发送" });
    const r = await call(h.app, "/updatePswd", { mobilePhone: "13922220000", smsCode: "123456", pswd: NEW_MD5 });
    expect(r.body).toMatchObject({ ret: 1102, msg: "短信验证码错误，还可尝试4次" });
  });

  it("resets the password with a code and revokes every session", async () => {
    const t1 = await login(h.app, "13800000030");
    const t2 = await login(h.app, "13800000030");
    await call(h.app, "/common/sendCode", { mobilePhone: "13800000030", type: "reset" });
    const code = await lastCode(h.app, "13800000030");
    const hashBefore = await db().selectFrom("members").select("passwordHash").where("mobilePhone", "=", "13800000030").executeTakeFirstOrThrow();
    const bad = await call(h.app, "/updatePswd", { mobilePhone: "13800000030", smsCode: code, pswd: "short" });
    expect(bad.body).toMatchObject({ ret: 400, msg: "密码格式不正确" });
    const wrong = await call(h.app, "/updatePswd", { mobilePhone: "13800000030", smsCode: wrongCode(code), pswd: NEW_MD5 });
    expect(wrong.body.ret).toBe(1102);
    expect(await db().selectFrom("members").select("passwordHash").where("mobilePhone", "=", "13800000030").executeTakeFirstOrThrow()).toEqual(hashBefore);
    expect((await call(h.app, "/member/info", { token: t1 })).body.ret).toBe(0);

    const r = await call(h.app, "/updatePswd", { mobilePhone: "13800000030", smsCode: code, pswd: NEW_MD5 });
    expect(r.body).toMatchObject({ ret: 0, data: { mobilePhone: "13800000030" } });
    for (const t of [t1, t2]) expect((await call(h.app, "/member/info", { token: t })).body).toMatchObject({ ret: 401, msg: "登录已过期，请重新登录" });
    expect((await call(h.app, "/login/appNewLogin", { mobilePhone: "13800000030", loginPsw: demoPasswordMd5 })).body.ret).toBe(1201);
    await login(h.app, "13800000030", NEW_MD5);
  });

  it("logs out by revoking the current token only", async () => {
    const t1 = await login(h.app, "13800000020");
    const t2 = await login(h.app, "13800000020");
    expect((await call(h.app, "/login/appLogout", { token: t1 })).body.ret).toBe(0);
    expect((await call(h.app, "/member/info", { token: t1 })).body.ret).toBe(401);
    expect((await call(h.app, "/member/info", { token: t2 })).body.ret).toBe(0);
    expect((await call(h.app, "/login/appLogout", {})).body.ret).toBe(401);
  });
});

describe("development outbox", () => {
  it("validates its phone", async () => {
    const res = await get(h.app, "/dev/sms-outbox?mobilePhone=abc");
    expect(res.json()).toMatchObject({ ret: 400, msg: "请输入正确的手机号码" });
  });

  it("is absent in production", async () => {
    // A second app over the same database (a second migrated schema per file is not needed).
    const prod = await buildApp({ db: h.db, nodeEnv: "production", authorize: createAuthorize(h.db.db) });
    try {
      const res = await prod.inject({ method: "GET", url: "/api/dev/sms-outbox?mobilePhone=13800000010" });
      expect(res.statusCode).toBe(404);
      expect(res.json().ret).toBe(404);
      const sent = await prod.inject({ method: "POST", url: "/api/common/sendCode", payload: { mobilePhone: "13800000010", type: "login" } });
      expect(sent.json()).toMatchObject({ ret: 0, msg: "若该手机号已注册，验证码已发送" });
    } finally {
      await prod.close();
    }
  });
});
