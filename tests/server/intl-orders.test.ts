// International flight orders end to end on a fresh database (SQLite, or PostgreSQL with
// DATABASE_URL): verifying an itinerary prices every segment, booking holds seats on every
// segment with the order (none when one segment is sold out), a resubmitted form makes one
// order, the expiry gives every segment's seats back, the wallet pays and the ticketing job
// tickets the order, documents are checked against the trip, and nobody reads another's order.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, count, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { INTL_ORDER_PATHS as I, type IntlVerifyReply } from "../../src/domain/orders/intl-booking";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import type { Itinerary } from "../../src/domain/travel/types";

let h: Harness;
// After every move a test makes, each order list row kept is the one its list assembles now.
afterEach(() => expectListRowsTrue(h.db.db));
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const LIST = "/api/v1/trip_manager/air_ticket_inter_flight/list";

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of ["13800000010", "13800000020", "13800000070", "13800000071"]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
});
// The wallet never pays without the pay password: every member here has one.
beforeAll(() => givePayPassword(h.db.db));
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  const answer = (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
  // Each call's moves (and the jobs run since the last) checked against the list rows kept before it.
  await expectListRowsTrue(h.db.db);
  return answer;
}

let keys = 0;
const clientKey = () => `intl-key-${++keys}-${Date.now()}`;

/** A Beijing–Tokyo itinerary of the given day with a connection, verified in economy. */
async function itinerary(n: number, index = 0): Promise<IntlVerifyReply> {
  const list: Itinerary[] = (await api(null, LIST, { depCity: "BJS", arrCity: "TYO", depDate: day(n), cabinClass: "Y" })).data.list;
  const found = list.filter((it) => it.segments.length === 2);
  if (!found[index]) throw new Error(`no connecting itinerary on ${day(n)}`);
  const v = await api(null, I.verify, { itineraryKey: found[index].key, cabinClass: "Y" });
  expect(v.ret, v.msg).toBe(0);
  return v.data;
}

const ADULT = { name: "张三", surname: "ZHANG", givenName: "SAN", nationality: "CN", certType: 2, certNo: "E12345678", certExpiry: "2031-01-01", birthday: "1985-03-02" };
const ADULT2 = { name: "李四", surname: "li", givenName: "si", nationality: "CN", certType: 2, certNo: "E22345678", certExpiry: "2031-01-01", birthday: "1980-01-01" };
const CHILD = { name: "张小宝", surname: "ZHANG", givenName: "XIAO BAO", nationality: "CN", certType: 2, certNo: "E98765432", certExpiry: "2030-06-01", birthday: "2019-05-01" };

function form(v: IntlVerifyReply, passengers: Record<string, string | number>[], extra: Record<string, string | number> = {}) {
  const body: Record<string, string | number> = {
    itineraryKey: v.itineraryKey, cabinClass: v.cabinClass, price: v.price, clientKey: clientKey(), contactName: "张三", contactMobile: "13800000010", ...extra,
  };
  v.segments.forEach((s, i) => (body[`fareKeys.${i}`] = s.seat!.fareKey));
  passengers.forEach((p, i) => {
    for (const [k, val] of Object.entries(p)) body[`passengers.${i}.${k}`] = val;
  });
  return body;
}

const remaining = async (v: IntlVerifyReply) =>
  Promise.all(v.segments.map(async (s) => (await h.db.db.selectFrom("air_flights").select("yRemaining").where("flightKey", "=", s.flight.flightKey).executeTakeFirstOrThrow()).yRemaining));

async function written() {
  return { orders: await count(h.db.db, "orders"), passengers: await count(h.db.db, "order_passengers"), holds: await count(h.db.db, "inventory_holds"), jobs: await count(h.db.db, "jobs") };
}

describe("verify", () => {
  it("prices every segment with its fare key and adds the segments up per passenger type", async () => {
    const v = await itinerary(6);
    expect(v.available).toBe(true);
    expect(v.segments).toHaveLength(2);
    expect(v.connections).toHaveLength(1);
    expect(v.destCity).toBe("TYO");
    for (const s of v.segments) expect(s.seat!.fareKey).toMatch(new RegExp(`^${s.flight.flightKey}\\|Y\\|`));
    const [a, b] = v.segments.map((s) => s.seat!);
    expect(v.price).toBe(a.salePrice + b.salePrice);
    expect(v.breakdown.ADT).toMatchObject({ ticket: a.salePrice + b.salePrice, airportTax: a.adtTaxeCn + b.adtTaxeCn, fuelTax: a.adtTaxeYq + b.adtTaxeYq });
    expect(v.breakdown.ADT.total).toBe(a.breakdown.ADT.total + b.breakdown.ADT.total);
    expect(v.breakdown.CHD.ticket).toBe(a.childCabinPrice + b.childCabinPrice);
  });

  it("refuses a key that is not an itinerary", async () => {
    expect((await api(null, I.verify, { itineraryKey: "2026-12-01:ZZ9999", cabinClass: "Y" })).ret).not.toBe(0);
    expect((await api(null, I.verify, { itineraryKey: "nonsense", cabinClass: "Y" })).ret).not.toBe(0);
  });
});

