// Paying flight orders on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): the wallet
// pays with and without the pay password, refuses an insufficient balance or a wrong
// requestVerify with nothing written, the sandbox QR gateway's notifications are verified and
// settle exactly once even when delivered 100 times at once, and a payment racing a cancel has
// exactly one winner (a QR payment that loses goes back to the account it came from).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance as setBalanceLedgered } from "./money-audit";
import { day, NOW, SEED, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { buildApp } from "../../server/app";
import { createAuthorize } from "../../server/services/authorize";
import { call, freshClient, givePayPassword, login, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { hashPassword, md5 } from "../../server/services/accounts/passwords";
import { DEMO_SANDBOX_SECRET, signSandbox } from "../../server/payments/sandbox";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { fenToYuan } from "../../src/domain/money";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const WHO = ["13800000010", "13800000020", "13800000030"];

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of WHO) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => {
  // Whatever the tests did, every fen is explained: the money audit passes on what they left.
  await expectBooksBalanced(h.db.db);
  await stopTravel(h);
});
beforeEach(() => setClock(() => NOW));

async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
}

let keys = 0;
let dayOffset = 3;
/** A fresh pending order of one adult on a Beijing–Shanghai economy fare. */
async function book(who: string): Promise<{ id: number; orderNo: string; payprice: number }> {
  const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(dayOffset++ % 40 + 3) })).data.list);
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
  const r = await api(who, P.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `pay-key-${++keys}`, contactName: "张三", contactMobile: who,
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  });
  expect(r.ret, r.msg).toBe(0);
  return r.data;
}

