// Recharging the wallet on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): a recharge
// is created, paid by the sandbox QR and credited to the wallet with one ledger row in the same
// transaction as its move to 已到账; 50 concurrent duplicate notifications credit once; bad
// amounts, the wallet and credit pay are refused with nothing written; an unpaid recharge closes
// after 30 minutes (money that still arrives credits it); nobody else reads or pays it; and
// recharge rows stay out of the order lists and bills that are about trips.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { DEMO_SANDBOX_SECRET, signSandbox } from "../../server/payments/sandbox";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { RECHARGE_PATHS as R } from "../../src/domain/orders/recharge";
import { FLIGHT_ORDER_PATHS } from "../../src/domain/orders/flight-types";
import { billListPath } from "../../src/domain/bills";
import { toCount } from "../../server/db";
import { parseYuan } from "../../src/domain/money";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const WHO = ["13800000010", "13800000020", "13800000070", "13800000072"];

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of WHO) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
});
// The wallet never pays without the pay password: every member here has one.
beforeAll(() => givePayPassword(h.db.db));
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
}

let keys = 0;
async function recharge(who: string, amount: string): Promise<{ id: number; orderNo: string; amount: number; expiresAt: string }> {
  const r = await api(who, R.create, { amount, clientKey: `recharge-key-${++keys}` });
  expect(r.ret, r.msg).toBe(0);
  return r.data;
}

async function trade(who: string, orderId: number, method = "alipay"): Promise<string> {
  const r = await api(who, PAY.create, { orderId, method });
  expect(r.ret, r.msg).toBe(0);
  expect(r.data.businessType).toBe(BUSINESS_TYPE.recharge);
  return r.data.outTradeNo;
}

function notice(p: { outTradeNo: string; totalFen: number; method?: "alipay" | "wechat"; tradeNo?: string }) {
  const n = { outTradeNo: p.outTradeNo, tradeNo: p.tradeNo ?? "SBX-R", totalFen: p.totalFen, method: p.method ?? ("alipay" as const) };
  return { ...n, sign: signSandbox(DEMO_SANDBOX_SECRET, n) };
}

