// The after-sales queue end to end on a fresh database (SQLite, or PostgreSQL with DATABASE_URL):
// the airline's job accepts a request nobody holds and leaves one an operator took; two operators
// taking one request at once: one wins; accept runs the existing refund flow; an adjusted fee is
// refunded to the fen exactly once (fare − fee in the ledger) and the member reads the fee and its
// reason; a fee above the fare's rules is refused and writes nothing; a rejection returns the
// order and tickets to where they were and the member reads the reason (on the order and in a
// notification, a declined change's too); a change is confirmed or
// declined; release hands a request back to the job; the desk can leave every request to the
// queue; the list pages and filters on the server; every action is audited.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance as setBalanceLedgered } from "./money-audit";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, count, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { demoOpsToken, opsCall } from "./ops-kit";
import { seedDemoOperators } from "../../server/ops/demo";
import { setClock } from "../../server/services/clock";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_AFTER_SALES_PATHS as A } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { AFTER_SALES_PATHS as Q, spreadFee } from "../../src/domain/ops/after-sales";
import { maxRefundFee } from "../../src/domain/travel/air-rules";
import type { FlightSeat } from "../../src/domain/travel/types";
import { idCardCheckChar } from "../../src/domain/validators";
import { renderNotice } from "../../src/domain/notifications";

let h: Harness;
afterEach(() => expectListRowsTrue(h.db.db));
const ops: Record<string, string> = {};
let memberToken = "";
let memberId = 0;
const ME = "13800000010";
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const ADULT = { name: "张三", certType: 1, certNo: "11010519491231002X" };
const SECOND = { name: "李四", certType: 1, certNo: `11010519850101100${idCardCheckChar("11010519850101100")}` };

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  await seedDemoOperators(h.db.db);
  ops.ticketing = await demoOpsToken(h.app, "ops-ticket");
  ops.admin = await demoOpsToken(h.app, "ops-admin");
  ops.finance = await demoOpsToken(h.app, "ops-finance");
  memberToken = await login(h.app, ME);
  memberId = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", ME).executeTakeFirstOrThrow()).id;
  await givePayPassword(h.db.db);
  await setBalanceLedgered(h.db.db, memberId, "100000.00");
});
afterAll(async () => {
  await expectBooksBalanced(h.db.db);
  await stopTravel(h);
});
beforeEach(() => setClock(() => clock));

const db = () => h.db.db;
let clock = NOW;
async function after(ms: number) {
  clock += ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}

async function api(url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, { ...body, token: memberToken })).body;
}
const detail = async (id: number) => (await api(P.detail, { id })).data;
/** The notifications of one kind written about an order: to whom, with what. */
const told = async (orderId: number, kind: string) =>
  (await db().selectFrom("notifications").select(["memberId", "params"]).where("kind", "=", kind).where("subjectId", "=", orderId).execute())
    .map((n) => ({ memberId: n.memberId, params: JSON.parse(n.params) as unknown }));

