// Password guessing limits: only a wrong password takes a try, claimed with a conditional update,
// so parallel wrong guesses cannot get past the limit and parallel right ones never lock; the hard lock is per (account, address), and across addresses a
// failure only asks for a captcha. Also the old-password check and the pay-password service.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, demoPasswordMd5, type Harness } from "./harness";
import { call, count, fakeClock, freshClient, login, realClock } from "./account-helpers";
import { md5 } from "../../server/services/accounts/passwords";
import { checkPayPassword } from "../../server/services/accounts/password-guard";
import { hashPassword } from "../../server/services/accounts/passwords";
import { countEvent, throttleKey } from "../../server/services/accounts/throttle";
import { authRoutes } from "../../server/routes/auth";

let h: Harness;
const db = () => h.db.db;
const BYPASS = { accCode: "-9990" };

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

const signIn = (mobilePhone: string, loginPsw: string, ip: string, extra: Record<string, string> = BYPASS) =>
  call(h.app, "/login/appNewLogin", { mobilePhone, loginPsw, ...extra }, ip);

function tally(rets: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of rets) out[r] = (out[r] ?? 0) + 1;
  return out;
}

describe("parallel guessing", () => {
  // The login route's handler, called directly: 50 requests at once from one address would
  // first meet the per-IP backstop (30 a minute), which is not what is tested here.
  const loginRoute = authRoutes.find((r) => r.url === "/login/appNewLogin")!;
  const direct = (loginPsw: string, ip: string) =>
    Promise.resolve()
      .then(() => loginRoute.handler({ input: { mobilePhone: "13800000010", loginPsw, accCode: "-9990" }, ctx: h.app.ctx, req: { ip, headers: {} } } as never))
      .then(() => 0, (e: { ret: number }) => e.ret);

  it("50 simultaneous wrong passwords from one address all fail, only 5 are answered, and the right one is then refused", async () => {
    const sessions = await count(db(), "sessions");
    const ip = "198.51.100.10";
    const rets = await Promise.all(Array.from({ length: 50 }, (_, i) => direct(md5(`guess-${i}`), ip)));
    // 4 answered "N tries left", the 5th locked the pair, the other 45 were refused as locked.
    expect(tally(rets)).toEqual({ 1201: 4, 1202: 46 });
    expect(await direct(demoPasswordMd5, ip)).toBe(1202);
    const right = await signIn("13800000010", demoPasswordMd5, ip);
    expect(right.body).toMatchObject({ ret: 1202, msg: "密码错误次数过多，请15分钟后再试" });
    expect(await count(db(), "sessions")).toBe(sessions);
  });

  it("12 simultaneous right passwords from one address all sign in; none is told it tried too often", async () => {
    const sessions = await count(db(), "sessions");
    const ip = "198.51.100.13";
    const rets = await Promise.all(Array.from({ length: 12 }, () => direct(demoPasswordMd5, ip)));
    expect(tally(rets)).toEqual({ 0: 12 });
    expect(await count(db(), "sessions")).toBe(sessions + 12);
  });

  it("right and wrong passwords at once: every right one that is not after the lock signs in, the wrong ones still lock at 5", async () => {
    const ip = "198.51.100.14";
    const rets = await Promise.all(Array.from({ length: 24 }, (_, i) => direct(i % 3 === 0 ? demoPasswordMd5 : md5(`mixed-${i}`), ip)));
    const wrong = rets.filter((_, i) => i % 3 !== 0);
    const right = rets.filter((_, i) => i % 3 === 0);
    // A right answer clears the count, so 16 wrong ones may lock the pair or not; never a wrong
    // one signs in, and a right one is only refused by a standing lock.
    for (const r of wrong) expect([1201, 1202]).toContain(r);
    for (const r of right) expect([0, 1202]).toContain(r);
    // Wrong ones alone, at once, lock it at the limit.
    const after = await Promise.all(Array.from({ length: 10 }, (_, i) => direct(md5(`after-${i}`), ip)));
    expect(after.filter((r) => r === 1201).length).toBeLessThanOrEqual(4);
    expect(after.filter((r) => r === 1202).length).toBeGreaterThanOrEqual(6);
    expect(await direct(demoPasswordMd5, ip)).toBe(1202);
  });

  it("29 simultaneous wrong passwords over HTTP (the per-IP backstop admits 30 a minute) are limited the same way", async () => {
    const ip = "198.51.100.12";
    const replies = await Promise.all(Array.from({ length: 29 }, (_, i) => signIn("13800000073", md5(`guess-${i}`), ip)));
    expect(tally(replies.map((r) => r.body.ret))).toEqual({ 1201: 4, 1202: 25 });
    expect((await signIn("13800000073", demoPasswordMd5, ip)).body.ret).toBe(1202);
  });

  it("30 simultaneous wrong old passwords on a signed-in session are limited the same way", async () => {
    // /updatePsw has no per-IP backstop: the session and this limit are what guard it.
    const token = await login(h.app, "13800000020");
    const ip = "198.51.100.11";
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => call(h.app, "/updatePsw", { token, oldPswd: md5(`old-${i}`), pswd: md5("brand-new-1") }, ip)));
    expect(tally(replies.map((r) => r.body.ret))).toEqual({ 1204: 4, 1202: 26 });
    const right = await call(h.app, "/updatePsw", { token, oldPswd: demoPasswordMd5, pswd: md5("brand-new-1") }, ip);
    expect(right.body.ret).toBe(1202);
    // The same address may not sign in to that account either: it is one count of guesses.
    expect((await signIn("13800000020", demoPasswordMd5, ip)).body.ret).toBe(1202);
  });
});

