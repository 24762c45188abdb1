// A train's 航变 reaches the railway's run of that date (SQLite, or PostgreSQL with DATABASE_URL):
// once an operator records a 停运, that run is listed with no seat on sale and a booking of it is
// refused, while the same train the next day and the other trains sell as before; once a 时刻变更
// is recorded, searches show the run's new times (every stop moved, the arrival given or kept at
// the same running time) and a booking made after it carries them; a change of a train nobody has
// booked moves the run from its first station; the timetable of other days stays as it was.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { fakeClock, givePayPassword, PAY_PASSWORD_MD5, realClock } from "./account-helpers";
import { DEMO, travelClient } from "./travel-helpers";
import { setBalance } from "./money-audit";
import { demoOpsToken, opsCall } from "./ops-kit";
import { seedDemoOperators } from "../../server/ops/demo";
import { TRAIN_ORDER_PATHS as TP } from "../../src/domain/orders/train-types";
import { TRAIN_ORDER_STATUS as TS } from "../../src/domain/orders/train";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { OPS_PATHS } from "../../src/domain/ops";
import { hhmm, minutesOf } from "../../src/domain/travel/dates";
import type { TrainItem } from "../../src/domain/travel/types";

let h: Harness;
let c: ReturnType<typeof travelClient>;
let clock: ReturnType<typeof fakeClock>;
let ticketing: string;
let meId: number;
const ME = DEMO.individual;
let keys = 0;

beforeAll(async () => {
  h = await startTravel();
  clock = fakeClock(NOW);
  c = travelClient(h);
  await seedDemoOperators(h.db.db);
  ticketing = await demoOpsToken(h.app, "ops-ticket");
  meId = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", ME).executeTakeFirstOrThrow()).id;
  await givePayPassword(h.db.db);
  await setBalance(h.db.db, meId, "50000.00");
});
beforeEach(() => clock.advance(NOW - clock.now()));
afterAll(async () => {
  realClock();
  await stopTravel(h);
});

/** The 北京→上海 G trains n days ahead. */
async function trains(n: number): Promise<TrainItem[]> {
  const r = await c.as(null, "/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate: day(n), trainTypes: "G" });
  expect(r.ret, r.msg).toBe(0);
  return r.data.list;
}
const find = async (n: number, trainNo: string) => (await trains(n)).find((t) => t.trainNo === trainNo)!;
const withSeats = (list: TrainItem[]) => list.filter((t) => t.seats.some((s) => s.seatClass === "O" && s.left >= 3));

const book = (t: TrainItem) =>
  c.as(ME, TP.book, {
    trainKey: t.trainKey, seatClass: "O", clientKey: `train-run-${++keys}`, contactName: "张三", contactMobile: ME,
    passengers: [{ name: "张三", certType: 1, certNo: "11010519491231002X", passengerType: "adult" }],
  });

async function ticketed(t: TrainItem): Promise<number> {
  const r = await book(t);
  expect(r.ret, r.msg).toBe(0);
  const p = await c.as(ME, PAY.create, { orderId: r.data.id, method: "wallet" });
  const w = await c.as(ME, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: p.data.outTradeNo, requestVerify: requestVerify(meId, p.data.outTradeNo), businessType: BUSINESS_TYPE.trainPay });
  expect(w.ret, w.msg).toBe(0);
  clock.advance(6_000);
  await h.app.jobs.runDueJobs();
  expect((await c.as(ME, TP.detail, { orderId: r.data.id })).data.status).toBe(TS.ticketed);
  return r.data.id as number;
}

const record = async (input: Record<string, string>) => {
  const r = await opsCall(h.app, OPS_PATHS.disruptionRecord, { reason: "运行图调整", ...input }, ticketing);
  expect(r.ret, r.msg).toBe(0);
  return r.data as { id: number; orderIds: number[] };
};
const plus = (time: string, minutes: number) => hhmm(minutesOf(time)! + minutes);