const setBalance = (who: string, balance: string) => setBalanceLedgered(h.db.db, ids[who], balance);
const balanceOf = async (who: string) => fenToYuan((await h.db.db.selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen);
const orderStatus = async (id: number) => (await h.db.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const ledgerOf = (outTradeNo: string) => h.db.db.selectFrom("ledger").selectAll().where("outTradeNo", "=", outTradeNo).orderBy("id").execute();
const paymentOf = (outTradeNo: string) => h.db.db.selectFrom("payments").selectAll().where("outTradeNo", "=", outTradeNo).executeTakeFirstOrThrow();
const payEvents = async (id: number) => (await h.db.db.selectFrom("order_events").select("action").where("orderId", "=", id).execute()).filter((e) => e.action === "pay").length;

async function trade(who: string, orderId: number, method: string): Promise<string> {
  const r = await api(who, PAY.create, { orderId, method });
  expect(r.ret, r.msg).toBe(0);
  return r.data.outTradeNo;
}

/** Pays with the tests' pay password unless `extra` sends another (or `payPassword: null`, none). */
const walletPay = (who: string, outTradeNo: string, extra: Record<string, string | number | null> = {}) => {
  const body: Record<string, string | number | null> = { outTradeNo, requestVerify: requestVerify(ids[who], outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay, payPassword: PAY_PASSWORD_MD5, ...extra };
  if (body.payPassword === null) delete body.payPassword;
  return api(who, PAY.wallet, body as Record<string, string | number>);
};

function notice(p: { outTradeNo: string; totalFen: number; method?: "alipay" | "wechat"; tradeNo?: string }, secret = DEMO_SANDBOX_SECRET) {
  const n = { outTradeNo: p.outTradeNo, tradeNo: p.tradeNo ?? "SBX-1", totalFen: p.totalFen, method: p.method ?? ("alipay" as const) };
  return { ...n, sign: signSandbox(secret, n) };
}

describe("the cashier", () => {
  it("shows the amount, expiry, the member's methods, balance and whether a pay password is set", async () => {
    const o = await book("13800000010");
    const r = await api("13800000010", PAY.cashier, { orderId: o.id });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ orderId: o.id, orderNo: o.orderNo, amount: o.payprice, status: 0, businessType: 5, methods: ["wallet", "alipay", "wechat"], payPwdSetup: false });
    expect(r.data.walletBalance).toBe(Math.round(Number(await balanceOf("13800000010")) * 100));
    expect((await api("13800000020", PAY.cashier, { orderId: o.id })).ret).toBe(403);
  });
});

describe("wallet pay", () => {
  it("refuses a member who has no pay password (请先设置支付密码) and charges nothing; with one set it debits the wallet, writes one ledger row and moves the order to paid", async () => {
    await setBalance("13800000010", "10000.00");
    const o = await book("13800000010");
    const no = await trade("13800000010", o.id, "wallet");
    for (const extra of [{ payPassword: null }, { payPassword: PAY_PASSWORD_MD5 }] as const) {
      const refused = await walletPay("13800000010", no, extra);
      expect(refused).toMatchObject({ ret: 1210, msg: "请先设置支付密码" });
    }
    expect(await ledgerOf(no)).toHaveLength(0);
    expect(await balanceOf("13800000010")).toBe("10000.00");
    expect(await orderStatus(o.id)).toBe(0);
    // The member sets one (the rest of this file pays with it): the same trade now pays.
    await givePayPassword(h.db.db, [ids["13800000010"], ids["13800000030"]]);
    const r = await walletPay("13800000010", no);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: "paid", orderId: o.id, businessType: 5 });
    expect(await orderStatus(o.id)).toBe(1);
    const after = 1_000_000 - o.payprice;
    expect(Math.round(Number(await balanceOf("13800000010")) * 100)).toBe(after);
    expect(await ledgerOf(no)).toEqual([expect.objectContaining({ account: "wallet", entry: "pay", direction: "out", amountFen: o.payprice, balanceAfterFen: after, businessType: 5, orderNo: o.orderNo })]);
    // A retried request answers the same and charges nothing more.
    expect((await walletPay("13800000010", no)).data.status).toBe("paid");
    expect(await ledgerOf(no)).toHaveLength(1);
    expect(await payEvents(o.id)).toBe(1);
    // The order is paid: a new trade is refused.
    const again = await api("13800000010", PAY.create, { orderId: o.id, method: "wallet" });
    expect(again.ret).toBe(409);
    expect(again.msg).toBe("订单已支付，请勿重复支付");
  });

  it("with a pay password: refuses none and a wrong one, pays with the right one", async () => {
    await h.db.db.updateTable("members").set({ payPasswordHash: await hashPassword(md5("135790")) }).where("id", "=", ids["13800000020"]).execute();
    await setBalance("13800000020", "10000.00");
    const o = await book("13800000020");
    expect((await api("13800000020", PAY.cashier, { orderId: o.id })).data.payPwdSetup).toBe(true);
    const no = await trade("13800000020", o.id, "wallet");
    const none = await walletPay("13800000020", no, { payPassword: null });
    expect(none.msg).toBe("请输入支付密码");
    const wrong = await walletPay("13800000020", no, { payPassword: md5("000000") });
    expect(wrong.msg).toMatch(/^支付密码错误/);
    expect(await ledgerOf(no)).toHaveLength(0);
    expect(await balanceOf("13800000020")).toBe("10000.00");
    const right = await walletPay("13800000020", no, { payPassword: md5("135790") });
    expect(right.ret, right.msg).toBe(0);
    expect(await orderStatus(o.id)).toBe(1);
  });

  it("refuses an insufficient balance and writes nothing", async () => {
    await setBalance("13800000010", "1.00");
    const o = await book("13800000010");
    const no = await trade("13800000010", o.id, "wallet");
    const r = await walletPay("13800000010", no);
    expect(r.ret).toBe(409);
    expect(r.msg).toBe("账户余额不足");
    expect(await balanceOf("13800000010")).toBe("1.00");
    expect(await ledgerOf(no)).toHaveLength(0);
    expect((await paymentOf(no)).status).toBe("created");
    expect(await orderStatus(o.id)).toBe(0);
    expect(await payEvents(o.id)).toBe(0);
  });

  it("refuses a requestVerify that does not match the member and trade, and another member's trade", async () => {
    await setBalance("13800000010", "10000.00");
    const o = await book("13800000010");
    const no = await trade("13800000010", o.id, "wallet");
    const forged = await walletPay("13800000010", no, { requestVerify: requestVerify(ids["13800000010"] + 1, no) });
    expect(forged.ret).toBe(403);
    expect(forged.msg).toBe("支付请求校验失败，请刷新页面后重试");
    const theirs = await api("13800000030", PAY.wallet, { outTradeNo: no, requestVerify: requestVerify(ids["13800000030"], no), businessType: 5 });
    expect(theirs.ret).toBe(403);
    expect(await balanceOf("13800000010")).toBe("10000.00");
    expect(await ledgerOf(no)).toHaveLength(0);
    expect(await orderStatus(o.id)).toBe(0);
  });

  it("refuses paying an order whose time ran out", async () => {
    const o = await book("13800000010");
    const no = await trade("13800000010", o.id, "wallet");
    setClock(() => NOW + 31 * 60_000);
    const r = await walletPay("13800000010", no);
    expect(r.msg).toBe("订单已超过支付时限，请重新预订");
    expect(await ledgerOf(no)).toHaveLength(0);
  });

  it("a wallet payment racing a cancel: exactly one wins, and a lost payment charges nothing", async () => {
    for (let i = 0; i < 4; i++) {
      await setBalance("13800000010", "10000.00");
      const o = await book("13800000010");
      const no = await trade("13800000010", o.id, "wallet");
      const pay = () => walletPay("13800000010", no);
      const cancel = () => api("13800000010", P.cancel, { id: o.id });
      const [a, b] = i % 2 ? await Promise.all([pay(), cancel()]) : (await Promise.all([cancel(), pay()])).reverse();
      expect([a.ret, b.ret].filter((r) => r === 0), `${a.msg} / ${b.msg}`).toHaveLength(1);
      const status = await orderStatus(o.id);
      if (a.ret === 0) {
        expect(status).toBe(1);
        expect(await ledgerOf(no)).toHaveLength(1);
      } else {
        expect(status).toBe(12);
        expect(await ledgerOf(no)).toHaveLength(0);
        expect(await balanceOf("13800000010")).toBe("10000.00");
        expect((await paymentOf(no)).status).toBe("created");
      }
    }
  });
});

