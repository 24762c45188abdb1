// Replace-booking (代订) of trains and hotels, on a fresh demo database (SQLite, or PostgreSQL with
// DATABASE_URL): the company's administrator 刘建国 books for any employee, an employee for the
// colleagues the company's replace-booker settings name, anyone else is refused (403, nothing
// written). The colleague's travel standard, trip level and approval flow apply, not the
// booker's; the order records the booker (who pays) and the traveller, who finds it among their
// own orders. Demo levels: 杨帆 13800000072 普通员工 (二等座, 硬卧, 硬座, 无座; over-standard
// refused), 黄磊 13800000073 差旅专员 (一等座 too; every order approved by 研发部's head 陈静, then
// the administrator).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { counts, fakeClock, realClock } from "./account-helpers";
import { DEMO, demoIds, travelClient } from "./travel-helpers";
import { HOTEL_ORDER_PATHS as HP } from "../../src/domain/orders/hotel-types";
import { TRAIN_ORDER_PATHS as TP } from "../../src/domain/orders/train-types";
import { HOTEL_ORDER_STATUS as HS } from "../../src/domain/orders/hotel";
import { TRAIN_ORDER_STATUS as TS } from "../../src/domain/orders/train";
import { NOT_YOURS_TO_BOOK } from "../../server/policy/replace-booker";
import { BUSINESS_MEMBERS_ONLY } from "../../server/orders/business";
import type { TravelStandard } from "../../src/domain/policy";
import type { HotelListItem, RoomPrice, TrainItem, TrainSeat } from "../../src/domain/travel/types";

let h: Harness;
let c: ReturnType<typeof travelClient>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let clock: ReturnType<typeof fakeClock>;
const SH = "3101";
const INBOX = "/credit/get_approve_apply_note";
const WRITTEN = ["orders", "hotel_orders", "hotel_order_nights", "hotel_order_guests", "train_orders", "train_order_passengers", "order_events", "approvals", "approval_steps", "jobs", "inventory_holds"] as const;
const HUANG = { name: "黄磊", certType: 1, certNo: "11010519491231002X", passengerType: "adult" };
const YANG = { name: "杨帆", certType: 1, certNo: "110101199001011237", passengerType: "adult" };

beforeAll(async () => {
  h = await startTravel();
  clock = fakeClock(NOW);
  c = travelClient(h);
  ids = await demoIds(h.db.db);
});
afterAll(async () => {
  realClock();
  await stopTravel(h);
});
beforeEach(async () => {
  clock.advance(NOW - clock.now());
  await h.db.db.deleteFrom("jobs").execute();
});

const db = () => h.db.db;
let keys = 0;
const clientKey = () => `rth-key-${++keys}`;
const orderRow = (id: number) => db().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const createNote = async (id: number) => (await db().selectFrom("order_events").select("note").where("orderId", "=", id).where("action", "=", "create").executeTakeFirstOrThrow()).note;
const memberId = async (mobile: string) => (await db().selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow()).id;

/** Runs fn with the booker's replace-booker rule naming these colleagues, removing it after. */
async function allowing(booker: string, colleagues: string[], fn: () => Promise<void>) {
  const at = new Date(NOW).toISOString();
  await db().insertInto("replace_bookers").values({
    companyId: ids.companyId, bookerEmployeeId: ids.employee[booker], scope: "employees", departmentIds: "[]",
    employeeIds: JSON.stringify(colleagues.map((m) => ids.employee[m])), createTime: at, updateTime: at,
  }).execute();
  try {
    await fn();
  } finally {
    await db().deleteFrom("replace_bookers").where("bookerEmployeeId", "=", ids.employee[booker]).execute();
  }
}