const setBalance = (who: string, balance: string) => h.db.db.updateTable("wallets").set({ balanceFen: parseYuan(balance)! }).where("memberId", "=", ids[who]).execute();
const balanceFen = async (who: string) => {
  const w = await h.db.db.selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirst();
  return w?.balanceFen ?? 0;
};
const statusOf = async (id: number) => (await h.db.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const ledgerOf = (outTradeNo: string) => h.db.db.selectFrom("ledger").selectAll().where("outTradeNo", "=", outTradeNo).orderBy("id").execute();
const rowCount = async (table: "orders" | "payments" | "ledger" | "jobs") => toCount((await h.db.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n);

describe("a recharge paid by the sandbox QR", () => {
  it("create → cashier (QR only) → precreate → the sandbox page confirms → wallet credited with one ledger row, 已到账", async () => {
    await setBalance("13800000010", "1280.50");
    const r = await recharge("13800000010", "100.00");
    expect(r).toMatchObject({ amount: 10_000, orderNo: expect.stringMatching(/^R\d{18}$/) });
    expect(Date.parse(r.expiresAt) - NOW).toBe(30 * 60_000);

    const cashier = await api("13800000010", PAY.cashier, { orderId: r.id });
    expect(cashier.ret, cashier.msg).toBe(0);
    expect(cashier.data).toMatchObject({ product: "recharge", title: "账户充值", amount: 10_000, businessType: 1, status: 0, methods: ["alipay", "wechat"], creditAvailable: null });

    const no = await trade("13800000010", r.id);
    const v = requestVerify(ids["13800000010"], no);
    const pre = await api("13800000010", PAY.precreate, { outTradeNo: no, requestVerify: v, businessType: 1 });
    expect(pre.ret, pre.msg).toBe(0);
    const url = new URL(pre.data.qrUrl);
    expect((await api("13800000010", PAY.query, { outTradeNo: no, requestVerify: v })).data.status).toBe("created");
    const confirm = await h.app.inject({ method: "POST", url: `${url.pathname}/confirm` });
    expect(confirm.body).toContain("支付成功");

    expect((await api("13800000010", PAY.query, { outTradeNo: no, requestVerify: v })).data).toMatchObject({ status: "paid", orderId: r.id, orderNo: r.orderNo, businessType: 1 });
    expect(await statusOf(r.id)).toBe(1);
    expect(await balanceFen("13800000010")).toBe(128_050 + 10_000);
    expect((await ledgerOf(no)).map((l) => [l.account, l.entry, l.direction, l.amountFen, l.businessType, l.balanceAfterFen, l.orderNo])).toEqual([
      ["alipay", "pay", "out", 10_000, 1, null, r.orderNo],
      ["wallet", "recharge", "in", 10_000, 1, 138_050, r.orderNo],
    ]);

    const d = await api("13800000010", R.detail, { orderNo: r.orderNo });
    expect(d.ret, d.msg).toBe(0);
    expect(d.data).toMatchObject({ orderNo: r.orderNo, amount: 10_000, status: 1, statusName: "已到账", method: "alipay", balanceAfter: 138_050, balance: 138_050, expiresAt: null });
    expect(d.data.creditedTime).toBeTruthy();

    // The wallet's 收支明细 shows the recharge once, as money in (the QR payment that funded it is the same movement).
    const mine = await api("13800000010", PAY.ledger, { pageSize: 100 });
    expect(mine.ret, mine.msg).toBe(0);
    expect(mine.data.list.filter((x: { outTradeNo: string }) => x.outTradeNo === no).map((x: { account: string; direction: string; amount: number }) => [x.account, x.direction, x.amount])).toEqual([["wallet", "in", 10_000]]);
    // The ledger bill of recharges shows the credit.
    const bill = await api("13800000010", billListPath("rechargeBill"), { pageSize: 100 });
    expect(bill.ret, bill.msg).toBe(0);
    expect(bill.data.list.find((x: { outTradeNo: string }) => x.outTradeNo === no)).toMatchObject({ entryName: "充值", accountName: "余额", inFen: 10_000, balanceAfterFen: 138_050 });
    // A credited recharge is paid: another trade is refused.
    expect((await api("13800000010", PAY.create, { orderId: r.id, method: "wechat" })).msg).toBe("订单已支付，请勿重复支付");
  });

  it("50 concurrent duplicate notifications credit the wallet exactly once", async () => {
    await setBalance("13800000010", "0.00");
    const r = await recharge("13800000010", "0.01");
    const no = await trade("13800000010", r.id, "wechat");
    const body = notice({ outTradeNo: no, totalFen: 1, method: "wechat", tradeNo: "SBX-dup" });
    const replies = await Promise.all(Array.from({ length: 50 }, () => api(null, PAY.sandboxNotify, body)));
    expect(replies.map((x) => x.ret)).toEqual(Array(50).fill(0));
    expect(replies.every((x) => x.data.status === "paid")).toBe(true);
    expect(await balanceFen("13800000010")).toBe(1);
    expect((await ledgerOf(no)).filter((l) => l.entry === "recharge")).toHaveLength(1);
    expect(await statusOf(r.id)).toBe(1);
    const events = await h.db.db.selectFrom("order_events").select("action").where("orderId", "=", r.id).execute();
    expect(events.map((e) => e.action)).toEqual(["create", "pay"]);
  });

  it("refuses a notification of a wrong amount and writes nothing", async () => {
    const r = await recharge("13800000010", "500");
    const no = await trade("13800000010", r.id);
    const before = await balanceFen("13800000010");
    const wrong = await api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: 50_001 }));
    expect(wrong.ret).toBe(400);
    expect(wrong.msg).toBe("支付金额与交易不符");
    expect(await ledgerOf(no)).toHaveLength(0);
    expect(await statusOf(r.id)).toBe(0);
    expect(await balanceFen("13800000010")).toBe(before);
  });

  it("the same clientKey finds the recharge it created", async () => {
    const a = await api("13800000010", R.create, { amount: "66.60", clientKey: "same-key-recharge" });
    const b = await api("13800000010", R.create, { amount: "66.60", clientKey: "same-key-recharge" });
    expect(a.ret, a.msg).toBe(0);
    expect(b.data.orderNo).toBe(a.data.orderNo);
  });
});