describe("a train's 航变 on its run", () => {
  it("a 停运 stops that run's sale: listed with no seat left and refused when booked; the next day's run and other trains sell on", async () => {
    const [hit, other] = withSeats(await trains(3));
    await ticketed(hit);
    const d = await record({ kind: "trainStopCancelled", no: hit.trainNo, date: day(3) });
    expect(d.orderIds).toHaveLength(1);

    const stopped = await find(3, hit.trainNo);
    expect(stopped.seats.every((s) => s.left === 0)).toBe(true);
    expect(stopped.lowestPrice).toBeNull();
    expect(stopped.stopped).toBe(true);
    const onlyAvailable = await c.as(null, "/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate: day(3), trainTypes: "G", onlyAvailable: 1 });
    expect(onlyAvailable.data.list.map((t: TrainItem) => t.trainNo)).not.toContain(hit.trainNo);
    const refused = await book(hit);
    expect(refused.ret).not.toBe(0);
    expect(refused.msg).toBe(`${hit.trainNo} 次列车 ${hit.depDate} 停运，请选择其他车次`);
    expect(await h.db.db.selectFrom("orders").select("id").where("id", "=", refused.data?.id ?? 0).execute()).toEqual([]);

    // The same train the next day, and another train that day, sell as before.
    expect((await find(4, hit.trainNo)).lowestPrice).not.toBeNull();
    expect((await find(4, hit.trainNo)).stopped).toBeUndefined();
    expect((await book(await find(4, hit.trainNo))).ret).toBe(0);
    expect((await find(3, other.trainNo)).seats).toEqual(other.seats);
  });

  it("a 时刻变更 gives the run its new times, and a booking after it carries them; other days keep the timetable", async () => {
    const [hit] = withSeats(await trains(5));
    const order = await ticketed(hit);
    const newDep = plus(hit.depTime, 47);
    const d = await record({ kind: "trainTimetable", no: hit.trainNo, date: day(5), newDepTime: newDep });
    expect(d.orderIds).toEqual([order]);
    const row = await h.db.db.selectFrom("disruptions").selectAll().where("id", "=", d.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ oldDepTime: hit.depTime, oldArrTime: hit.arrTime, newDepTime: newDep });

    // Every stop moved by the same 47 minutes: the running time is kept.
    const moved = await find(5, hit.trainNo);
    expect(moved).toMatchObject({ depTime: newDep, arrTime: plus(hit.arrTime, 47), durationMin: hit.durationMin, trainKey: hit.trainKey });
    moved.stops.forEach((s, i) => {
      const was = hit.stops[i];
      expect(s.depTime).toBe(was.depTime === null ? null : plus(was.depTime, 47));
      expect(s.arrTime).toBe(was.arrTime === null ? null : plus(was.arrTime, 47));
    });
    expect(await find(6, hit.trainNo)).toMatchObject({ depTime: hit.depTime, arrTime: hit.arrTime });

    const booked = await book(moved);
    expect(booked.ret, booked.msg).toBe(0);
    expect((await c.as(ME, TP.detail, { orderId: booked.data.id })).data).toMatchObject({ trainNo: hit.trainNo, depTime: newDep, arrTime: plus(hit.arrTime, 47) });
  });

  it("a new arrival stretches the run between the travellers' stations; a second change starts from the first", async () => {
    const [hit] = withSeats(await trains(7));
    await ticketed(hit);
    const newDep = plus(hit.depTime, 30);
    const newArr = plus(hit.arrTime, 90);
    await record({ kind: "trainTimetable", no: hit.trainNo, date: day(7), newDepTime: newDep, newArrTime: newArr });
    const moved = await find(7, hit.trainNo);
    expect(moved).toMatchObject({ depTime: newDep, arrTime: newArr, durationMin: hit.durationMin + 60 });
    // The stops between keep their order.
    const at = (s: TrainItem["stops"][number]) => (minutesOf(s.arrTime ?? s.depTime!)! + s.dayOffset * 1440);
    moved.stops.slice(1).forEach((s, i) => expect(at(s)).toBeGreaterThan(at(moved.stops[i])));

    const second = await record({ kind: "trainTimetable", no: hit.trainNo, date: day(7), newDepTime: plus(hit.depTime, 40) });
    expect(await h.db.db.selectFrom("disruptions").select(["oldDepTime", "oldArrTime"]).where("id", "=", second.id).executeTakeFirstOrThrow()).toEqual({ oldDepTime: newDep, oldArrTime: newArr });
    expect(await find(7, hit.trainNo)).toMatchObject({ depTime: plus(hit.depTime, 40), arrTime: plus(newArr, 10) });
  });

  it("a train nobody booked moves from its first station on that date", async () => {
    const booked = new Set((await h.db.db.selectFrom("train_orders").select("trainNo").execute()).map((r) => r.trainNo));
    const free = withSeats(await trains(9)).find((t) => !booked.has(t.trainNo) && t.stops[0].station === t.fromStation)!;
    const d = await record({ kind: "trainTimetable", no: free.trainNo, date: day(9), newDepTime: plus(free.depTime, 15) });
    expect(d.orderIds).toEqual([]);
    expect(await find(9, free.trainNo)).toMatchObject({ depTime: plus(free.depTime, 15), durationMin: free.durationMin });
  });

  it("a change that moves a later station's departure past midnight lists the run there on the next day, not on its old date", async () => {
    const booked = new Set((await h.db.db.selectFrom("train_orders").select("trainNo").execute()).map((r) => r.trainNo));
    const free = withSeats(await trains(11)).find((t) => !booked.has(t.trainNo) && t.stops[0].station === t.fromStation && t.stops.length > 3)!;
    const shift = minutesOf("23:30")! - minutesOf(free.depTime)!;
    const minuteOf = (s: TrainItem["stops"][number]) => minutesOf(s.depTime!)! + s.dayOffset * 1440;
    // The first stop after the origin whose departure the change carries into the next day.
    const x = free.stops.find((s, i) => i > 0 && i < free.stops.length - 1 && s.depTime !== null && minuteOf(s) + shift >= 1440 && !s.station.startsWith("上海"))!;
    expect(x).toBeDefined();
    await record({ kind: "trainTimetable", no: free.trainNo, date: day(11), newDepTime: "23:30" });

    const at = async (n: number) => {
      const r = await c.as(null, "/api/v1/train/train_list", { fromStation: x.station, toStation: "上海", depDate: day(n) });
      expect(r.ret, r.msg).toBe(0);
      return (r.data.list as TrainItem[]).filter((t) => t.trainNo === free.trainNo);
    };
    // The day-11 run no longer leaves that station on day 11; on day 12 both runs do (day 12's own on its timetable).
    expect((await at(11)).map((t) => t.trainKey.slice(0, 10))).not.toContain(day(11));
    const next = await at(12);
    const moved = next.find((t) => t.trainKey.startsWith(day(11)))!;
    expect(moved).toMatchObject({ depDate: day(12), depTime: hhmm(minuteOf(x) + shift) });
    expect(next.find((t) => t.trainKey.startsWith(day(12)))).toMatchObject({ depDate: day(12), depTime: x.depTime });

    const r = await book(moved);
    expect(r.ret, r.msg).toBe(0);
    expect((await c.as(ME, TP.detail, { orderId: r.data.id })).data).toMatchObject({ trainNo: free.trainNo, depDate: day(12), depTime: moved.depTime });
  });
});
