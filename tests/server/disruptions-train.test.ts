// 航变 of trains end to end on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): the
// ticketing operator records a train's cancellation under the console's session (audited; a
// finance session is refused and writes nothing), which flags exactly the live orders on that
// train and date; the traveller changes free of charge to another train of the same route and
// seat class (nothing paid or refunded, every fare kept to the fen, the old seat back on sale and
// the new one taken), once under two concurrent clicks; a timetable change is accepted once and
// another order refunded in full (every fen back, service fee included); a business order keeps
// its approval through a free change; the console lists each disruption with its choices and the
// travel manager's 航变行程 finds the company's trips by its filters.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { fakeClock, givePayPassword, PAY_PASSWORD_MD5, realClock } from "./account-helpers";
import { DEMO, travelClient } from "./travel-helpers";
import { expectBooksBalanced, setBalance } from "./money-audit";
import { demoOpsToken, opsCall } from "./ops-kit";
import { seedDemoOperators } from "../../server/ops/demo";
import { TRAIN_ORDER_PATHS as TP } from "../../src/domain/orders/train-types";
import { TRAIN_ORDER_STATUS as TS } from "../../src/domain/orders/train";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { DISRUPTION_PATHS as D } from "../../src/domain/disruptions";
import { OPS_PATHS } from "../../src/domain/ops";
import type { TrainItem, TrainSeat } from "../../src/domain/travel/types";

let h: Harness;
let c: ReturnType<typeof travelClient>;
let clock: ReturnType<typeof fakeClock>;
const ops: Record<string, string> = {};
const ids: Record<string, number> = {};
const ME = DEMO.individual;
const TRAVELLER = DEMO.traveller;

afterEach(() => expectListRowsTrue(h.db.db));
beforeAll(async () => {
  h = await startTravel();
  clock = fakeClock(NOW);
  c = travelClient(h);
  await seedDemoOperators(h.db.db);
  ops.ticketing = await demoOpsToken(h.app, "ops-ticket");
  ops.finance = await demoOpsToken(h.app, "ops-finance");
  ops.admin = await demoOpsToken(h.app, "ops-admin");
  for (const m of [ME, TRAVELLER]) ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  await givePayPassword(h.db.db);
  for (const m of [ME, TRAVELLER]) await setBalance(h.db.db, ids[m], "50000.00");
});
beforeEach(() => clock.advance(NOW - clock.now()));
afterAll(async () => {
  await expectBooksBalanced(h.db.db);
  realClock();
  await stopTravel(h);
});

const db = () => h.db.db;
let keys = 0;