/** Runs fn with the levels' standards edited, restoring them after. */
async function withStandards(edits: Record<string, (std: TravelStandard) => void>, fn: () => Promise<void>) {
  const rows = await db().selectFrom("travel_standards").select(["id", "tripLevelId", "rules"]).execute();
  for (const [level, edit] of Object.entries(edits)) {
    const row = rows.find((r) => r.tripLevelId === ids.level[level])!;
    const std = JSON.parse(row.rules) as TravelStandard;
    edit(std);
    await db().updateTable("travel_standards").set({ rules: JSON.stringify(std) }).where("id", "=", row.id).execute();
  }
  try {
    await fn();
  } finally {
    for (const r of rows) await db().updateTable("travel_standards").set({ rules: r.rules }).where("id", "=", r.id).execute();
  }
}

// ---- trains ----

let trainIndex = 0;
/** A different 北京→上海 G train each time, n days ahead, with seats of the class (9 商务座, M 一等座, O 二等座). */
async function train(n: number, seatClass: string): Promise<{ train: TrainItem; seat: TrainSeat }> {
  const list: TrainItem[] = (await c.as(null, "/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate: day(n), trainTypes: "G" })).data.list;
  for (let i = 0; i < list.length; i++) {
    const t = list[trainIndex++ % list.length];
    const seat = t.seats.find((x) => x.seatClass === seatClass && x.left >= 2);
    if (seat) return { train: t, seat };
  }
  throw new Error("no train with seats");
}
function trainForm(p: { train: TrainItem; seat: TrainSeat }, passenger: typeof HUANG, extra: Record<string, unknown> = {}) {
  return { trainKey: p.train.trainKey, seatClass: p.seat.seatClass, clientKey: clientKey(), contactName: "刘建国", contactMobile: DEMO.admin, passengers: [passenger], ...extra };
}
const trainCheck = (who: string, p: { train: TrainItem; seat: TrainSeat }, forEmployeeId?: number) =>
  c.as(who, TP.standardCheck, { trainKey: p.train.trainKey, seatClass: p.seat.seatClass, ...(forEmployeeId ? { forEmployeeId } : {}) });

describe("train replace-booking", () => {
  it("the administrator books for an employee: booker and traveller on the order, the employee finds it in their list and detail", async () => {
    const p = await train(20, "O");
    const admin = await memberId(DEMO.admin);
    const r = await c.as(DEMO.admin, TP.book, trainForm(p, HUANG, { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }));
    expect(r.ret, r.msg).toBe(0);
    const row = await orderRow(r.data.id);
    expect(row).toMatchObject({ memberId: admin, bookerMemberId: admin, travellerMemberId: ids.member[DEMO.traveller], travelType: "business", overStandard: 0 });
    // 黄磊's level has every order approved: the approval is theirs, decided by their department's head.
    expect(r.data.status).toBe(TS.approving);
    const approval = await db().selectFrom("approvals").selectAll().where("id", "=", row.approvalId!).executeTakeFirstOrThrow();
    expect(approval).toMatchObject({ applicantMemberId: ids.member[DEMO.traveller], applicantName: "黄磊" });
    expect((await c.as(DEMO.head, INBOX, { subjectType: "order" })).data.list.map((x: { id: number }) => x.id)).toContain(approval.id);
    expect(await createNote(r.data.id)).toBe("为 黄磊 代订；因公预订，提交审批");

    const list = (await c.as(DEMO.traveller, TP.list, { pageNum: 1, pageSize: 50 })).data.list;
    expect(list.map((o: { id: number }) => o.id)).toContain(r.data.id);
    const seen = (await c.as(DEMO.traveller, TP.detail, { orderId: r.data.id })).data;
    expect(seen).toMatchObject({ id: r.data.id, bookerName: "刘建国", travellerName: "黄磊", passengerNames: ["黄磊"], approval: { currentApprovers: ["陈静"] } });
    expect((await c.as(DEMO.admin, TP.detail, { orderId: r.data.id })).data).toMatchObject({ bookerName: "刘建国", travellerName: "黄磊" });
    // A colleague the order is not for does not see it.
    expect((await c.as(DEMO.staff, TP.detail, { orderId: r.data.id })).ret).toBe(403);
  });

  it("the colleague's standard applies: a seat class the booker's own level forbids is booked for a colleague whose level allows it", async () => {
    const p = await train(21, "M");
    await allowing(DEMO.staff, [DEMO.traveller], async () => {
      // 杨帆's own standard has no 一等座; 黄磊's has.
      expect((await trainCheck(DEMO.staff, p)).data).toMatchObject({ over: true, refuse: true, tripLevelName: "普通员工" });
      expect((await trainCheck(DEMO.staff, p, ids.employee[DEMO.traveller])).data).toMatchObject({ over: false, refuse: false, tripLevelName: "差旅专员", needApproval: true });
      const before = await counts(db(), [...WRITTEN]);
      expect((await c.as(DEMO.staff, TP.book, trainForm(p, YANG, { travelType: "business" }))).ret).toBe(403);
      expect(await counts(db(), [...WRITTEN])).toEqual(before);

      const r = await c.as(DEMO.staff, TP.book, trainForm(p, HUANG, { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }));
      expect(r.ret, r.msg).toBe(0);
      expect(r.data.status).toBe(TS.approving);
      expect(await orderRow(r.data.id)).toMatchObject({ memberId: ids.member[DEMO.staff], bookerMemberId: ids.member[DEMO.staff], travellerMemberId: ids.member[DEMO.traveller], overStandard: 0, standardVerdict: "符合差旅标准" });
      expect(await createNote(r.data.id)).toContain("为 黄磊 代订");
      expect((await c.as(DEMO.traveller, TP.detail, { orderId: r.data.id })).data).toMatchObject({ bookerName: "杨帆", travellerName: "黄磊" });
      expect((await c.as(DEMO.staff, TP.list, { pageNum: 1, pageSize: 50 })).data.list.map((o: { id: number }) => o.id)).toContain(r.data.id);
    });
  });

  it("and the other way: a seat the administrator's own booking allows is refused for an employee whose level forbids it", async () => {
    const p = await train(22, "9");
    expect((await trainCheck(DEMO.admin, p)).data).toMatchObject({ over: false, refuse: false });
    const check = (await trainCheck(DEMO.admin, p, ids.employee[DEMO.staff])).data;
    expect(check).toMatchObject({ over: true, refuse: true, reasons: ["席别超标：可乘坐二等座、硬卧、硬座、无座，所选为商务座"] });
    const before = await counts(db(), [...WRITTEN]);
    const r = await c.as(DEMO.admin, TP.book, trainForm(p, YANG, { travelType: "business", forEmployeeId: ids.employee[DEMO.staff] }));
    expect(r).toMatchObject({ ret: 403, msg: `所选席别超出您的差旅标准，不能因公预订（${check.reasons[0]}）` });
    expect(await counts(db(), [...WRITTEN])).toEqual(before);
  });

  it("refuses a booker no rule allows, a colleague outside the rule and a private booking for a colleague, writing nothing", async () => {
    const p = await train(23, "O");
    const before = await counts(db(), [...WRITTEN]);
    const none = await c.as(DEMO.staff, TP.book, trainForm(p, HUANG, { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }));
    expect(none).toMatchObject({ ret: 403, msg: String(NOT_YOURS_TO_BOOK) });
    expect((await trainCheck(DEMO.staff, p, ids.employee[DEMO.traveller]))).toMatchObject({ ret: 403, msg: String(NOT_YOURS_TO_BOOK) });
    await allowing(DEMO.staff, [DEMO.head], async () => {
      expect((await c.as(DEMO.staff, TP.book, trainForm(p, HUANG, { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }))).ret).toBe(403);
      const priv = await c.as(DEMO.staff, TP.book, trainForm(p, HUANG, { travelType: "private", forEmployeeId: ids.employee[DEMO.head] }));
      expect(priv).toMatchObject({ ret: 400, data: { errors: { forEmployeeId: "为同事预订须为因公出行" } } });
    });
    // An individual member has no colleagues to book for.
    expect(await c.as(DEMO.individual, TP.book, trainForm(p, HUANG, { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }))).toMatchObject({ ret: 403, msg: String(BUSINESS_MEMBERS_ONLY) });
    expect(await counts(db(), [...WRITTEN])).toEqual(before);
  });
});

// ---- hotels ----

type Stay = { hotel: HotelListItem; room: RoomPrice; stay: { checkIn: string; checkOut: string } };
let hotelIndex = 0;
/** A bookable Shanghai (一线城市) room of a different hotel each time, for two nights from n days ahead. */
async function room(n: number): Promise<Stay> {
  const stay = { checkIn: day(n), checkOut: day(n + 2) };
  const list: HotelListItem[] = (await c.as(null, "/hotel/search/list_credit", { cityCode: SH, ...stay, pageSize: 50 })).data.list;
  for (let i = 0; i < list.length; i++) {
    const hotel = list[hotelIndex++ % list.length];
    const rooms: RoomPrice[] = (await c.as(null, "/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms;
    const found = rooms.find((r) => r.bookable && r.roomsLeft >= 2);
    if (found) return { hotel, room: found, stay };
  }
  throw new Error("no bookable room");
}
const dearest = (s: Stay) => Math.max(...s.room.nightly.map((n) => n.price));
function hotelForm(s: Stay, guest: string, extra: Record<string, unknown> = {}) {
  return {
    hotelId: s.hotel.hotelId, roomTypeId: s.room.roomTypeId, ...s.stay, roomCount: 1, price: s.room.total, clientKey: clientKey(),
    guests: [{ name: guest }], contactName: "刘建国", contactMobile: DEMO.admin, arrivalTime: "18:00", ...extra,
  };
}
const hotelCheck = (who: string, s: Stay, forEmployeeId?: number) =>
  c.as(who, HP.standardCheck, { hotelId: s.hotel.hotelId, roomTypeId: s.room.roomTypeId, ...s.stay, ...(forEmployeeId ? { forEmployeeId } : {}) });
/** 普通员工's 一线城市 cap one fen under the stay's dearest night, 差旅专员's at it. */
const capsAround = (s: Stay) => ({
  普通员工: (std: TravelStandard) => void (std.hotel.capsFen.tier1 = dearest(s) - 1),
  差旅专员: (std: TravelStandard) => void (std.hotel.capsFen.tier1 = dearest(s)),
});

describe("hotel replace-booking", () => {
  it("the administrator books for an employee: booker and traveller on the order, the employee finds it in their list and detail", async () => {
    const s = await room(20);
    await withStandards(capsAround(s), async () => {
      const admin = await memberId(DEMO.admin);
      expect((await hotelCheck(DEMO.admin, s, ids.employee[DEMO.traveller])).data).toMatchObject({ over: false, tripLevelName: "差旅专员", needApproval: true });
      const r = await c.as(DEMO.admin, HP.book, hotelForm(s, "黄磊", { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }));
      expect(r.ret, r.msg).toBe(0);
      expect(r.data.status).toBe(HS.approving);
      const row = await orderRow(r.data.id);
      expect(row).toMatchObject({ memberId: admin, bookerMemberId: admin, travellerMemberId: ids.member[DEMO.traveller], travelType: "business", overStandard: 0 });
      const approval = await db().selectFrom("approvals").selectAll().where("id", "=", row.approvalId!).executeTakeFirstOrThrow();
      expect(approval.applicantMemberId).toBe(ids.member[DEMO.traveller]);
      expect(approval.title).toBe(`酒店订单 · 上海 · ${s.hotel.name} ${s.room.name}`);
      expect(await createNote(r.data.id)).toBe("为 黄磊 代订；因公预订，提交审批");

      const list = (await c.as(DEMO.traveller, HP.list, { pageNum: 1, pageSize: 50 })).data.list;
      expect(list.map((o: { orderNo: string }) => o.orderNo)).toContain(r.data.orderNo);
      const seen = (await c.as(DEMO.traveller, HP.detail, { orderNo: r.data.orderNo })).data;
      expect(seen).toMatchObject({ bookerName: "刘建国", travellerName: "黄磊", guestNames: ["黄磊"], approval: { currentApprovers: ["陈静"] } });
      expect((await c.as(DEMO.staff, HP.detail, { orderNo: r.data.orderNo })).ret).toBe(403);
    });
  });

  it("an employee allowed by the settings books for a colleague under the colleague's cap, which their own would refuse", async () => {
    const s = await room(21);
    await withStandards(capsAround(s), async () => {
      await allowing(DEMO.staff, [DEMO.traveller], async () => {
        expect((await hotelCheck(DEMO.staff, s)).data).toMatchObject({ over: true, refuse: true });
        expect((await hotelCheck(DEMO.staff, s, ids.employee[DEMO.traveller])).data).toMatchObject({ over: false, refuse: false });
        const r = await c.as(DEMO.staff, HP.book, hotelForm(s, "黄磊", { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }));
        expect(r.ret, r.msg).toBe(0);
        expect(await orderRow(r.data.id)).toMatchObject({ bookerMemberId: ids.member[DEMO.staff], travellerMemberId: ids.member[DEMO.traveller], standardVerdict: "符合差旅标准" });
        expect((await c.as(DEMO.traveller, HP.detail, { orderNo: r.data.orderNo })).data).toMatchObject({ bookerName: "杨帆", travellerName: "黄磊" });
      });
    });
  });

  it("the colleague's cap refuses what the administrator's own booking would not", async () => {
    const s = await room(22);
    await withStandards(capsAround(s), async () => {
      expect((await hotelCheck(DEMO.admin, s)).data).toMatchObject({ over: false, refuse: false });
      const check = (await hotelCheck(DEMO.admin, s, ids.employee[DEMO.staff])).data;
      expect(check).toMatchObject({ over: true, refuse: true, tripLevelName: "普通员工" });
      const before = await counts(db(), [...WRITTEN]);
      const r = await c.as(DEMO.admin, HP.book, hotelForm(s, "杨帆", { travelType: "business", forEmployeeId: ids.employee[DEMO.staff] }));
      expect(r).toMatchObject({ ret: 403, msg: `所选房型超出您的差旅标准，不能因公预订（${check.reasons[0]}）` });
      expect(await counts(db(), [...WRITTEN])).toEqual(before);
    });
  });

  it("refuses an employee the settings do not allow, writing nothing", async () => {
    const s = await room(23);
    const before = await counts(db(), [...WRITTEN]);
    expect(await c.as(DEMO.staff, HP.book, hotelForm(s, "黄磊", { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }))).toMatchObject({ ret: 403, msg: String(NOT_YOURS_TO_BOOK) });
    expect(await hotelCheck(DEMO.staff, s, ids.employee[DEMO.traveller])).toMatchObject({ ret: 403, msg: String(NOT_YOURS_TO_BOOK) });
    await allowing(DEMO.staff, [DEMO.head], async () => {
      expect((await c.as(DEMO.staff, HP.book, hotelForm(s, "黄磊", { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }))).ret).toBe(403);
      const priv = await c.as(DEMO.staff, HP.book, hotelForm(s, "陈静", { travelType: "private", forEmployeeId: ids.employee[DEMO.head] }));
      expect(priv).toMatchObject({ ret: 400, data: { errors: { forEmployeeId: "为同事预订须为因公出行" } } });
    });
    expect(await counts(db(), [...WRITTEN])).toEqual(before);
  });
});
