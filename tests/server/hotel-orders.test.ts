// Hotel orders end to end on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): booking
// holds every night's rooms and creates the order in one transaction, a changed price is
// announced, the last room goes to exactly one of 50 buyers at once, the expiry job gives the
// rooms back, paying moves the order to pending confirmation and the supplier's job confirms it,
// cancelling per the rate's policy refunds to the wallet, illegal moves change nothing, and
// nobody reads another member's order.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectListRowsTrue } from "./list-rows-kit";
import type { Harness } from "./harness";
import { day, NOW, SEED, startTravel, stopTravel, TODAY } from "./inventory-helpers";
import { call, count, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { roomsSoldElsewhere } from "../../server/inventory/hotel/pricing";
import { applyHotelMove } from "../../server/orders/hotel/moves";
import { SYSTEM_ACTOR } from "../../server/orders/actor";
import { HOTEL_ORDER_PATHS as P } from "../../src/domain/orders/hotel-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import type { HotelListItem, RoomPrice } from "../../src/domain/travel/types";
import { fenToYuan, parseYuan } from "../../src/domain/money";

let h: Harness;
// After every move a test makes, each order list row kept is the one its list assembles now.
afterEach(() => expectListRowsTrue(h.db.db));
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const SH = "3101";
const WHO = ["13800000010", "13800000020", "13800000070"];

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
const clientKey = () => `hotel-key-${++keys}-${Date.now()}`;

let hotelIndex = 0;
/** A bookable room of a different Shanghai hotel each time, for a stay starting n days ahead. */
async function pick(n: number, nights = 2, policy?: string): Promise<{ hotel: HotelListItem; room: RoomPrice; stay: { checkIn: string; checkOut: string } }> {
  const stay = { checkIn: day(n), checkOut: day(n + nights) };
  const list: HotelListItem[] = (await api(null, "/hotel/search/list_credit", { cityCode: SH, ...stay, pageSize: 50 })).data.list;
  for (let i = 0; i < list.length; i++) {
    const hotel = list[(hotelIndex++) % list.length];
    const rooms: RoomPrice[] = (await api(null, "/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms;
    const room = rooms.find((r) => r.bookable && r.roomsLeft >= 3 && (!policy || r.cancelPolicy === policy));
    if (room) return { hotel, room, stay };
  }
  throw new Error("no bookable room");
}

function form(p: { hotel: HotelListItem; room: RoomPrice; stay: { checkIn: string; checkOut: string } }, rooms = 1, extra: Record<string, string | number> = {}) {
  const body: Record<string, string | number> = {
    hotelId: p.hotel.hotelId, roomTypeId: p.room.roomTypeId, ...p.stay, roomCount: rooms, price: p.room.total * rooms,
    clientKey: clientKey(), contactName: "张三", contactMobile: "13800000010", arrivalTime: "18:00", ...extra,
  };
  for (let i = 0; i < rooms; i++) body[`guests.${i}.name`] = ["张三", "李四", "王五"][i % 3];
  return body;
}

const remaining = async (roomTypeId: number, nights: string[]) =>
  (await h.db.db.selectFrom("hotel_nights").select(["night", "remaining"]).where("roomTypeId", "=", roomTypeId).where("night", "in", nights).orderBy("night").execute()).map((n) => n.remaining);

const nightsOf = (stay: { checkIn: string; checkOut: string }) => {
  const out: string[] = [];
  for (let d = stay.checkIn; d < stay.checkOut; d = day(Math.round((Date.parse(d) - Date.parse(TODAY)) / 86_400_000) + 1)) out.push(d);
  return out;
};

async function written() {
  return { orders: await count(h.db.db, "orders"), stays: await count(h.db.db, "hotel_orders"), nights: await count(h.db.db, "hotel_order_nights"), guests: await count(h.db.db, "hotel_order_guests"), events: await count(h.db.db, "order_events"), jobs: await count(h.db.db, "jobs"), holds: await count(h.db.db, "inventory_holds") };
}

const setBalance = (who: string, balance: string) => h.db.db.updateTable("wallets").set({ balanceFen: parseYuan(balance)! }).where("memberId", "=", ids[who]).execute();
const balanceOf = async (who: string) => fenToYuan((await h.db.db.selectFrom("wallets").select("balanceFen").where("memberId", "=", ids[who]).executeTakeFirstOrThrow()).balanceFen);

async function payWithWallet(who: string, orderId: number) {
  const cashier = await api(who, PAY.cashier, { orderId });
  expect(cashier.ret, cashier.msg).toBe(0);
  expect(cashier.data).toMatchObject({ product: "hotel", businessType: BUSINESS_TYPE.hotelPay });
  const t = await api(who, PAY.create, { orderId, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(who, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType: BUSINESS_TYPE.hotelPay });
  expect(r.ret, r.msg).toBe(0);
  return t.data.outTradeNo as string;
}

describe("booking", () => {
  it("holds the rooms for every night and creates a pending order whose nightly prices add up", async () => {
    const p = await pick(5);
    const nights = nightsOf(p.stay);
    const before = await remaining(p.room.roomTypeId, nights);
    const r = await api("13800000010", P.book, form(p, 2, { remark: "高楼层" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 0, orderNo: expect.stringMatching(/^H\d{18}$/), payprice: p.room.total * 2 });
    expect(await remaining(p.room.roomTypeId, nights)).toEqual(before.map((n) => n - 2));

    const d = (await api("13800000010", P.detail, { orderNo: r.data.orderNo })).data;
    expect(d).toMatchObject({ status: 0, hotelId: p.hotel.hotelId, roomTypeId: p.room.roomTypeId, ...p.stay, nights: 2, roomCount: 2, guestNames: ["张三", "李四"], arrivalTime: "18:00", remark: "高楼层", cancelPolicy: p.room.cancelPolicy, actions: ["cancel", "modify"] });
    expect(d.nightly.map((n: { night: string }) => n.night)).toEqual(nights);
    expect(d.nightly.reduce((s: number, n: { price: number; rooms: number }) => s + n.price * n.rooms, 0) + d.serviceFee).toBe(d.payprice);
    expect(d.events).toEqual([expect.objectContaining({ action: "create", fromStatus: null, toStatus: 0 })]);
    expect(Date.parse(d.expiresAt) - NOW).toBe(30 * 60_000);
  });

  it("announces a changed price with old and new price, writes nothing, and books at the new one when accepted", async () => {
    const p = await pick(6);
    const before = await written();
    const stale = p.room.total - 5000;
    const r = await api("13800000010", P.book, form(p, 1, { price: stale }));
    expect(r.ret).toBe(409);
    expect(r.msg).toContain("房价已变更");
    expect(r.data).toEqual({ priceChanged: true, oldPrice: stale, newPrice: p.room.total });
    expect(await written()).toEqual(before);
    const ok = await api("13800000010", P.book, form(p, 1, { price: stale, acceptPrice: 1 }));
    expect(ok.ret, ok.msg).toBe(0);
    expect(ok.data.payprice).toBe(p.room.total);
  });

  it("50 bookings of the last room at once: exactly one succeeds, the rest are told in Chinese", async () => {
    const p = await pick(8);
    const nights = nightsOf(p.stay);
    const rows = await h.db.db.selectFrom("hotel_nights").selectAll().where("roomTypeId", "=", p.room.roomTypeId).where("night", "in", nights).orderBy("night").execute();
    for (const n of rows) {
      await h.db.db.updateTable("hotel_nights").set({ remaining: roomsSoldElsewhere(SEED, TODAY, n) + 1 }).where("roomTypeId", "=", n.roomTypeId).where("night", "=", n.night).execute();
    }
    const before = await written();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api(WHO[i % 2], P.book, form(p))));
    expect(results.filter((r) => r.ret === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.ret !== 0)) {
      expect(r.ret).toBe(409);
      expect(r.msg).toMatch(/已订完|仅剩|房量不足/);
    }
    const after = await written();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.nights).toBe(before.nights + 2);
    expect(after.holds).toBe(before.holds + 1);
    expect(await remaining(p.room.roomTypeId, nights)).toEqual(rows.map((n) => roomsSoldElsewhere(SEED, TODAY, n)));
  });

  it("refuses a guest count that does not match the rooms, a bad mobile and an unknown room, writing nothing", async () => {
    const p = await pick(9);
    const before = await written();
    const wrongGuests = form(p, 2);
    delete wrongGuests["guests.1.name"];
    expect(await api("13800000010", P.book, wrongGuests)).toMatchObject({ ret: 400, msg: "请为每间房填写一位入住人" });
    expect(await api("13800000010", P.book, form(p, 1, { contactMobile: "123" }))).toMatchObject({ ret: 400, msg: "请输入正确的手机号码" });
    expect((await api("13800000010", P.book, form(p, 1, { roomTypeId: 999_999 }))).ret).toBe(400);
    expect(await written()).toEqual(before);
  });
});

describe("expiry, payment and confirmation", () => {
  it("the expiry job cancels an unpaid order at 30 minutes and gives every night's rooms back", async () => {
    const p = await pick(10);
    const nights = nightsOf(p.stay);
    const before = await remaining(p.room.roomTypeId, nights);
    const { data } = await api("13800000010", P.book, form(p, 2));
    expect(await remaining(p.room.roomTypeId, nights)).toEqual(before.map((n) => n - 2));

    setClock(() => NOW + 29 * 60_000);
    await h.app.jobs.runDueJobs();
    expect((await api("13800000010", P.detail, { orderNo: data.orderNo })).data.status).toBe(0);

    setClock(() => NOW + 30 * 60_000 + 1000);
    await h.app.jobs.runDueJobs();
    const d = (await api("13800000010", P.detail, { orderNo: data.orderNo })).data;
    expect(d).toMatchObject({ status: 5, actions: [], expiresAt: null });
    expect(d.events[1]).toMatchObject({ action: "expire", actorName: "系统", note: "超时未支付，系统自动取消" });
    expect(await remaining(p.room.roomTypeId, nights)).toEqual(before);
  });

  it("wallet pay moves the order to 待确认, the supplier's job confirms it, later check-in and completion", async () => {
    await setBalance("13800000010", "100000.00");
    const p = await pick(11);
    const nights = nightsOf(p.stay);
    const before = await remaining(p.room.roomTypeId, nights);
    const { data } = await api("13800000010", P.book, form(p));
    const wallet = await balanceOf("13800000010");
    await payWithWallet("13800000010", data.id);
    expect(Number(await balanceOf("13800000010"))).toBeCloseTo(Number(wallet) - p.room.total / 100, 2);
    let d = (await api("13800000010", P.detail, { orderNo: data.orderNo })).data;
    expect(d.status).toBe(1);
    // Paid: the expiry no longer gives the rooms back.
    setClock(() => NOW + 31 * 60_000);
    await h.app.jobs.runDueJobs();
    d = (await api("13800000010", P.detail, { orderNo: data.orderNo })).data;
    expect(d).toMatchObject({ status: 2, confirmNo: expect.any(String) });
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(["create", "pay", "confirm"]);
    expect(await remaining(p.room.roomTypeId, nights)).toEqual(before.map((n) => n - 1));

    setClock(() => Date.parse(`${p.stay.checkIn}T06:00:01Z`));
    await h.app.jobs.runDueJobs();
    expect((await api("13800000010", P.detail, { orderNo: data.orderNo })).data.status).toBe(3);
    setClock(() => Date.parse(`${p.stay.checkOut}T04:00:01Z`));
    await h.app.jobs.runDueJobs();
    d = (await api("13800000010", P.detail, { orderNo: data.orderNo })).data;
    expect(d).toMatchObject({ status: 4, actions: [] });
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(["create", "pay", "confirm", "checkIn", "complete"]);
  });

  it("the order centre lists the member's hotel orders, paged and filtered by status", async () => {
    const all = (await api("13800000010", P.list, { pageSize: 100 })).data;
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.list[0]).toMatchObject({ orderNo: expect.stringMatching(/^H/), hotelName: expect.any(String), guestNames: expect.any(Array) });
    const page = (await api("13800000010", P.list, { pageSize: 2, pageNum: 2 })).data;
    expect(page.list.map((o: { id: number }) => o.id)).toEqual(all.list.slice(2, 4).map((o: { id: number }) => o.id));
    const cancelled = (await api("13800000010", P.list, { status: 5 })).data.list;
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((o: { status: number }) => o.status === 5)).toBe(true);
    expect((await api("13800000010", P.list, { status: 42 })).ret).toBe(400);
  });

  it("finds orders by part of a guest's name, taking typed wildcards literally", async () => {
    const p = await pick(19);
    const { data } = await api("13800000010", P.book, { ...form(p, 1), "guests.0.name": "欧阳娜娜" });
    const found = (await api("13800000010", P.list, { travellerName: "阳娜", pageSize: 100 })).data.list;
    expect(found.map((o: { id: number }) => o.id)).toEqual([data.id]);
    expect((await api("13800000010", P.list, { travellerName: "%" , pageSize: 100 })).data.total).toBe(0);
    expect((await api("13800000010", P.list, { travellerName: "x".repeat(41) })).ret).toBe(400);
  });
});

