// Refund and change of ticketed flight orders end to end on a fresh database (SQLite, or
// PostgreSQL with DATABASE_URL): the refund estimate is the fee table's and what the airline
// charges, a refund runs through the airline's jobs to 已退款 with the money back in the wallet
// (or the company's credit line) and the seats back on sale, a refunded passenger's insurance
// surrendered with its premium back before the flight and kept after it; a change with nothing to pay is
// confirmed by the airline, one with money to pay goes through the real wallet cashier, and one
// left unpaid is declined with its new seats released; illegal moves, a second concurrent refund,
// another member's order and a partner that turns after-sales off change nothing.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance as setBalanceLedgered } from "./money-audit";
import { day, NOW, SEED, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, count, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { suppliersFor, supplierContext } from "../../server/suppliers";
import { applyFlightMove } from "../../server/orders/flight/moves";
import { SYSTEM_ACTOR } from "../../server/orders/actor";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { idCardCheckChar } from "../../src/domain/validators";
import type { FlightSeat } from "../../src/domain/travel/types";
import { percentOf } from "../../src/domain/money";

let h: Harness;
// After every move a test makes, each order list row kept is the one its list assembles now.
afterEach(() => expectListRowsTrue(h.db.db));
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const ME = "13800000010";
const OTHER = "13800000020";
const ADMIN = "13800000070";
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const ADULT = { name: "张三", certType: 1, certNo: "11010519491231002X" };
const CHILD = { name: "张小宝", certType: 2, certNo: "E98765432", birthday: "2019-05-01" };

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [ME, OTHER, ADMIN]) {
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
  const answer = (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
  // Each call's moves (and the jobs run since the last) checked against the list rows kept before it.
  await expectListRowsTrue(h.db.db);
  return answer;
}

let keys = 0;
const clientKey = () => `refund-key-${++keys}-${Date.now()}`;
const db = () => h.db.db;

/** Fares of a Beijing–Shanghai day: the full economy fare (code Y) of each flight, and the business ones. */
async function fares(n: number, route = { depCity: "BJS", arrCity: "SHA" }) {
  const list = await fullFlights(h.app, (await api(null, LIST, { ...route, depDate: day(n) })).data.list);
  const all = list.flatMap((flight) => flight.seats.map((seat) => ({ flight, seat })));
  return {
    fullY: all.filter((x) => x.seat.cabinClass === "Y" && x.seat.cabinCode === "Y" && x.seat.seatsLeft >= 3),
    business: all.filter((x) => x.seat.cabinClass === "C" && x.seat.seatsLeft >= 3),
  };
}

function form(seat: FlightSeat, passengers: Record<string, string | number>[]) {
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: clientKey(), contactName: "张三", contactMobile: "13800000010" };
  passengers.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) body[`passengers.${i}.${k}`] = v;
  });
  return body;
}

const remaining = async (flightKey: string, column: "yRemaining" | "cRemaining" = "yRemaining") =>
  (await db().selectFrom("air_flights").select(column).where("flightKey", "=", flightKey).executeTakeFirstOrThrow())[column] as number;
const setBalance = (who: string, balance: string) => setBalanceLedgered(db(), ids[who], balance);
const balanceFen = async (who: string) => (await db().selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen;
const detail = async (who: string, id: number) => (await api(who, P.detail, { id })).data;

async function pay(who: string, orderId: number, method: "wallet" | "credit", businessType: number): Promise<string> {
  const cashier = await api(who, PAY.cashier, { orderId });
  expect(cashier.ret, cashier.msg).toBe(0);
  expect(cashier.data.businessType).toBe(businessType);
  const t = await api(who, PAY.create, { orderId, method });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(who, method === "wallet" ? PAY.wallet : PAY.credit, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType });
  expect(r.ret, r.msg).toBe(0);
  return t.data.outTradeNo as string;
}

let clock = NOW;
/** Moves the clock on and runs what falls due. */
async function after(ms: number) {
  clock += ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}