describe("booking", () => {
  it("holds seats on every segment and creates one pending order with every segment and the child fare", async () => {
    const v = await itinerary(5);
    const before = await remaining(v);
    const r = await api("13800000010", I.book, form(v, [ADULT, CHILD]));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 0, orderNo: expect.stringMatching(/^F\d{18}$/) });
    expect(await remaining(v)).toEqual(before.map((n) => n - 2));

    const d = (await api("13800000010", P.detail, { id: r.data.id })).data;
    expect(d).toMatchObject({ status: 0, international: 1, segmentCount: 2, depCityName: "北京", arrCityName: "东京", actions: ["cancel"] });
    expect(d.flightNo).toBe(v.segments.map((s) => s.flight.flightNo).join("/"));
    expect(d.segments.map((s: { flight: { flightKey: string } }) => s.flight.flightKey)).toEqual(v.segments.map((s) => s.flight.flightKey));
    const [adult, child] = d.passengers;
    expect(adult).toMatchObject({ psgType: "ADT", englishName: "ZHANG/SAN", nationality: "CN", certExpiry: "2031-01-01", tktPrice: v.breakdown.ADT.ticket });
    expect(child).toMatchObject({ psgType: "CHD", englishName: "ZHANG/XIAO BAO", tktPrice: v.breakdown.CHD.ticket });
    expect(d.payprice).toBe(v.breakdown.ADT.total + v.breakdown.CHD.total);
    expect(d.payprice).toBe(d.ticket + d.consTax + d.fuelTax + d.totalServFee + d.insurance);
    // In the order centre's 机票 list too.
    const list = (await api("13800000010", P.list, {})).data.list;
    expect(list.find((o: { id: number }) => o.id === r.data.id)).toMatchObject({ international: 1, arrCityName: "东京" });
  });

  it("one segment sold out: nothing is held on any segment and nothing is written", async () => {
    const v = await itinerary(7);
    const second = v.segments[1].flight.flightKey;
    await h.db.db.updateTable("air_flights").set({ yRemaining: 0 }).where("flightKey", "=", second).execute();
    const before = await remaining(v);
    const was = await written();
    const r = await api("13800000010", I.book, form(v, [ADULT]));
    expect(r.ret).not.toBe(0);
    expect(r.msg).toContain("已售完");
    expect(await remaining(v)).toEqual(before);
    expect(await written()).toEqual(was);
  });

  it("the hold itself is all or nothing: when the last segment cannot be taken, the first is given back", async () => {
    const v = await itinerary(8);
    const before = await remaining(v);
    // The second segment's seats go between the check and the decrement (another channel sold them).
    const { suppliersFor } = await import("../../server/suppliers");
    const { supplierContext } = await import("../../server/suppliers");
    const supplier = suppliersFor(h.db.db, "test-seed").flight;
    const c = await supplierContext(h.db.db, null);
    const fareKeys = v.segments.map((s) => s.seat!.fareKey);
    const verify = supplier.verify.bind(supplier);
    let calls = 0;
    (supplier as unknown as { verify: typeof verify }).verify = async (k, cc) => {
      const out = await verify(k, cc);
      if (++calls === 2) await h.db.db.updateTable("air_flights").set({ yRemaining: 0 }).where("flightKey", "=", v.segments[1].flight.flightKey).execute();
      return out;
    };
    try {
      await expect(supplier.holdItinerary(fareKeys, { adults: 1, children: 0, infants: 0 }, c)).rejects.toThrow("已售完");
    } finally {
      delete (supplier as unknown as { verify?: unknown }).verify;
    }
    expect((await remaining(v))[0]).toBe(before[0]);
  });

  it("a resubmitted form (same clientKey) finds the first order and holds no more seats", async () => {
    const v = await itinerary(9);
    const body = form(v, [ADULT]);
    const before = await remaining(v);
    const [a, b] = await Promise.all([api("13800000010", I.book, body), api("13800000010", I.book, body)]);
    expect(a.ret, a.msg).toBe(0);
    expect(b.data.id).toBe(a.data.id);
    expect((await api("13800000010", I.book, body)).data.id).toBe(a.data.id);
    expect(await remaining(v)).toEqual(before.map((n) => n - 1));
  });

  it("announces a changed total with old and new price, and books at the new one when accepted", async () => {
    const v = await itinerary(10);
    const r = await api("13800000010", I.book, form(v, [ADULT], { price: v.price - 1000 }));
    expect(r.ret).not.toBe(0);
    expect(r.data).toMatchObject({ priceChanged: true, oldPrice: v.price - 1000, newPrice: v.price });
    expect(r.msg).toContain("票价已变更");
    const ok = await api("13800000010", I.book, form(v, [ADULT], { price: v.price - 1000, acceptPrice: 1 }));
    expect(ok.ret, ok.msg).toBe(0);
    expect(ok.data.payprice).toBe(v.breakdown.ADT.total);
  });
});