describe("cancel and refund", () => {
  it("cancels an unpaid order once: two cancels at once, one wins, the rooms come back once", async () => {
    const p = await pick(12);
    const nights = nightsOf(p.stay);
    const before = await remaining(p.room.roomTypeId, nights);
    const { data } = await api("13800000010", P.book, form(p, 2));
    const [a, b] = await Promise.all([api("13800000010", P.cancel, { orderNo: data.orderNo }), api("13800000010", P.cancel, { orderNo: data.orderNo })]);
    expect([a.ret, b.ret].sort()).toEqual([0, 409]);
    expect(await remaining(p.room.roomTypeId, nights)).toEqual(before);
    const d = (await api("13800000010", P.detail, { orderNo: data.orderNo })).data;
    expect(d).toMatchObject({ status: 5, actions: [] });
  });

  it("cancels a confirmed free-cancellation booking: the rooms go back and the whole price returns to the wallet", async () => {
    await setBalance("13800000010", "100000.00");
    const p = await pick(13, 2, "free");
    const nights = nightsOf(p.stay);
    const before = await remaining(p.room.roomTypeId, nights);
    const { data } = await api("13800000010", P.book, form(p));
    const outTradeNo = await payWithWallet("13800000010", data.id);
    setClock(() => NOW + 2 * 60_000);
    await h.app.jobs.runDueJobs();
    expect((await api("13800000010", P.detail, { orderNo: data.orderNo })).data).toMatchObject({ status: 2, actions: ["cancel", "modify"] });
    const paidBalance = Number(await balanceOf("13800000010"));

    const r = await api("13800000010", P.cancel, { orderNo: data.orderNo });
    expect(r.ret, r.msg).toBe(0);
    const d = (await api("13800000010", P.detail, { orderNo: data.orderNo })).data;
    expect(d).toMatchObject({ status: 6, penalty: 0, refundAmount: p.room.total, actions: [] });
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(["create", "pay", "confirm", "cancel", "refund"]);
    expect(Number(await balanceOf("13800000010"))).toBeCloseTo(paidBalance + p.room.total / 100, 2);
    expect(await remaining(p.room.roomTypeId, nights)).toEqual(before);
    const refund = await h.db.db.selectFrom("ledger").selectAll().where("outTradeNo", "=", outTradeNo).where("entry", "=", "refund").execute();
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({ account: "wallet", direction: "in", amountFen: p.room.total });
    // The check-in job that was scheduled finds the order cancelled and leaves it.
    setClock(() => Date.parse(`${p.stay.checkOut}T06:00:00Z`));
    await h.app.jobs.runDueJobs();
    expect((await api("13800000010", P.detail, { orderNo: data.orderNo })).data.status).toBe(6);
  });

  it("a booking paid on company credit goes back to the credit line when cancelled, not to the booker's wallet", async () => {
    const ADMIN = "13800000070";
    const p = await pick(15, 1, "free");
    const { data } = await api(ADMIN, P.book, form(p));
    const t = await api(ADMIN, PAY.create, { orderId: data.id, method: "credit" });
    expect(t.ret, t.msg).toBe(0);
    const paid = await api(ADMIN, PAY.credit, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[ADMIN], t.data.outTradeNo), businessType: BUSINESS_TYPE.hotelPay });
    expect(paid.ret, paid.msg).toBe(0);
    const line = async () => (await h.db.db.selectFrom("wallets").select(["creditUsedFen", "balanceFen"]).where("memberId", "=", ids[ADMIN]).executeTakeFirstOrThrow());
    const afterPay = await line();

    const r = await api(ADMIN, P.cancel, { orderNo: data.orderNo });
    expect(r.ret, r.msg).toBe(0);
    const afterCancel = await line();
    expect(afterPay.creditUsedFen - afterCancel.creditUsedFen).toBe(p.room.total);
    expect(afterCancel.balanceFen).toBe(afterPay.balanceFen);
    const refund = await h.db.db.selectFrom("ledger").selectAll().where("outTradeNo", "=", t.data.outTradeNo).where("entry", "=", "refund").execute();
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({ account: "credit", direction: "in", amountFen: p.room.total });
  });

  it("refuses to cancel a paid booking whose rate cannot be cancelled, changing nothing", async () => {
    await setBalance("13800000010", "100000.00");
    const p = await pick(16, 2, "none");
    const { data } = await api("13800000010", P.book, form(p));
    await payWithWallet("13800000010", data.id);
    // Not cancellable; its guests and arrival may still be changed.
    expect((await api("13800000010", P.detail, { orderNo: data.orderNo })).data).toMatchObject({ status: 1, actions: ["modify"] });
    const before = { ...(await written()), balance: await balanceOf("13800000010") };
    expect(await api("13800000010", P.cancel, { orderNo: data.orderNo })).toMatchObject({ ret: 409, msg: "该房型预订成功后不可取消" });
    expect({ ...(await written()), balance: await balanceOf("13800000010") }).toEqual(before);
    expect((await api("13800000010", P.detail, { orderNo: data.orderNo })).data.status).toBe(1);
  });

  it("refuses illegal moves and leaves everything as it was", async () => {
    const p = await pick(14);
    const { data } = await api("13800000010", P.book, form(p));
    const before = await written();
    await expect(applyHotelMove(h.db.db, { orderId: data.id, action: "pay", actor: { kind: "member", memberId: ids["13800000010"], name: "x" } })).rejects.toThrow("不能执行此操作");
    await expect(applyHotelMove(h.db.db, { orderId: data.id, action: "confirm", actor: SYSTEM_ACTOR })).rejects.toThrow("不能执行此操作");
    await expect(applyHotelMove(h.db.db, { orderId: data.id, action: "refund", actor: SYSTEM_ACTOR })).rejects.toThrow("不能执行此操作");
    expect(await written()).toEqual(before);
    expect((await api("13800000010", P.detail, { orderNo: data.orderNo })).data.status).toBe(0);
    await api("13800000010", P.cancel, { orderNo: data.orderNo });
    const again = await api("13800000010", P.cancel, { orderNo: data.orderNo });
    expect(again.ret).toBe(409);
    expect(again.msg).toContain("已取消");
    // A cancelled order cannot be paid.
    expect((await api("13800000010", PAY.create, { orderId: data.id, method: "wallet" })).ret).toBe(409);
  });
});