describe("refusals", () => {
  it("refuses amounts outside 0.01–50,000.00 or with more than 2 decimals, writing nothing", async () => {
    const before = { orders: await rowCount("orders"), jobs: await rowCount("jobs") };
    const cases: [string, string][] = [
      ["", "请输入充值金额"],
      ["0", "充值金额须大于0"],
      ["0.00", "充值金额须大于0"],
      ["-1", "充值金额须为正数，最多两位小数"],
      ["1.234", "充值金额须为正数，最多两位小数"],
      ["1e3", "充值金额须为正数，最多两位小数"],
      ["50000.01", "单笔充值金额不能超过50,000.00元"],
      ["99999999999", "单笔充值金额不能超过50,000.00元"],
    ];
    for (const [amount, msg] of cases) {
      const r = await api("13800000010", R.create, { amount, clientKey: `bad-amount-${amount || "empty"}` });
      expect(r.ret, amount).toBe(400);
      expect(r.msg, amount).toBe(msg);
    }
    expect((await api("13800000010", R.create, { amount: "50000.00", clientKey: "max-amount-key" })).data.amount).toBe(5_000_000);
    expect({ orders: await rowCount("orders"), jobs: await rowCount("jobs") }).toEqual({ orders: before.orders + 1, jobs: before.jobs + 1 });
  });

  it("refuses the wallet and credit pay for a recharge: no trade, nothing charged", async () => {
    // The company administrator may pay trips on the company's credit line.
    await h.db.db.updateTable("wallets").set({ creditLimitFen: 10_000_000, creditUsedFen: 0 }).where("memberId", "=", ids["13800000070"]).execute();
    await setBalance("13800000070", "1000.00");
    const r = await recharge("13800000070", "200");
    const cashier = await api("13800000070", PAY.cashier, { orderId: r.id });
    expect(cashier.data.methods).toEqual(["alipay", "wechat"]);
    expect(cashier.data.creditAvailable).toBeNull();
    const payments = await rowCount("payments");
    for (const method of ["wallet", "credit"]) {
      const t = await api("13800000070", PAY.create, { orderId: r.id, method });
      expect(t.ret, method).toBe(403);
      expect(t.msg, method).toBe("账户充值仅支持支付宝或微信扫码支付");
    }
    expect(await rowCount("payments")).toBe(payments);
    // A QR trade cannot be paid from the wallet either.
    const no = await trade("13800000070", r.id);
    const w = await api("13800000070", PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: no, requestVerify: requestVerify(ids["13800000070"], no), businessType: 1 });
    expect(w.ret).not.toBe(0);
    expect(await ledgerOf(no)).toHaveLength(0);
    expect(await statusOf(r.id)).toBe(0);
    expect(await balanceFen("13800000070")).toBe(100_000);
  });

  it("another member can neither read nor pay my recharge (403), nor see it in their records", async () => {
    const r = await recharge("13800000010", "10");
    const no = await trade("13800000010", r.id);
    expect((await api("13800000020", R.detail, { orderNo: r.orderNo })).ret).toBe(403);
    expect((await api("13800000020", PAY.cashier, { orderId: r.id })).ret).toBe(403);
    expect((await api("13800000020", PAY.create, { orderId: r.id, method: "alipay" })).ret).toBe(403);
    expect((await api("13800000020", PAY.query, { outTradeNo: no, requestVerify: requestVerify(ids["13800000020"], no) })).ret).toBe(403);
    expect((await api("13800000020", PAY.precreate, { outTradeNo: no, requestVerify: requestVerify(ids["13800000020"], no), businessType: 1 })).ret).toBe(403);
    const theirs = await api("13800000020", R.list, { pageSize: 100 });
    expect(theirs.data.list.map((x: { orderNo: string }) => x.orderNo)).not.toContain(r.orderNo);
    // Even the company administrator does not see an employee's recharge.
    const e = await recharge("13800000072", "10");
    expect((await api("13800000070", R.detail, { orderNo: e.orderNo })).ret).toBe(403);
    expect((await api("13800000070", PAY.cashier, { orderId: e.id })).ret).toBe(403);
    expect((await api(null, R.detail, { orderNo: r.orderNo })).ret).toBe(401);
    expect((await api("13800000010", R.detail, { orderNo: "R000000000000000000" })).ret).toBe(404);
  });
});

