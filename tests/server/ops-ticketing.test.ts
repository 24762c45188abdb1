// The operator console's ticketing queue on a fresh database (SQLite, or PostgreSQL with
// DATABASE_URL): paid orders waiting for tickets are listed with their member, trip, passengers,
// amount and waiting time, filtered and counted; of 20 operators taking one order at once exactly
// one holds it, and the supplier's automatic ticketing leaves a held order alone until it is
// released; entered tickets ticket the order as the automatic path does; a failure with a reason
// gives the whole price back exactly once (wallet or credit line) and frees the seats; a train
// fails by the railway's own path; bad input and the wrong caller change nothing.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance as setBalanceLedgered } from "./money-audit";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { demoOpsToken, opsCall } from "./ops-kit";
import { seedDemoOperators } from "../../server/ops/demo";
import { setClock } from "../../server/services/clock";
import { MANUAL_TICKETING_NAME } from "../../server/suppliers/flight/manual-ticketing";
import { FLIGHT_ORDER_PATHS as F } from "../../src/domain/orders/flight-types";
import { TRAIN_ORDER_PATHS as T } from "../../src/domain/orders/train-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { OPS_PATHS as P } from "../../src/domain/ops";
import { idCardCheckChar } from "../../src/domain/validators";
import { formatFen } from "../../src/domain/money";
import type { FlightSeat, TrainItem } from "../../src/domain/travel/types";

let h: Harness;
afterEach(() => expectListRowsTrue(h.db.db));
const tokens: Record<string, string> = {};
const ops: Record<string, string> = {};
const ids: Record<string, number> = {};
const ME = "13800000010";
const ADMIN = "13800000070";
const ADULT = { name: "张三", certType: 1, certNo: "11010519491231002X" };
const CHILD = { name: "张小宝", certType: 2, certNo: "E98765432", birthday: "2019-05-01" };

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [ME, ADMIN]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  await seedDemoOperators(h.db.db);
  ops.ticket = await demoOpsToken(h.app, "ops-ticket");
  ops.admin = await demoOpsToken(h.app, "ops-admin");
  ops.finance = await demoOpsToken(h.app, "ops-finance");
});
beforeAll(async () => {
  // The wallet never pays without the pay password, nor without the money.
  await givePayPassword(h.db.db);
  await setBalanceLedgered(h.db.db, ids[ME], "50000.00");
});
afterAll(async () => {
  // Whatever the tests did, every fen is explained: the money audit passes on what they left.
  await expectBooksBalanced(h.db.db);
  await stopTravel(h);
});
let clock = NOW;
beforeEach(() => {
  clock = NOW;
  setClock(() => clock);
});

const db = () => h.db.db;
async function api(who: string, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, { ...body, token: tokens[who] })).body;
}
const op = (who: "ticket" | "admin" | "finance", url: string, body: Record<string, unknown> = {}) => opsCall(h.app, url, body, ops[who]);

/** Moves the clock on and runs what falls due. */
async function after(ms: number) {
  clock += ms;
  setClock(() => clock);
  await h.app.jobs.runDueJobs();
}

let keys = 0;
const clientKey = () => `ops-ticketing-${++keys}-${Date.now()}`;

