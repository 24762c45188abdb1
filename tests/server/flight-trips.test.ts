// Domestic round trips and connections as one two-segment flight order, end to end on a fresh
// database (SQLite, or PostgreSQL with DATABASE_URL): a round trip holds both flights' seats in
// its one booking transaction, is paid once and ticketed per passenger and segment; one
// passenger's return is refunded alone (his seat on the return goes back, the outbound keeps all)
// and another's outbound is changed alone; the detail shows each ticket's current fare and what
// was paid and returned, and masks the ID numbers. A connection found by the transit search books
// the same way and refunds whole. A leg whose seats run out inside the booking transaction leaves
// nothing written, and two flights that make no trip are refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, count, freshClient, givePayPassword, login, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { findHold } from "../../server/suppliers/holds";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { idCardCheckChar } from "../../src/domain/validators";
import type { FlightItem, FlightSeat, Itinerary, ListFare } from "../../src/domain/travel/types";

let h: Harness;
let token = "";
let memberId = 0;
const ME = "13800000010";
const BASE = "/api/v1/trip_manager/air_ticket_domestic_flight";
const ZHANG = { name: "张三", certType: 1, certNo: "11010519491231002X" };
const LI = { name: "李四", certType: 1, certNo: `11010519850101100${idCardCheckChar("11010519850101100")}` };

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  token = await login(h.app, ME);
  memberId = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", ME).executeTakeFirstOrThrow()).id;

  // The wallet never pays without the pay password.
  await givePayPassword(h.db.db);
});
afterAll(() => stopTravel(h));
beforeEach(async () => {
  setClock(() => NOW + 2 * 3_600_000);
  await h.app.jobs.runDueJobs();
  setClock(() => NOW);
  await db().updateTable("wallets").set({ balanceFen: 10_000_000 }).where("memberId", "=", memberId).execute();
});

const db = () => h.db.db;
const api = async (url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, { ...body, token })).body;
const chosen = (...ids: number[]) => Object.fromEntries(ids.map((id, i) => [`passengerIds.${i}`, id]));
const remaining = async (flightKey: string) => (await db().selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flightKey).executeTakeFirstOrThrow()).yRemaining as number;
const balanceFen = async () => (await db().selectFrom("wallets").select("balanceFen").where("memberId", "=", memberId).executeTakeFirstOrThrow()).balanceFen;
const detail = async (id: number) => (await api(P.detail, { id })).data;
type Row = { id: number; name: string; segment: number; ticketStatus: string; ticketNo: string | null; certNo: string; tktPrice: number; paid: number; refunded: number };
const rows = async (id: number) => (await detail(id)).passengers as Row[];
const ticketsOf = async (id: number) => (await rows(id)).map((p) => `${p.segment}:${p.name}:${p.ticketStatus}`);

let clock = NOW;
async function after(ms: number) {
  clock += ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}

async function pay(orderId: number, businessType: number) {
  const t = await api(PAY.create, { orderId, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(memberId, t.data.outTradeNo), businessType });
  expect(r.ret, r.msg).toBe(0);
}

const fullY = <S extends Pick<ListFare, "cabinClass" | "cabinCode" | "seatsLeft">>(f: { seats: S[] }) => f.seats.find((s) => s.cabinClass === "Y" && s.cabinCode === "Y" && s.seatsLeft >= 4);
const withY = (list: FlightItem[]) => list.flatMap((flight) => (fullY(flight) ? [{ flight, seat: fullY(flight)! }] : []));

let keys = 0;
function bookBody(first: FlightSeat, next: FlightSeat | undefined, passengers: Record<string, string | number>[]) {
  const body: Record<string, string | number> = {
    fareKey: first.fareKey, price: first.salePrice + (next?.salePrice ?? 0), clientKey: `trip-${++keys}-${Date.now()}`, contactName: "张三", contactMobile: ME,
    ...(next ? { nextFareKey: next.fareKey } : {}),
  };
  passengers.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) body[`passengers.${i}.${k}`] = v;
  });
  return body;
}

async function roundTrip(out: number, back: number) {
  const r = await api(`${BASE}/list_rt`, { depCity: "BJS", arrCity: "CAN", depDate: day(out), retDate: day(back) });
  expect(r.ret, r.msg).toBe(0);
  return { outbound: withY(await fullFlights(h.app, r.data.outbound.list)), inbound: withY(await fullFlights(h.app, r.data.inbound.list)) };
}

async function ticketed(id: number) {
  await pay(id, BUSINESS_TYPE.dometicketOrderPay);
  await after(0);
  await after(6_000);
  expect((await detail(id)).status).toBe(2);
}

async function written() {
  return { orders: await count(db(), "orders"), passengers: await count(db(), "order_passengers"), holds: await count(db(), "inventory_holds"), jobs: await count(db(), "jobs") };
}