describe("lockout is not a weapon", () => {
  it("a stranger's lock holds only for the stranger's address; the owner elsewhere signs in with a captcha", async () => {
    const stranger = "198.51.100.20";
    const owner = "198.51.100.21";
    for (let i = 0; i < 5; i++) await signIn("13800000030", md5(`bad-${i}`), stranger);
    expect((await signIn("13800000030", demoPasswordMd5, stranger)).body.ret).toBe(1202);
    // The owner is asked for a captcha, not locked out.
    expect((await signIn("13800000030", demoPasswordMd5, owner, {})).body).toMatchObject({ ret: 1206, msg: "请输入验证码" });
    const ok = await signIn("13800000030", demoPasswordMd5, owner);
    expect(ok.body.ret).toBe(0);
    // Signing in clears the account's flag, so the next sign-in from the owner needs no captcha.
    expect((await signIn("13800000030", demoPasswordMd5, owner, {})).body.ret).toBe(0);
  });

  it("a lock lasts 15 minutes from the fifth failure", async () => {
    const clock = fakeClock();
    const ip = "198.51.100.22";
    for (let i = 0; i < 5; i++) await signIn("13800000040", md5(`bad-${i}`), ip);
    clock.advance(14 * 60_000);
    expect((await signIn("13800000040", demoPasswordMd5, ip)).body.msg).toBe("密码错误次数过多，请1分钟后再试");
    clock.advance(60_000);
    expect((await signIn("13800000040", demoPasswordMd5, ip)).body.ret).toBe(0);
  });
});