let fareIndex = 0;
/** A different economy fare of a Beijing–Shanghai day each time, with seats to spare. */
async function fare(n: number): Promise<FlightSeat> {
  const list = await fullFlights(h.app, (await call(h.app, "/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).body.data.list);
  const seats = list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 4);
  return seats[fareIndex++ % seats.length];
}

async function pay(who: string, orderId: number, method: "wallet" | "credit", businessType: number) {
  const t = await api(who, PAY.create, { orderId, method });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(who, method === "wallet" ? PAY.wallet : PAY.credit, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType });
  expect(r.ret, r.msg).toBe(0);
}

/** Books and pays a flight; the order is submitted for ticketing (出票中) and waits there (the clock stands still). */
async function waitingFlight(who = ME, passengers: Record<string, string | number>[] = [ADULT], method: "wallet" | "credit" = "wallet") {
  const seat = await fare(6 + (keys % 5));
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: clientKey(), contactName: "张三", contactMobile: ME };
  passengers.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) body[`passengers.${i}.${k}`] = v;
  });
  const r = await api(who, F.book, body);
  expect(r.ret, r.msg).toBe(0);
  await pay(who, r.data.id, method, BUSINESS_TYPE.dometicketOrderPay);
  await after(0);
  expect(await statusOf(r.data.id)).toBe(7);
  return { id: r.data.id as number, orderNo: r.data.orderNo as string, payprice: r.data.payprice as number, seat };
}