describe("sandbox QR pay", () => {
  it("precreates a QR whose URL opens the server's own cashier page, and the page's 确认支付 pays the order", async () => {
    const o = await book("13800000010");
    const no = await trade("13800000010", o.id, "alipay");
    const v = requestVerify(ids["13800000010"], no);
    const pre = await api("13800000010", PAY.precreate, { outTradeNo: no, requestVerify: v, businessType: 5 });
    expect(pre.ret, pre.msg).toBe(0);
    const url = new URL(pre.data.qrUrl);
    expect(url.pathname).toBe(`/sandbox/cashier/${no}`);
    const page = await h.app.inject({ method: "GET", url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("确认支付");
    expect((await api("13800000010", PAY.query, { outTradeNo: no, requestVerify: v })).data.status).toBe("created");

    const confirm = await h.app.inject({ method: "POST", url: `${url.pathname}/confirm` });
    expect(confirm.body).toContain("支付成功");
    expect((await api("13800000010", PAY.query, { outTradeNo: no, requestVerify: v })).data).toMatchObject({ status: "paid", orderId: o.id, businessType: 5 });
    expect(await orderStatus(o.id)).toBe(1);
    expect(await ledgerOf(no)).toEqual([expect.objectContaining({ account: "alipay", entry: "pay", direction: "out", amountFen: o.payprice, balanceAfterFen: null })]);
  });

  it("refuses a bad signature, a wrong amount, a wrong method and an unknown trade, writing nothing", async () => {
    const o = await book("13800000010");
    const no = await trade("13800000010", o.id, "wechat");
    const forged = await api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: o.payprice, method: "wechat" }, "another-secret-another-secret-xx"));
    expect(forged.ret).toBe(403);
    const tampered = { ...notice({ outTradeNo: no, totalFen: o.payprice, method: "wechat" }), totalFen: o.payprice - 1 };
    expect((await api(null, PAY.sandboxNotify, tampered)).ret).toBe(403);
    const wrongAmount = await api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: o.payprice - 1, method: "wechat" }));
    expect(wrongAmount.ret).toBe(400);
    expect(wrongAmount.msg).toBe("支付金额与交易不符");
    expect((await api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: o.payprice, method: "alipay" }))).msg).toBe("支付方式与交易不符");
    expect((await api(null, PAY.sandboxNotify, notice({ outTradeNo: "P2026113010000099999999", totalFen: 100 }))).ret).toBe(404);
    expect(await ledgerOf(no)).toHaveLength(0);
    expect((await paymentOf(no)).status).toBe("created");
    expect(await orderStatus(o.id)).toBe(0);
  });

  it("100 concurrent identical notifications: one ledger row, one state change, every reply paid", async () => {
    const o = await book("13800000010");
    const no = await trade("13800000010", o.id, "alipay");
    const body = notice({ outTradeNo: no, totalFen: o.payprice, tradeNo: "SBX-dup" });
    const replies = await Promise.all(Array.from({ length: 100 }, () => api(null, PAY.sandboxNotify, body)));
    expect(replies.map((r) => r.ret)).toEqual(Array(100).fill(0));
    expect(replies.every((r) => r.data.status === "paid")).toBe(true);
    expect(await ledgerOf(no)).toHaveLength(1);
    expect(await payEvents(o.id)).toBe(1);
    expect(await orderStatus(o.id)).toBe(1);
    expect((await paymentOf(no)).gatewayTradeNo).toBe("SBX-dup");
  });

  it("a QR payment that arrives after the order was cancelled goes back to where it came from, once", async () => {
    await setBalance("13800000010", "10.00");
    const o = await book("13800000010");
    const no = await trade("13800000010", o.id, "alipay");
    expect((await api("13800000010", P.cancel, { id: o.id })).ret).toBe(0);
    const r = await api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: o.payprice }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe("refunding");
    expect(await orderStatus(o.id)).toBe(12);
    // The refund runs after the settlement's transaction, as a job.
    expect((await paymentOf(no)).status).toBe("refunding");
    await h.app.jobs.runDueJobs();
    expect((await paymentOf(no)).status).toBe("refunded");
    // Not the wallet: the money went back to Alipay.
    expect(await balanceOf("13800000010")).toBe("10.00");
    expect((await ledgerOf(no)).map((l) => [l.account, l.entry, l.direction, l.amountFen, l.note])).toEqual([
      ["alipay", "pay", "out", o.payprice, "支付宝支付"],
      ["alipay", "refund", "in", o.payprice, "订单已取消或已支付，已原路退回支付宝"],
    ]);
    // Delivered again, and the job run again: nothing more.
    expect((await api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: o.payprice }))).data.status).toBe("refunded");
    await h.app.jobs.runDueJobs();
    expect(await ledgerOf(no)).toHaveLength(2);
  });

  it("a QR payment that arrives after the order's time ran out cancels it and goes back to WeChat", async () => {
    await setBalance("13800000010", "0.00");
    const o = await book("13800000010");
    const no = await trade("13800000010", o.id, "wechat");
    setClock(() => NOW + 31 * 60_000);
    const r = await api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: o.payprice, method: "wechat" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe("refunding");
    expect(await orderStatus(o.id)).toBe(12);
    await h.app.jobs.runDueJobs();
    expect(await balanceOf("13800000010")).toBe("0.00");
    expect((await ledgerOf(no)).map((l) => [l.account, l.note])).toEqual([["wechat", "微信支付"], ["wechat", "订单已超时，已原路退回微信"]]);
  });

  it("a QR payment racing a cancel: either the order is paid, or it is cancelled and the money is back", async () => {
    for (let i = 0; i < 4; i++) {
      await setBalance("13800000010", "0.00");
      const o = await book("13800000010");
      const no = await trade("13800000010", o.id, "alipay");
      const [n, c] = await Promise.all([api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: o.payprice })), api("13800000010", P.cancel, { id: o.id })]);
      expect(n.ret, n.msg).toBe(0);
      if (c.ret === 0) {
        expect(n.data.status).toBe("refunding");
        expect(await orderStatus(o.id)).toBe(12);
        await h.app.jobs.runDueJobs();
        expect((await paymentOf(no)).status).toBe("refunded");
        expect((await ledgerOf(no)).map((l) => [l.account, l.entry])).toEqual([["alipay", "pay"], ["alipay", "refund"]]);
      } else {
        expect(n.data.status).toBe("paid");
        expect(await orderStatus(o.id)).toBe(1);
        expect(await balanceOf("13800000010")).toBe("0.00");
      }
    }
  });
});

