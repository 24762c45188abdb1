// Train orders end to end on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): booking
// holds the seats and creates the order in one transaction (children at half fare), a resubmitted
// form finds its order, the last seat goes to exactly one of many buyers at once, the expiry job
// gives unpaid seats back, paying moves the order to 出票中 and the railway's job issues it with
// seat numbers (or fails it and pays everything back when the hold lapsed), 退票 charges the
// railway's fee by time band and returns the rest where it was paid from, 改签 moves the tickets,
// illegal moves change nothing, and nobody reaches another member's order.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { day, NOW, SEED, startTravel, stopTravel, TODAY } from "./inventory-helpers";
import { call, count, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { soldElsewhere } from "../../server/inventory/demand";
import { applyTrainMove } from "../../server/orders/train/moves";
import { SYSTEM_ACTOR } from "../../server/orders/actor";
import { TRAIN_ORDER_PATHS as P } from "../../src/domain/orders/train-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { childTrainFare, trainRefundFee } from "../../src/domain/travel/train";
import { idCardCheckChar } from "../../src/domain/validators";
import { DEMO_SANDBOX_SECRET, signSandbox } from "../../server/payments/sandbox";
import type { TrainItem, TrainSeat } from "../../src/domain/travel/types";
import { parseYuan } from "../../src/domain/money";

let h: Harness;
// After every move a test makes, each order list row kept is the one its list assembles now.
afterEach(() => expectListRowsTrue(h.db.db));
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const ME = "13800000010";
const OTHER = "13800000020";
const ADMIN = "13800000070";
const WHO = [ME, OTHER, ADMIN];
const LIST = "/api/v1/train/train_list";
const HOUR = 3_600_000;

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
  const answer = (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
  // Each call's moves (and the jobs run since the last) checked against the list rows kept before it.
  await expectListRowsTrue(h.db.db);
  return answer;
}

let keys = 0;
const clientKey = () => `train-key-${++keys}-${Date.now()}`;
/** A valid mainland ID number for someone born on this date. */
const idNo = (birth: string, seq: number) => {
  const first17 = `110105${birth.replace(/-/g, "")}${String(seq).padStart(3, "0")}`;
  return first17 + idCardCheckChar(first17);
};

/** The same number with a wrong check character. */
const wrongCheck = (id: string) => id.slice(0, 17) + (id[17] === "1" ? "2" : "1");

let trainIndex = 0;
/** A different 北京→上海 G train each time, leaving n days ahead, with seats of the class left. */
async function pick(n: number, seatClass = "O"): Promise<{ train: TrainItem; seat: TrainSeat }> {
  const list: TrainItem[] = (await api(null, LIST, { fromStation: "北京", toStation: "上海", depDate: day(n), trainTypes: "G" })).data.list;
  for (let i = 0; i < list.length; i++) {
    const train = list[(trainIndex++) % list.length];
    const seat = train.seats.find((s) => s.seatClass === seatClass && s.left >= 5);
    if (seat) return { train, seat };
  }
  throw new Error("no train with seats");
}

type Who = { name: string; type: "adult" | "child"; certNo?: string };
function form(p: { train: TrainItem; seat: TrainSeat }, people: Who[] = [{ name: "张三", type: "adult" }], extra: Record<string, string | number> = {}) {
  const body: Record<string, string | number> = { trainKey: p.train.trainKey, seatClass: p.seat.seatClass, clientKey: clientKey(), contactName: "张三", contactMobile: ME, ...extra };
  people.forEach((w, i) => {
    body[`passengers.${i}.name`] = w.name;
    body[`passengers.${i}.certType`] = 1;
    body[`passengers.${i}.certNo`] = w.certNo ?? idNo("1990-03-07", 100 + i);
    body[`passengers.${i}.passengerType`] = w.type;
  });
  return body;
}

const remaining = async (t: TrainItem, seatClass: string) =>
  (await h.db.db.selectFrom("train_seats").select("remaining").where("runDate", "=", t.runDate).where("trainNo", "=", t.trainNo).where("seatClass", "=", seatClass).executeTakeFirstOrThrow()).remaining;

async function written() {
  return {
    orders: await count(h.db.db, "orders"), trains: await count(h.db.db, "train_orders"), passengers: await count(h.db.db, "train_order_passengers"),
    events: await count(h.db.db, "order_events"), jobs: await count(h.db.db, "jobs"), holds: await count(h.db.db, "inventory_holds"), ledger: await count(h.db.db, "ledger"),
  };
}

const setBalance = (who: string, balance: string) => h.db.db.updateTable("wallets").set({ balanceFen: parseYuan(balance)! }).where("memberId", "=", ids[who]).execute();
const balanceFen = async (who: string) => (await h.db.db.selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen;
const detail = async (who: string, orderId: number) => (await api(who, P.detail, { orderId })).data;

async function payWithWallet(who: string, orderId: number) {
  const cashier = await api(who, PAY.cashier, { orderId });
  expect(cashier.ret, cashier.msg).toBe(0);
  expect(cashier.data).toMatchObject({ product: "train", businessType: BUSINESS_TYPE.trainPay });
  const t = await api(who, PAY.create, { orderId, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(who, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType: BUSINESS_TYPE.trainPay });
  expect(r.ret, r.msg).toBe(0);
  return t.data.outTradeNo as string;
}

/** Booked, paid from the wallet and issued 5 s later. */
async function ticketed(p: { train: TrainItem; seat: TrainSeat }, people?: Who[]) {
  await setBalance(ME, "100000.00");
  const r = await api(ME, P.book, form(p, people));
  expect(r.ret, r.msg).toBe(0);
  const outTradeNo = await payWithWallet(ME, r.data.id);
  setClock(() => NOW + 6_000);
  await h.app.jobs.runDueJobs();
  const d = await detail(ME, r.data.id);
  expect(d.status).toBe(2);
  return { id: r.data.id as number, outTradeNo, d };
}

describe("booking", () => {
  it("holds a seat per passenger and creates a pending order: an adult's fare, a child's half fare and the service fee add up", async () => {
    const p = await pick(5);
    const before = await remaining(p.train, "O");
    const r = await api(ME, P.book, form(p, [{ name: "张三", type: "adult" }, { name: "张小三", type: "child", certNo: idNo("1990-03-07", 100) }]));
    expect(r.ret, r.msg).toBe(0);
    const child = childTrainFare(p.seat.price);
    expect(r.data).toMatchObject({ status: 0, orderNo: expect.stringMatching(/^T\d{18}$/), payprice: p.seat.price + child + 1000 });
    expect(await remaining(p.train, "O")).toBe(before - 2);

    const d = await detail(ME, r.data.id);
    expect(d).toMatchObject({
      status: 0, trainNo: p.train.trainNo, fromStation: p.train.fromStation, toStation: p.train.toStation, depDate: p.train.depDate, depTime: p.train.depTime,
      seatClass: "O", seatName: "二等座", ticketTotal: p.seat.price + child, serviceFee: 1000, actions: ["cancel"], ticketNo: null,
    });
    expect(d.passengers.map((x: { name: string; passengerType: string; fare: number; seatNo: string | null }) => [x.name, x.passengerType, x.fare, x.seatNo])).toEqual([
      ["张三", "adult", p.seat.price, null],
      ["张小三", "child", child, null],
    ]);
    expect(d.passengers[0].certNo).toMatch(/^110105\*+\d{3}[\dX]$/);
    expect(d.events).toEqual([expect.objectContaining({ action: "create", fromStatus: null, toStatus: 0 })]);
    expect(Date.parse(d.expiresAt) - NOW).toBe(30 * 60_000);
  });

  it("a resubmitted form finds the order it created: one order, one hold", async () => {
    const p = await pick(5);
    const body = form(p);
    const before = await written();
    const [a, b] = await Promise.all([api(ME, P.book, body), api(ME, P.book, body)]);
    const c = await api(ME, P.book, body);
    expect([a.ret, b.ret, c.ret]).toEqual([0, 0, 0]);
    expect(new Set([a.data.id, b.data.id, c.data.id]).size).toBe(1);
    const after = await written();
    expect(after.orders - before.orders).toBe(1);
    expect(after.holds - before.holds).toBe(1);
  });

  it("20 bookings of the last seat at once: exactly one succeeds, the rest are told in Chinese", async () => {
    const p = await pick(6);
    const row = await h.db.db.selectFrom("train_seats").selectAll().where("runDate", "=", p.train.runDate).where("trainNo", "=", p.train.trainNo).where("seatClass", "=", "O").executeTakeFirstOrThrow();
    const floor = soldElsewhere(SEED, `${p.train.runDate}|${p.train.trainNo}|O`, p.train.depDate, TODAY, row.total, false);
    await h.db.db.updateTable("train_seats").set({ remaining: floor + 1 }).where("runDate", "=", row.runDate).where("trainNo", "=", row.trainNo).where("seatClass", "=", "O").execute();
    const before = await written();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => api(WHO[i % 2], P.book, form(p))));
    expect(results.filter((r) => r.ret === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.ret !== 0)) {
      expect(r.ret).toBe(409);
      expect(r.msg).toMatch(/余票不足|已售完|仅剩/);
    }
    const after = await written();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.passengers).toBe(before.passengers + 1);
    expect(after.holds).toBe(before.holds + 1);
    expect(await remaining(p.train, "O")).toBe(floor);
  });

  it("refuses bad forms and unknown trains, writing nothing", async () => {
    const p = await pick(7);
    const before = await written();
    expect(await api(ME, P.book, form(p, [{ name: "张小三", type: "child" }]))).toMatchObject({ ret: 400, msg: "儿童票须与成人票一同购买" });
    expect(await api(ME, P.book, form(p, [{ name: "张三", type: "adult", certNo: wrongCheck(idNo("1990-03-07", 100)) }]))).toMatchObject({ ret: 400, msg: "证件号码格式不正确" });
    expect(await api(ME, P.book, form(p, undefined, { contactMobile: "123" }))).toMatchObject({ ret: 400, msg: "请输入正确的手机号码" });
    expect(await api(ME, P.book, form(p, undefined, { seatClass: "4" }))).toMatchObject({ ret: 400, msg: "该车次没有此席别" });
    expect(await api(ME, P.book, form(p, undefined, { trainKey: `${p.train.runDate}:G9999:北京南:上海虹桥` }))).toMatchObject({ ret: 400, msg: "车次编号不正确" });
    expect(await written()).toEqual(before);
  });
});

