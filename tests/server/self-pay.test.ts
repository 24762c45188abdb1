// 超标自付 on a fresh demo database (SQLite, or PostgreSQL with DATABASE_URL): with the company's
// preference on, an employee's business flight over the standard's price limit is split — the
// traveller pays each ticket's excess over the limit plus 200 yuan, the company's credit line the
// rest, in one transaction (both or neither: a line without room refuses the wallet payment with
// nothing charged, and sends QR money back to the wallet); a refund returns the traveller's money
// first and the rest to the line. A fare over the cabin only, or the preference off, is not split.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance as setBalanceLedgered, setCreditUsed } from "./money-audit";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { DEMO_SANDBOX_SECRET, signSandbox } from "../../server/payments/sandbox";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { DEFAULT_PREFERENCES } from "../../src/domain/policy";
import type { FlightSeat } from "../../src/domain/travel/types";
import { parseYuan } from "../../src/domain/money";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const STAFF = "13800000072";
const ADMIN = "13800000070";
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const ADULT = { name: "杨帆", certType: 1, certNo: "11010519491231002X" };
const CHILD = { name: "杨小宝", certType: 2, certNo: "E98765432", birthday: "2019-05-01" };
const EXCESS = 30_000; // each adult ticket is set 300 yuan over the limit plus the allowance

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [STAFF, ADMIN]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
});
// The wallet never pays without the pay password: every member here has one.
beforeAll(() => givePayPassword(h.db.db));
afterAll(async () => {
  // Whatever the tests did, every fen is explained: the money audit passes on what they left.
  await expectBooksBalanced(h.db.db);
  await stopTravel(h);
});
beforeEach(() => setClock(() => NOW));

async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
}
const db = () => h.db.db;
let keys = 0;

/** The dearest economy fare of a Beijing–Shanghai day (a full fare, well above any child fare). */
async function economy(n: number): Promise<FlightSeat> {
  const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).data.list);
  return list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 2).sort((a, b) => b.salePrice - a.salePrice)[0];
}

/** The staff's level: economy only, a price cap that puts `seat` EXCESS over it, booking over allowed with a reason. */
async function capBelow(seat: FlightSeat, overSelfPay: 0 | 1) {
  const level = await db().selectFrom("employees").select("tripLevelId").where("id", "=", (await db().selectFrom("members").select("creditEmployeeId").where("id", "=", ids[STAFF]).executeTakeFirstOrThrow()).creditEmployeeId).executeTakeFirstOrThrow();
  const std = await db().selectFrom("travel_standards").select("rules").where("tripLevelId", "=", level.tripLevelId!).executeTakeFirstOrThrow();
  const rules = JSON.parse(std.rules);
  rules.flight = { cabins: ["Y"], maxDiscount: null, maxPriceFen: seat.salePrice - EXCESS - 20_000, lowestFareHours: null };
  await db().updateTable("travel_standards").set({ rules: JSON.stringify(rules) }).where("tripLevelId", "=", level.tripLevelId!).execute();
  await db().updateTable("trip_levels").set({ overproof: 1, overApprove: 0, feeFlag: 0 }).where("id", "=", level.tripLevelId!).execute();
  const prefs: Record<string, string | number> = { "hotelConfig.multiPay": 1, requireApplication: 0, overSelfPay, "autoDecisions.approveWithinStandardMaxFen": "", "autoDecisions.rejectExpiredFare": 1 };
  DEFAULT_PREFERENCES.overReasons.forEach((r, i) => (prefs[`overReasons.${i}`] = r));
  const saved = await api(ADMIN, "/api/v1/trip_manager/preference_save", prefs);
  expect(saved.ret, saved.msg).toBe(0);
}

async function book(seat: FlightSeat, passengers: Record<string, string | number>[] = [ADULT]) {
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: `self-pay-${++keys}`, contactName: "杨帆", contactMobile: "13800000072", travelType: "business", overReason: "会议或客户要求" };
  passengers.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) body[`passengers.${i}.${k}`] = v;
  });
  const r = await api(STAFF, P.book, body);
  expect(r.ret, r.msg).toBe(0);
  return r.data as { id: number; payprice: number };
}