describe("a round trip is one order of two segments", () => {
  it("holds both flights, is paid once, tickets each passenger per segment; one return is refunded alone and one outbound changed alone", async () => {
    clock = NOW;
    const { outbound, inbound } = await roundTrip(10, 14);
    const go = outbound[0];
    const back = inbound[0];
    const [goBefore, backBefore] = [await remaining(go.flight.flightKey), await remaining(back.flight.flightKey)];
    const r = await api(P.book, bookBody(go.seat, back.seat, [ZHANG, LI]));
    expect(r.ret, r.msg).toBe(0);
    const perPassenger = (s: FlightSeat) => s.breakdown.ADT.total;
    expect(r.data.payprice).toBe(2 * (perPassenger(go.seat) + perPassenger(back.seat)));
    // Both flights' seats held in the booking, each in a booking of its own.
    expect([await remaining(go.flight.flightKey), await remaining(back.flight.flightKey)]).toEqual([goBefore - 2, backBefore - 2]);

    const d = await detail(r.data.id);
    expect(d).toMatchObject({
      trip: "rt", segmentCount: 2, passengerNames: ["张三", "李四"], depCityName: go.flight.depCityName, arrCityName: go.flight.arrCityName,
      flightNo: `${go.flight.flightNo}/${back.flight.flightNo}`, payprice: r.data.payprice,
    });
    expect(d.title).toBe(`${go.flight.depCityName}-${go.flight.arrCityName}-${go.flight.depCityName} ${go.flight.flightNo}/${back.flight.flightNo}`);
    // Nothing is paid yet: no ticket shows money paid.
    expect(d.paidTotal).toBe(0);
    expect(d.segments.map((s: { flight: { flightNo: string } }) => s.flight.flightNo)).toEqual([go.flight.flightNo, back.flight.flightNo]);
    // The ID numbers are masked, as the train detail masks them.
    expect((d.passengers as Row[]).map((p) => p.certNo)[0]).toBe("110105********002X");
    expect(JSON.stringify(d)).not.toContain(ZHANG.certNo);

    await ticketed(r.data.id);
    // Each flight's booking reference, joined by a slash that reads in either language.
    expect((await detail(r.data.id)).events.at(-1).note).toMatch(/^出票完成，订座记录 [A-Z2-9]{6} \/ [A-Z2-9]{6}$/);
    const tickets = await rows(r.data.id);
    expect(tickets.map((p) => [p.segment, p.name, p.ticketStatus])).toEqual([[0, "张三", "ticketed"], [0, "李四", "ticketed"], [1, "张三", "ticketed"], [1, "李四", "ticketed"]]);
    expect(new Set(tickets.map((p) => p.ticketNo)).size).toBe(4);
    const order = await db().selectFrom("orders").select(["holdId", "snapshot"]).where("id", "=", r.data.id).executeTakeFirstOrThrow();
    const holdIds = (JSON.parse(order.snapshot).segments as { holdId: string }[]).map((s) => s.holdId);
    expect(holdIds[0]).toBe(order.holdId);
    for (const id of holdIds) expect(await findHold(db(), id)).toMatchObject({ status: "confirmed", quantity: 2 });

    // 张三's return alone: the order stays 已出票 (部分退票), his outbound stays his.
    const zhangBack = tickets.find((p) => p.segment === 1 && p.name === "张三")!;
    const paid = await balanceFen();
    const tip = (await api(A.refundTip, { id: r.data.id, ...chosen(zhangBack.id) })).data;
    expect(tip.lines.map((l: { name: string; ticket: number }) => [l.name, l.ticket])).toEqual([["张三", back.seat.breakdown.ADT.ticket]]);
    const refund = await api(A.refundSubmit, { id: r.data.id, reason: "自愿退票", ...chosen(zhangBack.id) });
    expect(refund.data).toMatchObject({ whole: false, status: 2 });
    await after(3_000);
    await after(3_000);
    expect(await ticketsOf(r.data.id)).toEqual(["0:张三:ticketed", "0:李四:ticketed", "1:张三:refunded", "1:李四:ticketed"]);
    expect(await balanceFen()).toBe(paid + tip.refund);
    expect([await remaining(go.flight.flightKey), await remaining(back.flight.flightKey)]).toEqual([goBefore - 2, backBefore - 1]);
    const afterRefund = await detail(r.data.id);
    expect(afterRefund).toMatchObject({ status: 2, partial: ["partialRefund"], refundedTotal: tip.refund, paidTotal: r.data.payprice });
    expect((afterRefund.passengers as Row[]).find((p) => p.id === zhangBack.id)!.refunded).toBe(tip.refund);

    // 李四's outbound alone to another flight of the same day: the return keeps him, his ticket is reissued.
    const liGo = tickets.find((p) => p.segment === 0 && p.name === "李四")!;
    const to = outbound.find((x) => x.flight.flightKey !== go.flight.flightKey)!;
    const q = await api(A.change, { id: r.data.id, fareKey: to.seat.fareKey, ...chosen(liGo.id) });
    expect(q.ret, q.msg).toBe(0);
    const c = await api(A.confirmChange, { id: r.data.id, fareKey: to.seat.fareKey, total: q.data.quote.total, ...chosen(liGo.id) });
    expect(c.ret, c.msg).toBe(0);
    if (c.data.status === "awaitingPayment") await pay(r.data.id, BUSINESS_TYPE.changeTicket);
    else await after(3_000);
    const changed = await detail(r.data.id);
    expect(changed.flightNo).toBe(`${go.flight.flightNo}/${back.flight.flightNo}`);
    const li = (changed.passengers as (Row & { changedTo: { flightNo: string } | null })[]).find((p) => p.id === liGo.id)!;
    expect(li).toMatchObject({ ticketStatus: "changed", changedTo: { flightNo: to.flight.flightNo }, current: { tktPrice: to.seat.breakdown.ADT.ticket }, tktPrice: go.seat.breakdown.ADT.ticket, paid: liGo.paid + q.data.quote.total });
    expect(li.ticketNo).not.toBe(liGo.ticketNo);
    expect(changed.paidTotal).toBe(r.data.payprice + q.data.quote.total);
    expect(await ticketsOf(r.data.id)).toEqual(["0:张三:ticketed", "0:李四:changed", "1:张三:refunded", "1:李四:ticketed"]);
    expect(await remaining(go.flight.flightKey)).toBe(goBefore - 1);

    // The list and the bill name each passenger once and show both legs.
    const list = (await api(P.list, { pageNum: 1, pageSize: 10 })).data.list as { id: number; passengerNames: string[]; trip: string }[];
    expect(list.find((x) => x.id === r.data.id)).toMatchObject({ passengerNames: ["张三", "李四"], trip: "rt" });
  });

  it("a return sold out inside the booking transaction takes no seat on the outbound either", async () => {
    const { outbound, inbound } = await roundTrip(11, 13);
    const go = outbound[0];
    const back = inbound[0];
    // One seat left on the return for two passengers: the fare still verifies, its hold (taken
    // after the outbound's, in the same transaction) refuses.
    const backRemaining = await remaining(back.flight.flightKey);
    await db().updateTable("air_flights").set({ yRemaining: backRemaining - back.seat.seatsLeft + 1 }).where("flightKey", "=", back.flight.flightKey).execute();
    const goBefore = await remaining(go.flight.flightKey);
    const before = await written();
    const r = await api(P.book, bookBody(go.seat, back.seat, [ZHANG, LI]));
    expect(r).toMatchObject({ ret: 409, msg: "该舱位仅剩 1 个座位" });
    expect(await written()).toEqual(before);
    expect(await remaining(go.flight.flightKey)).toBe(goBefore);
  });

  it("two flights that make no trip are refused and nothing is written", async () => {
    const { outbound } = await roundTrip(12, 15);
    const before = await written();
    const r = await api(P.book, bookBody(outbound[0].seat, outbound[1].seat, [ZHANG]));
    expect(r).toMatchObject({ ret: 400, msg: "所选两个航班不能组成往返或中转行程" });
    expect(await written()).toEqual(before);
  });
});

