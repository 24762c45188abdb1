// Domestic flight orders end to end on a fresh database (SQLite, or PostgreSQL with
// DATABASE_URL): booking holds seats and creates the order in one transaction, a changed price
// is announced, the last seat goes to exactly one of 50 buyers, a cancel races a cancel and a
// payment, the expiry job gives the seats back, and nobody reads another member's order.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { day, SEED, startTravel, stopTravel, NOW, TODAY, fullFlights } from "./inventory-helpers";
import { call, count, freshClient, login } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { soldElsewhere } from "../../server/inventory/demand";
import { applyFlightMove } from "../../server/orders/flight/moves";
import { SYSTEM_ACTOR } from "../../server/orders/actor";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import type { FlightItem, FlightSeat } from "../../src/domain/travel/types";

let h: Harness;
// After every move a test makes, each order list row kept is the one its list assembles now.
afterEach(() => expectListRowsTrue(h.db.db));
const tokens: Record<string, string> = {};
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const ADULT = { name: "张三", certType: 1, certNo: "11010519491231002X" };
const ADULT2 = { name: "李四", certType: 1, certNo: "110105198001010016" };
const CHILD = { name: "张小宝", certType: 2, certNo: "E98765432", birthday: "2019-05-01" };

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of ["13800000010", "13800000020", "13800000070", "13800000071"]) tokens[m] = await login(h.app, m);
});
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

let keys = 0;
const clientKey = () => `test-key-${++keys}-${Date.now()}`;

async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  const answer = (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
  // Each call's moves (and the jobs run since the last) checked against the list rows kept before it.
  await expectListRowsTrue(h.db.db);
  return answer;
}

/** A full-fare economy seat on a Beijing–Shanghai flight of the given day. */
async function fare(n: number, index = 0): Promise<{ flight: FlightItem; seat: FlightSeat }> {
  const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).data.list);
  const found = list.flatMap((flight) => flight.seats.filter((s) => s.cabinClass === "Y" && s.cabinCode === "Y").map((seat) => ({ flight, seat })));
  if (!found[index]) throw new Error("no full fare");
  return found[index];
}

const yRemaining = async (flightKey: string) =>
  (await h.db.db.selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flightKey).executeTakeFirstOrThrow()).yRemaining;

function form(seat: FlightSeat, passengers: Record<string, string | number>[], extra: Record<string, string | number> = {}) {
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: clientKey(), contactName: "张三", contactMobile: "13800000010", ...extra };
  passengers.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) body[`passengers.${i}.${k}`] = v;
  });
  return body;
}

async function written() {
  return { orders: await count(h.db.db, "orders"), passengers: await count(h.db.db, "order_passengers"), events: await count(h.db.db, "order_events"), jobs: await count(h.db.db, "jobs") };
}

