// The server-issued picture captcha: issue, development answer, one-use check on login, expiry,
// the bypass value outside production only, and the per-IP limit.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, demoPasswordMd5, type Harness } from "./harness";
import { call, count, fakeClock, freshClient, get, realClock } from "./account-helpers";
import { md5 } from "../../server/services/accounts/passwords";
import { buildApp } from "../../server/app";
import { createAuthorize } from "../../server/services/authorize";
import { CAPTCHA_ALPHABET } from "../../server/services/accounts/captcha";

let h: Harness;
const db = () => h.db.db;

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

async function newCaptcha(): Promise<{ captchaId: string; svg: string; expiresIn: number }> {
  const r = await call(h.app, "/captcha/new");
  expect(r.body.ret).toBe(0);
  return r.body.data;
}

async function answerOf(captchaId: string): Promise<string> {
  const res = await get(h.app, `/dev/captcha?captchaId=${captchaId}`);
  return res.json().data.text;
}

const loginWith = (body: Record<string, string>) => call(h.app, "/login/appNewLogin", { mobilePhone: "13800000010", loginPsw: demoPasswordMd5, ...body });

describe("issuing", () => {
  it("answers an id, an SVG picture of about 112x40 with noise lines, and its lifetime in seconds", async () => {
    const before = await count(db(), "captchas");
    const c = await newCaptcha();
    expect(Object.keys(c).sort()).toEqual(["captchaId", "expiresIn", "svg"]);
    expect(c.captchaId).toMatch(/^[0-9a-f]{32}$/);
    expect(c.expiresIn).toBe(300);
    expect(c.svg).toMatch(/^<svg [^>]*width="112" height="40"/);
    expect(c.svg.match(/<path [^>]*fill="none"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(await count(db(), "captchas")).toBe(before + 1);
    // The characters are drawn as outlines, never written as text.
    const text = await answerOf(c.captchaId);
    expect(c.svg).not.toContain(`>${text}<`);
    expect(c.svg).not.toMatch(/<text/);
  });

  it("uses 4 characters without the look-alikes 0/O/o/1/I/l", async () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0Oo1Il]/);
    const texts = await Promise.all(Array.from({ length: 20 }, async () => answerOf((await newCaptcha()).captchaId)));
    for (const t of texts) expect(t).toMatch(/^[2-9A-HJ-NP-Za-km-np-z]{4}$/);
    expect(new Set(texts).size).toBeGreaterThan(15);
  });

  it("removes expired captchas as new ones are issued", async () => {
    const clock = fakeClock();
    const old = await newCaptcha();
    clock.advance(301_000);
    await newCaptcha();
    const row = await db().selectFrom("captchas").select("id").where("id", "=", old.captchaId).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("is rate-limited per address", async () => {
    const ip = "192.0.2.91";
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await call(h.app, "/captcha/new", {}, ip)).status;
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await call(h.app, "/captcha/new", {}, "192.0.2.92")).status).toBe(200);
  });
});