/** Books, pays and waits for the tickets: an order in 已出票. */
async function ticketed(who: string, seat: FlightSeat, passengers: Record<string, string | number>[] = [ADULT], method: "wallet" | "credit" = "wallet") {
  clock = NOW;
  setClock(() => clock);
  const r = await api(who, P.book, form(seat, passengers));
  expect(r.ret, r.msg).toBe(0);
  const outTradeNo = await pay(who, r.data.id, method, BUSINESS_TYPE.dometicketOrderPay);
  await after(0);
  await after(6_000);
  expect((await detail(who, r.data.id)).status).toBe(2);
  return { id: r.data.id as number, outTradeNo, payprice: r.data.payprice as number };
}

async function written() {
  return {
    orders: await count(db(), "orders"), events: await count(db(), "order_events"), jobs: await count(db(), "jobs"), holds: await count(db(), "inventory_holds"),
    refunds: await count(db(), "flight_refunds"), changes: await count(db(), "flight_changes"), ledger: await count(db(), "ledger"), payments: await count(db(), "payments"),
  };
}

describe("refund", () => {
  it("the estimate follows the fare's tier and the hours left, and is exactly what the airline charges", async () => {
    await setBalance(ME, "100000.00");
    const { seat } = (await fares(10)).fullY[0];
    const order = await ticketed(ME, seat, [ADULT, CHILD]);
    const tip = await api(ME, A.refundTip, { id: order.id });
    expect(tip.ret, tip.msg).toBe(0);
    // A full fare 10 days out: 5 % of each ticket (whole yuan), the taxes back.
    const d = await detail(ME, order.id);
    expect(tip.data.lines).toHaveLength(2);
    for (const [i, line] of tip.data.lines.entries()) {
      const p = d.passengers[i];
      expect(line).toMatchObject({ passengerId: p.id, name: p.name, ticket: p.tktPrice, feePercent: 5, taxes: p.consTax + p.fuelTax });
      expect(line.fee).toBe(percentOf(p.tktPrice, 5, 100));
      expect(line.refund).toBe(p.tktPrice - line.fee + p.consTax + p.fuelTax);
    }
    expect(tip.data.fee).toBe(tip.data.lines[0].fee + tip.data.lines[1].fee);
    expect(tip.data.refund).toBe(tip.data.lines[0].refund + tip.data.lines[1].refund);

    // What the airline would charge for the same tickets now (rolled back: nothing happens).
    const holdId = (await db().selectFrom("orders").select("holdId").where("id", "=", order.id).executeTakeFirstOrThrow()).holdId!;
    let charged: { fee: number; refund: number } | null = null;
    await db().transaction().execute(async (trx) => {
      charged = await suppliersFor(trx, SEED).flight.within(trx).refund(holdId, await supplierContext(trx, null));
      throw new Error("roll back");
    }).catch((e: Error) => expect(e.message).toBe("roll back"));
    expect(charged).toMatchObject({ fee: tip.data.fee, refund: tip.data.refund });

    // Under 48 hours before departure the same fare costs 20 %.
    setClock(() => Date.parse(d.flight.depUtc) - 47 * 3_600_000);
    const late = await api(ME, A.refundTip, { id: order.id });
    expect(late.data.lines[0]).toMatchObject({ feePercent: 20, fee: percentOf(d.passengers[0].tktPrice, 20, 100) });
  });

  it("a submitted refund goes 退票申请中 → 退票处理中 → 已退票 → 已退款 by the airline's jobs, money back to the wallet with a ledger row, seats back on sale", async () => {
    await setBalance(ME, "100000.00");
    const { flight, seat } = (await fares(11)).fullY[0];
    const seatsBefore = await remaining(flight.flightKey);
    const order = await ticketed(ME, seat);
    expect(await remaining(flight.flightKey)).toBe(seatsBefore - 1);
    expect((await detail(ME, order.id)).actions).toEqual(expect.arrayContaining(["requestRefund", "requestChange"]));
    const tip = (await api(ME, A.refundTip, { id: order.id })).data;
    const paidBalance = await balanceFen(ME);

    const r = await api(ME, A.refundSubmit, { id: order.id, reason: "航班延误或取消" });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 9, fee: tip.fee, refund: tip.refund });
    let d = await detail(ME, order.id);
    expect(d).toMatchObject({ status: 9, actions: [], refund: { reason: "航班延误或取消", fee: tip.fee, refund: tip.refund, status: "requested", toAccount: null } });

    await after(3_000);
    expect((await detail(ME, order.id)).status).toBe(10);
    await after(3_000);
    d = await detail(ME, order.id);
    expect(d).toMatchObject({ status: 6, actions: [], refund: { status: "refunded", toAccount: "wallet" } });
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(["create", "pay", "issue", "ticket", "requestRefund", "acceptRefund", "finishRefund", "refundMoney"]);
    expect(d.events.at(-1).note).toContain("至账户余额");
    expect(await balanceFen(ME)).toBe(paidBalance + tip.refund);
    const rows = await db().selectFrom("ledger").selectAll().where("outTradeNo", "=", order.outTradeNo).where("entry", "=", "refund").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ account: "wallet", direction: "in", amountFen: tip.refund, businessType: BUSINESS_TYPE.dometicketOrderPay });
    expect(await remaining(flight.flightKey)).toBe(seatsBefore);
    // Jobs that run again find the order moved on and leave it.
    await after(60_000);
    expect((await detail(ME, order.id)).status).toBe(6);
  });

  it("an order paid on company credit is refunded to the credit line, not to the booker's wallet", async () => {
    const { seat } = (await fares(12)).fullY[0];
    const order = await ticketed(ADMIN, seat, [ADULT], "credit");
    const line = async () => db().selectFrom("wallets").select(["creditUsedFen", "balanceFen"]).where("memberId", "=", ids[ADMIN]).executeTakeFirstOrThrow();
    const before = await line();
    const r = await api(ADMIN, A.refundSubmit, { id: order.id, reason: "自愿退票" });
    expect(r.ret, r.msg).toBe(0);
    await after(3_000);
    await after(3_000);
    const after2 = await line();
    expect(before.creditUsedFen - after2.creditUsedFen).toBe(r.data.refund);
    expect(after2.balanceFen).toBe(before.balanceFen);
    const rows = await db().selectFrom("ledger").selectAll().where("outTradeNo", "=", order.outTradeNo).where("entry", "=", "refund").execute();
    expect(rows).toEqual([expect.objectContaining({ account: "credit", direction: "in", amountFen: r.data.refund })]);
    expect((await detail(ADMIN, order.id)).refund).toMatchObject({ status: "refunded", toAccount: "credit" });
  });

  it("two refund submits at once: exactly one succeeds, one refund record and one job", async () => {
    await setBalance(ME, "100000.00");
    const { seat } = (await fares(13)).fullY[0];
    const order = await ticketed(ME, seat);
    const before = await written();
    const results = await Promise.all([
      api(ME, A.refundSubmit, { id: order.id, reason: "自愿退票" }),
      api(ME, A.refundSubmit, { id: order.id, reason: "其他" }),
    ]);
    expect(results.map((r) => r.ret).sort()).toEqual([0, 409]);
    const after1 = await written();
    expect(after1).toEqual({ ...before, refunds: before.refunds + 1, events: before.events + 1, jobs: before.jobs + 1 });
    expect((await detail(ME, order.id)).status).toBe(9);
  });
});