/** The 北京→上海 G trains n days ahead with at least `left` seats of the class (O 二等座, 9 商务座). */
async function trains(n: number, seatClass = "O", left = 3): Promise<{ train: TrainItem; seat: TrainSeat }[]> {
  const list: TrainItem[] = (await c.as(null, "/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate: day(n), trainTypes: "G" })).data.list;
  return list.flatMap((train) => train.seats.filter((s) => s.seatClass === seatClass && s.left >= left).slice(0, 1).map((seat) => ({ train, seat })));
}

function form(p: { train: TrainItem; seat: TrainSeat }, who: string, extra: Record<string, unknown> = {}) {
  const name = who === TRAVELLER ? "黄磊" : "张三";
  return {
    trainKey: p.train.trainKey, seatClass: p.seat.seatClass, clientKey: `disrupt-train-${++keys}`, contactName: name, contactMobile: who,
    passengers: [{ name, certType: 1, certNo: "11010519491231002X", passengerType: "adult" }], ...extra,
  };
}

async function pay(who: string, orderId: number) {
  const t = await c.as(who, PAY.create, { orderId, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await c.as(who, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType: BUSINESS_TYPE.trainPay });
  expect(r.ret, r.msg).toBe(0);
}

/** Issued: the railway's job runs 5 s after the payment. */
async function issue() {
  clock.advance(6_000);
  await h.app.jobs.runDueJobs();
}

async function ticketed(who: string, p: { train: TrainItem; seat: TrainSeat }, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await c.as(who, TP.book, form(p, who, extra));
  expect(r.ret, r.msg).toBe(0);
  await pay(who, r.data.id);
  await issue();
  expect((await detail(who, r.data.id)).status).toBe(TS.ticketed);
  return r.data.id as number;
}

const detail = async (who: string, orderId: number) => (await c.as(who, TP.detail, { orderId })).data;
const balanceFen = async (who: string) => (await db().selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen;
const remaining = async (t: TrainItem, seatClass: string) =>
  (await db().selectFrom("train_seats").select("remaining").where("runDate", "=", t.runDate).where("trainNo", "=", t.trainNo).where("seatClass", "=", seatClass).executeTakeFirstOrThrow()).remaining;
const flagsOf = async (disruptionId: number) => (await db().selectFrom("order_disruptions").select("orderId").where("disruptionId", "=", disruptionId).orderBy("orderId").execute()).map((r) => r.orderId);
const oneOk = (replies: { ret: number }[]) => expect(replies.map((r) => r.ret).filter((r) => r === 0)).toHaveLength(1);
const fares = async (orderId: number) => (await db().selectFrom("train_order_passengers").select("fareFen").where("orderId", "=", orderId).orderBy("id").execute()).map((p) => p.fareFen);
const orderRow = (id: number) => db().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("航变 of a train", () => {
  let hit: { train: TrainItem; seat: TrainSeat };
  let hitOrder: number;
  let cancelId: number;

  it("records a cancellation under the ticketing operator's session: flags exactly the live orders on that train and date, tells their members, audits it", async () => {
    const day3 = await trains(3);
    expect(day3.length).toBeGreaterThanOrEqual(2);
    hit = day3[0];
    hitOrder = await ticketed(ME, hit);
    const other = await ticketed(ME, day3[1]);
    const unpaid = await c.as(ME, TP.book, form(hit, ME));
    expect((await c.as(ME, "/api/v1/train/order_cancel", { orderId: unpaid.data.id })).ret).toBe(0);
    const record = { kind: "trainStopCancelled", no: hit.train.trainNo, date: day(3), reason: "线路施工" };

    // Finance holds no 航变登记: refused, nothing recorded.
    const before = await db().selectFrom("disruptions").select("id").execute();
    expect((await opsCall(h.app, OPS_PATHS.disruptionRecord, record, ops.finance)).ret).toBe(403);
    expect((await opsCall(h.app, OPS_PATHS.disruptionRecord, { ...record, kind: "trainTimetable" }, ops.ticketing)).ret).toBe(400);
    expect(await db().selectFrom("disruptions").select("id").execute()).toEqual(before);

    const r = await opsCall(h.app, OPS_PATHS.disruptionRecord, { ...record, no: record.no.toLowerCase() }, ops.ticketing);
    expect(r.ret, r.msg).toBe(0);
    cancelId = r.data.id;
    expect(await flagsOf(cancelId)).toEqual([hitOrder]);
    expect(r.data.orderIds).not.toContain(other);
    const told = await db().selectFrom("notifications").select(["memberId", "subjectId", "params"]).where("kind", "=", "scheduleChanged").where("subjectId", "=", hitOrder).execute();
    expect(told.map((n) => n.memberId)).toContain(ids[ME]);
    expect(JSON.parse(told[0].params)).toMatchObject({ product: "train" });
    const audit = await db().selectFrom("operator_audit").selectAll().where("action", "=", "disruption.record").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ objectType: "disruption", objectId: String(cancelId) });

    const seen = await c.as(ME, D.ofOrder, { id: hitOrder });
    expect(seen.data[0]).toMatchObject({ kind: "trainStopCancelled", status: "pending", actions: ["change", "refund"] });
    expect((await c.as(ME, D.accept, { id: hitOrder, disruptionId: cancelId })).ret).not.toBe(0);
    // A train order changes to a train, never to a flight's fare.
    expect((await c.as(ME, D.change, { id: hitOrder, disruptionId: cancelId, fareKey: "x" })).ret).toBe(400);
    expect((await c.as(DEMO.staff, D.changeTrain, { id: hitOrder, disruptionId: cancelId, trainKey: day3[1].train.trainKey })).ret).not.toBe(0);
  });

  it("changes free of charge once under two concurrent clicks: same seat class, nothing paid or refunded, fares kept, seats moved", async () => {
    const wallet = await balanceFen(ME);
    const paid = (await orderRow(hitOrder)).totalFen;
    const oldFares = await fares(hitOrder);
    const target = (await trains(4)).find((x) => x.train.trainNo !== hit.train.trainNo)!;
    // Refused, the choice left open: the cancelled train itself, a day outside the window (the seat
    // class is always the order's own).
    expect((await c.as(ME, D.changeTrain, { id: hitOrder, disruptionId: cancelId, trainKey: hit.train.trainKey })).ret).not.toBe(0);
    const far = (await trains(8))[0];
    const outside = await c.as(ME, D.changeTrain, { id: hitOrder, disruptionId: cancelId, trainKey: far.train.trainKey });
    expect(outside.ret).toBe(400);
    expect((await c.as(ME, D.ofOrder, { id: hitOrder })).data[0].status).toBe("pending");

    const oldLeft = await remaining(hit.train, "O");
    const newLeft = await remaining(target.train, "O");
    const replies = await Promise.all([1, 2].map(() => c.as(ME, D.changeTrain, { id: hitOrder, disruptionId: cancelId, trainKey: target.train.trainKey })));
    oneOk(replies);
    const ok = replies.find((r) => r.ret === 0)!;
    expect(ok.data.change).toMatchObject({ pay: 0, fee: 0, refund: 0, status: "changed" });
    const d = await detail(ME, hitOrder);
    expect(d).toMatchObject({ status: TS.changed, trainNo: target.train.trainNo, depDate: day(4), seatClass: "O", refundAmount: 0, refundFee: 0, changePaid: 0 });
    expect(d.changedFrom).toContain(hit.train.trainNo);
    expect(d.passengers[0].seatNo).toBeTruthy();
    expect(d.events.map((e: { action: string }) => e.action)).toContain("freeChange");
    // Every fen as it was: the wallet, the order's total and each ticket's fare, whatever the new train costs.
    expect(await balanceFen(ME)).toBe(wallet);
    expect((await orderRow(hitOrder)).totalFen).toBe(paid);
    expect(await fares(hitOrder)).toEqual(oldFares);
    expect(await remaining(hit.train, "O")).toBe(oldLeft + 1);
    expect(await remaining(target.train, "O")).toBe(newLeft - 1);
    expect((await c.as(ME, D.ofOrder, { id: hitOrder })).data[0]).toMatchObject({ status: "changed", actions: [] });
    expect((await c.as(ME, D.refund, { id: hitOrder, disruptionId: cancelId })).ret).not.toBe(0);
  });

  it("accepts a timetable change once, and refunds another order in full once (service fee too), under two concurrent clicks", async () => {
    const day5 = await trains(5);
    const acceptOrder = await ticketed(ME, day5[0]);
    const walletBefore = await balanceFen(ME);
    const refundOrder = await ticketed(ME, day5[1]);
    const paid = walletBefore - (await balanceFen(ME));
    expect(paid).toBe((await orderRow(refundOrder)).totalFen);

    const a = await opsCall(h.app, OPS_PATHS.disruptionRecord, { kind: "trainTimetable", no: day5[0].train.trainNo, date: day(5), newDepTime: "23:10", reason: "运行图调整" }, ops.admin);
    expect(a.ret, a.msg).toBe(0);
    expect(a.data.orderIds).toEqual([acceptOrder]);
    expect((await c.as(ME, D.ofOrder, { id: acceptOrder })).data[0]).toMatchObject({ kind: "trainTimetable", oldDepTime: day5[0].train.depTime, newDepTime: "23:10", actions: ["accept", "change", "refund"] });
    oneOk(await Promise.all([1, 2].map(() => c.as(ME, D.accept, { id: acceptOrder, disruptionId: a.data.id }))));
    expect((await c.as(ME, D.refund, { id: acceptOrder, disruptionId: a.data.id })).ret).not.toBe(0);
    expect((await detail(ME, acceptOrder)).status).toBe(TS.ticketed);

    const b = await opsCall(h.app, OPS_PATHS.disruptionRecord, { kind: "trainStopCancelled", no: day5[1].train.trainNo, date: day(5), reason: "设备故障" }, ops.ticketing);
    expect(b.data.orderIds).toEqual([refundOrder]);
    const left = await remaining(day5[1].train, "O");
    const replies = await Promise.all([1, 2].map(() => c.as(ME, D.refund, { id: refundOrder, disruptionId: b.data.id })));
    oneOk(replies);
    expect(replies.find((r) => r.ret === 0)!.data.refund).toBe(paid);
    expect((await detail(ME, refundOrder))).toMatchObject({ status: TS.refunded, refundAmount: paid, refundFee: 0 });
    expect(await balanceFen(ME)).toBe(walletBefore);
    expect(await remaining(day5[1].train, "O")).toBe(left + 1);
  });

  it("a business order keeps its approval, travel type and verdict through a free change", async () => {
    const [p, target] = await trains(6, "9", 2);
    const r = await c.as(TRAVELLER, TP.book, form(p, TRAVELLER, { travelType: "business", overReason: "会议或客户要求" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe(TS.approving);
    const approvalId = (await orderRow(r.data.id)).approvalId!;
    expect((await c.as(DEMO.head, "/credit/op_apply_note", { approvalId, action: "approve", level: 1 })).ret).toBe(0);
    expect((await c.as(DEMO.admin, "/credit/op_apply_note", { approvalId, action: "approve", level: 2 })).data.status).toBe("approved");
    await pay(TRAVELLER, r.data.id);
    await issue();
    const before = await orderRow(r.data.id);
    expect(before.status).toBe(TS.ticketed);

    const d = await opsCall(h.app, OPS_PATHS.disruptionRecord, { kind: "trainStopCancelled", no: p.train.trainNo, date: day(6), reason: "线路施工" }, ops.ticketing);
    expect(d.data.orderIds).toEqual([r.data.id]);
    const changed = await c.as(TRAVELLER, D.changeTrain, { id: r.data.id, disruptionId: d.data.id, trainKey: target.train.trainKey });
    expect(changed.ret, changed.msg).toBe(0);
    const after = await orderRow(r.data.id);
    expect(after).toMatchObject({ status: TS.changed, travelType: "business", approvalId, overStandard: before.overStandard, overReasons: before.overReasons, totalFen: before.totalFen, companyId: before.companyId });
    expect((await db().selectFrom("approvals").select("status").where("id", "=", approvalId).executeTakeFirstOrThrow()).status).toBe("approved");
    expect((await detail(TRAVELLER, r.data.id)).approval).toMatchObject({ status: "approved" });
  });

  it("lists each disruption in the console with its orders and choices, to ticketing and admin only", async () => {
    const page = await opsCall(h.app, OPS_PATHS.disruptionList, { pageNum: 1, pageSize: 10, product: "train" }, ops.ticketing);
    expect(page.ret, page.msg).toBe(0);
    expect(page.data.total).toBe(4);
    const cancelled = page.data.list.find((x: { id: number }) => x.id === cancelId);
    expect(cancelled).toMatchObject({ kind: "trainStopCancelled", product: "train", orders: 1, changed: 1, pending: 0, accepted: 0, refunded: 0, createdBy: "operator" });
    const byNo = await opsCall(h.app, OPS_PATHS.disruptionList, { no: hit.train.trainNo.toLowerCase(), from: day(3), to: day(3) }, ops.admin);
    expect(byNo.data.list.map((x: { id: number }) => x.id)).toEqual([cancelId]);
    expect((await opsCall(h.app, OPS_PATHS.disruptionList, {}, ops.finance)).ret).toBe(403);
    expect((await opsCall(h.app, OPS_PATHS.disruptionList, { product: "bus" }, ops.admin)).ret).toBe(400);
  });

  it("shows the company's disrupted trips to its travel manager, filtered by dates, product, traveller and choice", async () => {
    const list = async (f: Record<string, string | number> = {}) => {
      const r = await c.as(DEMO.admin, D.companyList, { pageNum: 1, pageSize: 10, ...f });
      expect(r.ret, r.msg).toBe(0);
      return r.data;
    };
    const all = await list();
    // Only the company's: 黄磊's business trip, not the private member's orders.
    expect(all.total).toBe(1);
    expect(all.list[0]).toMatchObject({ product: "train", travellerName: "黄磊", kind: "trainStopCancelled", status: "changed", date: day(6) });
    expect((await list({ product: "air" })).total).toBe(0);
    expect((await list({ traveller: "黄" })).total).toBe(1);
    expect((await list({ traveller: "王芳" })).total).toBe(0);
    expect((await list({ chosen: "chosen" })).total).toBe(1);
    expect((await list({ chosen: "pending" })).total).toBe(0);
    expect((await list({ from: day(7) })).total).toBe(0);
    expect((await list({ from: day(6), to: day(6) })).total).toBe(1);
    expect((await c.as(DEMO.admin, D.companyList, { from: "2026-13-01" })).ret).toBe(400);
    // An employee without the menu item is refused.
    expect((await c.as(DEMO.staff, D.companyList, {})).ret).toBe(403);
  });
});
