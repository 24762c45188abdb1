// The pay authorization code on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): the
// member generates a code (a new one kills the old), a counter signed as a partner charges it
// once (two concurrent charges: one wins), a retried counter request answers its first result,
// and an expired or used code, a bad sign, an unknown partner or a short balance are refused with
// nothing written.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { call, count, freshClient, givePayPassword, login, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { payCodeSign } from "../../server/payments/pay-code";
import { hashPassword, md5 } from "../../server/services/accounts/passwords";
import { PAY_CODE_BUSINESS_TYPE, PAY_CODE_PATHS as C, PAY_CODE_TTL_MS } from "../../src/domain/payments/pay-code";
import { parseYuan } from "../../src/domain/money";

let h: Harness;
const ME = "13800000010";
const OTHER = "13800000020";
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let partner: { appId: string; secret: string };
let clock = Date.now();

beforeAll(async () => {
  h = await startHarness();
  freshClient();
  for (const m of [ME, OTHER]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  await givePayPassword(h.db.db, [ids[ME]]);
  partner = await h.db.db.selectFrom("partners").select(["appId", "secret"]).orderBy("id").executeTakeFirstOrThrow();
});
afterAll(async () => {
  setClock(null);
  await h?.close();
});
beforeEach(() => {
  clock = Date.now();
  setClock(() => clock);
});

const db = () => h.db.db;
async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
}
const setBalance = (who: string, balance: string) => db().updateTable("wallets").set({ balanceFen: parseYuan(balance)! }).where("memberId", "=", ids[who]).execute();
const walletFen = async (who: string) => (await db().selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen;

let trades = 0;
function charge(authCode: string, amountFen: number, opts: { counterTradeNo?: string; secret?: string; appId?: string; at?: number } = {}) {
  const body = {
    appId: opts.appId ?? partner.appId,
    signTimestamp: String(opts.at ?? clock),
    authCode,
    amountFen,
    counterTradeNo: opts.counterTradeNo ?? `C${Date.now()}${++trades}`,
  };
  return api(null, C.charge, { ...body, subject: "便利店购物", sign: payCodeSign(opts.secret ?? partner.secret, body) });
}

async function written() {
  return { ledger: await count(db(), "ledger"), used: (await db().selectFrom("pay_codes").select("id").where("status", "=", "used").execute()).length, wallet: await walletFen(ME) };
}

describe("the member's code", () => {
  it("is refused to a member without a pay password, who is told to set one first", async () => {
    const r = await api(OTHER, C.generate);
    expect(r.ret).not.toBe(0);
    expect(r.msg).toBe("请先设置支付密码");
    expect(await db().selectFrom("pay_codes").select("id").where("memberId", "=", ids[OTHER]).execute()).toEqual([]);
  });

  it("asks a member with a pay password for it, with the pay password's lock", async () => {
    await db().updateTable("members").set({ payPasswordHash: await hashPassword(md5("246810")) }).where("id", "=", ids[OTHER]).execute();
    try {
      const none = await api(OTHER, C.generate);
      expect(none).toMatchObject({ ret: 400, msg: "请输入支付密码", data: { errors: { payPassword: "请输入支付密码" } } });
      const wrong = await api(OTHER, C.generate, { payPassword: md5("135790") });
      expect(wrong.ret).not.toBe(0);
      expect(await db().selectFrom("pay_codes").select("id").where("memberId", "=", ids[OTHER]).execute()).toEqual([]);
      const right = await api(OTHER, C.generate, { payPassword: md5("246810") });
      expect(right.ret, right.msg).toBe(0);
      expect(right.data.code).toMatch(/^\d{18}$/);
      // A digest that is not one is refused by the schema.
      expect((await api(OTHER, C.generate, { payPassword: "246810" })).ret).toBe(400);
    } finally {
      await db().updateTable("members").set({ payPasswordHash: null }).where("id", "=", ids[OTHER]).execute();
    }
  });

  it("is 18 digits, lives 2 minutes, and a new one kills the old", async () => {
    const a = await api(ME, C.generate, { payPassword: PAY_PASSWORD_MD5 });
    expect(a.ret, a.msg).toBe(0);
    expect(a.data.code).toMatch(/^\d{18}$/);
    expect(a.data.status).toBe("active");
    expect(Date.parse(a.data.expiresAt) - clock).toBe(PAY_CODE_TTL_MS);
    const b = await api(ME, C.generate, { payPassword: PAY_PASSWORD_MD5 });
    expect(b.data.code).not.toBe(a.data.code);
    expect((await api(ME, C.status, { code: a.data.code })).data.status).toBe("revoked");
    expect((await api(ME, C.status, { code: b.data.code })).data.status).toBe("active");
    // Another member cannot read it.
    expect((await api(OTHER, C.status, { code: b.data.code })).ret).toBe(404);
    expect((await api(null, C.generate)).ret).toBe(401);
    // The old one cannot be charged.
    const old = await charge(a.data.code, 100);
    expect(old.ret).toBe(409);
    expect(old.msg).toBe("付款码已失效，请顾客刷新后重试");
  });
});

describe("a counter's charge", () => {
  it("debits the wallet once with a ledger row; the member's page sees 已付款 and the amount; a retry answers the same", async () => {
    await setBalance(ME, "500.00");
    const code = (await api(ME, C.generate, { payPassword: PAY_PASSWORD_MD5 })).data.code;
    const r = await charge(code, 12_345, { counterTradeNo: "POS-0001" });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ counterTradeNo: "POS-0001", amountFen: 12_345 });
    expect(await walletFen(ME)).toBe(50_000 - 12_345);
    const ledger = await db().selectFrom("ledger").selectAll().where("outTradeNo", "=", r.data.outTradeNo).execute();
    expect(ledger).toEqual([expect.objectContaining({ memberId: ids[ME], account: "wallet", entry: "pay", direction: "out", amountFen: 12_345, balanceAfterFen: 50_000 - 12_345, businessType: PAY_CODE_BUSINESS_TYPE, orderNo: null })]);
    expect(ledger[0].note).toContain("POS-0001");
    const s = await api(ME, C.status, { code });
    expect(s.data).toMatchObject({ status: "used", amount: 12_345 });
    expect(s.data.paidTime).toBeTruthy();

    // The counter sends the same request again (a lost reply): its first result, nothing charged.
    const again = await charge(code, 12_345, { counterTradeNo: "POS-0001" });
    expect(again.ret, again.msg).toBe(0);
    expect(again.data.outTradeNo).toBe(r.data.outTradeNo);
    expect(await walletFen(ME)).toBe(50_000 - 12_345);
    // A new trade on a used code is refused; the trade number with another amount too.
    expect((await charge(code, 100)).msg).toBe("付款码已使用");
    expect((await charge(code, 100, { counterTradeNo: "POS-0001" })).msg).toBe("柜台交易号已使用");
  });

  it("two counters charging one code at once: exactly one is paid", async () => {
    await setBalance(ME, "500.00");
    const code = (await api(ME, C.generate, { payPassword: PAY_PASSWORD_MD5 })).data.code;
    const replies = await Promise.all([charge(code, 1_000), charge(code, 2_000)]);
    expect(replies.map((x) => x.ret).sort()).toEqual([0, 409]);
    const won = replies.find((x) => x.ret === 0)!;
    expect(await walletFen(ME)).toBe(50_000 - won.data.amountFen);
    expect(await db().selectFrom("ledger").select("id").where("memberId", "=", ids[ME]).where("businessType", "=", PAY_CODE_BUSINESS_TYPE).where("outTradeNo", "in", replies.filter((x) => x.ret === 0).map((x) => x.data.outTradeNo)).execute()).toHaveLength(1);
  });

  it("refuses an expired code", async () => {
    await setBalance(ME, "500.00");
    const code = (await api(ME, C.generate, { payPassword: PAY_PASSWORD_MD5 })).data.code;
    clock += PAY_CODE_TTL_MS + 1;
    const before = await written();
    const r = await charge(code, 100);
    expect(r.ret).toBe(409);
    expect(r.msg).toBe("付款码已过期，请顾客刷新后重试");
    expect((await api(ME, C.status, { code })).data.status).toBe("expired");
    expect(await written()).toEqual(before);
  });

  it("refuses a bad sign, another partner's secret, an unknown partner, a stale sign and an unknown code, writing nothing", async () => {
    await setBalance(ME, "500.00");
    const code = (await api(ME, C.generate, { payPassword: PAY_PASSWORD_MD5 })).data.code;
    const before = await written();
    const wrong = await charge(code, 100, { secret: "not-the-secret" });
    expect(wrong.ret).toBe(403);
    expect(wrong.msg).toBe("签名校验失败");
    // The amount altered after signing.
    const body = { appId: partner.appId, signTimestamp: String(clock), authCode: code, amountFen: 100, counterTradeNo: "POS-X" };
    const altered = await api(null, C.charge, { ...body, amountFen: 99_999, sign: payCodeSign(partner.secret, body) });
    expect(altered.ret).toBe(403);
    expect((await charge(code, 100, { appId: "no-such-app" })).ret).toBe(403);
    const stale = await charge(code, 100, { at: clock - 10 * 60_000 });
    expect(stale.ret).toBe(403);
    expect(stale.msg).toBe("签名已过期，请重新签名");
    expect((await charge("999999999999999999", 100)).ret).toBe(404);
    expect((await api(null, C.charge, { appId: partner.appId, authCode: code })).ret).toBe(400);
    expect(await written()).toEqual(before);
    expect((await api(ME, C.status, { code })).data.status).toBe("active");
  });

  it("refuses a charge over the balance with nothing written; the code stays usable", async () => {
    await setBalance(ME, "10.00");
    const code = (await api(ME, C.generate, { payPassword: PAY_PASSWORD_MD5 })).data.code;
    const before = await written();
    const r = await charge(code, 1_001);
    expect(r.ret).toBe(409);
    expect(r.msg).toBe("账户余额不足");
    expect(await written()).toEqual(before);
    expect((await api(ME, C.status, { code })).data.status).toBe("active");
    expect((await charge(code, 1_000)).ret).toBe(0);
    expect(await walletFen(ME)).toBe(0);
  });
});
