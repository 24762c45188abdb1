// 在线选座 and the child ticket read from an ID card, on a fresh database (SQLite, or PostgreSQL
// with DATABASE_URL): a seat letter or berth is stored with the passenger's ticket, refused when
// the seat class does not have it, passed to the railway at issue and held when it can be (the
// second passenger asking for a letter the first took in the order's row is seated elsewhere and
// told so); a child's ID card travels on a 儿童票 at the half fare even when sent as an adult.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, count, freshClient, login } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { hashPassword } from "../../server/services/accounts/passwords";
import { TRAIN_ORDER_PATHS as P } from "../../src/domain/orders/train-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { childTrainFare, TRAIN_SERVICE_FEE } from "../../src/domain/travel/train";
import { idCardCheckChar } from "../../src/domain/validators";
import type { TrainItem, TrainSeat } from "../../src/domain/travel/types";

let h: Harness;
let token = "";
let memberId = 0;
const ME = "13800000010";
const PAY_PWD = createHash("md5").update("246810").digest("hex");

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  token = await login(h.app, ME);
  memberId = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", ME).executeTakeFirstOrThrow()).id;
  await h.db.db.updateTable("members").set({ payPasswordHash: await hashPassword(PAY_PWD) }).where("id", "=", memberId).execute();
  await h.db.db.updateTable("wallets").set({ balanceFen: 10_000_000 }).where("memberId", "=", memberId).execute();
});
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

const api = async (url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, { ...body, token })).body;
const idNo = (birth: string, seq: number) => {
  const first17 = `110105${birth.replace(/-/g, "")}${String(seq).padStart(3, "0")}`;
  return first17 + idCardCheckChar(first17);
};
/** 7 years old on any day of the coming weeks. */
const SEVEN = idNo("2019-06-01", 201);
let keys = 0;