const wallet = (who: string) => db().selectFrom("wallets").select(["balanceFen", "creditLimitFen", "creditUsedFen"]).where("memberId", "=", ids[who]).executeTakeFirstOrThrow();
async function setWallet(who: string, set: { balance?: string; creditLimit?: string; creditUsed?: string }) {
  if (set.balance !== undefined) await setBalanceLedgered(db(), ids[who], set.balance);
  if (set.creditUsed !== undefined) await setCreditUsed(db(), ids[who], set.creditUsed);
  if (set.creditLimit !== undefined) await db().updateTable("wallets").set({ creditLimitFen: parseYuan(set.creditLimit)! }).where("memberId", "=", ids[who]).execute();
}
const orderStatus = async (id: number) => (await db().selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

async function trade(orderId: number, method: string) {
  const t = await api(STAFF, PAY.create, { orderId, method });
  return t;
}

describe("超标自付", () => {
  it("splits an over-price business fare: the traveller's part at the cashier, the standard's part on the company's line, both in one payment", async () => {
    const seat = await economy(8);
    await capBelow(seat, 1);
    await setWallet(STAFF, { balance: "5000.00" });
    await setWallet(ADMIN, { creditLimit: "100000.00", creditUsed: "0.00" });
    const check = (await api(STAFF, P.businessCheck, { fareKey: seat.fareKey })).data;
    expect(check).toMatchObject({ over: true, needReason: true, selfPayFen: EXCESS });

    // An adult is split; a child's half fare is within the limit and the company's entirely.
    const o = await book(seat, [ADULT, CHILD]);
    expect((await db().selectFrom("orders").select("selfPayFen").where("id", "=", o.id).executeTakeFirstOrThrow()).selfPayFen).toBe(EXCESS);

    const cashier = (await api(STAFF, PAY.cashier, { orderId: o.id })).data;
    expect(cashier).toMatchObject({ amount: EXCESS, companyPart: o.payprice - EXCESS });
    expect(cashier.methods).not.toContain("credit");
    expect((await trade(o.id, "credit")).ret).toBe(403);

    const t = await trade(o.id, "wallet");
    expect(t.data.amount).toBe(EXCESS);
    const r = await api(STAFF, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[STAFF], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
    expect(r.ret, r.msg).toBe(0);
    expect(await orderStatus(o.id)).toBe(1);
    expect((await wallet(STAFF)).balanceFen).toBe(500_000 - EXCESS);
    expect((await wallet(ADMIN)).creditUsedFen).toBe(o.payprice - EXCESS);
    const ledger = await db().selectFrom("ledger").select(["account", "amountFen"]).where("outTradeNo", "=", t.data.outTradeNo).orderBy("id").execute();
    expect(ledger).toEqual([{ account: "wallet", amountFen: EXCESS }, { account: "credit", amountFen: o.payprice - EXCESS }]);
  });

  it("both or neither: a line without room for the standard's part refuses the wallet payment and charges nothing", async () => {
    const seat = await economy(9);
    await capBelow(seat, 1);
    await setWallet(STAFF, { balance: "5000.00" });
    const o = await book(seat);
    await setWallet(ADMIN, { creditLimit: "100.00", creditUsed: "0.00" });
    const t = await trade(o.id, "wallet");
    const r = await api(STAFF, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[STAFF], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
    expect(r.ret).toBe(409);
    expect(r.msg).toContain("企业授信额度不足");
    expect(await orderStatus(o.id)).toBe(0);
    expect((await wallet(STAFF)).balanceFen).toBe(500_000);
    expect((await wallet(ADMIN)).creditUsedFen).toBe(0);
    expect((await db().selectFrom("payments").select("status").where("outTradeNo", "=", t.data.outTradeNo).executeTakeFirstOrThrow()).status).toBe("created");
    expect(await db().selectFrom("ledger").select("id").where("outTradeNo", "=", t.data.outTradeNo).execute()).toEqual([]);

    // QR money for the traveller's part cannot complete the order either: it goes back to Alipay.
    const q = await trade(o.id, "alipay");
    expect(q.ret, q.msg).toBe(0);
    const n = { outTradeNo: q.data.outTradeNo, tradeNo: "SBX-SELF-1", totalFen: EXCESS, method: "alipay" as const };
    const settled = await api(null, PAY.sandboxNotify, { ...n, sign: signSandbox(DEMO_SANDBOX_SECRET, n) });
    expect(settled.ret, settled.msg).toBe(0);
    expect(settled.data.status).toBe("refunding");
    await h.app.jobs.runDueJobs();
    expect(await orderStatus(o.id)).toBe(0);
    expect((await wallet(STAFF)).balanceFen).toBe(500_000);
    expect((await db().selectFrom("ledger").select(["account", "entry"]).where("outTradeNo", "=", q.data.outTradeNo).orderBy("id").execute())).toEqual([
      { account: "alipay", entry: "pay" },
      { account: "alipay", entry: "refund" },
    ]);
    expect((await wallet(ADMIN)).creditUsedFen).toBe(0);
  });

  it("a refund gives the traveller's money back first and restores the company's line with the rest", async () => {
    let clock = NOW;
    setClock(() => clock);
    const seat = await economy(10);
    await capBelow(seat, 1);
    await setWallet(STAFF, { balance: "5000.00" });
    await setWallet(ADMIN, { creditLimit: "100000.00", creditUsed: "0.00" });
    const o = await book(seat);
    const t = await trade(o.id, "wallet");
    expect((await api(STAFF, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[STAFF], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay })).ret).toBe(0);
    for (const ms of [0, 6_000]) {
      clock += ms;
      await h.app.jobs.runDueJobs();
    }
    expect(await orderStatus(o.id)).toBe(2);
    const tip = (await api(STAFF, A.refundTip, { id: o.id })).data;
    expect(tip.refund).toBeGreaterThan(EXCESS);
    expect((await api(STAFF, A.refundSubmit, { id: o.id, reason: "自愿退票" })).ret).toBe(0);
    for (let i = 0; i < 4; i++) {
      clock += 3_600_000;
      await h.app.jobs.runDueJobs();
    }
    expect(await orderStatus(o.id)).toBe(6);
    expect((await wallet(STAFF)).balanceFen).toBe(500_000);
    expect((await wallet(ADMIN)).creditUsedFen).toBe(o.payprice - tip.refund);
    const record = await db().selectFrom("flight_refunds").select("toAccount").where("orderId", "=", o.id).executeTakeFirstOrThrow();
    expect(record.toAccount).toBe("split");
  });

  it("is not split with the preference off, nor for a fare over the cabin only", async () => {
    const seat = await economy(11);
    await capBelow(seat, 0);
    expect((await api(STAFF, P.businessCheck, { fareKey: seat.fareKey })).data).toMatchObject({ over: true, selfPayFen: 0 });
    const o = await book(seat);
    expect((await api(STAFF, PAY.cashier, { orderId: o.id })).data).toMatchObject({ amount: o.payprice, companyPart: null });

    await capBelow(seat, 1);
    const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(11) })).data.list);
    const business = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "C" && s.seatsLeft >= 1 && s.salePrice <= seat.salePrice - EXCESS);
    if (business) expect((await api(STAFF, P.businessCheck, { fareKey: business.fareKey })).data).toMatchObject({ over: true, selfPayFen: 0 });
  });
});