describe("modify before check-in", () => {
  const modify = (who: string, orderNo: string, extra: Record<string, string | number> = {}) =>
    api(who, P.modify, { orderNo, "guests.0.name": "李四", "guests.1.name": "王五", contactName: "李四", contactMobile: "13900000001", arrivalTime: "22:00", remark: "无烟房", ...extra });

  it("changes guests, contact, arrival and requests of a confirmed booking, status kept, the change on the timeline", async () => {
    await setBalance("13800000010", "100000.00");
    const p = await pick(17, 1, "free");
    const { data } = await api("13800000010", P.book, form(p, 2));
    await payWithWallet("13800000010", data.id);
    setClock(() => NOW + 2 * 60_000);
    await h.app.jobs.runDueJobs();
    expect((await api("13800000010", P.detail, { orderNo: data.orderNo })).data).toMatchObject({ status: 2, actions: ["cancel", "modify"] });

    const r = await modify("13800000010", data.orderNo);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ from: 2, to: 2, changed: true });
    const d = (await api("13800000010", P.detail, { orderNo: data.orderNo })).data;
    expect(d).toMatchObject({ status: 2, guestNames: ["李四", "王五"], contactName: "李四", contactMobile: "13900000001", arrivalTime: "22:00", remark: "无烟房" });
    const event = d.events.at(-1);
    expect(event).toMatchObject({ action: "modify", fromStatus: 2, toStatus: 2 });
    expect(event.note).toContain("入住人 张三、李四 → 李四、王五");
    expect(event.note).toContain("最晚到店 18:00 → 22:00");

    // The same form again changes nothing and writes nothing.
    const before = await written();
    expect((await modify("13800000010", data.orderNo)).data).toMatchObject({ changed: false });
    expect(await written()).toEqual(before);
  });

  it("refuses a guest list that does not match the rooms, bad input, a checked-in stay and another member, writing nothing", async () => {
    await setBalance("13800000010", "100000.00");
    const p = await pick(18, 1, "free");
    const { data } = await api("13800000010", P.book, form(p, 2));
    const before = await written();
    const one = await api("13800000010", P.modify, { orderNo: data.orderNo, "guests.0.name": "李四", contactName: "李四", contactMobile: "13900000001", arrivalTime: "22:00" });
    expect(one).toMatchObject({ ret: 400, msg: "请为每间房填写一位入住人（共 2 间）" });
    expect((await modify("13800000010", data.orderNo, { contactMobile: "123" })).ret).toBe(400);
    expect((await modify("13800000010", data.orderNo, { arrivalTime: "03:00" })).ret).toBe(400);
    expect((await modify("13800000020", data.orderNo)).ret).toBe(403);
    expect(await written()).toEqual(before);

    await payWithWallet("13800000010", data.id);
    setClock(() => Date.parse(`${p.stay.checkIn}T08:00:00Z`));
    await h.app.jobs.runDueJobs();
    expect((await api("13800000010", P.detail, { orderNo: data.orderNo })).data).toMatchObject({ status: 3, actions: [] });
    const r = await modify("13800000010", data.orderNo);
    expect(r.ret).toBe(409);
    expect(r.msg).toContain("已入住");
    expect((await api("13800000010", P.detail, { orderNo: data.orderNo })).data.guestNames).toEqual(["张三", "李四"]);
  });
});

describe("who sees what", () => {
  it("another member can neither read nor cancel nor pay the order, nor find it in a list", async () => {
    const p = await pick(15);
    const { data } = await api("13800000010", P.book, form(p));
    const before = await written();
    expect((await api("13800000020", P.detail, { orderNo: data.orderNo })).ret).toBe(403);
    expect((await api("13800000020", P.cancel, { orderNo: data.orderNo })).ret).toBe(403);
    expect((await api("13800000020", PAY.cashier, { orderId: data.id })).ret).toBe(403);
    const list = (await api("13800000020", P.list, { pageSize: 100 })).data.list;
    expect(list.map((o: { id: number }) => o.id)).not.toContain(data.id);
    expect(await written()).toEqual(before);
    expect((await api(null, P.list, {})).ret).toBe(401);
  });
});