async function pick(types: string, seatClass: string): Promise<{ train: TrainItem; seat: TrainSeat }> {
  const list: TrainItem[] = (await call(h.app, "/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate: day(6), trainTypes: types })).body.data.list;
  for (const train of list) {
    const seat = train.seats.find((s) => s.seatClass === seatClass && s.left >= 5);
    if (seat) return { train, seat };
  }
  throw new Error(`no ${types} train with ${seatClass} seats`);
}

type Who = { name: string; type: "adult" | "child"; certNo?: string; seat?: string };
function form(p: { train: TrainItem; seat: TrainSeat }, people: Who[]) {
  const body: Record<string, string | number> = { trainKey: p.train.trainKey, seatClass: p.seat.seatClass, clientKey: `seat-choice-${++keys}-${Date.now()}`, contactName: "张三", contactMobile: ME };
  people.forEach((w, i) => {
    body[`passengers.${i}.name`] = w.name;
    body[`passengers.${i}.certType`] = 1;
    body[`passengers.${i}.certNo`] = w.certNo ?? idNo("1990-03-07", 100 + i);
    body[`passengers.${i}.passengerType`] = w.type;
    if (w.seat !== undefined) body[`passengers.${i}.seatChoice`] = w.seat;
  });
  return body;
}

/** Booked, paid from the wallet (with the pay password) and issued by the railway's job. */
async function ticketed(p: { train: TrainItem; seat: TrainSeat }, people: Who[]) {
  const r = await api(P.book, form(p, people));
  expect(r.ret, r.msg).toBe(0);
  const t = await api(PAY.create, { orderId: r.data.id, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const paid = await api(PAY.wallet, { outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(memberId, t.data.outTradeNo), businessType: BUSINESS_TYPE.trainPay, payPassword: PAY_PWD });
  expect(paid.ret, paid.msg).toBe(0);
  setClock(() => NOW + 6_000);
  await h.app.jobs.runDueJobs();
  const d = (await api(P.detail, { orderId: r.data.id })).data;
  expect(d.status).toBe(2);
  return d;
}

describe("在线选座", () => {
  it("stores each passenger's letter, and the railway holds it: the second asking for a letter the first took in the row is seated elsewhere and told so", async () => {
    const p = await pick("G", "O");
    const r = await api(P.book, form(p, [{ name: "张三", type: "adult", seat: "F" }, { name: "李四", type: "adult", seat: "F" }, { name: "王五", type: "adult" }]));
    expect(r.ret, r.msg).toBe(0);
    const stored = await h.db.db.selectFrom("train_order_passengers").select(["name", "seatChoice"]).where("orderId", "=", r.data.id).orderBy("id").execute();
    expect(stored).toEqual([{ name: "张三", seatChoice: "F" }, { name: "李四", seatChoice: "F" }, { name: "王五", seatChoice: null }]);
    const before = (await api(P.detail, { orderId: r.data.id })).data;
    expect(before.passengers[0]).toMatchObject({ seatChoice: "F", seatChoiceHeld: null, seatNo: null });

    const d = await ticketed(p, [{ name: "张三", type: "adult", seat: "F" }, { name: "李四", type: "adult", seat: "F" }, { name: "王五", type: "adult" }]);
    const [zhang, li, wang] = d.passengers;
    expect(zhang).toMatchObject({ seatChoice: "F", seatChoiceHeld: true, seatNo: expect.stringMatching(/^\d{2}车\d{2}F号$/) });
    expect(li).toMatchObject({ seatChoice: "F", seatChoiceHeld: false, seatNo: expect.stringMatching(/^\d{2}车\d{2}[ABCD]号$/) });
    expect(wang).toMatchObject({ seatChoice: null, seatChoiceHeld: null });
    // One row: the three sit side by side.
    expect(new Set(d.passengers.map((x: { seatNo: string }) => x.seatNo.slice(0, 5))).size).toBe(1);
  });

  it("gives a sleeper passenger the berth asked for", async () => {
    const p = await pick("Z,T,K", "3");
    const d = await ticketed(p, [{ name: "张三", type: "adult", seat: "下铺" }, { name: "李四", type: "adult", seat: "上铺" }]);
    expect(d.passengers[0]).toMatchObject({ seatChoiceHeld: true, seatNo: expect.stringMatching(/号下铺$/) });
    expect(d.passengers[1]).toMatchObject({ seatChoiceHeld: true, seatNo: expect.stringMatching(/号上铺$/) });
  });

  it("refuses a letter the seat class does not have, naming the ones it has, and writes nothing", async () => {
    const first = await pick("G", "M");
    const before = await count(h.db.db, "orders");
    const r = await api(P.book, form(first, [{ name: "张三", type: "adult", seat: "B" }]));
    expect(r.ret).toBe(400);
    expect(r.data.errors["passengers.0.seatChoice"]).toBe("一等座只能选择 A、C、D、F 座");
    const sleeper = await pick("Z,T,K", "4");
    const berth = await api(P.book, form(sleeper, [{ name: "张三", type: "adult", seat: "中铺" }]));
    expect(berth.data.errors["passengers.0.seatChoice"]).toBe("软卧只能选择上铺、下铺");
    const hard = await pick("Z,T,K", "1");
    const none = await api(P.book, form(hard, [{ name: "张三", type: "adult", seat: "A" }]));
    expect(none.data.errors["passengers.0.seatChoice"]).toBe("硬座不支持选座");
    expect(await count(h.db.db, "orders")).toBe(before);
  });
});

describe("儿童票 from the ID card", () => {
  it("charges a 7-year-old's ID card the child fare even when sent as an adult", async () => {
    const p = await pick("G", "O");
    const r = await api(P.book, form(p, [{ name: "张三", type: "adult" }, { name: "张小明", type: "adult", certNo: SEVEN }]));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.payprice).toBe(p.seat.price + childTrainFare(p.seat.price) + 2 * TRAIN_SERVICE_FEE);
    const d = (await api(P.detail, { orderId: r.data.id })).data;
    expect(d.passengers.map((x: { passengerType: string; fare: number }) => [x.passengerType, x.fare])).toEqual([["adult", p.seat.price], ["child", childTrainFare(p.seat.price)]]);
  });

  it("refuses a child's ID card travelling alone, and keeps a child ticket on an adult's card", async () => {
    const p = await pick("G", "O");
    const alone = await api(P.book, form(p, [{ name: "张小明", type: "adult", certNo: SEVEN }]));
    expect(alone.ret).toBe(400);
    expect(alone.msg).toBe("儿童票须与成人票一同购买");
    const onAdults = await api(P.book, form(p, [{ name: "张三", type: "adult" }, { name: "张小红", type: "child", certNo: idNo("1990-03-07", 100) }]));
    expect(onAdults.ret, onAdults.msg).toBe(0);
    expect(onAdults.data.payprice).toBe(p.seat.price + childTrainFare(p.seat.price) + 2 * TRAIN_SERVICE_FEE);
  });
});