describe("without a QR gateway (production without PAY_SANDBOX_SECRET)", () => {
  it("offers the wallet only, refuses QR trades and notifications, and serves no sandbox page", async () => {
    const app = await buildApp({ db: h.db, nodeEnv: "production", authorize: createAuthorize(h.db.db), inventorySeed: SEED, paySandboxSecret: null });
    await app.ready();
    try {
      const post = async (url: string, body: Record<string, string | number>) => (await call(app, url, body)).body;
      const o = await book("13800000010");
      const info = await post(PAY.cashier, { orderId: o.id, token: tokens["13800000010"] });
      expect(info.data.methods).toEqual(["wallet"]);
      expect((await post(PAY.create, { orderId: o.id, method: "alipay", token: tokens["13800000010"] })).ret).toBe(403);
      const no = await trade("13800000010", o.id, "alipay");
      expect((await post(PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: o.payprice }))).ret).toBe(404);
      expect((await app.inject({ method: "GET", url: `/sandbox/cashier/${no}` })).statusCode).toBe(404);
      expect(await ledgerOf(no)).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe("ticketing after payment", () => {
  it("a paid order is submitted for ticketing (1 → 7), then ticketed with ticket numbers (7 → 2)", async () => {
    await setBalance("13800000010", "10000.00");
    const o = await book("13800000010");
    expect((await walletPay("13800000010", await trade("13800000010", o.id, "wallet"))).ret).toBe(0);
    await h.app.jobs.runDueJobs();
    expect(await orderStatus(o.id)).toBe(7);
    // Not before the supplier's ticketing time.
    await h.app.jobs.runDueJobs();
    expect(await orderStatus(o.id)).toBe(7);
    setClock(() => NOW + 6_000);
    await h.app.jobs.runDueJobs();
    expect(await orderStatus(o.id)).toBe(2);
    const d = (await api("13800000010", P.detail, { id: o.id })).data;
    expect(d.passengers.map((p: { ticketNo: string }) => p.ticketNo)).toEqual([expect.stringMatching(/^\d{3}-\d{10}$/)]);
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(["create", "pay", "issue", "ticket"]);
    expect(d.events.at(-1).note).toMatch(/^出票完成，订座记录 [A-Z2-9]{6}$/);
  });

  it("a passenger's insurance is issued with the ticket (未投保 → 已投保)", async () => {
    await setBalance("13800000010", "10000.00");
    const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(dayOffset++ % 40 + 3) })).data.list);
    const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1 && s.insurance.length > 0)!;
    const insuType = seat.insurance[0].insuType;
    const o = await api("13800000010", P.book, {
      fareKey: seat.fareKey, price: seat.salePrice, clientKey: `pay-key-${++keys}`, contactName: "张三", contactMobile: "13800000010",
      "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X", "passengers.0.insuType": insuType,
    });
    expect(o.ret, o.msg).toBe(0);
    const insuStatus = async () => (await api("13800000010", P.detail, { id: o.data.id })).data.passengers[0].insuStatus;
    expect(await insuStatus()).toBe(0);
    expect((await walletPay("13800000010", await trade("13800000010", o.data.id, "wallet"))).ret).toBe(0);
    await h.app.jobs.runDueJobs();
    expect(await insuStatus()).toBe(0);
    setClock(() => NOW + 6_000);
    await h.app.jobs.runDueJobs();
    expect(await orderStatus(o.data.id)).toBe(2);
    expect(await insuStatus()).toBe(1);
  });
});

describe("the wallet ledger", () => {
  it("lists the member's own rows, filtered by direction, newest first", async () => {
    const all = await api("13800000010", PAY.ledger, { pageSize: 100 });
    expect(all.ret, all.msg).toBe(0);
    expect(all.data.total).toBeGreaterThan(0);
    const ins = await api("13800000010", PAY.ledger, { direction: "in", pageSize: 100 });
    expect(ins.data.list.every((r: { direction: string }) => r.direction === "in")).toBe(true);
    expect(ins.data.total).toBeLessThan(all.data.total);
    // Another member sees only its own rows (its seeded 期初余额), none of this member's.
    const own = (await h.db.db.selectFrom("ledger").select("outTradeNo").where("memberId", "=", ids["13800000030"]).execute()).map((r) => r.outTradeNo);
    expect(own).toEqual([`OPEN-WALLET-${ids["13800000030"]}`]);
    const other = await api("13800000030", PAY.ledger, { pageSize: 100 });
    expect(other.data.list.map((r: { outTradeNo: string }) => r.outTradeNo)).toEqual(own);
  });
});