const statusOf = async (id: number) => (await db().selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const balanceFen = async (who: string) => (await db().selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen;
const claims = async (orderId: number) => (await db().selectFrom("ticketing_claims").selectAll().where("orderId", "=", orderId).execute()).length;
const audits = async (orderId: number, action: string) =>
  (await db().selectFrom("operator_audit").selectAll().where("objectType", "=", "order").where("objectId", "=", String(orderId)).where("action", "=", action).execute()).length;
const refunds = (orderNo: string) => db().selectFrom("ledger").selectAll().where("orderNo", "=", orderNo).where("entry", "=", "refund").execute();
const seatsOf = async (fareKey: string) => {
  const flightKey = fareKey.split("|")[0];
  return (await db().selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flightKey).executeTakeFirst())?.yRemaining;
};

/** Row counts of what a refused action could have written. */
async function written() {
  const out: Record<string, number> = {};
  for (const t of ["ticketing_claims", "operator_audit", "order_events", "ledger", "jobs", "notifications"]) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t)}`.execute(db());
    out[t] = Number(row.rows[0].n);
  }
  return out;
}

describe("the queue", () => {
  it("lists waiting orders with member, trip, passengers, amount and waiting time; filters and counts them", async () => {
    const a = await waitingFlight(ME, [ADULT, CHILD]);
    const list = await op("ticket", P.ticketingList, { pageNum: 1, pageSize: 100 });
    expect(list.ret, list.msg).toBe(0);
    const row = list.data.list.find((r: { id: number }) => r.id === a.id);
    expect(row).toMatchObject({ orderNo: a.orderNo, product: "air", status: 7, amountFen: a.payprice, passengerNames: ["张三", "张小宝"], takenBy: null, mine: false });
    expect(row.title).toContain("北京");
    expect(row.memberMobile).toBe(ME);
    expect(Date.parse(row.waitingSince)).toBeLessThanOrEqual(clock);

    const only = await op("ticket", P.ticketingList, { orderNo: a.orderNo });
    expect(only.data.list.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect(only.data.total).toBe(1);
    expect((await op("ticket", P.ticketingList, { orderNo: a.orderNo, product: "train" })).data.total).toBe(0);
    expect((await op("ticket", P.ticketingList, { orderNo: a.orderNo, product: "intlAir" })).data.total).toBe(0);
    expect((await op("ticket", P.ticketingList, { orderNo: a.orderNo, product: "air", taken: "nobody" })).data.total).toBe(1);
    expect((await op("ticket", P.ticketingList, { orderNo: a.orderNo, taken: "me" })).data.total).toBe(0);
    // Waiting time: not yet 10 minutes; then, 11 minutes on, it is.
    expect((await op("ticket", P.ticketingList, { orderNo: a.orderNo, minWaitMinutes: 10 })).data.total).toBe(0);
    setClock(() => clock + 11 * 60_000);
    expect((await op("ticket", P.ticketingList, { orderNo: a.orderNo, minWaitMinutes: 10 })).data.total).toBe(1);
    setClock(() => clock);

    const before = (await op("ticket", P.ticketingCount)).data.count as number;
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await op("ticket", P.ticketingTake, { id: a.id })).ret).toBe(0);
    // The taker still counts it (theirs to finish); another operator no longer does.
    expect((await op("ticket", P.ticketingCount)).data.count).toBe(before);
    expect((await op("admin", P.ticketingCount)).data.count).toBe(before - 1);
    expect((await op("ticket", P.ticketingList, { orderNo: a.orderNo, taken: "me" })).data.list[0]).toMatchObject({ mine: true, takenBy: { name: "孙出票" } });
    expect((await op("admin", P.ticketingList, { orderNo: a.orderNo, taken: "anyone" })).data.list[0]).toMatchObject({ mine: false, takenBy: { name: "孙出票" } });

    const detail = await op("ticket", P.ticketingDetail, { id: a.id });
    expect(detail.ret, detail.msg).toBe(0);
    expect(detail.data.passengers.map((p: { name: string }) => p.name)).toEqual(["张三", "张小宝"]);
    expect(detail.data.events.map((e: { action: string }) => e.action)).toEqual(["create", "pay", "issue"]);
    expect((await op("ticket", P.ticketingRelease, { id: a.id })).ret).toBe(0);
  });

  it("refuses bad filters in Chinese and an unknown order", async () => {
    expect((await op("ticket", P.ticketingList, { product: "bus" })).ret).toBe(400);
    expect((await op("ticket", P.ticketingList, { taken: "her" })).ret).toBe(400);
    expect((await op("ticket", P.ticketingList, { minWaitMinutes: -1 })).ret).toBe(400);
    expect((await op("ticket", P.ticketingList, { pageSize: 1000 })).ret).toBe(400);
    expect((await op("ticket", P.ticketingList, { orderNo: "x".repeat(100) })).ret).toBe(400);
    expect((await op("ticket", P.ticketingList, { sneaky: 1 })).ret).toBe(400);
    const missing = await op("ticket", P.ticketingDetail, { id: 99_999_999 });
    expect(missing.ret).toBe(404);
    expect((await op("ticket", P.ticketingTake, { id: 99_999_999 })).ret).toBe(404);
  });
});

describe("take and release", () => {
  it("20 takes of one order at once: exactly one holds it, one audit row; the automatic ticketing leaves it alone", async () => {
    const a = await waitingFlight();
    const before = await written();
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => op(i % 2 ? "admin" : "ticket", P.ticketingTake, { id: a.id })));
    const won = replies.filter((r) => r.ret === 0);
    expect(won).toHaveLength(1);
    for (const r of replies.filter((x) => x.ret !== 0)) {
      expect(r.ret).toBe(409);
      expect(r.msg).toMatch(/^该订单已由(孙出票|周运营)受理$/);
    }
    expect(await claims(a.id)).toBe(1);
    expect(await audits(a.id, "ticketing.take")).toBe(1);
    const after1 = await written();
    expect(after1.ticketing_claims).toBe(before.ticketing_claims + 1);
    expect(after1.operator_audit).toBe(before.operator_audit + 1);

    // The supplier's ticketing time passes: the held order is left to its operator.
    await after(60_000);
    expect(await statusOf(a.id)).toBe(7);

    // Released by whoever took it: handed back, the supplier tickets it.
    const holder = (await db().selectFrom("ticketing_claims").innerJoin("operators", "operators.id", "ticketing_claims.operatorId").select("operators.account").where("orderId", "=", a.id).executeTakeFirstOrThrow()).account;
    const other = holder === "ops-ticket" ? "admin" : "ticket";
    if (other === "ticket") expect((await op("ticket", P.ticketingRelease, { id: a.id })).msg).toBe("该订单由周运营受理，不能代为操作");
    const released = await op(holder === "ops-ticket" ? "ticket" : "admin", P.ticketingRelease, { id: a.id });
    expect(released.ret, released.msg).toBe(0);
    expect(await claims(a.id)).toBe(0);
    expect(await audits(a.id, "ticketing.release")).toBe(1);
    await after(0);
    expect(await statusOf(a.id)).toBe(2);
    const tickets = await db().selectFrom("order_passengers").select(["ticketNo", "ticketStatus"]).where("orderId", "=", a.id).execute();
    expect(tickets.every((t) => /^\d{3}-\d{10}$/.test(t.ticketNo ?? "") && t.ticketStatus === "ticketed")).toBe(true);
    // Gone from the queue: nothing to take.
    const late = await op("ticket", P.ticketingTake, { id: a.id });
    expect(late.ret).toBe(409);
    expect(late.msg).toBe("订单当前状态为「已出票」，不在出票队列中");
  });

  it("an administrator may release another's order; a ticketing operator only their own; a second take is refused", async () => {
    const a = await waitingFlight();
    expect((await op("ticket", P.ticketingTake, { id: a.id })).ret).toBe(0);
    expect((await op("ticket", P.ticketingTake, { id: a.id })).msg).toBe("该订单已由孙出票受理");
    expect((await op("admin", P.ticketingRelease, { id: a.id })).ret).toBe(0);
    expect((await op("ticket", P.ticketingRelease, { id: a.id })).msg).toBe("请先受理该订单");
    expect((await op("admin", P.ticketingTake, { id: a.id })).ret).toBe(0);
    const before = await written();
    expect((await op("ticket", P.ticketingRelease, { id: a.id })).msg).toBe("该订单由周运营受理，不能代为操作");
    expect((await op("ticket", P.ticketingFail, { id: a.id, reason: "航司拒绝" })).msg).toBe("该订单由周运营受理，不能代为操作");
    expect(await written()).toEqual(before);
    expect((await op("admin", P.ticketingRelease, { id: a.id })).ret).toBe(0);
    await after(0);
    expect(await statusOf(a.id)).toBe(2);
  });

  it("a booking the embedded airline refers to people stays 出票中 until an operator acts", async () => {
    const a = await waitingFlight(ME, [{ ...ADULT, name: MANUAL_TICKETING_NAME }]);
    await after(10 * 60_000);
    expect(await statusOf(a.id)).toBe(7);
    expect((await op("ticket", P.ticketingList, { orderNo: a.orderNo, taken: "nobody" })).data.total).toBe(1);
    expect((await op("ticket", P.ticketingTake, { id: a.id })).ret).toBe(0);
    const passenger = await db().selectFrom("order_passengers").select("id").where("orderId", "=", a.id).executeTakeFirstOrThrow();
    expect((await op("ticket", P.ticketingTicket, { id: a.id, tickets: [{ passengerId: passenger.id, ticketNo: "7811234567890" }] })).ret).toBe(0);
    expect(await statusOf(a.id)).toBe(2);
  });
});

describe("entering the tickets", () => {
  it("tickets the order as the automatic path does: numbers, ticket status, timeline, notice; bad input writes nothing", async () => {
    const a = await waitingFlight(ME, [ADULT, CHILD]);
    const people = await db().selectFrom("order_passengers").select(["id", "name"]).where("orderId", "=", a.id).orderBy("id").execute();
    const good = [{ passengerId: people[0].id, ticketNo: "999-1234567890" }, { passengerId: people[1].id, ticketNo: "9991234567891" }];
    // Not taken yet.
    expect((await op("ticket", P.ticketingTicket, { id: a.id, tickets: good })).msg).toBe("请先受理该订单");
    expect((await op("ticket", P.ticketingTake, { id: a.id })).ret).toBe(0);
    const before = await written();
    const bad = async (body: Record<string, unknown>, msg: RegExp | string) => {
      const r = await op("ticket", P.ticketingTicket, body);
      expect(r.ret, JSON.stringify(body)).toBe(400);
      if (typeof msg === "string") expect(r.msg).toBe(msg);
      else expect(r.msg).toMatch(msg);
    };
    await bad({ id: a.id, tickets: [good[0]] }, "须为订单的每位乘客各填写一个票号");
    await bad({ id: a.id, tickets: [good[0], { ...good[1], ticketNo: "12345" }] }, /票号格式不正确/);
    await bad({ id: a.id, tickets: [good[0], { ...good[1], ticketNo: "999-1234567890" }] }, "票号不能重复");
    await bad({ id: a.id, tickets: [good[0], { ...good[1], passengerId: 99_999_999 }] }, "须为订单的每位乘客各填写一个票号");
    await bad({ id: a.id, tickets: good, eTicketNo: "E123456789" }, "须为订单的每位乘客各填写一个票号");
    await bad({ id: a.id, tickets: [good[0], { ...good[1], ticketNo: "" }] }, "请填写票号");
    await bad({ id: a.id }, "须为订单的每位乘客各填写一个票号");
    expect(await written()).toEqual(before);
    expect(await statusOf(a.id)).toBe(7);
    // Only the holder enters them.
    expect((await op("admin", P.ticketingTicket, { id: a.id, tickets: good })).msg).toBe("该订单由孙出票受理，不能代为操作");

    const r = await op("ticket", P.ticketingTicket, { id: a.id, tickets: good });
    expect(r.ret, r.msg).toBe(0);
    expect(await statusOf(a.id)).toBe(2);
    const rows = await db().selectFrom("order_passengers").select(["ticketNo", "ticketStatus"]).where("orderId", "=", a.id).orderBy("id").execute();
    expect(rows).toEqual([{ ticketNo: "999-1234567890", ticketStatus: "ticketed" }, { ticketNo: "999-1234567891", ticketStatus: "ticketed" }]);
    const event = await db().selectFrom("order_events").selectAll().where("orderId", "=", a.id).where("action", "=", "ticket").executeTakeFirstOrThrow();
    expect(event).toMatchObject({ fromStatus: 7, toStatus: 2, actorName: "出票员" });
    expect(event.note).toMatch(/^人工出票完成，订座记录 /);
    const notice = await db().selectFrom("notifications").selectAll().where("kind", "=", "orderTicketed").where("subjectId", "=", a.id).executeTakeFirst();
    expect(notice?.params).toContain("999-1234567890");
    expect(await claims(a.id)).toBe(0);
    expect(await audits(a.id, "ticketing.ticket")).toBe(1);
    // The member reads the numbers on the order; the automatic job, run later, changes nothing.
    const d = (await api(ME, F.detail, { id: a.id })).data;
    expect(d.status).toBe(2);
    expect(d.passengers.map((p: { ticketNo: string }) => p.ticketNo)).toEqual(["999-1234567890", "999-1234567891"]);
    await after(60_000);
    expect(await statusOf(a.id)).toBe(2);
    expect((await db().selectFrom("order_passengers").select("ticketNo").where("orderId", "=", a.id).orderBy("id").execute()).map((x) => x.ticketNo)).toEqual(["999-1234567890", "999-1234567891"]);
  });
});

describe("failing the ticketing", () => {
  it("needs a reason of at most 200 characters; then the money goes back to the wallet exactly once, the seats on sale, the member reads why", async () => {
    await setBalanceLedgered(db(), ids[ME], "50000.00");
    const start = await balanceFen(ME);
    const a = await waitingFlight();
    expect(await balanceFen(ME)).toBe(start - a.payprice);
    const seats = await seatsOf(a.seat.fareKey);
    expect((await op("ticket", P.ticketingTake, { id: a.id })).ret).toBe(0);
    const before = await written();
    for (const body of [{ id: a.id }, { id: a.id, reason: "   " }, { id: a.id, reason: "原".repeat(201) }, { id: a.id, reason: "坏\u0000字" }, { id: "x", reason: "航司拒绝" }]) {
      const r = await op("ticket", P.ticketingFail, body);
      expect(r.ret, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await op("ticket", P.ticketingFail, { id: a.id })).msg).toBe("请填写失败原因");
    expect(await written()).toEqual(before);
    expect(await statusOf(a.id)).toBe(7);

    // Two failures at once (a double click): one goes through, the money goes back once.
    const reason = "航司系统拒绝出票：旅客姓名与证件不符";
    const [x, y] = await Promise.all([op("ticket", P.ticketingFail, { id: a.id, reason }), op("ticket", P.ticketingFail, { id: a.id, reason })]);
    expect([x.ret, y.ret].sort()).toEqual([0, 409]);
    expect(await statusOf(a.id)).toBe(14);
    const back = await refunds(a.orderNo);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ account: "wallet", direction: "in", amountFen: a.payprice, memberId: ids[ME] });
    expect(await balanceFen(ME)).toBe(start);
    expect(await seatsOf(a.seat.fareKey)).toBe((seats ?? 0) + 1);
    expect(await claims(a.id)).toBe(0);
    expect(await audits(a.id, "ticketing.fail")).toBe(1);
    const audit = await db().selectFrom("operator_audit").select("after").where("action", "=", "ticketing.fail").where("objectId", "=", String(a.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ reason, refundedFen: a.payprice, to: "wallet" });

    const d = (await api(ME, F.detail, { id: a.id })).data;
    expect(d.status).toBe(14);
    const failed = d.events.find((e: { action: string }) => e.action === "fail");
    expect(failed).toMatchObject({ fromStatus: 7, toStatus: 14, note: `出票失败：${reason}；已退款 ¥${formatFen(a.payprice)} 至账户余额` });
    expect(d.passengers.every((p: { insuStatus: number; ticketNo: string | null }) => p.ticketNo === null)).toBe(true);
    // 已退 says what went back: each ticket's whole price, the order's total.
    expect(d.passengers.map((p: { paid: number; refunded: number }) => p.refunded)).toEqual(d.passengers.map((p: { paid: number }) => p.paid));
    expect(d).toMatchObject({ paidTotal: a.payprice, refundedTotal: a.payprice });
    // Nothing more to do with it.
    expect((await op("ticket", P.ticketingFail, { id: a.id, reason })).ret).toBe(409);
    expect((await op("ticket", P.ticketingTake, { id: a.id })).ret).toBe(409);
    await after(60_000);
    expect(await statusOf(a.id)).toBe(14);
    expect(await refunds(a.orderNo)).toHaveLength(1);
  });

  it("gives an order paid on company credit back to the company's credit line", async () => {
    const a = await waitingFlight(ADMIN, [ADULT], "credit");
    expect((await op("admin", P.ticketingTake, { id: a.id })).ret).toBe(0);
    const r = await op("admin", P.ticketingFail, { id: a.id, reason: "航班已取消，无法出票" });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ refundedFen: a.payprice });
    const back = await refunds(a.orderNo);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ account: "credit", amountFen: a.payprice });
    expect(await statusOf(a.id)).toBe(14);
  });
});

describe("train orders", () => {
  /** A 北京→上海 G train with second-class seats, booked and paid: 出票中 until the railway issues it. */
  async function waitingTrain(seq: number) {
    const list: TrainItem[] = (await call(h.app, "/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate: day(5), trainTypes: "G" })).body.data.list;
    const train = list.find((t) => t.seats.some((s) => s.seatClass === "O" && s.left >= 3))!;
    const first17 = `11010519900307${String(seq).padStart(3, "0")}`;
    const r = await api(ME, T.book, {
      trainKey: train.trainKey, seatClass: "O", clientKey: clientKey(), contactName: "张三", contactMobile: ME,
      "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": first17 + idCardCheckChar(first17), "passengers.0.passengerType": "adult",
    });
    expect(r.ret, r.msg).toBe(0);
    const id = r.data.id as number;
    await pay(ME, id, "wallet", BUSINESS_TYPE.trainPay);
    expect(await statusOf(id)).toBe(1);
    const order = await db().selectFrom("orders").select(["orderNo", "totalFen"]).where("id", "=", id).executeTakeFirstOrThrow();
    return { id, ...order };
  }

  it("are taken, held from the railway's automatic issue, ticketed with the e-ticket number or failed by the railway's own path", async () => {
    await setBalanceLedgered(db(), ids[ME], "50000.00");
    const a = await waitingTrain(201);
    expect((await op("ticket", P.ticketingList, { orderNo: a.orderNo, product: "train" })).data.list[0]).toMatchObject({ id: a.id, product: "train", status: 1 });
    expect((await op("ticket", P.ticketingTake, { id: a.id })).ret).toBe(0);
    await after(60_000);
    expect(await statusOf(a.id)).toBe(1);
    expect((await op("ticket", P.ticketingTicket, { id: a.id })).msg).toBe("请填写电子客票号");
    expect((await op("ticket", P.ticketingTicket, { id: a.id, eTicketNo: "E12" })).ret).toBe(400);
    const done = await op("ticket", P.ticketingTicket, { id: a.id, eTicketNo: "E987654321" });
    expect(done.ret, done.msg).toBe(0);
    expect(await statusOf(a.id)).toBe(2);
    expect((await db().selectFrom("train_orders").select("ticketNo").where("orderId", "=", a.id).executeTakeFirstOrThrow()).ticketNo).toBe("E987654321");
    const seats = await db().selectFrom("train_order_passengers").select("seatNo").where("orderId", "=", a.id).execute();
    expect(seats.every((s) => Boolean(s.seatNo))).toBe(true);

    const b = await waitingTrain(202);
    const start = await balanceFen(ME);
    expect((await op("ticket", P.ticketingTake, { id: b.id })).ret).toBe(0);
    const failed = await op("ticket", P.ticketingFail, { id: b.id, reason: "席位已被铁路系统收回" });
    expect(failed.ret, failed.msg).toBe(0);
    expect(await statusOf(b.id)).toBe(6);
    expect(await refunds(b.orderNo)).toHaveLength(1);
    expect(await balanceFen(ME)).toBe(start + b.totalFen);
    const note = await db().selectFrom("order_events").select("note").where("orderId", "=", b.id).where("action", "=", "fail").executeTakeFirstOrThrow();
    expect(note.note).toContain("出票失败：席位已被铁路系统收回");
  });
});

describe("who may call", () => {
  it("refuses finance, a member's token and no token on every queue route, writing nothing", async () => {
    const a = await waitingFlight();
    const routes = [P.ticketingList, P.ticketingCount, P.ticketingDetail, P.ticketingTake, P.ticketingRelease, P.ticketingTicket, P.ticketingFail];
    const body = { id: a.id, reason: "越权", tickets: [] };
    const before = await written();
    for (const url of routes) {
      expect((await op("finance", url, url === P.ticketingList || url === P.ticketingCount ? {} : body)).ret, url).toBe(403);
      expect((await opsCall(h.app, url, url === P.ticketingList || url === P.ticketingCount ? {} : body)).ret, url).toBe(401);
      expect((await opsCall(h.app, url, {}, tokens[ME])).ret, url).toBe(401);
      // A member's session in its own header reaches no operator route either.
      const asMember = await h.app.inject({ method: "POST", url: `/api${url}`, headers: { "content-type": "application/json", authorization: `Bearer ${tokens[ME]}` }, payload: JSON.stringify(body) });
      expect(asMember.json().ret, url).toBe(401);
    }
    expect(await written()).toEqual(before);
    expect(await statusOf(a.id)).toBe(7);
    // Leave it ticketed, as the supplier would.
    await after(60_000);
    expect(await statusOf(a.id)).toBe(2);
  });
});
