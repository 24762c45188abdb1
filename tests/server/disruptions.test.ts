// 航变 end to end on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): recording a
// cancellation or a schedule change flags exactly the live orders on that flight and date (not a
// cancelled one, nor another flight's) and tells their members; the traveller's choices (accept,
// free change with nothing to pay, full refund with every fen back) each succeed once under two
// concurrent clicks; another member's order and a call without the operator key are refused.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance } from "./money-audit";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { DISRUPTION_PATHS as D } from "../../src/domain/disruptions";
import { DEMO_OPERATOR_KEY } from "../../server/routes/settlement";
import { raiseFlightDisruption } from "../../server/suppliers/flight/disruption";
import type { FlightItem, FlightSeat } from "../../src/domain/travel/types";

let h: Harness;
afterEach(() => expectListRowsTrue(h.db.db));
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const ME = "13800000010";
const OTHER = "13800000020";
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const ADULT = { name: "张三", certType: 1, certNo: "11010519491231002X" };

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [ME, OTHER]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
});
beforeAll(async () => {
  await givePayPassword(h.db.db);
  await setBalance(h.db.db, ids[ME], "50000.00");
});
afterAll(async () => {
  await expectBooksBalanced(h.db.db);
  await stopTravel(h);
});
beforeEach(() => setClock(() => clock));

const db = () => h.db.db;
const api = async (who: string | null, url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
const operator = async (body: Record<string, string>, key: string | null = DEMO_OPERATOR_KEY) =>
  (await h.app.inject({
    method: "POST", url: `/api${D.record}`,
    headers: { "content-type": "application/x-www-form-urlencoded", ...(key ? { "x-operator-key": key } : {}) },
    payload: new URLSearchParams(body).toString(),
  })).json();

let keys = 0;
let clock = NOW;
async function after(ms: number) {
  clock += ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}

/** Each Beijing–Shanghai flight of the day with its full economy fare. */
async function flightsOn(n: number): Promise<{ flight: FlightItem; seat: FlightSeat }[]> {
  const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).data.list);
  return list.flatMap((flight) => flight.seats.filter((s) => s.cabinClass === "Y" && s.cabinCode === "Y" && s.seatsLeft >= 3).slice(0, 1).map((seat) => ({ flight, seat })));
}

async function book(who: string, seat: FlightSeat): Promise<number> {
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: `disrupt-${++keys}`, contactName: "张三", contactMobile: "13800000010" };
  for (const [k, v] of Object.entries(ADULT)) body[`passengers.0.${k}`] = v;
  const r = await api(who, P.book, body);
  expect(r.ret, r.msg).toBe(0);
  return r.data.id as number;
}