describe("insurance on refund", () => {
  const insuStatuses = async (id: number) => (await detail(ME, id)).passengers.map((p: { insuStatus: number }) => p.insuStatus);
  // Other tests' refunds may finish in the same runs of the jobs: this order's own ledger rows.
  const refundedTo = async (outTradeNo: string) =>
    (await db().selectFrom("ledger").select(["account", "amountFen"]).where("outTradeNo", "=", outTradeNo).where("entry", "=", "refund").execute()).map((r) => [r.account, r.amountFen]);

  it("before the flight: the policy is surrendered (退保中, then 已退保) and its premium comes back with the ticket", async () => {
    await setBalance(ME, "100000.00");
    const { seat } = (await fares(40)).fullY[0];
    const order = await ticketed(ME, seat, [{ ...ADULT, insuType: "1" }, CHILD]);
    const d = await detail(ME, order.id);
    const premium = d.passengers[0].insuPayPrice;
    expect(premium).toBeGreaterThan(0);
    expect(await insuStatuses(order.id)).toEqual([1, 0]);
    const tip = (await api(ME, A.refundTip, { id: order.id })).data;
    expect(tip).toMatchObject({ insurance: premium, insuranceKept: 0 });
    expect(tip.lines[0]).toMatchObject({ insurance: premium, refund: d.passengers[0].tktPrice - tip.lines[0].fee + tip.lines[0].taxes + premium });
    expect(tip.lines[1]).toMatchObject({ insurance: 0 });
    const r = await api(ME, A.refundSubmit, { id: order.id, reason: "自愿退票" });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ insurance: premium, refund: tip.refund });
    expect(await insuStatuses(order.id)).toEqual([5, 0]);
    expect((await detail(ME, order.id)).events.at(-1).note).toContain(`含保险退保 ¥${(premium / 100).toFixed(2)}`);
    await after(3_000);
    expect(await insuStatuses(order.id)).toEqual([5, 0]);
    await after(3_000);
    const done = await detail(ME, order.id);
    expect(done.status).toBe(6);
    expect(await insuStatuses(order.id)).toEqual([4, 0]);
    expect(done.events.at(-1)).toMatchObject({ action: "refundMoney", note: expect.stringContaining(`含保险退保 ¥${(premium / 100).toFixed(2)}`) });
    expect(done.refund.lines[0]).toMatchObject({ insurance: premium });
    expect(await refundedTo(order.outTradeNo)).toEqual([["wallet", tip.refund]]);
  });

  it("some passengers refunded: only theirs is surrendered, the others' policies stay in force", async () => {
    await setBalance(ME, "100000.00");
    const { seat } = (await fares(41)).fullY[0];
    const second = { name: "李四", certType: 1, certNo: `11010519850101001${idCardCheckChar("11010519850101001")}`, insuType: "1" };
    const order = await ticketed(ME, seat, [{ ...ADULT, insuType: "1" }, second]);
    const d = await detail(ME, order.id);
    const r = await api(ME, A.refundSubmit, { id: order.id, reason: "自愿退票", "passengerIds.0": d.passengers[1].id });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ whole: false, insurance: d.passengers[1].insuPayPrice });
    expect(await insuStatuses(order.id)).toEqual([1, 5]);
    await after(3_000);
    await after(3_000);
    expect(await insuStatuses(order.id)).toEqual([1, 4]);
    // The one still flying keeps a policy that the next refund surrenders.
    const tip = (await api(ME, A.refundTip, { id: order.id })).data;
    expect(tip).toMatchObject({ insurance: d.passengers[0].insuPayPrice });
  });

  it("after the flight left: no surrender, the estimate says the premium is kept, and the policy stays 已投保", async () => {
    await setBalance(ME, "100000.00");
    // Soon enough that the session signed in before the clock moved is still good after the flight.
    const { flight, seat } = (await fares(3)).fullY[0];
    const order = await ticketed(ME, seat, [{ ...ADULT, insuType: "1" }]);
    const d = await detail(ME, order.id);
    const premium = d.passengers[0].insuPayPrice;
    clock = Date.parse(flight.depUtc) + 3_600_000;
    setClock(() => clock);
    const tip = (await api(ME, A.refundTip, { id: order.id })).data;
    expect(tip).toMatchObject({ insurance: 0, insuranceKept: premium });
    expect(tip.lines[0].refund).toBe(d.passengers[0].tktPrice - tip.lines[0].fee + tip.lines[0].taxes);
    const r = await api(ME, A.refundSubmit, { id: order.id, reason: "自愿退票" });
    expect(r.ret, r.msg).toBe(0);
    expect((await detail(ME, order.id)).events.at(-1).note).toContain(`保费 ¥${(premium / 100).toFixed(2)} 不退`);
    await after(3_000);
    await after(3_000);
    expect((await detail(ME, order.id)).status).toBe(6);
    expect(await insuStatuses(order.id)).toEqual([1]);
    expect(await refundedTo(order.outTradeNo)).toEqual([["wallet", tip.refund]]);
  });
});