describe("booking", () => {
  it("holds the seats and creates a pending order whose price panel adds up, with the child fare", async () => {
    const { flight, seat } = await fare(5);
    const before = await yRemaining(flight.flightKey);
    const r = await api("13800000010", P.book, form(seat, [{ ...ADULT, insuType: "1" }, CHILD]));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 0, orderNo: expect.stringMatching(/^F\d{18}$/) });
    expect(await yRemaining(flight.flightKey)).toBe(before - 2);

    const d = (await api("13800000010", P.detail, { id: r.data.id })).data;
    expect(d).toMatchObject({ status: 0, flightNo: flight.flightNo, depDate: day(5), contactMobile: "13800000010", actions: ["cancel"] });
    const [adult, child] = d.passengers;
    expect(adult).toMatchObject({ psgType: "ADT", tktPrice: seat.salePrice, consTax: seat.adtTaxeCn, fuelTax: seat.adtTaxeYq, insuType: "1", insuPayPrice: 3000 });
    expect(child).toMatchObject({ psgType: "CHD", tktPrice: seat.childCabinPrice, consTax: 0, fuelTax: seat.chdTaxeYq });
    expect(child.tktPrice).toBe(Math.min(Math.floor((seat.parPrice + 1000) / 2000) * 1000, seat.salePrice));
    const lineTotal = (p: typeof adult) => p.tktPrice + p.consTax + p.fuelTax + p.servFee + p.insuPayPrice;
    expect(d.payprice).toBe(lineTotal(adult) + lineTotal(child));
    expect(d.payprice).toBe(d.ticket + d.consTax + d.fuelTax + d.totalServFee + d.insurance);
    expect(d.events).toEqual([expect.objectContaining({ action: "create", fromStatus: null, toStatus: 0 })]);
    // The expiry is 30 minutes after booking.
    expect(Date.parse(d.expiresAt) - NOW).toBe(30 * 60_000);

    const info = await api("13800000010", "/member/info");
    expect(info.data.ticketOrderCount).toBe(1);
  });

  it("a resubmitted form (same clientKey) finds the first order and holds no more seats", async () => {
    const { flight, seat } = await fare(6);
    const body = form(seat, [ADULT]);
    const before = await yRemaining(flight.flightKey);
    const [a, b] = await Promise.all([api("13800000010", P.book, body), api("13800000010", P.book, body)]);
    expect(a.ret, a.msg).toBe(0);
    expect(b.ret, b.msg).toBe(0);
    expect(b.data.id).toBe(a.data.id);
    expect(await yRemaining(flight.flightKey)).toBe(before - 1);
  });

  it("announces a changed price with old and new price, and books at the new one when accepted", async () => {
    const { flight, seat } = await fare(7);
    const before = await written();
    const seats = await yRemaining(flight.flightKey);
    const stale = seat.salePrice - 10000;
    const r = await api("13800000010", P.book, form(seat, [ADULT], { price: stale }));
    expect(r.ret).toBe(409);
    expect(r.msg).toContain("票价已变更");
    expect(r.data).toEqual({ priceChanged: true, oldPrice: stale, newPrice: seat.salePrice });
    expect(await written()).toEqual(before);
    expect(await yRemaining(flight.flightKey)).toBe(seats);

    const ok = await api("13800000010", P.book, form(seat, [ADULT], { price: stale, acceptPrice: 1 }));
    expect(ok.ret, ok.msg).toBe(0);
    expect(ok.data.payprice).toBe(seat.breakdown.ADT.total);
  });

  it("50 bookings of the last seat at once: exactly one succeeds, the rest are told in Chinese, the count never goes below zero", async () => {
    const { flight, seat } = await fare(8);
    const row = await h.db.db.selectFrom("air_flights").select("yTotal").where("flightKey", "=", flight.flightKey).executeTakeFirstOrThrow();
    const sold = soldElsewhere(SEED, `${flight.flightKey}|Y`, flight.depDate, TODAY, row.yTotal);
    await h.db.db.updateTable("air_flights").set({ yRemaining: sold + 1 }).where("flightKey", "=", flight.flightKey).execute();
    const before = await written();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? api("13800000020", P.book, form(seat, [ADULT2])) : api("13800000010", P.book, form(seat, [ADULT])))),
    );
    expect(results.filter((r) => r.ret === 0)).toHaveLength(1);
    for (const loser of results.filter((r) => r.ret !== 0)) {
      expect(loser.ret).toBe(409);
      expect(loser.msg).toMatch(/余票不足|仅剩|已售完/);
    }
    expect(await yRemaining(flight.flightKey)).toBe(sold);
    const after = await written();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.passengers).toBe(before.passengers + 1);
  });
});

