// Refund and change of some passengers of a ticketed flight order, end to end on a fresh database
// (SQLite, or PostgreSQL with DATABASE_URL): refunding one of two passengers leaves the order
// 已出票 (部分退票) with that passenger's ticket refunded, exactly their amount back in the wallet
// and one seat back on sale; refunding the other then refunds the order through its own moves.
// Two refunds of one passenger at once: exactly one succeeds. A passenger of another order, an
// empty choice, a ticket already being refunded and a child left without an adult are refused and
// nothing is written. One passenger changed to another flight flies apart (the order keeps its
// flight), is refunded later on the new fare, and passengers refunded side by side close the order.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, count, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { findHold } from "../../server/suppliers/holds";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { idCardCheckChar } from "../../src/domain/validators";
import type { FlightSeat } from "../../src/domain/travel/types";

let h: Harness;
// After every move a test makes, each order list row kept is the one its list assembles now.
afterEach(() => expectListRowsTrue(h.db.db));
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const ME = "13800000010";
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const idNo = (first17: string) => first17 + idCardCheckChar(first17);
const ZHANG = { name: "张三", certType: 1, certNo: "11010519491231002X" };
const LI = { name: "李四", certType: 1, certNo: idNo("11010519850101100") };
const WANG = { name: "王五", certType: 1, certNo: idNo("11010519800505200") };
const CHILD = { name: "张小宝", certType: 2, certNo: "E98765432", birthday: "2019-05-01" };

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  tokens[ME] = await login(h.app, ME);
  ids[ME] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", ME).executeTakeFirstOrThrow()).id;
});
// The wallet never pays without the pay password: every member here has one.
beforeAll(() => givePayPassword(h.db.db));
afterAll(() => stopTravel(h));
beforeEach(async () => {
  // What an earlier test left running (a refund, a change) finishes first: every test counts its own money.
  setClock(() => NOW + 2 * 3_600_000);
  await h.app.jobs.runDueJobs();
  setClock(() => NOW);
});

const db = () => h.db.db;
async function api(url: string, body: Record<string, string | number> = {}) {
  const answer = (await call(h.app, url, { ...body, token: tokens[ME] })).body;
  // Each call's moves (and the jobs run since the last) checked against the list rows kept before it.
  await expectListRowsTrue(h.db.db);
  return answer;
}
/** The passengers of a request, as the portal sends them (passengerIds.0=…). */
const chosen = (...passengerIds: number[]) => Object.fromEntries(passengerIds.map((id, i) => [`passengerIds.${i}`, id]));

let keys = 0;
async function fares(n: number) {
  const list = await fullFlights(h.app, (await api(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).data.list);
  const all = list.flatMap((flight) => flight.seats.map((seat) => ({ flight, seat })));
  return {
    fullY: all.filter((x) => x.seat.cabinClass === "Y" && x.seat.cabinCode === "Y" && x.seat.seatsLeft >= 4),
    business: all.filter((x) => x.seat.cabinClass === "C" && x.seat.seatsLeft >= 4),
  };
}

const remaining = async (flightKey: string, column: "yRemaining" | "cRemaining" = "yRemaining") =>
  (await db().selectFrom("air_flights").select(column).where("flightKey", "=", flightKey).executeTakeFirstOrThrow())[column] as number;
const balanceFen = async () => (await db().selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[ME]).executeTakeFirstOrThrow()).balanceFen;
const detail = async (id: number) => (await api(P.detail, { id })).data;
const ticketsOf = async (id: number) => ((await detail(id)).passengers as { name: string; ticketStatus: string }[]).map((p) => `${p.name}:${p.ticketStatus}`);

let clock = NOW;
async function after(ms: number) {
  clock += ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}

async function pay(orderId: number, businessType: number): Promise<string> {
  const t = await api(PAY.create, { orderId, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[ME], t.data.outTradeNo), businessType });
  expect(r.ret, r.msg).toBe(0);
  return t.data.outTradeNo as string;
}

/** Books these passengers on the fare, pays from the wallet and waits for the tickets. */
async function ticketed(seat: FlightSeat, passengers: Record<string, string | number>[]) {
  clock = NOW;
  setClock(() => clock);
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: `partial-${++keys}-${Date.now()}`, contactName: "张三", contactMobile: ME };
  passengers.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) body[`passengers.${i}.${k}`] = v;
  });
  const r = await api(P.book, body);
  expect(r.ret, r.msg).toBe(0);
  const outTradeNo = await pay(r.data.id, BUSINESS_TYPE.dometicketOrderPay);
  await after(0);
  await after(6_000);
  const d = await detail(r.data.id);
  expect(d.status).toBe(2);
  const passengerIds = (d.passengers as { id: number }[]).map((p) => p.id);
  return { id: r.data.id as number, outTradeNo, passengerIds, holdId: (await db().selectFrom("orders").select("holdId").where("id", "=", r.data.id).executeTakeFirstOrThrow()).holdId! };
}