async function ticketed(who: string, seat: FlightSeat): Promise<number> {
  const id = await book(who, seat);
  const t = await api(who, PAY.create, { orderId: id, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(who, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
  expect(r.ret, r.msg).toBe(0);
  await after(0);
  await after(6_000);
  expect((await api(who, P.detail, { id })).data.status).toBe(2);
  return id;
}

const balanceFen = async (who: string) => (await db().selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen;
const flagsOf = async (disruptionId: number) => (await db().selectFrom("order_disruptions").select("orderId").where("disruptionId", "=", disruptionId).orderBy("orderId").execute()).map((r) => r.orderId);
const oneOk = (replies: { ret: number }[]) => expect(replies.map((r) => r.ret).filter((r) => r === 0)).toHaveLength(1);

describe("航变", () => {
  let flights: { flight: FlightItem; seat: FlightSeat }[];
  let cancelledFlight: { flight: FlightItem; seat: FlightSeat };
  let hit: number;
  let cancelId: number;

  it("records a cancellation: flags exactly the live orders on that flight, tells their members, stops selling its seats", async () => {
    flights = await flightsOn(3);
    expect(flights.length).toBeGreaterThanOrEqual(3);
    cancelledFlight = flights[0];
    hit = await ticketed(ME, cancelledFlight.seat);
    const other = await ticketed(ME, flights[1].seat);
    const unpaid = await book(ME, cancelledFlight.seat);
    expect((await api(ME, P.cancel, { id: unpaid })).ret).toBe(0);
    const before = await db().selectFrom("notifications").select("id").where("kind", "=", "scheduleChanged").execute();

    expect((await operator({ kind: "flightCancelled", no: cancelledFlight.flight.flightNo, date: day(3), reason: "天气原因" }, null)).ret).not.toBe(0);
    expect((await operator({ kind: "flightCancelled", no: cancelledFlight.flight.flightNo, date: day(3), reason: "天气原因" }, "wrong-key-wrong-key-wrong-key-wrong")).ret).not.toBe(0);
    const bad = await operator({ kind: "flightSchedule", no: cancelledFlight.flight.flightNo, date: day(3), reason: "x" });
    expect(bad.ret).toBe(400);
    const r = await operator({ kind: "flightCancelled", no: cancelledFlight.flight.flightNo.toLowerCase(), date: day(3), reason: "天气原因" });
    expect(r.ret, r.msg).toBe(0);
    cancelId = r.data.id;
    expect(await flagsOf(cancelId)).toEqual([hit]);
    expect(r.data.orderIds).not.toContain(other);
    const told = await db().selectFrom("notifications").select(["memberId", "subjectId", "params"]).where("kind", "=", "scheduleChanged").where("id", "not in", before.length ? before.map((b) => b.id) : [0]).execute();
    expect(told.map((n) => n.subjectId)).toEqual([hit]);
    expect(told[0].memberId).toBe(ids[ME]);
    expect(JSON.parse(told[0].params).change).toContain("取消");
    const left = await db().selectFrom("air_flights").select("yRemaining").where("flightNo", "=", cancelledFlight.flight.flightNo).where("flightDate", "=", day(3)).executeTakeFirstOrThrow();
    expect(left.yRemaining).toBe(0);

    const seen = await api(ME, D.ofOrder, { id: hit });
    expect(seen.ret, seen.msg).toBe(0);
    expect(seen.data[0]).toMatchObject({ kind: "flightCancelled", status: "pending", actions: ["change", "refund"] });
    // A cancelled flight cannot be kept; another member sees nothing of the order.
    expect((await api(ME, D.accept, { id: hit, disruptionId: cancelId })).ret).not.toBe(0);
    expect((await api(OTHER, D.ofOrder, { id: hit })).ret).not.toBe(0);
    expect((await api(OTHER, D.refund, { id: hit, disruptionId: cancelId })).ret).not.toBe(0);
  });

  it("changes free of charge once under two concurrent clicks: nothing to pay, no fee nor difference", async () => {
    const wallet = await balanceFen(ME);
    // A dearer fare of the same cabin on another flight: still free.
    const later = (await flightsOn(4))[0];
    // Not the cancelled flight itself, nor another cabin, nor outside the window.
    expect((await api(ME, D.change, { id: hit, disruptionId: cancelId, fareKey: cancelledFlight.seat.fareKey })).ret).not.toBe(0);
    const replies = await Promise.all([1, 2].map(() => api(ME, D.change, { id: hit, disruptionId: cancelId, fareKey: later.seat.fareKey })));
    oneOk(replies);
    const ok = replies.find((r) => r.ret === 0)!;
    expect(ok.data.change.total).toBe(0);
    await after(6_000);
    const order = (await api(ME, P.detail, { id: hit })).data;
    expect(order.status).toBe(3);
    expect(order.change.quote).toMatchObject({ changeFee: 0, changeSpread: 0, changeFuelTaxSpread: 0, changeServiceFee: 0, total: 0 });
    expect(await balanceFen(ME)).toBe(wallet);
    expect((await api(ME, D.ofOrder, { id: hit })).data[0]).toMatchObject({ status: "changed", actions: [] });
  });

  it("accepts a schedule change once and refunds another in full once, under two concurrent clicks", async () => {
    const flights5 = await flightsOn(5);
    const acceptOrder = await ticketed(ME, flights5[0].seat);
    const walletBefore = await balanceFen(ME);
    const refundOrder = await ticketed(ME, flights5[1].seat);
    const paid = walletBefore - (await balanceFen(ME));
    expect(paid).toBeGreaterThan(0);

    const a = await raiseFlightDisruption(db(), { flightNo: flights5[0].flight.flightNo, date: day(5), newDepTime: "23:10", reason: "航空公司计划调整" });
    expect(a.orderIds).toEqual([acceptOrder]);
    const moved = await db().selectFrom("air_flights").select(["depTime", "depUtc"]).where("flightNo", "=", flights5[0].flight.flightNo).where("flightDate", "=", day(5)).executeTakeFirstOrThrow();
    expect(moved.depTime).toBe("23:10");
    oneOk(await Promise.all([1, 2].map(() => api(ME, D.accept, { id: acceptOrder, disruptionId: a.id }))));
    expect((await api(ME, D.refund, { id: acceptOrder, disruptionId: a.id })).ret).not.toBe(0);

    const b = await raiseFlightDisruption(db(), { flightNo: flights5[1].flight.flightNo, date: day(5), reason: "航班取消" });
    expect(b.orderIds).toEqual([refundOrder]);
    const replies = await Promise.all([1, 2].map(() => api(ME, D.refund, { id: refundOrder, disruptionId: b.id })));
    oneOk(replies);
    expect(replies.find((r) => r.ret === 0)!.data.refund).toBe(paid);
    for (let i = 0; i < 4; i++) await after(6_000);
    expect((await api(ME, P.detail, { id: refundOrder })).data.status).toBe(6);
    // Every fen back: the wallet holds what it held before the refunded order was paid.
    expect(await balanceFen(ME)).toBe(walletBefore);
  });
});