describe("cancel and expiry", () => {
  it("cancels an unpaid order once: two cancels at once, one wins, the seats come back once", async () => {
    const { flight, seat } = await fare(9);
    const before = await yRemaining(flight.flightKey);
    const { data } = await api("13800000010", P.book, form(seat, [ADULT, ADULT2]));
    expect(await yRemaining(flight.flightKey)).toBe(before - 2);
    const [a, b] = await Promise.all([api("13800000010", P.cancel, { id: data.id }), api("13800000010", P.cancel, { id: data.id })]);
    expect([a.ret, b.ret].sort()).toEqual([0, 409]);
    expect([a, b].find((r) => r.ret === 409)!.msg).toMatch(/订单/);
    expect(await yRemaining(flight.flightKey)).toBe(before);
    const d = (await api("13800000010", P.detail, { id: data.id })).data;
    expect(d).toMatchObject({ status: 12, actions: [], expiresAt: null });
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(["create", "cancel"]);
    expect(d.events[1]).toMatchObject({ fromStatus: 0, toStatus: 12, actorName: expect.any(String) });
  });

  it("a cancelled booking withdraws its passengers' insurance; a passenger without any keeps 未投保", async () => {
    const { seat } = await fare(9);
    const { data } = await api("13800000010", P.book, form(seat, [{ ...ADULT, insuType: "1" }, ADULT2]));
    expect((await api("13800000010", P.cancel, { id: data.id })).ret).toBe(0);
    const d = (await api("13800000010", P.detail, { id: data.id })).data;
    expect(d.passengers.map((p: { insuType: string | null; insuStatus: number }) => [p.insuType, p.insuStatus])).toEqual([["1", 2], [null, 0]]);
  });

  it("a cancel racing a payment: exactly one of them happens", async () => {
    const { seat } = await fare(10);
    const { data } = await api("13800000010", P.book, form(seat, [ADULT]));
    const results = await Promise.allSettled([
      applyFlightMove(h.db.db, { orderId: data.id, action: "pay", actor: SYSTEM_ACTOR, seed: SEED }),
      api("13800000010", P.cancel, { id: data.id }).then((r) => (r.ret === 0 ? r : Promise.reject(new Error(r.msg)))),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const status = (await api("13800000010", P.detail, { id: data.id })).data.status;
    expect([1, 12]).toContain(status);
    const hold = await h.db.db.selectFrom("orders").innerJoin("inventory_holds", "inventory_holds.id", "orders.holdId").select("inventory_holds.status").where("orders.id", "=", data.id).executeTakeFirstOrThrow();
    expect(hold.status).toBe(status === 1 ? "confirmed" : "released");
  });

  it("a member cannot pay through the state machine: payment is the system's move", async () => {
    const { seat } = await fare(10, 1);
    const { data } = await api("13800000010", P.book, form(seat, [ADULT]));
    await expect(applyFlightMove(h.db.db, { orderId: data.id, action: "pay", actor: { kind: "member", memberId: 1, name: "x" } })).rejects.toThrow("不能执行此操作");
  });

  it("the expiry job cancels an unpaid order at its expiry and gives the seats back; a paid one is left alone", async () => {
    const { flight, seat } = await fare(11);
    const before = await yRemaining(flight.flightKey);
    const unpaid = (await api("13800000010", P.book, form(seat, [ADULT]))).data;
    const paid = (await api("13800000010", P.book, form(seat, [ADULT2]))).data;
    await applyFlightMove(h.db.db, { orderId: paid.id, action: "pay", actor: SYSTEM_ACTOR });
    expect(await yRemaining(flight.flightKey)).toBe(before - 2);

    setClock(() => NOW + 29 * 60_000);
    await h.app.jobs.runDueJobs();
    expect((await api("13800000010", P.detail, { id: unpaid.id })).data.status).toBe(0);

    setClock(() => NOW + 30 * 60_000 + 1000);
    await h.app.jobs.runDueJobs();
    const d = (await api("13800000010", P.detail, { id: unpaid.id })).data;
    expect(d.status).toBe(12);
    expect(d.events[1]).toMatchObject({ action: "expire", actorName: "系统", note: "超时未支付，系统自动取消" });
    expect((await api("13800000010", P.detail, { id: paid.id })).data.status).toBe(1);
    expect(await yRemaining(flight.flightKey)).toBe(before - 1);
  });
});

describe("who sees what", () => {
  it("another member can neither read nor cancel the order, nor find it in a list", async () => {
    const { seat } = await fare(12);
    const { data } = await api("13800000010", P.book, form(seat, [ADULT]));
    expect((await api("13800000020", P.detail, { id: data.id })).ret).toBe(403);
    expect((await api("13800000020", P.cancel, { id: data.id })).ret).toBe(403);
    const list = (await api("13800000020", P.list, {})).data.list;
    expect(list.map((o: { id: number }) => o.id)).not.toContain(data.id);
    expect((await api("13800000010", P.detail, { id: data.id })).data.status).toBe(0);
    expect((await api("13800000020", P.detail, { id: 999999 })).ret).toBe(404);
    expect((await api(null, P.list, {})).ret).toBe(401);
  });

  it("a company administrator sees the employees' orders; the employee sees only their own", async () => {
    const { seat } = await fare(13);
    const mine = (await api("13800000071", P.book, form(seat, [ADULT]))).data;
    const other = (await api("13800000010", P.book, form(seat, [ADULT2]))).data;
    const adminList = (await api("13800000070", P.list, { pageSize: 100 })).data.list.map((o: { id: number }) => o.id);
    expect(adminList).toContain(mine.id);
    expect(adminList).not.toContain(other.id);
    expect((await api("13800000070", P.detail, { id: mine.id })).ret).toBe(0);
    expect((await api("13800000071", P.detail, { id: other.id })).ret).toBe(403);
  });

  it("lists a member's orders paged, newest first, filtered by status, order number and booking date", async () => {
    const all = (await api("13800000010", P.list, { pageSize: 100 })).data;
    expect(all.total).toBeGreaterThan(5);
    expect(all.list.map((o: { id: number }) => o.id)).toEqual([...all.list.map((o: { id: number }) => o.id)].sort((a, b) => b - a));
    const page2 = (await api("13800000010", P.list, { pageNum: 2, pageSize: 2 })).data;
    expect(page2.list.map((o: { id: number }) => o.id)).toEqual(all.list.slice(2, 4).map((o: { id: number }) => o.id));
    const cancelled = (await api("13800000010", P.list, { status: 12, pageSize: 100 })).data;
    expect(cancelled.list.length).toBeGreaterThan(0);
    expect(cancelled.list.every((o: { status: number }) => o.status === 12)).toBe(true);
    const one = all.list[0];
    expect((await api("13800000010", P.list, { orderNo: one.orderNo })).data.list).toEqual([one]);
    expect((await api("13800000010", P.list, { createDateStart: TODAY, createDateEnd: TODAY, pageSize: 100 })).data.total).toBe(all.total);
    expect((await api("13800000010", P.list, { createDateStart: day(1) })).data.total).toBe(0);
    expect(one).toMatchObject({ depCityName: "北京", arrCityName: "上海", passengerNames: expect.any(Array) });
    // By part of a passenger's name: every order found carries such a passenger.
    const name = one.passengerNames[0] as string;
    const byName = (await api("13800000010", P.list, { travellerName: name.slice(-1), pageSize: 100 })).data.list;
    expect(byName.map((o: { id: number }) => o.id)).toContain(one.id);
    expect(byName.every((o: { passengerNames: string[] }) => o.passengerNames.some((n) => n.includes(name.slice(-1))))).toBe(true);
    expect((await api("13800000010", P.list, { travellerName: "无此人", pageSize: 100 })).data.total).toBe(0);
  });
});

describe("bad input", () => {
  it("refuses a wrong ID number, a child travelling alone, an unknown fare and a stranger, writing nothing", async () => {
    const { flight, seat } = await fare(14);
    const before = await written();
    const seats = await yRemaining(flight.flightKey);
    const wrongId = await api("13800000010", P.book, form(seat, [{ ...ADULT, certNo: "110105194912310021" }]));
    expect(wrongId).toMatchObject({ ret: 400, msg: "证件号码格式不正确" });
    expect(wrongId.data.errors["passengers.0.certNo"]).toBe("证件号码格式不正确");
    const alone = await api("13800000010", P.book, form(seat, [CHILD]));
    expect(alone.ret).toBe(400);
    expect(alone.msg).toContain("成人");
    const badFare = await api("13800000010", P.book, form({ ...seat, fareKey: "2026-12-01:ZZ9999|Y|Y" }, [ADULT]));
    expect(badFare.ret).toBe(400);
    const noContact = await api("13800000010", P.book, form(seat, [ADULT], { contactMobile: "123" }));
    expect(noContact).toMatchObject({ ret: 400, msg: "请输入正确的手机号码" });
    const unborn = await api("13800000010", P.book, form(seat, [ADULT, { ...CHILD, birthday: day(30) }]));
    expect(unborn.ret).toBe(400);
    expect((await api(null, P.book, form(seat, [ADULT]))).ret).toBe(401);
    expect(await written()).toEqual(before);
    expect(await yRemaining(flight.flightKey)).toBe(seats);
  });
});