describe("expiry, payment and ticketing", () => {
  it("the expiry job cancels an unpaid order at 30 minutes and gives the seats back", async () => {
    const p = await pick(8);
    const before = await remaining(p.train, "O");
    const { data } = await api(ME, P.book, form(p, [{ name: "张三", type: "adult" }, { name: "李四", type: "adult", certNo: idNo("1985-01-01", 200) }]));
    expect(await remaining(p.train, "O")).toBe(before - 2);
    setClock(() => NOW + 29 * 60_000);
    await h.app.jobs.runDueJobs();
    expect((await detail(ME, data.id)).status).toBe(0);
    setClock(() => NOW + 30 * 60_000 + 1000);
    await h.app.jobs.runDueJobs();
    const d = await detail(ME, data.id);
    expect(d).toMatchObject({ status: 5, actions: [], expiresAt: null });
    expect(d.events[1]).toMatchObject({ action: "expire", actorName: "系统", note: "超时未支付，系统自动取消" });
    expect(await remaining(p.train, "O")).toBe(before);
    // An expired order cannot be paid.
    expect((await api(ME, PAY.create, { orderId: data.id, method: "wallet" })).ret).toBe(409);
  });

  it("wallet pay moves the order to 出票中; the railway's job issues it with a seat per passenger", async () => {
    await setBalance(ME, "100000.00");
    const p = await pick(9);
    const before = await remaining(p.train, "O");
    const { data } = await api(ME, P.book, form(p, [{ name: "张三", type: "adult" }, { name: "李四", type: "adult", certNo: idNo("1985-01-01", 200) }]));
    const wallet = await balanceFen(ME);
    await payWithWallet(ME, data.id);
    expect(await balanceFen(ME)).toBe(wallet - data.payprice);
    expect(await detail(ME, data.id)).toMatchObject({ status: 1, actions: [] });
    setClock(() => NOW + 4_000);
    await h.app.jobs.runDueJobs();
    expect((await detail(ME, data.id)).status).toBe(1);
    setClock(() => NOW + 6_000);
    await h.app.jobs.runDueJobs();
    const d = await detail(ME, data.id);
    expect(d).toMatchObject({ status: 2, ticketNo: expect.stringMatching(/^E\d+$/), actions: ["refund", "change", "requestChange"] });
    expect(d.passengers.map((x: { seatNo: string }) => x.seatNo)).toEqual([expect.stringMatching(/^\d{2}车\d{2}[ABCDF]号$/), expect.stringMatching(/^\d{2}车\d{2}[ABCDF]号$/)]);
    expect(new Set(d.passengers.map((x: { seatNo: string }) => x.seatNo)).size).toBe(2);
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(["create", "pay", "ticket"]);
    // Issued: the expiry no longer gives the seats back.
    setClock(() => NOW + 31 * 60_000);
    await h.app.jobs.runDueJobs();
    expect((await detail(ME, data.id)).status).toBe(2);
    expect(await remaining(p.train, "O")).toBe(before - 2);
  });

  it("seats whose hold lapsed before issuing: 出票失败, the seats go back and the whole payment returns", async () => {
    await setBalance(ME, "100000.00");
    const p = await pick(10);
    const before = await remaining(p.train, "O");
    const { data } = await api(ME, P.book, form(p));
    setClock(() => NOW + 29 * 60_000 + 58_000);
    const wallet = await balanceFen(ME);
    await payWithWallet(ME, data.id);
    // The railway's turn comes after the 30 minutes' hold.
    setClock(() => NOW + 31 * 60_000);
    await h.app.jobs.runDueJobs();
    const d = await detail(ME, data.id);
    expect(d).toMatchObject({ status: 6, actions: [], refundAmount: data.payprice });
    expect(d.events.at(-1)).toMatchObject({ action: "fail", note: expect.stringContaining("出票失败") });
    expect(await balanceFen(ME)).toBe(wallet);
    expect(await remaining(p.train, "O")).toBe(before);
  });

  it("the order centre lists the member's train orders, paged and filtered by status", async () => {
    const all = (await api(ME, P.list, { pageSize: 100 })).data;
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.list[0]).toMatchObject({ orderNo: expect.stringMatching(/^T/), trainNo: expect.stringMatching(/^G/), passengerNames: expect.any(Array) });
    const page = (await api(ME, P.list, { pageSize: 2, pageNum: 2 })).data;
    expect(page.list.map((o: { id: number }) => o.id)).toEqual(all.list.slice(2, 4).map((o: { id: number }) => o.id));
    const cancelled = (await api(ME, P.list, { status: 5 })).data.list;
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((o: { status: number }) => o.status === 5)).toBe(true);
    expect((await api(ME, P.list, { status: 42 })).ret).toBe(400);
    // A passenger's name finds the orders they travel on.
    const li = (await api(ME, P.list, { travellerName: "李四", pageSize: 100 })).data.list;
    expect(li.length).toBeGreaterThanOrEqual(2);
    expect(li.every((o: { passengerNames: string[] }) => o.passengerNames.includes("李四"))).toBe(true);
  });
});

