// SMS codes under attack and under load: simultaneous right answers, strangers' wrong tries,
// answers that do not tell registered phones apart, codes kept out of logs, register quota.
import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { call, count, fakeClock, freshClient, lastCode, login, realClock, wrongCode } from "./account-helpers";
import { authRoutes } from "../../server/routes/auth";
import { smsRoutes } from "../../server/routes/sms";

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

function tally(rets: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of rets) out[r] = (out[r] ?? 0) + 1;
  return out;
}

// A route's handler called directly: 50 requests at once from one address would first meet the
// per-IP backstop (30 a minute), which is not what these tests are about.
function direct(routes: typeof authRoutes | typeof smsRoutes, url: string) {
  const route = routes.find((r) => r.url === url)!;
  return (input: Record<string, string>, ip: string) =>
    Promise.resolve()
      .then(() => route.handler({ input, ctx: h.app.ctx, req: { ip, headers: {}, log: h.app.log }, reply: {}, member: null } as never))
      .then(() => 0, (e: { ret: number }) => e.ret);
}

async function sendLoginCode(mobilePhone: string): Promise<string> {
  expect((await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone })).body.ret).toBe(0);
  return lastCode(h.app, mobilePhone);
}

describe("simultaneous right answers", () => {
  it("50 simultaneous logins with the right code: one signs in, the others are told the code is used, none 'too many tries'", async () => {
    const code = await sendLoginCode("13800000010");
    const sessions = await count(db(), "sessions");
    const mobileLogin = direct(authRoutes, "/login/appNewLoginMobile");
    const rets = await Promise.all(Array.from({ length: 50 }, () => mobileLogin({ mobilePhone: "13800000010", code }, "203.0.113.10")));
    expect(tally(rets)).toEqual({ 0: 1, 1105: 49 });
    expect(await count(db(), "sessions")).toBe(sessions + 1);
  });

  it("the same over HTTP, as many as the per-IP backstop admits", async () => {
    const code = await sendLoginCode("13800000020");
    const replies = await Promise.all(Array.from({ length: 29 }, () => call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000020", code })));
    expect(tally(replies.map((r) => r.body.ret))).toEqual({ 0: 1, 1105: 28 });
    expect(replies.find((r) => r.body.ret === 1105)?.body.msg).toBe("短信验证码已使用，请重新获取");
  });

  it("50 simultaneous checks of the right code all pass (checking does not use it up)", async () => {
    await call(h.app, "/common/sendCode", { mobilePhone: "13800000030", type: "reset" });
    const code = await lastCode(h.app, "13800000030");
    const verify = direct(smsRoutes, "/common/verifyCode");
    const rets = await Promise.all(Array.from({ length: 50 }, () => verify({ mobilePhone: "13800000030", code, type: "reset" }, "203.0.113.11")));
    expect(tally(rets)).toEqual({ 0: 50 });
  });

  it("a wrong guess among simultaneous right ones costs one try, and no right one is refused", async () => {
    const code = await sendLoginCode("13800000040");
    const verify = direct(smsRoutes, "/common/verifyCode");
    const rets = await Promise.all(
      Array.from({ length: 20 }, (_, i) => verify({ mobilePhone: "13800000040", code: i === 7 ? wrongCode(code) : code, type: "login" }, "203.0.113.12")),
    );
    expect(tally(rets)).toEqual({ 0: 19, 1102: 1 });
  });
});

describe("a stranger's wrong tries", () => {
  it("burn the code only for the stranger's address; the owner still signs in with it", async () => {
    const code = await sendLoginCode("13800000050");
    const stranger = "203.0.113.20";
    for (let left = 4; left >= 1; left--) {
      const r = await call(h.app, "/common/verifyCode", { mobilePhone: "13800000050", code: wrongCode(code), type: "login" }, stranger);
      expect(r.body).toMatchObject({ ret: 1102, msg: `短信验证码错误，还可尝试${left}次` });
    }
    expect((await call(h.app, "/common/verifyCode", { mobilePhone: "13800000050", code: wrongCode(code), type: "login" }, stranger)).body.ret).toBe(1104);
    expect((await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000050", code }, stranger)).body.ret).toBe(1104);
    const owner = await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000050", code }, "203.0.113.21");
    expect(owner.body.ret).toBe(0);
  });

  it("from many addresses together kill the code after 20 wrong tries", async () => {
    const code = await sendLoginCode("13800000070");
    for (let a = 0; a < 4; a++) {
      for (let i = 0; i < 5; i++) await call(h.app, "/common/verifyCode", { mobilePhone: "13800000070", code: wrongCode(code), type: "login" }, `203.0.113.${30 + a}`);
    }
    const r = await call(h.app, "/login/appNewLoginMobile", { mobilePhone: "13800000070", code }, "203.0.113.40");
    expect(r.body).toMatchObject({ ret: 1104, msg: "验证码错误次数过多，该验证码已失效，请重新获取" });
  });

  it("cannot check someone's pay-password code without being signed in as them", async () => {
    const token = await login(h.app, "13800000071");
    await call(h.app, "/common/sendCode", { token, mobilePhone: "13800000071", type: "paypwd" });
    const code = await lastCode(h.app, "13800000071");
    expect((await call(h.app, "/common/verifyCode", { mobilePhone: "13800000071", code: wrongCode(code), type: "paypwd" })).body.ret).toBe(401);
    const other = await login(h.app, "13800000072");
    expect((await call(h.app, "/common/verifyCode", { token: other, mobilePhone: "13800000071", code, type: "paypwd" })).body.ret).toBe(1304);
    expect((await call(h.app, "/common/verifyCode", { token, mobilePhone: "13800000071", code, type: "paypwd" })).body.ret).toBe(0);
  });
});

describe("registered or not, the same answer", () => {
  /** A reply with the phone-specific values masked. */
  const shape = (r: { status: number; body: { ret: number; msg: string; data: any } }) => ({
    status: r.status,
    ret: r.body.ret,
    msg: r.body.msg,
    keys: Object.keys(r.body.data ?? {}).sort(),
    resendAfter: r.body.data?.resendAfter,
  });

  for (const [url, extra] of [["/login/appNewLoginPhoneCode", {}], ["/common/sendCode", { type: "login" }], ["/common/sendCode", { type: "reset" }]] as const) {
    it(`${url} ${JSON.stringify(extra)}: same reply and same resend countdown; only the registered phone gets a message`, async () => {
      const registered = "13800000073";
      const unknown = `139${String(Date.now()).slice(-8)}`;
      const outbox = await count(db(), "sms_outbox");
      const a = await call(h.app, url, { mobilePhone: registered, ...extra });
      const b = await call(h.app, url, { mobilePhone: unknown, ...extra });
      expect(shape(a)).toEqual(shape(b));
      expect(a.body.msg).toBe("若该手机号已注册，验证码已发送");
      expect(await count(db(), "sms_outbox")).toBe(outbox + 1);
      const againA = await call(h.app, url, { mobilePhone: registered, ...extra });
      const againB = await call(h.app, url, { mobilePhone: unknown, ...extra });
      expect(againA.body.ret).toBe(429);
      expect(shape(againA)).toEqual(shape(againB));
      // Checking a code answers alike too.
      const purpose = "type" in extra ? extra.type : "login";
      const verifyA = await call(h.app, "/common/verifyCode", { mobilePhone: registered, code: "000000", type: purpose });
      const verifyB = await call(h.app, "/common/verifyCode", { mobilePhone: unknown, code: "000000", type: purpose });
      expect(verifyA.body.msg).toBe(verifyB.body.msg);
      // Let the next case send again.
      await db().deleteFrom("sms_codes").where("mobilePhone", "in", [registered, unknown]).execute();
    });
  }
});

describe("codes stay out of logs", () => {
  it("no log line carries a code, at any level", async () => {
    let logged = "";
    const sink = new Writable({
      write(chunk, _enc, done) {
        logged += chunk.toString();
        done();
      },
    });
    const logging = await startHarness({ logger: { level: "trace", stream: sink } });
    try {
      const codes: string[] = [];
      const post = (url: string, body: Record<string, string>) => call(logging.app, url, body, "203.0.113.50");
      await post("/login/appNewLoginPhoneCode", { mobilePhone: "13800000010" });
      codes.push(await lastCode(logging.app, "13800000010"));
      await post("/common/sendCode", { mobilePhone: "13911112222", type: "register" });
      codes.push(await lastCode(logging.app, "13911112222"));
      await post("/common/verifyCode", { mobilePhone: "13800000010", code: codes[0], type: "login" });
      await post("/login/appNewLoginMobile", { mobilePhone: "13800000010", code: codes[0] });
      expect(logged.length).toBeGreaterThan(0);
      for (const code of codes) expect(logged).not.toContain(code);
    } finally {
      await logging.close();
    }
  });
});

describe("registration quota", () => {
  it("allows 20 registration steps an hour from one address", async () => {
    const ip = "203.0.113.60";
    const rets: number[] = [];
    for (let i = 0; i < 21; i++) {
      rets.push((await call(h.app, "/common/sendCode", { mobilePhone: `1370000${String(1000 + i)}`, type: "register" }, ip)).body.ret);
    }
    expect(rets.slice(0, 20).every((r) => r === 0)).toBe(true);
    expect(rets[20]).toBe(1305);
    const signUp = await call(h.app, "/register/appRegisterSave", { mobilePhone: "13700001000", code: "123456", loginPwd: "a".repeat(32) }, ip);
    expect(signUp.body).toMatchObject({ ret: 1305, msg: "注册操作过于频繁，请稍后再试" });
    // Another address is not affected.
    expect((await call(h.app, "/common/sendCode", { mobilePhone: "13700002000", type: "register" }, "203.0.113.61")).body.ret).toBe(0);
  });
});

describe("stored codes expire", () => {
  it("codes (and decoys) are pruned a day after they expire, as new ones are sent", async () => {
    const clock = fakeClock();
    try {
      await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone: "13911113333" });
      const old = await db().selectFrom("sms_codes").select("id").where("mobilePhone", "=", "13911113333").executeTakeFirstOrThrow();
      clock.advance(5 * 60_000 + 24 * 3600 * 1000 + 1000);
      await call(h.app, "/login/appNewLoginPhoneCode", { mobilePhone: "13911114444" });
      expect(await db().selectFrom("sms_codes").select("id").where("id", "=", old.id).executeTakeFirst()).toBeUndefined();
    } finally {
      realClock();
    }
  });
});