describe("expiry", () => {
  it("an unpaid recharge closes after 30 minutes through the job table, and cannot be paid anew", async () => {
    const r = await recharge("13800000010", "30");
    setClock(() => NOW + 29 * 60_000);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(r.id)).toBe(0);
    setClock(() => NOW + 31 * 60_000);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(r.id)).toBe(2);
    expect((await api("13800000010", R.detail, { orderNo: r.orderNo })).data).toMatchObject({ status: 2, statusName: "已关闭", expiresAt: null, balanceAfter: null });
    const t = await api("13800000010", PAY.create, { orderId: r.id, method: "alipay" });
    expect(t.ret).toBe(409);
    expect(t.msg).toBe("订单当前状态为「已关闭」，不能支付");
  });

  it("money for a QR shown before the recharge closed still credits it (closed → 已到账), once", async () => {
    await setBalance("13800000010", "0.00");
    const r = await recharge("13800000010", "12.34");
    const no = await trade("13800000010", r.id, "wechat");
    setClock(() => NOW + 31 * 60_000);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(r.id)).toBe(2);
    const n = await api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: 1234, method: "wechat" }));
    expect(n.ret, n.msg).toBe(0);
    expect(n.data.status).toBe("paid");
    expect(await statusOf(r.id)).toBe(1);
    expect(await balanceFen("13800000010")).toBe(1234);
    expect((await api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: 1234, method: "wechat" }))).data.status).toBe("paid");
    expect(await balanceFen("13800000010")).toBe(1234);
  });

  it("money that arrives past the deadline before the job ran credits it too", async () => {
    await setBalance("13800000010", "0.00");
    const r = await recharge("13800000010", "1");
    const no = await trade("13800000010", r.id);
    setClock(() => NOW + 40 * 60_000);
    const n = await api(null, PAY.sandboxNotify, notice({ outTradeNo: no, totalFen: 100 }));
    expect(n.data.status).toBe("paid");
    expect(await statusOf(r.id)).toBe(1);
    await h.app.jobs.runDueJobs();
    expect(await statusOf(r.id)).toBe(1);
    expect(await balanceFen("13800000010")).toBe(100);
  });

  it("a second trade paid after the recharge was credited goes back to where it came from, not credited twice", async () => {
    await setBalance("13800000010", "0.00");
    const r = await recharge("13800000010", "5");
    const a = await trade("13800000010", r.id);
    const b = await trade("13800000010", r.id, "wechat");
    expect((await api(null, PAY.sandboxNotify, notice({ outTradeNo: a, totalFen: 500 }))).data.status).toBe("paid");
    expect((await api(null, PAY.sandboxNotify, notice({ outTradeNo: b, totalFen: 500, method: "wechat" }))).data.status).toBe("refunding");
    await h.app.jobs.runDueJobs();
    // The recharge once in the wallet; the second payment back in WeChat.
    expect(await balanceFen("13800000010")).toBe(500);
    expect((await ledgerOf(b)).map((l) => [l.account, l.entry])).toEqual([["wechat", "pay"], ["wechat", "refund"]]);
    // 收支明细: the credited trade once (in), the one sent back as its payment out and its refund in.
    const rows: { outTradeNo: string; account: string; direction: string }[] = (await api("13800000010", PAY.ledger, { pageSize: 100 })).data.list;
    expect(rows.filter((x) => x.outTradeNo === a).map((x) => [x.account, x.direction])).toEqual([["wallet", "in"]]);
    expect(rows.filter((x) => x.outTradeNo === b).map((x) => [x.account, x.direction]).sort()).toEqual([["wechat", "in"], ["wechat", "out"]]);
    expect((await h.db.db.selectFrom("ledger").select("id").where("orderNo", "=", r.orderNo).where("entry", "=", "recharge").execute())).toHaveLength(1);
  });
});