let keys = 0;
async function fares(n: number) {
  const list = await fullFlights(h.app, (await call(h.app, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).body.data.list);
  return list.flatMap((flight) => flight.seats.map((seat) => ({ flight, seat }))).filter((x) => x.seat.cabinClass === "Y" && x.seat.cabinCode === "Y" && x.seat.seatsLeft >= 3);
}

/** Books, pays from the wallet and waits for the tickets: an order in 已出票. */
async function ticketed(seat: FlightSeat, passengers: Record<string, string | number>[] = [ADULT]) {
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: `after-sales-${++keys}-${Date.now()}`, contactName: "张三", contactMobile: ME };
  passengers.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) body[`passengers.${i}.${k}`] = v;
  });
  const r = await api(P.book, body);
  expect(r.ret, r.msg).toBe(0);
  const t = await api(PAY.create, { orderId: r.data.id, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const paid = await api(PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(memberId, t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
  expect(paid.ret, paid.msg).toBe(0);
  await after(0);
  await after(6_000);
  expect((await detail(r.data.id)).status).toBe(2);
  return { id: r.data.id as number, outTradeNo: t.data.outTradeNo as string };
}

async function refunded(n: number, passengers?: Record<string, string | number>[], refundIds?: (d: { passengers: { id: number }[] }) => number[]) {
  return requestRefund(await ticketed((await fares(n))[0].seat, passengers), refundIds);
}

/** The member asks for the refund of a ticketed order (of some passengers, when named). */
async function requestRefund(order: { id: number; outTradeNo: string }, refundIds?: (d: { passengers: { id: number }[] }) => number[]) {
  const body: Record<string, string | number> = { id: order.id, reason: "自愿退票" };
  if (refundIds) refundIds(await detail(order.id)).forEach((id, i) => (body[`passengerIds.${i}`] = id));
  const r = await api(A.refundSubmit, body);
  expect(r.ret, r.msg).toBe(0);
  return { ...order, refundId: r.data.refundId as number, key: `refund-${r.data.refundId}`, quote: r.data as { fee: number; refund: number } };
}

const op = (url: string, body: Record<string, unknown>, who: keyof typeof ops = "ticketing") => opsCall(h.app, url, body, ops[who]);
const audits = async (action: string) => db().selectFrom("operator_audit").selectAll().where("action", "=", action).orderBy("id").execute();
const refundRow = (id: number) => db().selectFrom("flight_refunds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const refundLedger = (outTradeNo: string) => db().selectFrom("ledger").selectAll().where("outTradeNo", "=", outTradeNo).where("entry", "=", "refund").execute();

describe("taking a request", () => {
  it("the airline accepts a request nobody holds by itself; one an operator took it leaves, and the badge counts what waits", async () => {
    // Both ticketed first: ticketing runs the jobs due, which would accept the first request.
    const [first, second] = [await ticketed((await fares(10))[0].seat), await ticketed((await fares(11))[0].seat)];
    const free = await requestRefund(first);
    const held = await requestRefund(second);
    expect((await op(Q.count, {})).data).toEqual({ count: 2 });
    const take = await op(Q.take, { id: held.key });
    expect(take.ret, take.msg).toBe(0);
    await after(3_000);
    expect((await detail(free.id)).status).toBe(10);
    expect((await detail(held.id)).status).toBe(9);
    expect((await refundRow(held.refundId)).status).toBe("requested");
    await after(60_000);
    expect((await detail(held.id)).status).toBe(9);
    expect((await op(Q.count, {})).data).toEqual({ count: 1 });
    const list = await op(Q.list, { state: "requested" });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ id: held.key, kind: "refund", product: "air", heldByName: expect.any(String), estimate: { fee: held.quote.fee, amount: held.quote.refund } });
    const audit = (await audits("afterSales.take")).find((a) => a.objectId === String(held.refundId));
    expect(audit).toMatchObject({ objectType: "flightRefund" });
  });

  it("two operators taking one request at once: exactly one wins, the other is told who holds it", async () => {
    const r = await refunded(12);
    const [a, b] = await Promise.all([op(Q.take, { id: r.key }, "ticketing"), op(Q.take, { id: r.key }, "admin")]);
    expect([a.ret, b.ret].sort()).toEqual([0, 409]);
    const winner = a.ret === 0 ? "ticketing" : "admin";
    const me = (await op("/ops/me", {}, winner)).data;
    expect((await refundRow(r.refundId)).heldBy).toBe(me.id);
    expect((a.ret === 0 ? b : a).msg).toContain("领取");
    expect((await audits("afterSales.take")).filter((x) => x.objectId === String(r.refundId))).toHaveLength(1);
    // The loser can neither decide it nor let it go.
    const loser = winner === "ticketing" ? "admin" : "ticketing";
    expect((await op(Q.accept, { id: r.key }, loser)).ret).toBe(409);
    expect((await op(Q.release, { id: r.key }, loser)).ret).toBe(409);
    // Let go by the winner, the airline accepts it again by itself.
    expect((await op(Q.release, { id: r.key }, winner)).ret).toBe(0);
    await after(3_000);
    expect((await detail(r.id)).status).toBe(10);
    expect((await op(Q.take, { id: r.key })).ret).toBe(409);
    await after(3_000);
  });

  it("a request the airline accepted first can no longer be taken", async () => {
    const r = await refunded(13);
    await after(3_000);
    const take = await op(Q.take, { id: r.key });
    expect(take.ret).toBe(409);
    expect((await refundRow(r.refundId)).heldBy).toBeNull();
    await after(3_000);
  });
});

describe("deciding a refund", () => {
  it("accept runs the existing flow: processing, refunded with the quoted fee, money back once", async () => {
    const r = await refunded(14);
    expect((await op(Q.accept, { id: r.key })).ret).toBe(409); // not taken yet
    expect((await op(Q.take, { id: r.key })).ret).toBe(0);
    const ok = await op(Q.accept, { id: r.key });
    expect(ok.ret, ok.msg).toBe(0);
    let d = await detail(r.id);
    expect(d.status).toBe(10);
    expect(d.events.at(-1)).toMatchObject({ action: "acceptRefund", actorName: "售后客服" });
    await after(3_000);
    d = await detail(r.id);
    expect(d).toMatchObject({ status: 6, refund: { status: "refunded", fee: r.quote.fee, refund: r.quote.refund, decision: "accepted" } });
    const ledger = await refundLedger(r.outTradeNo);
    expect(ledger.map((x) => x.amountFen)).toEqual([r.quote.refund]);
    expect((await audits("afterSales.accept")).some((a) => a.objectId === String(r.refundId))).toBe(true);
    // Accepting again finds it decided.
    expect((await op(Q.accept, { id: r.key })).ret).toBe(409);
  });

  it("an adjusted fee is refunded to the fen exactly once, fare − fee; the member reads the fee, the estimate and the reason", async () => {
    const r = await refunded(15);
    expect((await op(Q.take, { id: r.key })).ret).toBe(0);
    const shown = (await op(Q.detail, { id: r.key })).data;
    const p = (await detail(r.id)).passengers[0];
    const fare = p.tktPrice + p.consTax + p.fuelTax;
    // A full fare's most is its highest window's percent.
    expect(shown.maxFee).toBe(maxRefundFee(p.tktPrice, "full"));
    expect(shown.lines[0]).toMatchObject({ passengerId: p.id, fee: r.quote.fee, maxFee: shown.maxFee });
    expect(shown.estimate).toEqual({ fee: r.quote.fee, amount: r.quote.refund });

    // Above the most the rules allow: refused, nothing written.
    const before = { refund: await refundRow(r.refundId), audits: await count(db(), "operator_audit"), jobs: await count(db(), "jobs") };
    const over = await op(Q.adjust, { id: r.key, fee: shown.maxFee + 1, reason: "超出规则" });
    expect(over.ret).toBe(400);
    expect(over.msg).toContain("最高");
    expect(await refundRow(r.refundId)).toEqual(before.refund);
    expect(await count(db(), "operator_audit")).toBe(before.audits);
    expect(await count(db(), "jobs")).toBe(before.jobs);
    // Bad input: no reason, a negative fee, a fen fraction.
    for (const bad of [{ id: r.key, fee: 100 }, { id: r.key, fee: -1, reason: "x" }, { id: r.key, fee: "1.5", reason: "x" }, { id: "refund-x", fee: 1, reason: "x" }]) {
      expect((await op(Q.adjust, bad)).ret, JSON.stringify(bad)).toBe(400);
    }
    expect(await refundRow(r.refundId)).toEqual(before.refund);

    const fee = r.quote.fee - 1_234; // an odd amount: the refund grows by exactly that
    const adjusted = await op(Q.adjust, { id: r.key, fee, reason: "航司同意减免部分退票费" });
    expect(adjusted.ret, adjusted.msg).toBe(0);
    expect(adjusted.data).toMatchObject({ fee, refund: fare - fee });
    let d = await detail(r.id);
    expect(d.status).toBe(10);
    expect(d.refund).toMatchObject({ fee, refund: fare - fee, quotedFee: r.quote.fee, quotedRefund: r.quote.refund, decision: "adjusted", decisionReason: "航司同意减免部分退票费" });
    expect(d.events.at(-1).note).toContain("航司同意减免部分退票费");
    await after(3_000);
    d = await detail(r.id);
    expect(d).toMatchObject({ status: 6, refundedTotal: fare - fee, refund: { status: "refunded", toAccount: "wallet", fee } });
    expect((await refundLedger(r.outTradeNo)).map((x) => x.amountFen)).toEqual([fare - fee]);
    // Jobs that run again, and a second decision, change nothing.
    await after(60_000);
    expect((await op(Q.adjust, { id: r.key, fee: 0, reason: "再次" })).ret).toBe(409);
    expect((await refundLedger(r.outTradeNo)).map((x) => x.amountFen)).toEqual([fare - fee]);
    const audit = (await audits("afterSales.adjust")).find((a) => a.objectId === String(r.refundId))!;
    expect(JSON.parse(audit.after!)).toMatchObject({ fee, refund: fare - fee, reason: "航司同意减免部分退票费" });
    const list = await op(Q.list, { orderNo: d.orderNo });
    expect(list.data.list[0]).toMatchObject({ estimate: { fee: r.quote.fee, amount: r.quote.refund }, current: { fee, amount: fare - fee }, decision: "adjusted", decidedByName: expect.any(String) });
  });

  it("a fee of nothing refunds the whole fare; two passengers' fee is spread within each one's maximum", async () => {
    const r = await refunded(16, [ADULT, SECOND]);
    expect((await op(Q.take, { id: r.key })).ret).toBe(0);
    const shown = (await op(Q.detail, { id: r.key })).data;
    expect(shown.lines).toHaveLength(2);
    const fee = shown.maxFee - 1;
    const ok = await op(Q.adjust, { id: r.key, fee, reason: "按规则上限" });
    expect(ok.ret, ok.msg).toBe(0);
    const row = await refundRow(r.refundId);
    const lines = JSON.parse(row.passengers) as { fee: number; refund: number }[];
    expect(lines.map((l) => l.fee)).toEqual(spreadFee(fee, shown.lines.map((l: { maxFee: number }) => l.maxFee)));
    expect(lines.reduce((s, l) => s + l.fee, 0)).toBe(fee);
    expect(row.refundFen).toBe(r.quote.refund + r.quote.fee - fee);
    await after(3_000);

    const zero = await refunded(17);
    expect((await op(Q.take, { id: zero.key })).ret).toBe(0);
    expect((await op(Q.adjust, { id: zero.key, fee: 0, reason: "航班原因全退" })).ret).toBe(0);
    await after(3_000);
    expect((await refundLedger(zero.outTradeNo)).map((x) => x.amountFen)).toEqual([zero.quote.refund + zero.quote.fee]);
  });

  it("a rejection returns the order and the tickets to where they were; the member reads the reason and may ask again", async () => {
    const r = await refunded(18);
    expect((await op(Q.take, { id: r.key })).ret).toBe(0);
    expect((await op(Q.reject, { id: r.key, reason: "" })).ret).toBe(400);
    const no = await op(Q.reject, { id: r.key, reason: "客票已使用，不符合退票条件" });
    expect(no.ret, no.msg).toBe(0);
    let d = await detail(r.id);
    expect(d).toMatchObject({ status: 2, refund: { status: "rejected", decision: "rejected", decisionReason: "客票已使用，不符合退票条件" } });
    expect(d.passengers[0].ticketStatus).toBe("ticketed");
    expect(d.events.at(-1)).toMatchObject({ action: "declineRefund", actorName: "售后客服", note: expect.stringContaining("客票已使用") });
    expect(d.actions).toEqual(expect.arrayContaining(["requestRefund"]));
    // Told as an accepted refund is: the member gets the desk's answer and its reason.
    expect(await told(r.id, "refundDeclined")).toEqual([{ memberId, params: { orderNo: d.orderNo, product: "air", reason: "客票已使用，不符合退票条件" } }]);
    expect(renderNotice("refundDeclined", { orderNo: d.orderNo, product: "air", reason: "客票已使用，不符合退票条件" }, "en").body).toContain("declined: 客票已使用");
    await after(60_000);
    expect((await detail(r.id)).status).toBe(2);
    expect(await refundLedger(r.outTradeNo)).toHaveLength(0);
    // Asked again, the airline accepts it by itself and the order ends refunded.
    const again = await api(A.refundSubmit, { id: r.id, reason: "自愿退票" });
    expect(again.ret, again.msg).toBe(0);
    await after(3_000);
    await after(3_000);
    d = await detail(r.id);
    expect(d.status).toBe(6);
    expect(await refundLedger(r.outTradeNo)).toHaveLength(1);
    expect((await audits("afterSales.reject")).some((a) => a.objectId === String(r.refundId))).toBe(true);
  });

  it("a rejected refund of one passenger leaves the order as it was and gives that ticket back", async () => {
    const r = await refunded(19, [ADULT, SECOND], (d) => [d.passengers[1].id]);
    expect((await op(Q.take, { id: r.key })).ret).toBe(0);
    expect((await op(Q.reject, { id: r.key, reason: "请联系航司柜台" })).ret).toBe(0);
    const d = await detail(r.id);
    expect(d.status).toBe(2);
    expect(d.passengers.map((p: { ticketStatus: string }) => p.ticketStatus)).toEqual(["ticketed", "ticketed"]);
    expect(d.events.at(-1)).toMatchObject({ action: "partialDecline" });
  });
});

describe("deciding a change", () => {
  async function changing(n: number) {
    const from = (await fares(n))[0];
    const to = (await fares(n + 1)).find((x) => x.seat.salePrice <= from.seat.salePrice && x.seat.adtTaxeYq <= from.seat.adtTaxeYq)!;
    const order = await ticketed(from.seat);
    const c = await api(A.confirmChange, { id: order.id, fareKey: to.seat.fareKey, total: 0 });
    expect(c.data.status).toBe("confirming");
    return { order, key: `change-${c.data.id}`, changeId: c.data.id as number, to };
  }

  it("a taken change is left by the airline, then confirmed by the operator", async () => {
    const c = await changing(20);
    expect((await op(Q.take, { id: c.key })).ret).toBe(0);
    await after(3_000);
    expect((await detail(c.order.id)).status).toBe(11);
    expect((await op(Q.adjust, { id: c.key, fee: 0, reason: "x" })).ret).toBe(400);
    const ok = await op(Q.accept, { id: c.key });
    expect(ok.ret, ok.msg).toBe(0);
    expect(ok.data.state).toBe("confirmed");
    expect(await detail(c.order.id)).toMatchObject({ status: 3, change: { status: "confirmed", decision: "accepted" } });
  });

  it("a rejected change is declined with its reason and the new seats go back", async () => {
    const c = await changing(22);
    expect((await op(Q.take, { id: c.key })).ret).toBe(0);
    const no = await op(Q.reject, { id: c.key, reason: "新航班不可改签" });
    expect(no.ret, no.msg).toBe(0);
    const d = await detail(c.order.id);
    expect(d).toMatchObject({ status: 2, change: { status: "declined", decision: "rejected", decisionReason: "新航班不可改签" } });
    expect(d.passengers[0].ticketStatus).toBe("ticketed");
    expect(await told(c.order.id, "changeDeclined")).toEqual([{ memberId, params: { orderNo: d.orderNo, product: "air", reason: "新航班不可改签" } }]);
    expect(renderNotice("changeDeclined", { orderNo: d.orderNo, product: "air", reason: "新航班不可改签" }).body).toContain("改签申请未通过：新航班不可改签");
  });
});

describe("the desk's policy and the list", () => {
  it("with automatic acceptance off every request waits in the queue; turned back on, the airline takes them up", async () => {
    expect((await op(Q.policy, {})).data).toEqual({ autoAccept: true });
    expect((await op(Q.setPolicy, { autoAccept: false })).ret).toBe(0);
    const r = await refunded(24);
    await after(60_000);
    expect((await detail(r.id)).status).toBe(9);
    expect((await op(Q.setPolicy, { autoAccept: true })).ret).toBe(0);
    await after(3_000);
    expect((await detail(r.id)).status).toBe(10);
    await after(3_000);
    expect((await audits("afterSales.policy")).map((a) => JSON.parse(a.after!))).toEqual([{ autoAccept: false }, { autoAccept: true }]);
  });

  it("pages and filters on the server: kind, state, order number, since, product", async () => {
    const all = await op(Q.list, { pageNum: 1, pageSize: 100 });
    expect(all.ret, all.msg).toBe(0);
    const total = all.data.total as number;
    expect(total).toBe(all.data.list.length);
    const page = await op(Q.list, { pageNum: 2, pageSize: 3 });
    expect(page.data.list.map((x: { id: string }) => x.id)).toEqual(all.data.list.slice(3, 6).map((x: { id: string }) => x.id));
    expect(page.data.total).toBe(total);
    const changes = await op(Q.list, { kind: "change" });
    expect(changes.data.list.length).toBeGreaterThan(0);
    expect(changes.data.list.every((x: { kind: string }) => x.kind === "change")).toBe(true);
    const rejected = await op(Q.list, { state: "rejected" });
    expect(rejected.data.list.every((x: { state: string }) => x.state === "rejected")).toBe(true);
    expect((await op(Q.list, { kind: "change", state: "refunded" })).data.total).toBe(0);
    expect((await op(Q.list, { product: "train" })).data).toMatchObject({ list: [], total: 0 });
    expect((await op(Q.list, { since: "2099-01-01" })).data.total).toBe(0);
    expect((await op(Q.list, { since: day(-1) })).data.total).toBe(total);
    for (const bad of [{ kind: "both" }, { state: "x" }, { since: "yesterday" }, { pageSize: 1000 }, { product: "bus" }]) {
      expect((await op(Q.list, bad)).ret, JSON.stringify(bad)).toBe(400);
    }
  });

  it("refuses the finance role and members' tokens", async () => {
    expect((await op(Q.list, {}, "finance")).ret).toBe(403);
    expect((await opsCall(h.app, Q.count, {}, memberToken)).ret).toBe(401);
    expect((await call(h.app, Q.count, { token: memberToken })).body.ret).not.toBe(0);
  });
});