describe("change", () => {
  it("a change with nothing to pay holds the new seats, is confirmed by the airline, and releases the old ones", async () => {
    await setBalance(ME, "100000.00");
    const from = (await fares(14)).fullY[0];
    const to = (await fares(15)).fullY.find((x) => x.seat.salePrice <= from.seat.salePrice && x.seat.adtTaxeYq <= from.seat.adtTaxeYq)!;
    expect(to, "a next-day full fare no dearer").toBeTruthy();
    const order = await ticketed(ME, from.seat);
    const [oldBefore, newBefore] = [await remaining(from.flight.flightKey), await remaining(to.flight.flightKey)];

    const q = await api(ME, A.change, { id: order.id, fareKey: to.seat.fareKey });
    expect(q.ret, q.msg).toBe(0);
    // A full fare 14 days out changes free; no dearer ticket or fuel, no agreed service fee.
    expect(q.data.quote).toMatchObject({ changeFee: 0, changeSpread: 0, changeFuelTaxSpread: 0, changeServiceFee: 0, total: 0 });
    expect(q.data.flight.flightNo).toBe(to.flight.flightNo);
    const c = await api(ME, A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total: 0 });
    expect(c.ret, c.msg).toBe(0);
    expect(c.data).toMatchObject({ status: "confirming", total: 0, expiresAt: null });
    expect(await remaining(to.flight.flightKey)).toBe(newBefore - 1);
    expect(await remaining(from.flight.flightKey)).toBe(oldBefore);
    expect((await detail(ME, order.id)).status).toBe(11);
    // Nothing to pay: the cashier has nothing to take.
    expect((await api(ME, PAY.create, { orderId: order.id, method: "wallet" })).ret).toBe(409);

    await after(3_000);
    const d = await detail(ME, order.id);
    expect(d).toMatchObject({ status: 3, flightNo: to.flight.flightNo, depDate: to.flight.depDate, fareKey: to.seat.fareKey, change: { status: "confirmed", fromFlightNo: from.flight.flightNo } });
    expect(d.events.map((e: { action: string }) => e.action).slice(-2)).toEqual(["requestChange", "confirmChange"]);
    expect(await remaining(from.flight.flightKey)).toBe(oldBefore + 1);
    expect(await remaining(to.flight.flightKey)).toBe(newBefore - 1);
    // The changed order may be refunded, priced on its new ticket.
    expect(d.actions).toEqual(expect.arrayContaining(["requestRefund", "requestChange"]));
    expect((await api(ME, A.refundTip, { id: order.id })).data.lines[0].ticket).toBe(to.seat.salePrice);
  });

  it("a change with nothing to pay whose seats' hold ran out before the airline confirmed it is declined and the seats go back", async () => {
    await setBalance(ME, "100000.00");
    const from = (await fares(28)).fullY[0];
    const to = (await fares(29)).fullY.find((x) => x.seat.salePrice <= from.seat.salePrice && x.seat.adtTaxeYq <= from.seat.adtTaxeYq)!;
    const order = await ticketed(ME, from.seat);
    const newBefore = await remaining(to.flight.flightKey);
    const c = await api(ME, A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total: 0 });
    expect(c.data.status).toBe("confirming");
    // The runner comes back only after the hold's 30 minutes.
    await after(31 * 60_000);
    const d = await detail(ME, order.id);
    expect(d).toMatchObject({ status: 2, flightNo: from.flight.flightNo, change: { status: "declined" } });
    expect(d.events.at(-1)).toMatchObject({ action: "declineChange", note: expect.stringContaining("座位保留时间内未能完成改签") });
    expect(await remaining(to.flight.flightKey)).toBe(newBefore);
  });

  it("a change to business class is paid in the cashier from the wallet (机票改签) and then confirmed", async () => {
    await setBalance(ME, "100000.00");
    const from = (await fares(16)).fullY[0];
    const to = (await fares(17)).business[0];
    const order = await ticketed(ME, from.seat);
    const q = (await api(ME, A.change, { id: order.id, fareKey: to.seat.fareKey })).data;
    expect(q.quote.changeSpread).toBe(to.seat.salePrice - from.seat.salePrice);
    expect(q.quote.total).toBe(q.quote.changeFee + q.quote.changeSpread + q.quote.changeFuelTaxSpread + q.quote.changeServiceFee);
    expect(q.quote.total).toBeGreaterThan(0);
    const c = await api(ME, A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total: q.quote.total });
    expect(c.data).toMatchObject({ status: "awaitingPayment", total: q.quote.total });
    const cashier = (await api(ME, PAY.cashier, { orderId: order.id })).data;
    expect(cashier).toMatchObject({ businessType: BUSINESS_TYPE.changeTicket, amount: q.quote.total, status: 11, expiresAt: c.data.expiresAt });
    const balance = await balanceFen(ME);
    const cNew = await remaining(to.flight.flightKey, "cRemaining");

    const outTradeNo = await pay(ME, order.id, "wallet", BUSINESS_TYPE.changeTicket);
    expect(await balanceFen(ME)).toBe(balance - q.quote.total);
    const ledger = await db().selectFrom("ledger").selectAll().where("outTradeNo", "=", outTradeNo).execute();
    expect(ledger).toEqual([expect.objectContaining({ account: "wallet", direction: "out", amountFen: q.quote.total, businessType: BUSINESS_TYPE.changeTicket })]);
    const d = await detail(ME, order.id);
    expect(d).toMatchObject({ status: 3, flightNo: to.flight.flightNo, seat: { cabinClass: "C" }, change: { status: "confirmed" } });
    expect(d.events.at(-1).note).toContain(outTradeNo);
    expect(await remaining(to.flight.flightKey, "cRemaining")).toBe(cNew);
    // Paid once: a second payment of the change is refused.
    expect((await api(ME, PAY.create, { orderId: order.id, method: "wallet" })).ret).toBe(409);
  });

  it("a change left unpaid is declined when its seats run out: back to 已出票, the new seats released, the old kept", async () => {
    await setBalance(ME, "100000.00");
    const from = (await fares(18)).fullY[0];
    const to = (await fares(19)).business[0];
    const order = await ticketed(ME, from.seat);
    const total = (await api(ME, A.change, { id: order.id, fareKey: to.seat.fareKey })).data.quote.total;
    const [oldSeats, newSeats] = [await remaining(from.flight.flightKey), await remaining(to.flight.flightKey, "cRemaining")];
    const c = await api(ME, A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total });
    expect(c.ret, c.msg).toBe(0);
    expect(await remaining(to.flight.flightKey, "cRemaining")).toBe(newSeats - 1);

    await after(29 * 60_000);
    expect((await detail(ME, order.id)).status).toBe(11);
    await after(60_000 + 1_000);
    const d = await detail(ME, order.id);
    expect(d).toMatchObject({ status: 2, flightNo: from.flight.flightNo, change: { status: "declined" } });
    expect(d.events.at(-1)).toMatchObject({ action: "declineChange", note: expect.stringContaining("超时未支付") });
    expect(await remaining(to.flight.flightKey, "cRemaining")).toBe(newSeats);
    expect(await remaining(from.flight.flightKey)).toBe(oldSeats);
    expect((await api(ME, PAY.create, { orderId: order.id, method: "wallet" })).ret).toBe(409);
  });

  it("two confirmations of a change at once: one holds the new seats, the other is refused and holds none", async () => {
    await setBalance(ME, "100000.00");
    const from = (await fares(30)).fullY[0];
    const to = (await fares(31)).business[0];
    const order = await ticketed(ME, from.seat);
    const total = (await api(ME, A.change, { id: order.id, fareKey: to.seat.fareKey })).data.quote.total;
    const seats = await remaining(to.flight.flightKey, "cRemaining");
    const before = await written();
    const results = await Promise.all([0, 1].map(() => api(ME, A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total })));
    expect(results.map((r) => r.ret).sort()).toEqual([0, 409]);
    expect(await remaining(to.flight.flightKey, "cRemaining")).toBe(seats - 1);
    expect(await written()).toMatchObject({ changes: before.changes + 1, holds: before.holds + 1, jobs: before.jobs + 1 });
  });

  it("a trade made for a change that was declined pays nothing once another change is asked", async () => {
    await setBalance(ME, "100000.00");
    const from = (await fares(32)).fullY[0];
    const [first, second] = (await fares(33)).business;
    const order = await ticketed(ME, from.seat);
    const quote = async (fareKey: string) => (await api(ME, A.change, { id: order.id, fareKey })).data.quote.total as number;
    await api(ME, A.confirmChange, { id: order.id, fareKey: first.seat.fareKey, total: await quote(first.seat.fareKey) });
    const stale = await api(ME, PAY.create, { orderId: order.id, method: "wallet" });
    expect(stale.data.businessType).toBe(BUSINESS_TYPE.changeTicket);
    await after(31 * 60_000);
    expect((await detail(ME, order.id)).status).toBe(2);
    // The next change costs something else; the first one's trade must not pay for it.
    const other = [second, ...(await fares(34)).business].find((x) => x && x.seat.salePrice !== first.seat.salePrice)!;
    const c = await api(ME, A.confirmChange, { id: order.id, fareKey: other.seat.fareKey, total: await quote(other.seat.fareKey) });
    expect(c.ret, c.msg).toBe(0);
    const balance = await balanceFen(ME);
    const r = await api(ME, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: stale.data.outTradeNo, requestVerify: requestVerify(ids[ME], stale.data.outTradeNo), businessType: BUSINESS_TYPE.changeTicket });
    expect(r).toMatchObject({ ret: 409, msg: "该交易已失效，请重新发起支付" });
    expect(await balanceFen(ME)).toBe(balance);
    expect((await detail(ME, order.id)).status).toBe(11);
  });

  it("a quote that moved is announced, a fare of another route or the same fare is refused, and nothing is written", async () => {
    await setBalance(ME, "100000.00");
    const from = (await fares(20)).fullY[0];
    const to = (await fares(21)).business[0];
    const order = await ticketed(ME, from.seat);
    const before = await written();
    const moved = await api(ME, A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total: 1 });
    expect(moved).toMatchObject({ ret: 409, data: { priceChanged: true, oldPrice: 1 } });
    expect(moved.msg).toContain("改签费用已变更");
    const elsewhere = (await fares(21, { depCity: "SHA", arrCity: "CAN" })).fullY[0];
    expect(await api(ME, A.change, { id: order.id, fareKey: elsewhere.seat.fareKey })).toMatchObject({ ret: 400, msg: "改签只能选择同一航线的航班" });
    expect(await api(ME, A.change, { id: order.id, fareKey: from.seat.fareKey })).toMatchObject({ ret: 400, msg: "请选择与原航班不同的航班或舱位" });
    expect((await api(ME, A.change, { id: order.id, fareKey: "" })).ret).toBe(400);
    expect(await written()).toEqual(before);
  });
});