describe("documents", () => {
  it("refuses an ID card, a pass for the wrong destination, a document expiring within 6 months and a non-Latin English name, writing nothing", async () => {
    const v = await itinerary(11);
    const was = await written();
    const idCard = await api("13800000010", I.book, form(v, [{ ...ADULT, certType: 1, certNo: "11010519491231002X" }]));
    expect(idCard.ret).not.toBe(0);
    const pass = await api("13800000010", I.book, form(v, [{ ...ADULT, certType: 8, certNo: "C12345678" }]));
    expect(pass.msg).toBe("国际航班须使用护照");
    expect(pass.data.errors).toHaveProperty("passengers.0.certType");
    // Departure day(11) is 2026-12-11: valid until 2027-06-10 is one day short.
    const short = await api("13800000010", I.book, form(v, [{ ...ADULT, certExpiry: "2027-06-10" }]));
    expect(short.msg).toBe("证件有效期不足6个月");
    expect(short.data.errors).toEqual({ "passengers.0.certExpiry": "证件有效期不足6个月" });
    expect((await api("13800000010", I.book, form(v, [{ ...ADULT, certExpiry: "2027-06-11" }]))).ret).toBe(0);
    const name = await api("13800000010", I.book, form(v, [{ ...ADULT, surname: "张" }]));
    expect(name.ret).not.toBe(0);
    expect(await written()).toMatchObject({ passengers: was.passengers + 1, orders: was.orders + 1 });
  });
});

