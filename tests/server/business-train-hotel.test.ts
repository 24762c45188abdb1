// Business (因公) train and hotel bookings against the travel standard, on a fresh demo database
// (SQLite, or PostgreSQL with DATABASE_URL), for 黄磊 13800000073 (7_0, 差旅专员: seats 一等座,
// 二等座, 软卧, 硬卧, 硬座; hotels capped per city tier; over-standard bookings approved): a room
// over its city's nightly cap or a seat class outside the standard is refused (nothing written),
// booked with a required reason, or created 待审批 with an approval that makes it payable when
// approved and cancels it (rooms or seats released) when rejected, withdrawn or when the held
// booking expires. Within the standard, privately (因私) and for members who are not a company's,
// booking goes on as before. Every policy a test changes is restored in it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { counts, fakeClock, realClock } from "./account-helpers";
import { DEMO, demoIds, travelClient } from "./travel-helpers";
import { HOTEL_ORDER_PATHS as HP } from "../../src/domain/orders/hotel-types";
import { TRAIN_ORDER_PATHS as TP } from "../../src/domain/orders/train-types";
import { HOTEL_ORDER_STATUS as HS } from "../../src/domain/orders/hotel";
import { TRAIN_ORDER_STATUS as TS } from "../../src/domain/orders/train";
import { BUSINESS_MEMBERS_ONLY, reasonRequired } from "../../server/orders/business";
import type { TravelStandard } from "../../src/domain/policy";
import type { HotelListItem, RoomPrice, TrainItem, TrainSeat } from "../../src/domain/travel/types";

let h: Harness;
let c: ReturnType<typeof travelClient>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let clock: ReturnType<typeof fakeClock>;
const SH = "3101";
const INBOX = "/credit/get_approve_apply_note";
const DECIDE = "/credit/op_apply_note";
const MINUTE = 60_000;
const WRITTEN = ["orders", "hotel_orders", "hotel_order_nights", "hotel_order_guests", "train_orders", "train_order_passengers", "order_events", "approvals", "approval_steps", "jobs", "inventory_holds"] as const;

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
const clientKey = () => `bizth-key-${++keys}`;

// ---- the policy a test changes, and puts back ----

const LEVEL = "差旅专员";
type Flags = { overproof: number; overApprove: number; feeFlag: number };

/** Runs fn with the level's over-standard flags (and standard, edited) changed, restoring both after. */
async function withPolicy(flags: Partial<Flags>, edit: ((std: TravelStandard) => void) | null, fn: () => Promise<void>) {
  const levelId = ids.level[LEVEL];
  const before = await db().selectFrom("trip_levels").select(["overproof", "overApprove", "feeFlag"]).where("id", "=", levelId).executeTakeFirstOrThrow();
  const row = await db().selectFrom("travel_standards").select(["id", "rules"]).where("tripLevelId", "=", levelId).executeTakeFirstOrThrow();
  await db().updateTable("trip_levels").set(flags).where("id", "=", levelId).execute();
  if (edit) {
    const std = JSON.parse(row.rules) as TravelStandard;
    edit(std);
    await db().updateTable("travel_standards").set({ rules: JSON.stringify(std) }).where("id", "=", row.id).execute();
  }
  try {
    await fn();
  } finally {
    await db().updateTable("trip_levels").set(before).where("id", "=", levelId).execute();
    await db().updateTable("travel_standards").set({ rules: row.rules }).where("id", "=", row.id).execute();
  }
}
const FORBID = { overproof: 0, overApprove: 0, feeFlag: 0 };
const REASON = { overproof: 1, overApprove: 0, feeFlag: 0 };
const APPROVE = { overproof: 1, overApprove: 1, feeFlag: 0 };

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
/** The standard's Shanghai cap one fen under the stay's dearest night (over), or at it (within). */
const capAt = (s: Stay, over: boolean) => (std: TravelStandard) => {
  std.hotel.capsFen.tier1 = dearest(s) - (over ? 1 : 0);
};