describe("a domestic connection", () => {
  it("has no direct flight, is offered by the transit search, books as two segments and refunds whole", async () => {
    clock = NOW;
    const direct = await api(`${BASE}/list`, { depCity: "HRB", arrCity: "SYX", depDate: day(9) });
    expect(direct.data.list).toEqual([]);
    const transit = await api(`${BASE}/list_transit`, { depCity: "HRB", arrCity: "SYX", depDate: day(9) });
    expect(transit.ret, transit.msg).toBe(0);
    const it = (transit.data.list as Itinerary[]).find((x) => x.segments.length === 2 && x.segments.every((s) => fullY(s)))!;
    expect(it, "a connection with full economy fares on both legs").toBeTruthy();
    const [a, b] = await fullFlights(h.app, it.segments);
    const [aBefore, bBefore] = [await remaining(a.flightKey), await remaining(b.flightKey)];
    const r = await api(P.book, bookBody(fullY(a)!, fullY(b)!, [ZHANG]));
    expect(r.ret, r.msg).toBe(0);
    expect(await detail(r.data.id)).toMatchObject({ trip: "transit", segmentCount: 2, arrCityName: b.arrCityName });
    await ticketed(r.data.id);
    const paid = await balanceFen();
    const tip = (await api(A.refundTip, { id: r.data.id })).data;
    expect(tip.lines).toHaveLength(2);
    const refund = await api(A.refundSubmit, { id: r.data.id, reason: "自愿退票" });
    expect(refund.data).toMatchObject({ whole: true, status: 9 });
    await after(3_000);
    await after(3_000);
    expect((await detail(r.data.id)).status).toBe(6);
    expect(await balanceFen()).toBe(paid + tip.refund);
    expect([await remaining(a.flightKey), await remaining(b.flightKey)]).toEqual([aBefore, bBefore]);
  });
});

describe("the airline's jobs", () => {
  it("every step above ran without an error", async () => {
    setClock(() => NOW + 2 * 3_600_000);
    await h.app.jobs.runDueJobs();
    expect(await db().selectFrom("jobs").select(["kind", "lastError"]).where("lastError", "is not", null).execute()).toEqual([]);
  });
});