describe("退票", () => {
  it("quotes the railway's fee per passenger by time band, writing nothing", async () => {
    const p = await pick(12);
    const { id, d } = await ticketed(p, [{ name: "张三", type: "adult" }, { name: "张小三", type: "child", certNo: idNo("1990-03-07", 100) }]);
    const departAt = Date.parse(`${d.depDate}T${d.depTime}:00+08:00`);
    const fares = [p.seat.price, childTrainFare(p.seat.price)];
    const before = await written();
    for (const [hours, percent] of [[200, 0], [100, 5], [30, 10], [5, 20]] as const) {
      setClock(() => departAt - hours * HOUR);
      const q = await api(ME, P.refund, { orderId: id, mode: "quote" });
      expect(q.ret, q.msg).toBe(0);
      const fees = fares.map((f) => trainRefundFee(f, hours));
      expect(q.data).toMatchObject({ percent, fee: fees[0] + fees[1], refund: fares[0] + fares[1] - fees[0] - fees[1], serviceFeeKept: 1000 });
      expect(q.data.lines.map((l: { name: string; fare: number; fee: number; refund: number }) => [l.name, l.fare, l.fee, l.refund])).toEqual([
        ["张三", fares[0], fees[0], fares[0] - fees[0]],
        ["张小三", fares[1], fees[1], fares[1] - fees[1]],
      ]);
      if (percent > 0) expect(q.data.fee).toBeGreaterThan(0);
    }
    expect(await written()).toEqual(before);
    expect((await detail(ME, id)).status).toBe(2);
  });

  it("refunds 30 hours before departure: 10 % per ticket kept, the rest back to the wallet, the seats back on sale", async () => {
    const p = await pick(13);
    const before = await remaining(p.train, "O");
    const { id, outTradeNo, d } = await ticketed(p);
    expect(await remaining(p.train, "O")).toBe(before - 1);
    setClock(() => Date.parse(`${d.depDate}T${d.depTime}:00+08:00`) - 30 * HOUR);
    const wallet = await balanceFen(ME);
    const fee = trainRefundFee(p.seat.price, 30);
    expect(fee).toBe(Math.floor((Math.floor(p.seat.price / 10) + 25) / 50) * 50);
    const r = await api(ME, P.refund, { orderId: id, mode: "confirm" });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ to: 4, fee, refund: p.seat.price - fee });
    expect(await balanceFen(ME)).toBe(wallet + p.seat.price - fee);
    const after = await detail(ME, id);
    expect(after).toMatchObject({ status: 4, refundFee: fee, refundAmount: p.seat.price - fee, actions: [] });
    expect(after.passengers[0].refundFee).toBe(fee);
    expect(after.events.at(-1)).toMatchObject({ action: "refund", note: expect.stringContaining("扣除退票费") });
    expect(await remaining(p.train, "O")).toBe(before);
    const ledger = await h.db.db.selectFrom("ledger").selectAll().where("outTradeNo", "=", outTradeNo).where("entry", "=", "refund").execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ account: "wallet", direction: "in", amountFen: p.seat.price - fee });
    // Refunded once: a second refund changes nothing.
    expect((await api(ME, P.refund, { orderId: id, mode: "confirm" })).ret).toBe(409);
    expect(await balanceFen(ME)).toBe(wallet + p.seat.price - fee);
  });

  it("a ticket paid on company credit goes back to the credit line, not to the booker's wallet", async () => {
    const p = await pick(14);
    const { data } = await api(ADMIN, P.book, form(p, undefined, { contactMobile: ADMIN }));
    const t = await api(ADMIN, PAY.create, { orderId: data.id, method: "credit" });
    expect(t.ret, t.msg).toBe(0);
    const paid = await api(ADMIN, PAY.credit, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[ADMIN], t.data.outTradeNo), businessType: BUSINESS_TYPE.trainPay });
    expect(paid.ret, paid.msg).toBe(0);
    setClock(() => NOW + 6_000);
    await h.app.jobs.runDueJobs();
    const line = async () => h.db.db.selectFrom("wallets").select(["creditUsedFen", "balanceFen"]).where("memberId", "=", ids[ADMIN]).executeTakeFirstOrThrow();
    const afterPay = await line();
    const r = await api(ADMIN, P.refund, { orderId: data.id, mode: "confirm" });
    expect(r.ret, r.msg).toBe(0);
    const afterRefund = await line();
    expect(afterPay.creditUsedFen - afterRefund.creditUsedFen).toBe(r.data.refund);
    expect(afterRefund.balanceFen).toBe(afterPay.balanceFen);
  });
});