describe("recharge records", () => {
  it("pages the member's recharges, filtered by status and creation date", async () => {
    const all = await api("13800000010", R.list, { pageSize: 100 });
    expect(all.ret, all.msg).toBe(0);
    expect(all.data.total).toBeGreaterThan(3);
    expect(all.data.list[0].id).toBeGreaterThan(all.data.list[1].id);
    const credited = await api("13800000010", R.list, { status: 1, pageSize: 100 });
    expect(credited.data.list.length).toBeGreaterThan(0);
    expect(credited.data.list.every((x: { status: number; statusName: string }) => x.status === 1 && x.statusName === "已到账")).toBe(true);
    const page = await api("13800000010", R.list, { pageSize: 2, pageNum: 2 });
    expect(page.data.list).toHaveLength(2);
    expect(page.data.total).toBe(all.data.total);
    expect((await api("13800000010", R.list, { createDateStart: "2026-11-29", createDateEnd: "2026-11-29" })).data.total).toBe(0);
    expect((await api("13800000010", R.list, { createDateStart: "2026-11-30", createDateEnd: "2026-11-30", pageSize: 100 })).data.total).toBe(all.data.total);
    expect((await api("13800000010", R.list, { status: 7 })).msg).toBe("充值状态不正确");
    expect((await api("13800000010", R.list, { createDateStart: "2026-12-02", createDateEnd: "2026-12-01" })).msg).toBe("开始日期不能晚于结束日期");
  });
});

describe("recharges are not orders of a trip", () => {
  it("stay out of the flight order list and the enterprise bill", async () => {
    const mine = await recharge("13800000070", "88");
    // Even a recharge row that carried its company must not reach the company's bill.
    const company = (await h.db.db.selectFrom("members").select("creditMemberId").where("id", "=", ids["13800000070"]).executeTakeFirstOrThrow()).creditMemberId;
    await h.db.db.updateTable("orders").set({ companyId: company }).where("id", "=", mine.id).execute();
    const bill = await api("13800000070", billListPath("enterpriseBill"), { pageSize: 100 });
    expect(bill.ret, bill.msg).toBe(0);
    expect(bill.data.list.map((x: { orderNo: string }) => x.orderNo)).not.toContain(mine.orderNo);
    expect(bill.data.list.every((x: { product: string }) => ["air", "train", "hotel"].includes(x.product))).toBe(true);
    const orders = await api("13800000070", FLIGHT_ORDER_PATHS.list, { pageSize: 100 });
    expect(orders.ret, orders.msg).toBe(0);
    expect(orders.data.list.map((x: { orderNo: string }) => x.orderNo)).not.toContain(mine.orderNo);
    const own = await api("13800000010", FLIGHT_ORDER_PATHS.list, { pageSize: 100 });
    expect(own.data.list.some((x: { orderNo: string }) => x.orderNo.startsWith("R"))).toBe(false);
    const myBill = await api("13800000010", billListPath("airSumBill"), { pageSize: 100 });
    if (myBill.ret === 0) expect(myBill.data.list.some((x: { orderNo: string }) => x.orderNo.startsWith("R"))).toBe(false);
  });
});