async function written() {
  return {
    orders: await count(db(), "orders"), events: await count(db(), "order_events"), jobs: await count(db(), "jobs"), holds: await count(db(), "inventory_holds"),
    refunds: await count(db(), "flight_refunds"), changes: await count(db(), "flight_changes"), ledger: await count(db(), "ledger"), payments: await count(db(), "payments"),
  };
}

const setBalance = () => db().updateTable("wallets").set({ balanceFen: 10_000_000 }).where("memberId", "=", ids[ME]).execute();

describe("refund of some passengers", () => {
  it("one of two: the order stays 已出票 (部分退票), that ticket is refunded with exactly its amount back; then the other refunds the order", async () => {
    await setBalance();
    const { flight, seat } = (await fares(10)).fullY[0];
    const seatsBefore = await remaining(flight.flightKey);
    const order = await ticketed(seat, [ZHANG, LI]);
    const [zhang, li] = order.passengerIds;
    expect(await remaining(flight.flightKey)).toBe(seatsBefore - 2);
    expect(await ticketsOf(order.id)).toEqual(["张三:ticketed", "李四:ticketed"]);

    // The estimate names every passenger still holding a ticket; the one chosen is that line alone.
    const all = (await api(A.refundTip, { id: order.id })).data;
    expect(all.lines.map((l: { name: string }) => l.name)).toEqual(["张三", "李四"]);
    const tip = await api(A.refundTip, { id: order.id, ...chosen(li) });
    expect(tip.ret, tip.msg).toBe(0);
    expect(tip.data.lines).toEqual([all.lines[1]]);
    expect(tip.data).toMatchObject({ fee: all.lines[1].fee, refund: all.lines[1].refund });

    const paid = await balanceFen();
    const r = await api(A.refundSubmit, { id: order.id, reason: "自愿退票", ...chosen(li) });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 2, whole: false, fee: tip.data.fee, refund: tip.data.refund });
    let d = await detail(order.id);
    expect(d).toMatchObject({ status: 2, partial: ["partialRefund"], refund: { whole: false, status: "requested", refund: tip.data.refund } });
    expect(await ticketsOf(order.id)).toEqual(["张三:ticketed", "李四:refunding"]);
    // Still refundable and changeable: 张三 holds his ticket.
    expect(d.actions).toEqual(expect.arrayContaining(["requestRefund", "requestChange"]));
    // Who asked (the member signed in), when, for whom.
    expect(d.events.at(-1)).toMatchObject({ action: "partialRefund", fromStatus: 2, toStatus: 2, actorName: "李明", note: expect.stringContaining("部分退票：李四") });

    await after(3_000);
    await after(3_000);
    d = await detail(order.id);
    expect(d).toMatchObject({ status: 2, partial: ["partialRefund"], refund: { status: "refunded", toAccount: "wallet" } });
    expect(await ticketsOf(order.id)).toEqual(["张三:ticketed", "李四:refunded"]);
    expect(d.events.slice(-4).map((e: { action: string; actorName: string }) => `${e.action}:${e.actorName}`)).toEqual(["partialRefund:李明", "partialAccept:系统", "partialFinish:系统", "partialMoney:系统"]);
    expect(d.events.at(-1).note).toBe(`李四：退款 ¥${(tip.data.refund / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")} 至账户余额（扣除退票费 ¥${(tip.data.fee / 100).toFixed(2)}）`);
    expect(await balanceFen()).toBe(paid + tip.data.refund);
    const ledger = await db().selectFrom("ledger").selectAll().where("outTradeNo", "=", order.outTradeNo).where("entry", "=", "refund").execute();
    expect(ledger).toEqual([expect.objectContaining({ account: "wallet", direction: "in", amountFen: tip.data.refund, note: "机票退票退款（李四）" })]);
    // One seat back on sale; the booking keeps 张三's; the trade stays paid for the next refund.
    expect(await remaining(flight.flightKey)).toBe(seatsBefore - 1);
    expect(await findHold(db(), order.holdId)).toMatchObject({ status: "confirmed", quantity: 1 });
    expect((await db().selectFrom("payments").select("status").where("outTradeNo", "=", order.outTradeNo).executeTakeFirstOrThrow()).status).toBe("paid");

    // The last ticket: the estimate is his alone, and his refund is the whole order's.
    expect((await api(A.refundTip, { id: order.id })).data.lines.map((l: { name: string }) => l.name)).toEqual(["张三"]);
    const last = await api(A.refundSubmit, { id: order.id, reason: "其他", ...chosen(zhang) });
    expect(last.ret, last.msg).toBe(0);
    expect(last.data).toMatchObject({ status: 9, whole: true, refund: all.lines[0].refund });
    expect((await detail(order.id)).actions).toEqual([]);
    await after(3_000);
    expect((await detail(order.id)).status).toBe(10);
    await after(3_000);
    d = await detail(order.id);
    expect(d).toMatchObject({ status: 6, partial: [], actions: [] });
    expect(d.refunds.map((x: { whole: boolean; status: string }) => [x.whole, x.status])).toEqual([[false, "refunded"], [true, "refunded"]]);
    expect(await ticketsOf(order.id)).toEqual(["张三:refunded", "李四:refunded"]);
    expect(await balanceFen()).toBe(paid + all.refund);
    expect(await remaining(flight.flightKey)).toBe(seatsBefore);
    expect(await findHold(db(), order.holdId)).toMatchObject({ status: "refunded", quantity: 0 });
    expect((await db().selectFrom("payments").select("status").where("outTradeNo", "=", order.outTradeNo).executeTakeFirstOrThrow()).status).toBe("refunded");
    // Jobs that run again find everything moved on.
    await after(60_000);
    expect(await balanceFen()).toBe(paid + all.refund);
  });

  it("two refunds of the same passenger at once: exactly one succeeds, with one record, one event and one job", async () => {
    await setBalance();
    const { seat } = (await fares(11)).fullY[0];
    const order = await ticketed(seat, [ZHANG, LI]);
    const li = order.passengerIds[1];
    const before = await written();
    const results = await Promise.all([
      api(A.refundSubmit, { id: order.id, reason: "自愿退票", ...chosen(li) }),
      api(A.refundSubmit, { id: order.id, reason: "其他", ...chosen(li) }),
    ]);
    expect(results.map((r) => r.ret).sort()).toEqual([0, 409]);
    expect(await written()).toEqual({ ...before, refunds: before.refunds + 1, events: before.events + 1, jobs: before.jobs + 1 });
    expect(await ticketsOf(order.id)).toEqual(["张三:ticketed", "李四:refunding"]);

    // And a refund of one passenger racing one of both: one of them wins.
    const other = await ticketed((await fares(12)).fullY[0].seat, [ZHANG, LI]);
    const b2 = await written();
    const race = await Promise.all([
      api(A.refundSubmit, { id: other.id, reason: "自愿退票", ...chosen(other.passengerIds[0]) }),
      api(A.refundSubmit, { id: other.id, reason: "自愿退票", ...chosen(...other.passengerIds) }),
    ]);
    expect(race.map((r) => r.ret).sort()).toEqual([0, 409]);
    expect(await written()).toMatchObject({ refunds: b2.refunds + 1, jobs: b2.jobs + 1 });
  });

  it("refuses a passenger of another order, an empty choice, a ticket already being refunded and a child left alone, writing nothing", async () => {
    await setBalance();
    const { seat } = (await fares(13)).fullY[0];
    const mine = await ticketed(seat, [ZHANG, LI, CHILD]);
    const theirs = await ticketed((await fares(14)).fullY[0].seat, [WANG]);
    const [zhang, li, child] = mine.passengerIds;
    await api(A.refundSubmit, { id: mine.id, reason: "自愿退票", ...chosen(li) });
    const before = await written();

    const stranger = await api(A.refundSubmit, { id: mine.id, reason: "自愿退票", ...chosen(theirs.passengerIds[0]) });
    expect(stranger).toMatchObject({ ret: 400, msg: "所选乘客不属于该订单", data: { errors: { passengerIds: "所选乘客不属于该订单" } } });
    expect(await api(A.refundTip, { id: mine.id, ...chosen(theirs.passengerIds[0]) })).toMatchObject({ ret: 400, msg: "所选乘客不属于该订单" });
    expect(await api(A.refundSubmit, { id: mine.id, reason: "自愿退票", passengerIds: "" })).toMatchObject({ ret: 400, msg: "请选择退票的乘客" });
    expect(await api(A.refundSubmit, { id: mine.id, reason: "自愿退票", "passengerIds.0": "abc" })).toMatchObject({ ret: 400, msg: "退票乘客不正确" });
    expect(await api(A.refundSubmit, { id: mine.id, reason: "自愿退票", ...chosen(li) })).toMatchObject({ ret: 409, msg: "乘客 李四 的机票退票中，不能退票" });
    expect(await api(A.refundSubmit, { id: mine.id, reason: "自愿退票", ...chosen(zhang) })).toMatchObject({ ret: 409, msg: "退票后剩余的儿童和婴儿须由成人陪同，请同时为他们退票" });
    expect(await api(A.change, { id: mine.id, fareKey: (await fares(15)).fullY[0].seat.fareKey, ...chosen(child) })).toMatchObject({ ret: 409, msg: "改签的乘客中儿童和婴儿须由成人陪同，请同时选择同行的成人" });
    expect(await written()).toEqual(before);
    expect(await ticketsOf(mine.id)).toEqual(["张三:ticketed", "李四:refunding", "张小宝:ticketed"]);
    // The adult with his child together is fine.
    expect((await api(A.refundTip, { id: mine.id, ...chosen(zhang, child) })).ret).toBe(0);
  });

  it("passengers refunded side by side: the last one's money back refunds the order", async () => {
    await setBalance();
    const { seat } = (await fares(16)).fullY[0];
    const order = await ticketed(seat, [ZHANG, LI]);
    const paid = await balanceFen();
    const a = await api(A.refundSubmit, { id: order.id, reason: "自愿退票", ...chosen(order.passengerIds[0]) });
    // 张三's refund still runs: 李四's is of some passengers too, and the order stays 已出票.
    const b = await api(A.refundSubmit, { id: order.id, reason: "自愿退票", ...chosen(order.passengerIds[1]) });
    expect([a.data.whole, b.data.whole, b.data.status]).toEqual([false, false, 2]);
    expect((await detail(order.id)).actions).toEqual(["void"]);
    await after(3_000);
    await after(3_000);
    const d = await detail(order.id);
    expect(d).toMatchObject({ status: 6, partial: [] });
    expect(d.events.at(-1)).toMatchObject({ action: "closeRefunded", fromStatus: 2, toStatus: 6, actorName: "系统" });
    expect(await balanceFen()).toBe(paid + a.data.refund + b.data.refund);
    expect((await db().selectFrom("payments").select("status").where("outTradeNo", "=", order.outTradeNo).executeTakeFirstOrThrow()).status).toBe("refunded");
    expect(await findHold(db(), order.holdId)).toMatchObject({ status: "refunded", quantity: 0 });
  });
});