describe("改签", () => {
  it("moves a 一等座 ticket to another train's 二等座: the difference comes back less its refund fee, and only once", async () => {
    const first = await pick(15, "M");
    const { id, d } = await ticketed(first);
    const oldLeft = await remaining(first.train, "M");
    const next = await pick(15, "O");
    expect(next.train.trainNo).not.toBe(first.train.trainNo);
    const newLeft = await remaining(next.train, "O");
    const hours = (Date.parse(`${d.depDate}T${d.depTime}:00+08:00`) - NOW) / HOUR;
    const diff = first.seat.price - next.seat.price;
    const fee = trainRefundFee(diff, hours);

    const before = await written();
    const q = await api(ME, P.changeApply, { orderId: id, trainKey: next.train.trainKey, seatClass: "O" });
    expect(q.ret, q.msg).toBe(0);
    expect(q.data).toMatchObject({ trainNo: next.train.trainNo, seatName: "二等座", fee, refund: diff - fee });
    expect(q.data.lines[0]).toMatchObject({ oldFare: first.seat.price, newFare: next.seat.price });
    expect(await written()).toEqual(before);

    const wallet = await balanceFen(ME);
    const r = await api(ME, P.changeConfirm, { orderId: id, trainKey: next.train.trainKey, seatClass: "O" });
    expect(r.ret, r.msg).toBe(0);
    expect(await balanceFen(ME)).toBe(wallet + diff - fee);
    const after = await detail(ME, id);
    expect(after).toMatchObject({
      status: 3, trainNo: next.train.trainNo, seatClass: "O", ticketTotal: next.seat.price, refundFee: fee, refundAmount: diff - fee,
      changedFrom: expect.stringContaining(first.train.trainNo), actions: ["refund"],
    });
    expect(after.passengers[0]).toMatchObject({ fare: next.seat.price, seatNo: expect.stringMatching(/^\d{2}车\d{2}[ABCDF]号$/) });
    expect(after.events.at(-1)).toMatchObject({ action: "change", note: expect.stringContaining(`改签至 ${next.train.trainNo}`) });
    expect(await remaining(first.train, "M")).toBe(oldLeft + 1);
    expect(await remaining(next.train, "O")).toBe(newLeft - 1);

    // A ticket is changed once; the changed ticket can still be refunded, at the new fare.
    expect((await api(ME, P.changeApply, { orderId: id, trainKey: first.train.trainKey, seatClass: "O" })).ret).toBe(409);
    const refund = await api(ME, P.refund, { orderId: id, mode: "quote" });
    expect(refund.data.lines[0].fare).toBe(next.seat.price);
  });

  it("refuses the same seat, another route, and an unpaid order, changing nothing", async () => {
    const p = await pick(16);
    const { id } = await ticketed(p);
    const dearer = await pick(16, "M");
    const before = await written();
    expect(await api(ME, P.changeApply, { orderId: id, trainKey: p.train.trainKey, seatClass: "O" })).toMatchObject({ ret: 400, msg: "请选择其他车次或席别" });
    const nanjing: TrainItem = (await api(null, LIST, { fromStation: "北京", toStation: "南京", depDate: day(16), trainTypes: "G" })).data.list[0];
    expect(await api(ME, P.changeApply, { orderId: id, trainKey: nanjing.trainKey, seatClass: "O" })).toMatchObject({ ret: 400, msg: "改签只能选择相同出发和到达城市的车次" });
    expect(await written()).toEqual(before);
    const unpaid = await api(ME, P.book, form(await pick(16)));
    expect((await api(ME, P.changeApply, { orderId: unpaid.data.id, trainKey: dearer.train.trainKey, seatClass: "O" })).ret).toBe(409);
  });
});