describe("when the captcha is required", () => {
  it("is not required before any failure", async () => {
    expect((await signIn("13800000050", demoPasswordMd5, "198.51.100.30", {})).body.ret).toBe(0);
  });

  it("is required for an account with a recent failure, from any address, for 15 minutes", async () => {
    const clock = fakeClock();
    await signIn("13800000070", md5("bad"), "198.51.100.31");
    expect((await signIn("13800000070", demoPasswordMd5, "198.51.100.32", {})).body).toMatchObject({ ret: 1206, msg: "请输入验证码" });
    clock.advance(15 * 60_000 + 1000);
    expect((await signIn("13800000070", demoPasswordMd5, "198.51.100.32", {})).body.ret).toBe(0);
  });

  it("is required from an address with a recent failure, on any account", async () => {
    const ip = "198.51.100.33";
    await signIn("13800000071", md5("bad"), ip);
    expect((await signIn("13800000072", demoPasswordMd5, ip, {})).body).toMatchObject({ ret: 1206, msg: "请输入验证码" });
    expect((await signIn("13800000072", demoPasswordMd5, ip)).body.ret).toBe(0);
  });

  it("is required after a failure of an unknown account too", async () => {
    const ip = "198.51.100.34";
    expect((await signIn("nobody-here", demoPasswordMd5, ip)).body).toMatchObject({ ret: 1201, msg: "账号或密码错误，还可尝试4次" });
    expect((await signIn("nobody-here", demoPasswordMd5, ip, {})).body.ret).toBe(1206);
  });
});

describe("stored counts", () => {
  it("keeps fixed-size hashed keys, never what was typed", async () => {
    await signIn("someone@typed-this", md5("x"), "198.51.100.40");
    const rows = await db().selectFrom("throttles").select("key").execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain("typed-this");
  });

  it("prunes counts older than a day on the next write", async () => {
    const clock = fakeClock();
    const stale = throttleKey("test", "stale");
    await countEvent(db(), stale, 60_000);
    clock.advance(24 * 3600 * 1000 + 60_000);
    await signIn("13800000072", md5("bad"), "198.51.100.41");
    expect(await db().selectFrom("throttles").select("key").where("key", "=", stale).executeTakeFirst()).toBeUndefined();
  });
});

describe("pay password", () => {
  it("is checked under the same limit: wrong tries counted, then a lock, also for the right one", async () => {
    const clock = fakeClock();
    const member = { id: 987654, payPasswordHash: await hashPassword(md5("246810")) };
    await expect(checkPayPassword(db(), { id: 1, payPasswordHash: null }, md5("246810"))).rejects.toMatchObject({ ret: 1210, message: "请先设置支付密码" });
    await expect(checkPayPassword(db(), member, md5("246810"))).resolves.toBeUndefined();
    for (let left = 4; left >= 1; left--) {
      await expect(checkPayPassword(db(), member, md5("000000"))).rejects.toMatchObject({ ret: 1208, message: `支付密码错误，还可尝试${left}次` });
    }
    await expect(checkPayPassword(db(), member, md5("000000"))).rejects.toMatchObject({ ret: 1209, message: "支付密码错误次数过多，请15分钟后再试" });
    await expect(checkPayPassword(db(), member, md5("246810"))).rejects.toMatchObject({ ret: 1209 });
    clock.advance(15 * 60_000);
    await expect(checkPayPassword(db(), member, md5("246810"))).resolves.toBeUndefined();
  });

  it("50 simultaneous wrong pay passwords: 5 checked, the rest refused", async () => {
    const member = { id: 987655, payPasswordHash: await hashPassword(md5("135790")) };
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => checkPayPassword(db(), member, md5(`p${i}`)).then(() => 0, (e: { ret: number }) => e.ret)),
    );
    expect(tally(outcomes)).toEqual({ 1208: 4, 1209: 46 });
    await expect(checkPayPassword(db(), member, md5("135790"))).rejects.toMatchObject({ ret: 1209 });
  });

  it("10 simultaneous right pay passwords all pass, also after some wrong ones", async () => {
    const member = { id: 987656, payPasswordHash: await hashPassword(md5("112233")) };
    const check = (pwd: string) => checkPayPassword(db(), member, md5(pwd)).then(() => 0, (e: { ret: number }) => e.ret);
    expect(tally(await Promise.all(Array.from({ length: 10 }, () => check("112233"))))).toEqual({ 0: 10 });
    expect(await check("000000")).toBe(1208);
    expect(await check("000000")).toBe(1208);
    expect(tally(await Promise.all(Array.from({ length: 10 }, () => check("112233"))))).toEqual({ 0: 10 });
  });
});