describe("change of some passengers", () => {
  it("one of two changed to the next day flies apart: the order keeps its flight, his old seat is released, and he is refunded later on his new fare", async () => {
    await setBalance();
    const from = (await fares(20)).fullY[0];
    const to = (await fares(21)).fullY.find((x) => x.seat.salePrice <= from.seat.salePrice && x.seat.adtTaxeYq <= from.seat.adtTaxeYq && x.flight.flightKey !== from.flight.flightKey)!;
    expect(to, "a next-day full fare no dearer").toBeTruthy();
    const order = await ticketed(from.seat, [ZHANG, LI]);
    const [zhang, li] = order.passengerIds;
    const [oldBefore, newBefore] = [await remaining(from.flight.flightKey), await remaining(to.flight.flightKey)];

    const q = await api(A.change, { id: order.id, fareKey: to.seat.fareKey, ...chosen(li) });
    expect(q.ret, q.msg).toBe(0);
    expect(q.data.quote.lines.map((l: { name: string }) => l.name)).toEqual(["李四"]);
    const c = await api(A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total: q.data.quote.total, ...chosen(li) });
    expect(c.ret, c.msg).toBe(0);
    expect(await ticketsOf(order.id)).toEqual(["张三:ticketed", "李四:changing"]);
    expect(await remaining(to.flight.flightKey)).toBe(newBefore - 1);
    await after(3_000);

    const d = await detail(order.id);
    expect(d).toMatchObject({ status: 3, flightNo: from.flight.flightNo, fareKey: from.seat.fareKey, partial: ["partialChange"], change: { whole: false, status: "confirmed" } });
    expect(d.passengers.map((p: { name: string; ticketStatus: string; changedTo: { flightNo: string } | null }) => [p.name, p.ticketStatus, p.changedTo?.flightNo ?? null]))
      .toEqual([["张三", "ticketed", null], ["李四", "changed", to.flight.flightNo]]);
    expect(d.events.at(-2)).toMatchObject({ action: "requestChange", note: expect.stringContaining("部分改签：李四") });
    // His old seat is back on sale, 张三's stays taken; the new flight holds his.
    expect(await remaining(from.flight.flightKey)).toBe(oldBefore + 1);
    expect(await remaining(to.flight.flightKey)).toBe(newBefore - 1);
    expect(await findHold(db(), order.holdId)).toMatchObject({ status: "confirmed", quantity: 1 });

    // Both refunded at once: each line priced on its own ticket and flight; each seat goes back where it was.
    const tip = (await api(A.refundTip, { id: order.id })).data;
    expect(tip.lines.map((l: { name: string; ticket: number }) => [l.name, l.ticket])).toEqual([["张三", from.seat.salePrice], ["李四", to.seat.salePrice]]);
    const r = await api(A.refundSubmit, { id: order.id, reason: "自愿退票", ...chosen(zhang, li) });
    expect(r.data).toMatchObject({ whole: true, status: 9, refund: tip.refund });
    await after(3_000);
    await after(3_000);
    expect((await detail(order.id)).status).toBe(6);
    expect(await remaining(from.flight.flightKey)).toBe(oldBefore + 2);
    expect(await remaining(to.flight.flightKey)).toBe(newBefore);
  });

  it("one passenger's change to business class is paid in the cashier for him alone; a change of passengers on two flights is refused", async () => {
    await setBalance();
    const from = (await fares(22)).fullY[0];
    const to = (await fares(23)).business[0];
    const order = await ticketed(from.seat, [ZHANG, LI]);
    const [zhang, li] = order.passengerIds;
    const both = (await api(A.change, { id: order.id, fareKey: to.seat.fareKey })).data.quote;
    const q = (await api(A.change, { id: order.id, fareKey: to.seat.fareKey, ...chosen(zhang) })).data.quote;
    expect(q.lines).toEqual([both.lines[0]]);
    expect(q.total).toBe(both.lines[0].total);
    const c = await api(A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total: q.total, ...chosen(zhang) });
    expect(c.data).toMatchObject({ status: "awaitingPayment", total: q.total });
    const cashier = (await api(PAY.cashier, { orderId: order.id })).data;
    expect(cashier).toMatchObject({ businessType: BUSINESS_TYPE.changeTicket, amount: q.total, status: 11 });
    const balance = await balanceFen();
    await pay(order.id, BUSINESS_TYPE.changeTicket);
    expect(await balanceFen()).toBe(balance - q.total);
    expect(await ticketsOf(order.id)).toEqual(["张三:changed", "李四:ticketed"]);

    const next = (await fares(24)).fullY[0];
    const before = await written();
    expect(await api(A.change, { id: order.id, fareKey: next.seat.fareKey, ...chosen(zhang, li) })).toMatchObject({ ret: 400, msg: "所选乘客不在同一航班上，请分别改签" });
    expect(await written()).toEqual(before);
  });

  it("a change and a refund of the same passenger at once: exactly one succeeds", async () => {
    await setBalance();
    const from = (await fares(25)).fullY[0];
    const to = (await fares(26)).business[0];
    const order = await ticketed(from.seat, [ZHANG, LI]);
    const li = order.passengerIds[1];
    const total = (await api(A.change, { id: order.id, fareKey: to.seat.fareKey, ...chosen(li) })).data.quote.total;
    const seats = await remaining(to.flight.flightKey, "cRemaining");
    const results = await Promise.all([
      api(A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total, ...chosen(li) }),
      api(A.refundSubmit, { id: order.id, reason: "自愿退票", ...chosen(li) }),
    ]);
    expect(results.map((r) => r.ret).sort()).toEqual([0, 409]);
    const tickets = await ticketsOf(order.id);
    expect([["张三:ticketed", "李四:changing"], ["张三:ticketed", "李四:refunding"]]).toContainEqual(tickets);
    // The change's seats are held only if the change won.
    expect(await remaining(to.flight.flightKey, "cRemaining")).toBe(tickets[1] === "李四:changing" ? seats - 1 : seats);
  });
});

describe("the airline's jobs", () => {
  it("every refund and change step above ran without an error", async () => {
    setClock(() => NOW + 2 * 3_600_000);
    await h.app.jobs.runDueJobs();
    expect(await db().selectFrom("jobs").select(["kind", "lastError"]).where("lastError", "is not", null).execute()).toEqual([]);
  });
});