describe("expiry, payment and ticketing", () => {
  it("the expiry job cancels an unpaid order and gives every segment's seats back", async () => {
    const v = await itinerary(12);
    const before = await remaining(v);
    const o = (await api("13800000010", I.book, form(v, [ADULT, ADULT2]))).data;
    expect(await remaining(v)).toEqual(before.map((n) => n - 2));
    setClock(() => NOW + 30 * 60_000 + 1000);
    await h.app.jobs.runDueJobs();
    const d = (await api("13800000010", P.detail, { id: o.id })).data;
    expect(d.status).toBe(12);
    expect(await remaining(v)).toEqual(before);
  });

  it("paid from the wallet, the order is ticketed by the job with every segment still taken", async () => {
    const v = await itinerary(13);
    const before = await remaining(v);
    const o = (await api("13800000010", I.book, form(v, [ADULT]))).data;
    await h.db.db.updateTable("wallets").set({ balanceFen: 5_000_000 }).where("memberId", "=", ids["13800000010"]).execute();
    const trade = await api("13800000010", PAY.create, { orderId: o.id, method: "wallet" });
    expect(trade.ret, trade.msg).toBe(0);
    const outTradeNo = trade.data.outTradeNo;
    const paid = await api("13800000010", PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo, requestVerify: requestVerify(ids["13800000010"], outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
    expect(paid.ret, paid.msg).toBe(0);
    expect((await h.db.db.selectFrom("ledger").select("amountFen").where("outTradeNo", "=", outTradeNo).executeTakeFirstOrThrow()).amountFen).toBe(o.payprice);
    await h.app.jobs.runDueJobs();
    setClock(() => NOW + 6_000);
    await h.app.jobs.runDueJobs();
    const d = (await api("13800000010", P.detail, { id: o.id })).data;
    expect(d.status).toBe(2);
    expect(d.passengers[0].ticketNo).toMatch(/^\d{3}-\d{10}$/);
    // Ticketed seats stay taken on both segments, also after the hold's time has passed.
    setClock(() => NOW + 31 * 60_000);
    await h.app.jobs.runDueJobs();
    expect(await remaining(v)).toEqual(before.map((n) => n - 1));
    // A change online would put one fare in place of the itinerary: not offered.
    expect(d.actions).not.toContain("requestChange");
  });

  it("another member can neither read nor cancel the order; a guest cannot book", async () => {
    const v = await itinerary(14);
    const o = (await api("13800000010", I.book, form(v, [ADULT]))).data;
    expect((await api("13800000020", P.detail, { id: o.id })).ret).toBe(403);
    expect((await api("13800000020", P.cancel, { id: o.id })).ret).toBe(403);
    expect((await api(null, I.book, form(v, [ADULT]))).ret).toBe(401);
    expect((await api("13800000010", P.detail, { id: o.id })).data.status).toBe(0);
  });
});

describe("business", () => {
  it("a company employee books on business: recorded as 因公, the standard not checked; a personal member may not", async () => {
    const v = await itinerary(15);
    const r = await api("13800000071", I.book, form(v, [ADULT], { travelType: "business", contactMobile: "13800000071" }));
    expect(r.ret, r.msg).toBe(0);
    const d = (await api("13800000071", P.detail, { id: r.data.id })).data;
    expect(d).toMatchObject({ travelType: "business", overStandard: 0, standardVerdict: "国际机票暂不校验差旅标准", status: 0 });
    const was = await written();
    const refused = await api("13800000010", I.book, form(v, [ADULT2], { travelType: "business" }));
    expect(refused.ret).toBe(403);
    expect(await written()).toEqual(was);
  });
});

describe("refund", () => {
  it("a ticketed itinerary is refunded whole: the estimate is what the airline charges, the money goes back and every segment's seat is back on sale", async () => {
    let clock = NOW;
    const after = async (ms: number) => {
      clock += ms;
      setClock(() => clock);
      await h.app.jobs.runDueJobs();
    };
    const v = await itinerary(16);
    const before = await remaining(v);
    await h.db.db.updateTable("wallets").set({ balanceFen: 5_000_000 }).where("memberId", "=", ids["13800000010"]).execute();
    const o = (await api("13800000010", I.book, form(v, [ADULT]))).data;
    const trade = (await api("13800000010", PAY.create, { orderId: o.id, method: "wallet" })).data.outTradeNo;
    expect((await api("13800000010", PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: trade, requestVerify: requestVerify(ids["13800000010"], trade), businessType: BUSINESS_TYPE.dometicketOrderPay })).ret).toBe(0);
    await after(0);
    await after(6_000);
    expect((await api("13800000010", P.detail, { id: o.id })).data.status).toBe(2);

    const tip = await api("13800000010", A.refundTip, { id: o.id });
    expect(tip.ret, tip.msg).toBe(0);
    // The ticket of both segments is refunded under the first segment's fare rules; the taxes come back whole.
    expect(tip.data.lines[0]).toMatchObject({ ticket: v.breakdown.ADT.ticket, taxes: v.breakdown.ADT.airportTax + v.breakdown.ADT.fuelTax });
    const r = await api("13800000010", A.refundSubmit, { id: o.id, reason: "航班延误或取消" });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ fee: tip.data.fee, refund: tip.data.refund });
    await after(3_000);
    await after(3_000);
    expect((await api("13800000010", P.detail, { id: o.id })).data).toMatchObject({ status: 6, refund: { status: "refunded", toAccount: "wallet" } });
    expect(await remaining(v)).toEqual(before);
  });
});

describe("reports", () => {
  it("a paid international order counts in the company's international flight report, not the domestic one", async () => {
    const RANGE = { startDate: "2026-11-01", endDate: "2026-11-30" };
    const report = async (type: string) => {
      const r = await api("13800000070", `/report/${type}/detail`, RANGE);
      expect(r.ret, r.msg).toBe(0);
      return r.data.summary as { orders: number; spendFen: number };
    };
    const [dom, intl] = [await report("domAir"), await report("intlAir")];
    const v = await itinerary(17);
    const o = (await api("13800000071", I.book, form(v, [ADULT], { travelType: "business", contactMobile: "13800000071" }))).data;
    await h.db.db.updateTable("wallets").set({ balanceFen: 5_000_000 }).where("memberId", "=", ids["13800000071"]).execute();
    const trade = (await api("13800000071", PAY.create, { orderId: o.id, method: "wallet" })).data.outTradeNo;
    const paid = await api("13800000071", PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: trade, requestVerify: requestVerify(ids["13800000071"], trade), businessType: BUSINESS_TYPE.dometicketOrderPay });
    expect(paid.ret, paid.msg).toBe(0);
    expect(await report("intlAir")).toMatchObject({ orders: intl.orders + 1, spendFen: intl.spendFen + o.payprice });
    expect(await report("domAir")).toMatchObject({ orders: dom.orders, spendFen: dom.spendFen });
  });
});