describe("改签 to a dearer train", () => {
  const departureOf = (d: { depDate: string; depTime: string }) => Date.parse(`${d.depDate}T${d.depTime}:00+08:00`);
  const seatNos = (d: { passengers: { seatNo: string }[] }) => d.passengers.map((p) => p.seatNo);
  const ledgerRefunds = (outTradeNo: string) =>
    h.db.db.selectFrom("ledger").select(["account", "amountFen"]).where("outTradeNo", "=", outTradeNo).where("entry", "=", "refund").orderBy("id").execute();

  /** A ticketed 二等座 and another train's 一等座 that day, dearer. */
  async function dearerChange(n: number) {
    const first = await pick(n, "O");
    const ticket = await ticketed(first);
    const next = await pick(n, "M");
    expect(next.train.trainNo).not.toBe(first.train.trainNo);
    expect(next.seat.price).toBeGreaterThan(first.seat.price);
    return { first, next, ...ticket, body: { orderId: ticket.id, trainKey: next.train.trainKey, seatClass: "M" } };
  }

  async function payChange(orderId: number) {
    const t = await api(ME, PAY.create, { orderId, method: "wallet" });
    expect(t.ret, t.msg).toBe(0);
    expect(t.data.businessType).toBe(BUSINESS_TYPE.trainChangeTicket);
    const r = await api(ME, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[ME], t.data.outTradeNo), businessType: BUSINESS_TYPE.trainChangeTicket });
    expect(r.ret, r.msg).toBe(0);
    return t.data.outTradeNo as string;
  }

  it("waits in 改签待支付 for the difference, no fee; paid at the cashier it completes, the old seat goes back, and a later refund returns the new fare through both trades", async () => {
    const { first, next, id, d, outTradeNo: ticketTrade, body } = await dearerChange(19);
    const oldLeft = await remaining(first.train, "O");
    const newLeft = await remaining(next.train, "M");
    const diff = next.seat.price - first.seat.price;

    const before = await written();
    const q = await api(ME, P.changeApply, body);
    expect(q.ret, q.msg).toBe(0);
    expect(q.data).toMatchObject({ trainNo: next.train.trainNo, seatName: "一等座", pay: diff, fee: 0, refund: 0 });
    expect(q.data.lines).toEqual([expect.objectContaining({ oldFare: first.seat.price, newFare: next.seat.price, pay: diff, fee: 0, refund: 0 })]);
    expect(await written()).toEqual(before);

    // Two confirms at once: one holds the new seat, the other finds the order moved and holds nothing.
    const wallet = await balanceFen(ME);
    const [a, b] = await Promise.all([api(ME, P.changeConfirm, body), api(ME, P.changeConfirm, body)]);
    expect([a.ret, b.ret].sort()).toEqual([0, 409]);
    const r = a.ret === 0 ? a : b;
    expect(r.data).toMatchObject({ status: "awaitingPayment", pay: diff, from: 2, to: 8 });
    expect(Date.parse(r.data.expiresAt)).toBe(NOW + 6_000 + 30 * 60_000);
    expect(await balanceFen(ME)).toBe(wallet);
    expect(await remaining(next.train, "M")).toBe(newLeft - 1);
    expect(await remaining(first.train, "O")).toBe(oldLeft);
    const pending = await detail(ME, id);
    expect(pending).toMatchObject({
      status: 8, trainNo: first.train.trainNo, seatClass: "O", ticketNo: d.ticketNo, actions: ["cancelChange"], changePaid: 0,
      pendingChange: { trainNo: next.train.trainNo, seatName: "一等座", pay: diff, expiresAt: r.data.expiresAt },
    });
    expect(seatNos(pending)).toEqual(seatNos(d));
    expect(pending.events.at(-1)).toMatchObject({ action: "requestChange", toStatus: 8, note: expect.stringContaining(`需补差价 ¥${(diff / 100).toFixed(2)}`) });
    // Meanwhile neither refunded nor changed again.
    expect((await api(ME, P.refund, { orderId: id, mode: "quote" })).ret).toBe(409);
    expect((await api(ME, P.changeApply, body)).ret).toBe(409);

    // The cashier asks for the difference as 火车票改签, until the window closes.
    const cashier = await api(ME, PAY.cashier, { orderId: id });
    expect(cashier.data).toMatchObject({
      product: "train", status: 8, businessType: BUSINESS_TYPE.trainChangeTicket, amount: diff, expiresAt: r.data.expiresAt,
      title: `改签至 ${next.train.trainNo} ${next.train.depDate} ${next.train.depTime} 一等座 ${next.train.fromStation}—${next.train.toStation}`,
    });
    const changeTrade = await payChange(id);
    expect(await balanceFen(ME)).toBe(wallet - diff);
    const after = await detail(ME, id);
    expect(after).toMatchObject({
      status: 3, trainNo: next.train.trainNo, seatClass: "M", ticketTotal: next.seat.price, payprice: d.payprice, changePaid: diff, pendingChange: null,
      refundFee: 0, refundAmount: 0, actions: ["refund"], ticketNo: expect.stringMatching(/^E\d+$/), changedFrom: expect.stringContaining(first.train.trainNo),
    });
    expect(after.passengers[0]).toMatchObject({ fare: next.seat.price, seatNo: expect.stringMatching(/^\d{2}车\d{2}[ABCDF]号$/) });
    expect(after.events.map((e: { action: string }) => e.action)).toEqual(["create", "pay", "ticket", "requestChange", "payChange"]);
    expect(await remaining(first.train, "O")).toBe(oldLeft + 1);
    expect(await remaining(next.train, "M")).toBe(newLeft - 1);
    // Paid once: nothing more to pay, and the window's job finds nothing to decline.
    expect((await api(ME, PAY.create, { orderId: id, method: "wallet" })).ret).toBe(409);
    setClock(() => Date.parse(r.data.expiresAt) + 1_000);
    await h.app.jobs.runDueJobs();
    expect((await detail(ME, id)).events).toHaveLength(5);

    // 退票 30 hours before the new train: its fare less 10 % comes back. The difference's trade
    // gives back all it took, the ticket's trade the rest; the service fee stays.
    setClock(() => departureOf(after) - 30 * HOUR);
    const fee = trainRefundFee(next.seat.price, 30);
    const back = await balanceFen(ME);
    const refund = await api(ME, P.refund, { orderId: id, mode: "confirm" });
    expect(refund.ret, refund.msg).toBe(0);
    expect(refund.data).toMatchObject({ fee, refund: next.seat.price - fee });
    expect(await balanceFen(ME)).toBe(back + next.seat.price - fee);
    expect(await ledgerRefunds(changeTrade)).toEqual([{ account: "wallet", amountFen: diff }]);
    expect(await ledgerRefunds(ticketTrade)).toEqual([{ account: "wallet", amountFen: next.seat.price - fee - diff }]);
    const trades = await h.db.db.selectFrom("payments").select("status").where("outTradeNo", "in", [ticketTrade, changeTrade]).execute();
    expect(trades.map((t) => t.status)).toEqual(["refunded", "refunded"]);
  });

  it("left unpaid, is declined when its window closes: the new seat goes back, the original ticket holds and may still be changed", async () => {
    const { first, next, id, d, body } = await dearerChange(20);
    const oldLeft = await remaining(first.train, "O");
    const newLeft = await remaining(next.train, "M");
    const wallet = await balanceFen(ME);
    const r = await api(ME, P.changeConfirm, body);
    expect(r.ret, r.msg).toBe(0);
    const end = Date.parse(r.data.expiresAt);
    setClock(() => end - 60_000);
    await h.app.jobs.runDueJobs();
    expect((await detail(ME, id)).status).toBe(8);
    // Past the window the difference is no longer taken, even before the job has run.
    setClock(() => end + 1_000);
    expect(await api(ME, PAY.create, { orderId: id, method: "wallet" })).toMatchObject({ ret: 409, msg: expect.stringContaining("支付时限") });
    await h.app.jobs.runDueJobs();
    const after = await detail(ME, id);
    expect(after).toMatchObject({
      status: 2, trainNo: first.train.trainNo, seatClass: "O", ticketNo: d.ticketNo, ticketTotal: first.seat.price, pendingChange: null, changePaid: 0,
      actions: ["refund", "change", "requestChange"], changedFrom: null,
    });
    expect(seatNos(after)).toEqual(seatNos(d));
    expect(after.events.at(-1)).toMatchObject({ action: "declineChange", actorName: "系统", fromStatus: 8, toStatus: 2, note: expect.stringContaining("原车票继续有效") });
    expect(await remaining(next.train, "M")).toBe(newLeft);
    expect(await remaining(first.train, "O")).toBe(oldLeft);
    expect(await balanceFen(ME)).toBe(wallet);
    const change = await h.db.db.selectFrom("train_changes").select("status").where("orderId", "=", id).executeTakeFirstOrThrow();
    expect(change.status).toBe("declined");
    // The original ticket may be changed again.
    expect((await api(ME, P.changeApply, body)).ret).toBe(0);
  });

  it("the difference paid on company credit charges the company's line", async () => {
    // A company administrator's ticket and its difference, both on the company's credit line.
    const first = await pick(22, "O");
    const { data } = await api(ADMIN, P.book, form(first, undefined, { contactMobile: ADMIN }));
    const t = await api(ADMIN, PAY.create, { orderId: data.id, method: "credit" });
    expect((await api(ADMIN, PAY.credit, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[ADMIN], t.data.outTradeNo), businessType: BUSINESS_TYPE.trainPay })).ret).toBe(0);
    setClock(() => NOW + 6_000);
    await h.app.jobs.runDueJobs();
    const next = await pick(22, "M");
    expect((await api(ADMIN, P.changeConfirm, { orderId: data.id, trainKey: next.train.trainKey, seatClass: "M" })).ret).toBe(0);
    const used = async () => (await h.db.db.selectFrom("wallets").select("creditUsedFen").where("memberId", "=", ids[ADMIN]).executeTakeFirstOrThrow()).creditUsedFen;
    const before = await used();
    const c = await api(ADMIN, PAY.create, { orderId: data.id, method: "credit" });
    expect(c.ret, c.msg).toBe(0);
    const paid = await api(ADMIN, PAY.credit, { payPassword: PAY_PASSWORD_MD5, outTradeNo: c.data.outTradeNo, requestVerify: requestVerify(ids[ADMIN], c.data.outTradeNo), businessType: BUSINESS_TYPE.trainChangeTicket });
    expect(paid.ret, paid.msg).toBe(0);
    expect(await used()).toBe(before + next.seat.price - first.seat.price);
    expect(await detail(ADMIN, data.id)).toMatchObject({ status: 3, trainNo: next.train.trainNo, changePaid: next.seat.price - first.seat.price });
  });

  it("Alipay money for a difference whose window closed meanwhile goes back where it came from; the change stays declined", async () => {
    const { id, body } = await dearerChange(23);
    expect((await api(ME, P.changeConfirm, body)).ret).toBe(0);
    const q = await api(ME, PAY.create, { orderId: id, method: "alipay" });
    expect(q.ret, q.msg).toBe(0);
    const end = Date.parse((await detail(ME, id)).pendingChange.expiresAt);
    setClock(() => end + 1_000);
    await h.app.jobs.runDueJobs();
    expect((await detail(ME, id)).status).toBe(2);
    const n = { outTradeNo: q.data.outTradeNo, tradeNo: "2026112622001000000303", totalFen: q.data.amount, method: "alipay" as const };
    const late = await api(null, PAY.sandboxNotify, { ...n, sign: signSandbox(DEMO_SANDBOX_SECRET, n) });
    expect(late.ret, late.msg).toBe(0);
    expect(late.data.status).toBe("refunding");
    expect(await detail(ME, id)).toMatchObject({ status: 2, pendingChange: null, changePaid: 0 });
    const back = await h.db.db.selectFrom("source_refunds").select(["amountFen"]).where("outTradeNo", "=", q.data.outTradeNo).execute();
    expect(back).toEqual([{ amountFen: q.data.amount }]);
  });

  it("withdrawn by the member: the new seat goes back at once; nobody else may withdraw it, and it is withdrawn once", async () => {
    const { first, next, id, body } = await dearerChange(21);
    const oldLeft = await remaining(first.train, "O");
    const newLeft = await remaining(next.train, "M");
    expect((await api(ME, P.changeCancel, { orderId: id })).ret).toBe(409);
    expect((await api(ME, P.changeConfirm, body)).ret).toBe(0);
    const before = await written();
    expect((await api(OTHER, P.changeCancel, { orderId: id })).ret).toBe(403);
    expect(await api(ME, P.changeCancel, { orderId: "x" })).toMatchObject({ ret: 400 });
    expect(await written()).toEqual(before);
    const r = await api(ME, P.changeCancel, { orderId: id });
    expect(r).toMatchObject({ ret: 0, data: { from: 8, to: 2 } });
    expect(await remaining(next.train, "M")).toBe(newLeft);
    expect(await remaining(first.train, "O")).toBe(oldLeft);
    const after = await detail(ME, id);
    expect(after).toMatchObject({ status: 2, trainNo: first.train.trainNo, pendingChange: null });
    expect(after.events.at(-1)).toMatchObject({ action: "cancelChange", actorName: expect.any(String), note: expect.stringContaining("原车票继续有效") });
    expect((await api(ME, P.changeCancel, { orderId: id })).ret).toBe(409);
    // The window's job later finds nothing to decline.
    setClock(() => NOW + 6_000 + 31 * 60_000);
    await h.app.jobs.runDueJobs();
    expect((await detail(ME, id)).events).toHaveLength(after.events.length);
  });
});