function hotelForm(s: Stay, extra: Record<string, unknown> = {}) {
  return {
    hotelId: s.hotel.hotelId, roomTypeId: s.room.roomTypeId, ...s.stay, roomCount: 1, price: s.room.total, clientKey: clientKey(),
    guests: [{ name: "黄磊" }], contactName: "黄磊", contactMobile: DEMO.traveller, arrivalTime: "18:00", ...extra,
  };
}
const hotelCheck = (who: string, s: Stay) => c.as(who, HP.standardCheck, { hotelId: s.hotel.hotelId, roomTypeId: s.room.roomTypeId, ...s.stay });

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
function trainForm(p: { train: TrainItem; seat: TrainSeat }, extra: Record<string, unknown> = {}) {
  return {
    trainKey: p.train.trainKey, seatClass: p.seat.seatClass, clientKey: clientKey(), contactName: "黄磊", contactMobile: DEMO.traveller,
    passengers: [{ name: "黄磊", certType: 1, certNo: "11010519491231002X", passengerType: "adult" }], ...extra,
  };
}

const orderRow = (id: number) => db().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const holdStatus = async (holdId: string) => (await db().selectFrom("inventory_holds").select("status").where("id", "=", holdId).executeTakeFirstOrThrow()).status;
const approvalStatus = async (id: number) => (await db().selectFrom("approvals").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const decide = (mobile: string, approvalId: number, action: "approve" | "reject", extra: Record<string, unknown> = {}) => c.as(mobile, DECIDE, { approvalId, action, ...extra });

describe("business hotel bookings", () => {
  it("within the cap: payable at once with the verdict kept; the check says the same", async () => {
    const s = await room(5);
    await withPolicy(FORBID, capAt(s, false), async () => {
      expect((await hotelCheck(DEMO.traveller, s)).data).toMatchObject({ allowed: true, tripLevelName: LEVEL, configured: true, over: false, verdictText: "符合差旅标准", refuse: false, needApproval: false });
      const r = await c.as(DEMO.traveller, HP.book, hotelForm(s, { travelType: "business" }));
      expect(r.ret, r.msg).toBe(0);
      expect(r.data.status).toBe(HS.pendingPayment);
      expect(await orderRow(r.data.id)).toMatchObject({ travelType: "business", overStandard: 0, standardVerdict: "符合差旅标准", overReasons: null, approvalId: null });
    });
  });

  it("over the cap with forbid: the check refuses it with the reason, the booking is refused and nothing is written", async () => {
    const s = await room(6);
    await withPolicy(FORBID, capAt(s, true), async () => {
      const check = (await hotelCheck(DEMO.traveller, s)).data;
      expect(check).toMatchObject({ over: true, overAction: "forbid", refuse: true });
      expect(check.reasons).toEqual([`房价超标：一线城市每晚限额 ${(dearest(s) - 1) / 100} 元，所选为 ${dearest(s) / 100} 元`]);
      const before = await counts(db(), [...WRITTEN]);
      const r = await c.as(DEMO.traveller, HP.book, hotelForm(s, { travelType: "business" }));
      expect(r.ret).toBe(403);
      expect(r.msg).toBe(`所选房型超出您的差旅标准，不能因公预订（${check.reasons[0]}）`);
      expect(await counts(db(), [...WRITTEN])).toEqual(before);
    });
  });

  it("over the cap with reason: refused without one (nothing written), booked with one of the company's reasons stored", async () => {
    const s = await room(7);
    await withPolicy(REASON, capAt(s, true), async () => {
      expect((await hotelCheck(DEMO.traveller, s)).data).toMatchObject({ over: true, overAction: "reason", needReason: true, needApproval: false, overReasons: expect.arrayContaining(["会议或客户要求"]) });
      const before = await counts(db(), [...WRITTEN]);
      const missing = await c.as(DEMO.traveller, HP.book, hotelForm(s, { travelType: "business" }));
      expect(missing).toMatchObject({ ret: 400, msg: String(reasonRequired("所选房型")), data: { errors: { overReason: String(reasonRequired("所选房型")) } } });
      const unknown = await c.as(DEMO.traveller, HP.book, hotelForm(s, { travelType: "business", overReason: "想住好一点" }));
      expect(unknown).toMatchObject({ ret: 400, data: { errors: { overReason: "请从列表中选择超标原因" } } });
      expect(await counts(db(), [...WRITTEN])).toEqual(before);
      const ok = await c.as(DEMO.traveller, HP.book, hotelForm(s, { travelType: "business", overReason: "会议或客户要求" }));
      expect(ok.ret, ok.msg).toBe(0);
      expect(ok.data.status).toBe(HS.pendingPayment);
      const row = await orderRow(ok.data.id);
      expect(row).toMatchObject({ travelType: "business", overStandard: 1, overReasons: "会议或客户要求", approvalId: null });
      expect(row.standardVerdict).toMatch(/^超标：房价超标：一线城市每晚限额/);
      const detail = (await c.as(DEMO.traveller, HP.detail, { orderNo: ok.data.orderNo })).data;
      expect(detail).toMatchObject({ travelType: "business", overStandard: 1, overReasons: "会议或客户要求", standardVerdict: row.standardVerdict, approval: null });
    });
  });

  it("over the cap with approval: 待审批 in the approvers' inbox; both levels approving make it payable", async () => {
    const s = await room(8);
    await withPolicy(APPROVE, capAt(s, true), async () => {
      expect((await hotelCheck(DEMO.traveller, s)).data).toMatchObject({ over: true, overAction: "approve", needApproval: true, refuse: false });
      const r = await c.as(DEMO.traveller, HP.book, hotelForm(s, { travelType: "business", overReason: "会议或客户要求" }));
      expect(r.ret, r.msg).toBe(0);
      expect(r.data.status).toBe(HS.approving);
      const row = await orderRow(r.data.id);
      expect(row).toMatchObject({ status: HS.approving, overStandard: 1, overReasons: "会议或客户要求" });
      const approvalId = row.approvalId!;
      const inbox = (await c.as(DEMO.head, INBOX, { subjectType: "order" })).data.list;
      expect(inbox.find((x: { id: number }) => x.id === approvalId)).toMatchObject({
        subjectType: "order", subjectId: r.data.id, title: `酒店订单 · 上海 · ${s.hotel.name} ${s.room.name}`, amountFen: r.data.payprice, withinStandard: false,
        countdown: { kind: "fare", at: r.data.expiresAt },
      });
      const subject = (await c.as(DEMO.head, "/credit/approval/detail", { id: approvalId })).data.order;
      expect(subject).toMatchObject({
        product: "hotel", orderNo: r.data.orderNo, statusLabel: "待审批", approving: true, overReasons: "会议或客户要求", flight: null, train: null,
        hotel: { hotelName: s.hotel.name, roomName: s.room.name, checkIn: s.stay.checkIn, nights: 2, roomCount: 1 }, passengers: [{ name: "黄磊", type: null }],
      });
      const waiting = (await c.as(DEMO.traveller, HP.detail, { orderNo: r.data.orderNo })).data;
      expect(waiting).toMatchObject({ status: HS.approving, actions: ["cancel"], approval: { status: "pending", level: 1, currentApprovers: ["陈静"], countdown: { kind: "fare" } } });
      expect(waiting.approval.history.map((x: { action: string }) => x.action)).toEqual(["submit"]);
      // Not payable while waiting.
      expect(await c.as(DEMO.traveller, "/pay/create", { orderId: r.data.id, method: "wallet" })).toMatchObject({ ret: 409, msg: "订单当前状态为「待审批」，不能支付" });

      expect((await decide(DEMO.head, approvalId, "approve", { level: 1, comment: "同意" })).data).toMatchObject({ status: "pending", level: 2 });
      expect((await orderRow(r.data.id)).status).toBe(HS.approving);
      expect((await decide(DEMO.admin, approvalId, "approve", { level: 2 })).data).toMatchObject({ status: "approved" });
      const payable = (await c.as(DEMO.traveller, HP.detail, { orderNo: r.data.orderNo })).data;
      expect(payable).toMatchObject({ status: HS.pendingPayment, approval: { status: "approved" } });
      expect(payable.approval.history.map((x: { action: string; actorName: string }) => [x.action, x.actorName])).toEqual([["submit", "黄磊"], ["approve", "陈静"], ["approve", "刘建国"]]);
      expect(payable.events.map((e: { action: string }) => e.action)).toEqual(["create", "approve"]);
      expect((await c.as(DEMO.traveller, "/pay/create", { orderId: r.data.id, method: "wallet" })).ret).toBe(0);
    });
  });

  it("rejected: the order is cancelled and its rooms go back on sale", async () => {
    const s = await room(9);
    await withPolicy(APPROVE, capAt(s, true), async () => {
      const r = await c.as(DEMO.traveller, HP.book, hotelForm(s, { travelType: "business" }));
      expect(r.data.status).toBe(HS.approving);
      const { approvalId, holdId } = await orderRow(r.data.id);
      expect(await holdStatus(holdId!)).toBe("held");
      expect((await decide(DEMO.head, approvalId!, "reject", { comment: "请选择限额内的房型" })).data.status).toBe("rejected");
      expect((await orderRow(r.data.id)).status).toBe(HS.cancelled);
      expect(await holdStatus(holdId!)).toBe("released");
      const events = await db().selectFrom("order_events").select(["action", "toStatus"]).where("orderId", "=", r.data.id).orderBy("id").execute();
      expect(events).toEqual([{ action: "create", toStatus: HS.approving }, { action: "rejectApproval", toStatus: HS.cancelled }]);
    });
  });

  it("the booker cancelling a waiting order withdraws its approval; a held booking running out cancels it and rejects its approval", async () => {
    const s = await room(10);
    const t = await room(10);
    await withPolicy(APPROVE, (std) => {
      std.hotel.capsFen.tier1 = Math.min(dearest(s), dearest(t)) - 1;
    }, async () => {
      const a = await c.as(DEMO.traveller, HP.book, hotelForm(s, { travelType: "business" }));
      const first = await orderRow(a.data.id);
      expect((await c.as(DEMO.traveller, HP.cancel, { orderNo: a.data.orderNo })).ret).toBe(0);
      expect((await orderRow(a.data.id)).status).toBe(HS.cancelled);
      expect(await approvalStatus(first.approvalId!)).toBe("withdrawn");
      expect(await holdStatus(first.holdId!)).toBe("released");

      const b = await c.as(DEMO.traveller, HP.book, hotelForm(t, { travelType: "business" }));
      const second = await orderRow(b.data.id);
      clock.advance(30 * MINUTE - 1);
      await h.app.jobs.runDueJobs();
      expect((await orderRow(b.data.id)).status).toBe(HS.approving);
      clock.advance(1);
      await h.app.jobs.runDueJobs();
      expect((await orderRow(b.data.id)).status).toBe(HS.cancelled);
      expect(await approvalStatus(second.approvalId!)).toBe("rejected");
      expect(await holdStatus(second.holdId!)).toBe("released");
      expect((await decide(DEMO.head, second.approvalId!, "approve")).ret).toBe(409);
    });
  });

  it("a private (因私) booking over the cap skips the standard: booked and payable", async () => {
    const s = await room(11);
    await withPolicy(FORBID, capAt(s, true), async () => {
      const r = await c.as(DEMO.traveller, HP.book, hotelForm(s, { travelType: "private" }));
      expect(r.ret, r.msg).toBe(0);
      expect(r.data.status).toBe(HS.pendingPayment);
      expect(await orderRow(r.data.id)).toMatchObject({ travelType: "private", overStandard: 0, standardVerdict: null, overReasons: null, approvalId: null });
      expect((await c.as(DEMO.traveller, HP.book, hotelForm(s, { travelType: "private", applyId: 1 }))).data.errors).toHaveProperty("applyId");
    });
  });

  it("a member who is not a company's books as before, and is refused business bookings", async () => {
    const s = await room(12);
    expect((await hotelCheck(DEMO.individual, s)).data).toMatchObject({ allowed: false, over: false });
    const plain = await c.as(DEMO.individual, HP.book, hotelForm(s));
    expect(plain.ret, plain.msg).toBe(0);
    expect(plain.data.status).toBe(HS.pendingPayment);
    expect(await orderRow(plain.data.id)).toMatchObject({ travelType: "private", overStandard: 0, standardVerdict: null, approvalId: null });
    const before = await counts(db(), [...WRITTEN]);
    expect(await c.as(DEMO.individual, HP.book, hotelForm(s, { travelType: "business" }))).toMatchObject({ ret: 403, msg: String(BUSINESS_MEMBERS_ONLY) });
    expect(await counts(db(), [...WRITTEN])).toEqual(before);
  });

  it("reads the city's tier from the company's own lists", async () => {
    const s = await room(13);
    const tiers = (await c.as(DEMO.admin, "/member/center/city_tier/info")).data;
    // Shanghai moved to the third tier, whose cap is under the room: over there, within tier 1's.
    await withPolicy(FORBID, (std) => {
      std.hotel.capsFen.tier1 = dearest(s);
      std.hotel.capsFen.tier3 = dearest(s) - 1;
    }, async () => {
      expect((await hotelCheck(DEMO.traveller, s)).data.over).toBe(false);
      const moved = { tier1: tiers.tier1.filter((x: { code: string }) => x.code !== SH), tier2: tiers.tier2, tier3: [...tiers.tier3, { code: SH, name: "上海市" }] };
      expect((await c.as(DEMO.admin, "/member/center/city_tier/save", moved)).ret).toBe(0);
      try {
        const check = (await hotelCheck(DEMO.traveller, s)).data;
        expect(check).toMatchObject({ over: true, refuse: true });
        expect(check.reasons[0]).toContain("三线城市每晚限额");
      } finally {
        expect((await c.as(DEMO.admin, "/member/center/city_tier/save", tiers)).ret).toBe(0);
      }
    });
  });
});

describe("business train bookings", () => {
  it("a seat class the standard allows: payable at once with the verdict kept", async () => {
    const p = await train(5, "O");
    await withPolicy(FORBID, null, async () => {
      expect((await c.as(DEMO.traveller, TP.standardCheck, { trainKey: p.train.trainKey, seatClass: "O" })).data).toMatchObject({ allowed: true, over: false, verdictText: "符合差旅标准" });
      const r = await c.as(DEMO.traveller, TP.book, trainForm(p, { travelType: "business" }));
      expect(r.ret, r.msg).toBe(0);
      expect(r.data.status).toBe(TS.pendingPayment);
      expect(await orderRow(r.data.id)).toMatchObject({ travelType: "business", overStandard: 0, standardVerdict: "符合差旅标准", approvalId: null });
    });
  });

  it("商务座 outside the standard with forbid: refused with the reason, nothing written", async () => {
    const p = await train(6, "9");
    await withPolicy(FORBID, null, async () => {
      const check = (await c.as(DEMO.traveller, TP.standardCheck, { trainKey: p.train.trainKey, seatClass: "9" })).data;
      expect(check).toMatchObject({ over: true, refuse: true, reasons: ["席别超标：可乘坐一等座、二等座、软卧、硬卧、硬座，所选为商务座"] });
      const before = await counts(db(), [...WRITTEN]);
      const r = await c.as(DEMO.traveller, TP.book, trainForm(p, { travelType: "business" }));
      expect(r).toMatchObject({ ret: 403, msg: "所选席别超出您的差旅标准，不能因公预订（席别超标：可乘坐一等座、二等座、软卧、硬卧、硬座，所选为商务座）" });
      expect(await counts(db(), [...WRITTEN])).toEqual(before);
    });
  });

  it("with reason: refused without one, booked with the reason stored and shown on the detail", async () => {
    const p = await train(7, "9");
    await withPolicy(REASON, null, async () => {
      const missing = await c.as(DEMO.traveller, TP.book, trainForm(p, { travelType: "business" }));
      expect(missing).toMatchObject({ ret: 400, data: { errors: { overReason: String(reasonRequired("所选席别")) } } });
      const r = await c.as(DEMO.traveller, TP.book, trainForm(p, { travelType: "business", overReason: "同行人员统一安排" }));
      expect(r.ret, r.msg).toBe(0);
      expect(r.data.status).toBe(TS.pendingPayment);
      expect(await orderRow(r.data.id)).toMatchObject({ overStandard: 1, overReasons: "同行人员统一安排", standardVerdict: "超标：席别超标：可乘坐一等座、二等座、软卧、硬卧、硬座，所选为商务座" });
      expect((await c.as(DEMO.traveller, TP.detail, { orderId: r.data.id })).data).toMatchObject({ travelType: "business", overReasons: "同行人员统一安排", overStandard: 1 });
    });
  });

  it("with approval (the seeded policy): 待审批, the approver sees the train; rejected, the seats go back", async () => {
    const p = await train(8, "9");
    const r = await c.as(DEMO.traveller, TP.book, trainForm(p, { travelType: "business", overReason: "会议或客户要求" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe(TS.approving);
    const { approvalId, holdId } = await orderRow(r.data.id);
    const subject = (await c.as(DEMO.head, "/credit/approval/detail", { id: approvalId })).data.order;
    expect(subject).toMatchObject({ product: "train", approving: true, train: { trainNo: p.train.trainNo, seatName: "商务座" }, passengers: [{ name: "黄磊", type: "adult" }] });
    expect(subject.passengers[0].certNo).not.toBe("11010519491231002X");
    expect((await c.as(DEMO.traveller, TP.detail, { orderId: r.data.id })).data).toMatchObject({ status: TS.approving, actions: ["cancel"], approval: { currentApprovers: ["陈静"] } });
    expect((await decide(DEMO.head, approvalId!, "reject", { comment: "请改订二等座" })).data.status).toBe("rejected");
    expect((await orderRow(r.data.id)).status).toBe(TS.cancelled);
    expect(await holdStatus(holdId!)).toBe("released");
  });

  it("approved by both levels, the train order becomes payable", async () => {
    const p = await train(9, "9");
    const r = await c.as(DEMO.traveller, TP.book, trainForm(p, { travelType: "business", overReason: "会议或客户要求" }));
    const { approvalId } = await orderRow(r.data.id);
    expect((await decide(DEMO.head, approvalId!, "approve", { level: 1 })).ret).toBe(0);
    expect((await decide(DEMO.admin, approvalId!, "approve", { level: 2 })).data.status).toBe("approved");
    expect((await orderRow(r.data.id)).status).toBe(TS.pendingPayment);
  });

  it("privately, or by a member who is not a company's, a 商务座 books as before", async () => {
    await withPolicy(FORBID, null, async () => {
      const mine = await c.as(DEMO.traveller, TP.book, trainForm(await train(10, "9"), { travelType: "private" }));
      expect(mine.ret, mine.msg).toBe(0);
      expect(await orderRow(mine.data.id)).toMatchObject({ status: TS.pendingPayment, travelType: "private", overStandard: 0, standardVerdict: null });
    });
    const theirs = await c.as(DEMO.individual, TP.book, trainForm(await train(10, "9")));
    expect(theirs.ret, theirs.msg).toBe(0);
    expect(theirs.data.status).toBe(TS.pendingPayment);
    expect((await c.as(DEMO.individual, TP.standardCheck, { trainKey: (await train(10, "9")).train.trainKey, seatClass: "9" })).data.allowed).toBe(false);
    expect(await c.as(DEMO.individual, TP.book, trainForm(await train(10, "9"), { travelType: "business" }))).toMatchObject({ ret: 403, msg: String(BUSINESS_MEMBERS_ONLY) });
  });
});