describe("refused", () => {
  it("illegal moves are refused and change nothing", async () => {
    const { seat } = (await fares(22)).fullY[0];
    const r = await api(ME, P.book, form(seat, [ADULT]));
    const id = r.data.id as number;
    const to = (await fares(23)).fullY[0];
    const before = await written();
    expect(await api(ME, A.refundTip, { id })).toMatchObject({ ret: 409, msg: "订单当前状态为「待支付」，不能退票" });
    expect((await api(ME, A.refundSubmit, { id, reason: "自愿退票" })).ret).toBe(409);
    expect(await api(ME, A.change, { id, fareKey: to.seat.fareKey })).toMatchObject({ ret: 409, msg: "订单当前状态为「待支付」，不能改签" });
    expect((await api(ME, A.confirmChange, { id, fareKey: to.seat.fareKey, total: 0 })).ret).toBe(409);
    expect((await api(ME, A.refundSubmit, { id, reason: "不想去了" })).ret).toBe(400);
    // The airline's steps are not the member's, and not from here.
    await expect(applyFlightMove(db(), { orderId: id, action: "acceptRefund", actor: SYSTEM_ACTOR })).rejects.toThrow("不能执行此操作");
    await expect(applyFlightMove(db(), { orderId: id, action: "confirmChange", actor: SYSTEM_ACTOR })).rejects.toThrow("不能执行此操作");
    expect(await written()).toEqual(before);
    expect((await detail(ME, id)).status).toBe(0);
  });

  it("another member can neither see the estimate of an order nor refund or change it", async () => {
    await setBalance(ME, "100000.00");
    const { seat } = (await fares(24)).fullY[0];
    const to = (await fares(25)).fullY[0];
    const order = await ticketed(ME, seat);
    const before = await written();
    for (const [url, body] of [
      [A.refundTip, { id: order.id }], [A.refundSubmit, { id: order.id, reason: "自愿退票" }],
      [A.change, { id: order.id, fareKey: to.seat.fareKey }], [A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total: 0 }],
    ] as const) {
      expect((await api(OTHER, url, body)).ret, url).toBe(403);
      expect((await api(null, url, body)).ret, url).toBe(401);
    }
    expect(await written()).toEqual(before);
    expect((await detail(ME, order.id)).status).toBe(2);
  });

  it("a partner site that turns refund and change off refuses them and hides the buttons", async () => {
    await setBalance(ME, "100000.00");
    const { seat } = (await fares(26)).fullY[0];
    const to = (await fares(27)).fullY[0];
    const order = await ticketed(ME, seat);
    await db().updateTable("members").set({ isThirdParty: 1, thirdPartyName: "weilan" }).where("id", "=", ids[ME]).execute();
    try {
      const before = await written();
      expect(await api(ME, A.refundTip, { id: order.id })).toMatchObject({ ret: 403, msg: expect.stringContaining("不支持在线退票") });
      expect((await api(ME, A.refundSubmit, { id: order.id, reason: "自愿退票" })).ret).toBe(403);
      expect(await api(ME, A.change, { id: order.id, fareKey: to.seat.fareKey })).toMatchObject({ ret: 403, msg: expect.stringContaining("不支持在线改签") });
      expect((await api(ME, A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total: 0 })).ret).toBe(403);
      expect((await detail(ME, order.id)).actions).toEqual(["void"]);
      expect(await written()).toEqual(before);
      // A partner that leaves them on (天禾) changes nothing.
      await db().updateTable("members").set({ thirdPartyName: "tianhe" }).where("id", "=", ids[ME]).execute();
      expect((await api(ME, A.refundTip, { id: order.id })).ret).toBe(0);
    } finally {
      await db().updateTable("members").set({ isThirdParty: 0, thirdPartyName: null }).where("id", "=", ids[ME]).execute();
    }
  });
});