describe("illegal moves and who sees what", () => {
  it("refuses moves the state machine does not allow and leaves everything as it was", async () => {
    const p = await pick(17);
    const { data } = await api(ME, P.book, form(p));
    const before = await written();
    await expect(applyTrainMove(h.db.db, { orderId: data.id, action: "pay", actor: { kind: "member", memberId: ids[ME], name: "x" } })).rejects.toThrow("不能执行此操作");
    await expect(applyTrainMove(h.db.db, { orderId: data.id, action: "ticket", actor: SYSTEM_ACTOR })).rejects.toThrow("不能执行此操作");
    await expect(applyTrainMove(h.db.db, { orderId: data.id, action: "fail", actor: SYSTEM_ACTOR })).rejects.toThrow("不能执行此操作");
    expect(await api(ME, P.refund, { orderId: data.id, mode: "quote" })).toMatchObject({ ret: 409, msg: expect.stringContaining("待支付") });
    expect(await written()).toEqual(before);
    const [a, b] = await Promise.all([api(ME, P.cancel, { orderId: data.id }), api(ME, P.cancel, { orderId: data.id })]);
    expect([a.ret, b.ret].sort()).toEqual([0, 409]);
    const again = await api(ME, P.cancel, { orderId: data.id });
    expect(again).toMatchObject({ ret: 409, msg: expect.stringContaining("已取消") });
    expect((await api(ME, PAY.create, { orderId: data.id, method: "wallet" })).ret).toBe(409);
  });

  it("another member can neither read, cancel, refund, change nor pay the order, nor find it in a list", async () => {
    const p = await pick(18);
    const { data } = await api(ME, P.book, form(p));
    const before = await written();
    expect((await api(OTHER, P.detail, { orderId: data.id })).ret).toBe(403);
    expect((await api(OTHER, P.cancel, { orderId: data.id })).ret).toBe(403);
    expect((await api(OTHER, P.refund, { orderId: data.id, mode: "quote" })).ret).toBe(403);
    expect((await api(OTHER, P.changeApply, { orderId: data.id, trainKey: p.train.trainKey, seatClass: "M" })).ret).toBe(403);
    expect((await api(OTHER, PAY.cashier, { orderId: data.id })).ret).toBe(403);
    expect((await api(OTHER, P.detail, { orderId: 99_999_999 })).ret).toBe(404);
    const list = (await api(OTHER, P.list, { pageSize: 100 })).data.list;
    expect(list.map((o: { id: number }) => o.id)).not.toContain(data.id);
    expect(await written()).toEqual(before);
    expect((await api(null, P.list, {})).ret).toBe(401);
  });
});