describe("checking on login", () => {
  it("accepts the answer ignoring case and surrounding blanks, once", async () => {
    const c = await newCaptcha();
    const text = await answerOf(c.captchaId);
    const swapped = [...text].map((x) => (x === x.toUpperCase() ? x.toLowerCase() : x.toUpperCase())).join("");
    const typed = ` ${swapped} `;
    const r = await loginWith({ captchaId: c.captchaId, accCode: typed });
    expect(r.body.ret).toBe(0);
    expect(r.body.data.token).toMatch(/^[0-9a-f]{64}$/);
    // Used up: the same id and answer fail the second time.
    const again = await loginWith({ captchaId: c.captchaId, accCode: text });
    expect(again.body).toMatchObject({ ret: 1207, msg: "验证码错误" });
  });

  it("refuses a wrong answer without checking the password, and uses the captcha up", async () => {
    const sessions = await count(db(), "sessions");
    const c = await newCaptcha();
    const text = await answerOf(c.captchaId);
    const wrong = await call(h.app, "/login/appNewLogin", { mobilePhone: "13800000020", loginPsw: md5("not-it"), captchaId: c.captchaId, accCode: "zzzz" === text ? "yyyy" : "zzzz" });
    expect(wrong.body).toMatchObject({ ret: 1207, msg: "验证码错误", data: null });
    // No password was checked: the first wrong password still has 4 tries left after it.
    const c2 = await newCaptcha();
    const next = await call(h.app, "/login/appNewLogin", { mobilePhone: "13800000020", loginPsw: md5("not-it"), captchaId: c2.captchaId, accCode: await answerOf(c2.captchaId) });
    expect(next.body.msg).toBe("账号或密码错误，还可尝试4次");
    // The first captcha is gone, right answer or not.
    expect((await get(h.app, `/dev/captcha?captchaId=${c.captchaId}`)).json().ret).toBe(404);
    expect((await loginWith({ captchaId: c.captchaId, accCode: text })).body.ret).toBe(1207);
    expect(await count(db(), "sessions")).toBe(sessions);
  });

  it("refuses an expired captcha", async () => {
    const clock = fakeClock();
    const c = await newCaptcha();
    const text = await answerOf(c.captchaId);
    clock.advance(300_000);
    expect((await loginWith({ captchaId: c.captchaId, accCode: text })).body).toMatchObject({ ret: 1207, msg: "验证码错误" });
  });

  it("refuses an unknown id, and asks for the answer when only the id is given", async () => {
    expect((await loginWith({ captchaId: "f".repeat(32), accCode: "AB3D" })).body).toMatchObject({ ret: 1207, msg: "验证码错误" });
    const c = await newCaptcha();
    expect((await loginWith({ captchaId: c.captchaId })).body).toMatchObject({ ret: 1206, msg: "请输入验证码" });
    expect((await loginWith({ captchaId: c.captchaId, accCode: "   " })).body).toMatchObject({ ret: 1206, msg: "请输入验证码" });
    expect((await get(h.app, `/dev/captcha?captchaId=${c.captchaId}`)).json().ret).toBe(404);
  });

  it("lets only one of two simultaneous logins use one captcha", async () => {
    const c = await newCaptcha();
    const text = await answerOf(c.captchaId);
    const replies = await Promise.all([loginWith({ captchaId: c.captchaId, accCode: text }), loginWith({ captchaId: c.captchaId, accCode: text })]);
    expect(replies.map((r) => r.body.ret).sort()).toEqual([0, 1207]);
  });

  it("is checked by any server process: issued by one app, checked by another over the same database", async () => {
    const other = await buildApp({ db: h.db, nodeEnv: "test", authorize: createAuthorize(h.db.db) });
    try {
      const issued = (await other.inject({ method: "POST", url: "/api/captcha/new" })).json().data;
      const r = await loginWith({ captchaId: issued.captchaId, accCode: await answerOf(issued.captchaId) });
      expect(r.body.ret).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("lets -9990 pass outside production only", async () => {
    expect((await loginWith({ accCode: "-9990" })).body.ret).toBe(0);
    const prod = await buildApp({ db: h.db, nodeEnv: "production", authorize: createAuthorize(h.db.db) });
    try {
      const form = (body: Record<string, string>) => ({
        method: "POST" as const,
        url: "/api/login/appNewLogin",
        remoteAddress: "192.0.2.93",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ mobilePhone: "13800000010", loginPsw: demoPasswordMd5, ...body }).toString(),
      });
      expect((await prod.inject(form({ accCode: "-9990" }))).json()).toMatchObject({ ret: 1207, msg: "验证码错误" });
      const c = await newCaptcha();
      expect((await prod.inject(form({ captchaId: c.captchaId, accCode: "-9990" }))).json()).toMatchObject({ ret: 1207, msg: "验证码错误" });
      // The right answer works in production too.
      const c2 = (await prod.inject({ method: "POST", url: "/api/captcha/new", remoteAddress: "192.0.2.93" })).json().data;
      expect((await prod.inject(form({ captchaId: c2.captchaId, accCode: await answerOf(c2.captchaId) }))).json().ret).toBe(0);
      // And the development answer is not served there.
      expect((await prod.inject({ method: "GET", url: `/api/dev/captcha?captchaId=${c2.captchaId}` })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it("refuses malformed captcha fields as bad input", async () => {
    expect((await loginWith({ captchaId: "a\u0000b", accCode: "ABCD" })).body).toMatchObject({ ret: 400, msg: "验证码错误" });
    expect((await loginWith({ captchaId: "a".repeat(65), accCode: "ABCD" })).body.ret).toBe(400);
    expect((await loginWith({ accCode: "A".repeat(17) })).body.ret).toBe(400);
    expect((await get(h.app, "/dev/captcha?captchaId=")).json().ret).toBe(404);
    expect((await get(h.app, `/dev/captcha?captchaId=${"x".repeat(65)}`)).json().ret).toBe(400);
  });
});
