// Business (因公) flight bookings against the travel standard, on a fresh demo database (SQLite,
// or PostgreSQL with DATABASE_URL): a fare within the standard is payable at once; over it, the
// trip level's action refuses it (nothing written), asks for a reason, or creates the order
// 待审批 with an approval in the approvers' inbox, which makes it payable when approved and
// cancels it when rejected or when the held fare expires. A private (因私) booking skips it all.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { counts, fakeClock, realClock } from "./account-helpers";
import { DEMO, demoIds, travelClient } from "./travel-helpers";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_ORDER_STATUS as S } from "../../src/domain/orders/flight";
import { BUSINESS_MEMBERS_ONLY, REASON_REQUIRED, APPLICATION_REQUIRED } from "../../server/orders/flight/business";
import type { FlightItem, FlightSeat } from "../../src/domain/travel/types";

let h: Harness;
let c: ReturnType<typeof travelClient>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let clock: ReturnType<typeof fakeClock>;
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const INBOX = "/credit/get_approve_apply_note";
const DECIDE = "/credit/op_apply_note";
const ADULT = { name: "黄磊", certType: 1, certNo: "11010519491231002X" };
const MINUTE = 60_000;

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

let keys = 0;
const db = () => h.db.db;

async function flights(n: number): Promise<FlightItem[]> {
  return fullFlights(h.app, (await c.as(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).data.list);
}

/** The day's cheapest economy fare (within any window), or a business-class fare (over an economy-only standard). */
async function fare(n: number, kind: "cheapest" | "business"): Promise<{ flight: FlightItem; seat: FlightSeat }> {
  const all = (await flights(n)).flatMap((flight) => flight.seats.filter((s) => s.seatsLeft > 0).map((seat) => ({ flight, seat })));
  if (kind === "business") {
    const found = all.find((x) => x.seat.cabinClass === "C");
    if (!found) throw new Error("no business fare");
    return found;
  }
  const y = all.filter((x) => x.seat.cabinClass === "Y").sort((a, b) => a.seat.salePrice - b.seat.salePrice);
  return y[0];
}

function form(seat: FlightSeat, extra: Record<string, unknown> = {}) {
  return { fareKey: seat.fareKey, price: seat.salePrice, clientKey: `biz-key-${++keys}`, contactName: "黄磊", contactMobile: "13800000073", passengers: [ADULT], ...extra };
}

const orderRow = (id: number) => db().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const setLevel = (name: string, flags: Record<string, number>) => db().updateTable("trip_levels").set(flags).where("id", "=", ids.level[name]).execute();
const decide = (mobile: string, approvalId: number, action: "approve" | "reject", extra: Record<string, unknown> = {}) =>
  c.as(mobile, DECIDE, { approvalId, action, ...extra });

describe("business booking within the standard", () => {
  it("is payable at once and keeps the verdict; the check before booking says the same", async () => {
    const { seat } = await fare(5, "cheapest");
    const check = await c.as(DEMO.staff, P.businessCheck, { fareKey: seat.fareKey });
    expect(check.data).toMatchObject({ allowed: true, tripLevelName: "普通员工", over: false, verdictText: "符合差旅标准", refuse: false, needApproval: false });
    const r = await c.as(DEMO.staff, P.book, form(seat, { travelType: "business" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe(S.pendingPayment);
    expect(await orderRow(r.data.id)).toMatchObject({ travelType: "business", overStandard: 0, standardVerdict: "符合差旅标准", overReasons: null, approvalId: null });
  });

  it("is refused to anyone but a company member", async () => {
    const { seat } = await fare(5, "cheapest");
    expect((await c.as(DEMO.individual, P.businessCheck, { fareKey: seat.fareKey })).data.allowed).toBe(false);
    const r = await c.as(DEMO.individual, P.book, form(seat, { travelType: "business" }));
    expect(r).toMatchObject({ ret: 403, msg: String(BUSINESS_MEMBERS_ONLY) });
  });
});

describe("business booking over the standard", () => {
  it("forbid: refused with the reasons, nothing written", async () => {
    const { seat } = await fare(6, "business");
    const check = (await c.as(DEMO.staff, P.businessCheck, { fareKey: seat.fareKey })).data;
    expect(check).toMatchObject({ over: true, overAction: "forbid", refuse: true });
    expect(check.reasons[0]).toContain("舱位超标");
    const before = await counts(db(), ["orders", "order_passengers", "order_events", "approvals", "jobs", "inventory_holds"]);
    const r = await c.as(DEMO.staff, P.book, form(seat, { travelType: "business" }));
    expect(r.ret).toBe(403);
    expect(r.msg).toContain("超出您的差旅标准，不能因公预订");
    expect(await counts(db(), ["orders", "order_passengers", "order_events", "approvals", "jobs", "inventory_holds"])).toEqual(before);
  });

  it("reason: 400 naming overReason without one, booked with the reason stored", async () => {
    await setLevel("普通员工", { overproof: 1, overApprove: 0 });
    try {
      const { seat } = await fare(6, "business");
      expect((await c.as(DEMO.staff, P.businessCheck, { fareKey: seat.fareKey })).data).toMatchObject({ overAction: "reason", needReason: true, overReasons: expect.arrayContaining(["其他原因"]) });
      const missing = await c.as(DEMO.staff, P.book, form(seat, { travelType: "business" }));
      expect(missing).toMatchObject({ ret: 400, msg: String(REASON_REQUIRED), data: { errors: { overReason: String(REASON_REQUIRED) } } });
      const unknown = await c.as(DEMO.staff, P.book, form(seat, { travelType: "business", overReason: "想坐公务舱" }));
      expect(unknown.ret).toBe(400);
      expect(unknown.data.errors).toHaveProperty("overReason");
      const ok = await c.as(DEMO.staff, P.book, form(seat, { travelType: "business", overReason: "会议或客户要求" }));
      expect(ok.ret, ok.msg).toBe(0);
      expect(ok.data.status).toBe(S.pendingPayment);
      const row = await orderRow(ok.data.id);
      expect(row).toMatchObject({ travelType: "business", overStandard: 1, overReasons: "会议或客户要求", approvalId: null });
      expect(row.standardVerdict).toMatch(/^超标：舱位超标/);
    } finally {
      await setLevel("普通员工", { overproof: 0, overApprove: 0 });
    }
  });

  it("approve: 待审批 with an approval in the head's inbox; both levels approving make it payable", async () => {
    const { flight, seat } = await fare(7, "business");
    expect((await c.as(DEMO.traveller, P.businessCheck, { fareKey: seat.fareKey })).data).toMatchObject({ overAction: "approve", needApproval: true });
    const r = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business", overReason: "航班时刻原因" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe(S.approving);
    const row = await orderRow(r.data.id);
    expect(row).toMatchObject({ status: S.approving, overStandard: 1, overReasons: "航班时刻原因" });
    const approvalId = row.approvalId!;
    const inbox = (await c.as(DEMO.head, INBOX, { subjectType: "order" })).data.list;
    expect(inbox.find((x: { id: number }) => x.id === approvalId)).toMatchObject({
      subjectType: "order", subjectId: r.data.id, title: `机票订单 · 北京 → 上海 · ${flight.flightNo}`, amountFen: r.data.payprice, withinStandard: false,
      countdown: { kind: "fare", at: r.data.expiresAt },
    });
    const detail = (await c.as(DEMO.head, "/credit/approval/detail", { id: approvalId })).data;
    expect(detail.order).toMatchObject({ orderNo: r.data.orderNo, payprice: r.data.payprice, overReasons: "航班时刻原因", flight: { flightNo: flight.flightNo } });
    expect(detail.order.passengers[0].certNo).not.toBe(ADULT.certNo);
    const mine = (await c.as(DEMO.traveller, P.detail, { id: r.data.id })).data;
    expect(mine).toMatchObject({ status: S.approving, actions: ["cancel"], approval: { status: "pending", level: 1, currentApprovers: ["陈静"], countdown: { kind: "fare" } } });
    // Not payable while waiting.
    expect(await c.as(DEMO.traveller, "/pay/create", { orderId: r.data.id, method: "wallet" })).toMatchObject({ ret: 409, msg: "订单当前状态为「待审批」，不能支付" });

    expect((await decide(DEMO.head, approvalId, "approve", { level: 1 })).data).toMatchObject({ status: "pending", level: 2 });
    expect((await orderRow(r.data.id)).status).toBe(S.approving);
    expect((await decide(DEMO.admin, approvalId, "approve", { level: 2 })).data).toMatchObject({ status: "approved" });
    const paid = (await c.as(DEMO.traveller, P.detail, { id: r.data.id })).data;
    expect(paid).toMatchObject({ status: S.pendingPayment, approval: { status: "approved" } });
    expect(paid.events.map((e: { action: string }) => e.action)).toEqual(["create", "approve"]);
  });

  it("reject: the order is cancelled and its seats go back on sale", async () => {
    const { seat } = await fare(8, "business");
    const r = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business" }));
    const { approvalId, holdId } = await orderRow(r.data.id);
    expect((await decide(DEMO.head, approvalId!, "reject", { comment: "请改订经济舱" })).data.status).toBe("rejected");
    expect((await orderRow(r.data.id)).status).toBe(S.cancelled);
    expect((await db().selectFrom("inventory_holds").select("status").where("id", "=", holdId!).executeTakeFirstOrThrow()).status).toBe("released");
  });

  it("two concurrent approvals of one level: exactly one succeeds", async () => {
    const { seat } = await fare(9, "business");
    const r = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business" }));
    const { approvalId } = await orderRow(r.data.id);
    const both = await Promise.all([decide(DEMO.head, approvalId!, "approve", { level: 1 }), decide(DEMO.head, approvalId!, "approve", { level: 1 })]);
    expect(both.filter((x) => x.ret === 0)).toHaveLength(1);
    expect(both.filter((x) => x.ret === 409)).toHaveLength(1);
    const steps = await db().selectFrom("approval_steps").select("action").where("approvalId", "=", approvalId!).execute();
    expect(steps.map((s) => s.action)).toEqual(["submit", "approve"]);
  });

  it("the held fare running out cancels the order and rejects its approval", async () => {
    const { seat } = await fare(10, "business");
    const r = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business" }));
    const { approvalId } = await orderRow(r.data.id);
    clock.advance(30 * MINUTE - 1);
    await h.app.jobs.runDueJobs();
    expect((await orderRow(r.data.id)).status).toBe(S.approving);
    clock.advance(1);
    await h.app.jobs.runDueJobs();
    expect((await orderRow(r.data.id)).status).toBe(S.cancelled);
    expect((await db().selectFrom("approvals").select("status").where("id", "=", approvalId!).executeTakeFirstOrThrow()).status).toBe("rejected");
    expect((await decide(DEMO.head, approvalId!, "approve")).ret).toBe(409);
  });

  it("the booker cancelling a waiting order withdraws its approval", async () => {
    const { seat } = await fare(11, "business");
    const r = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business" }));
    const { approvalId } = await orderRow(r.data.id);
    expect((await c.as(DEMO.traveller, P.cancel, { id: r.data.id })).ret).toBe(0);
    expect((await orderRow(r.data.id)).status).toBe(S.cancelled);
    expect((await db().selectFrom("approvals").select("status").where("id", "=", approvalId!).executeTakeFirstOrThrow()).status).toBe("withdrawn");
  });

  it("a level approving every order sends even a fare within the standard for approval", async () => {
    const { seat } = await fare(12, "cheapest");
    const r = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe(S.approving);
    const row = await orderRow(r.data.id);
    expect(row).toMatchObject({ overStandard: 0, standardVerdict: "符合差旅标准" });
    expect((await db().selectFrom("approvals").select("withinStandard").where("id", "=", row.approvalId!).executeTakeFirstOrThrow()).withinStandard).toBe(1);
  });
});

describe("automatic approval", () => {
  it("a waiting order the company approves at once (within the standard, small amount) is payable on booking", async () => {
    const prefs = (await c.as(DEMO.admin, "/api/v1/trip_manager/preference_info")).data;
    await c.as(DEMO.admin, "/api/v1/trip_manager/preference_save", { ...prefs, autoDecisions: { ...prefs.autoDecisions, approveWithinStandardMaxFen: 10_000_000 } });
    try {
      const { seat } = await fare(15, "cheapest");
      const r = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business" }));
      expect(r.ret, r.msg).toBe(0);
      expect(r.data.status).toBe(S.pendingPayment);
      const row = await orderRow(r.data.id);
      expect((await db().selectFrom("approvals").select("status").where("id", "=", row.approvalId!).executeTakeFirstOrThrow()).status).toBe("approved");
      const events = await db().selectFrom("order_events").select(["action", "toStatus"]).where("orderId", "=", r.data.id).orderBy("id").execute();
      expect(events).toEqual([{ action: "create", toStatus: S.approving }, { action: "approve", toStatus: S.pendingPayment }]);
    } finally {
      await c.as(DEMO.admin, "/api/v1/trip_manager/preference_save", prefs);
    }
  });
});

describe("trip applications and private bookings", () => {
  it("asks for an approved trip application when the company requires one", async () => {
    const prefs = (await c.as(DEMO.admin, "/api/v1/trip_manager/preference_info")).data;
    await c.as(DEMO.admin, "/api/v1/trip_manager/preference_save", { ...prefs, requireApplication: 1 });
    try {
      const { seat } = await fare(13, "business");
      expect((await c.as(DEMO.traveller, P.businessCheck, { fareKey: seat.fareKey })).data.applicationRequired).toBe(true);
      const r = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business" }));
      expect(r).toMatchObject({ ret: 400, msg: String(APPLICATION_REQUIRED), data: { errors: { applyId: String(APPLICATION_REQUIRED) } } });
      const wrong = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business", applyId: 999999 }));
      expect(wrong).toMatchObject({ ret: 400, data: { errors: { applyId: "未找到该出差申请" } } });

      // An approved application of the traveller covering the flight's date lets the booking through.
      const trip = await c.as(DEMO.traveller, "/credit/add_apply_note", {
        purpose: "上海客户会议", scope: "domestic", startDate: day(13), endDate: day(15), fromCity: "北京", toCities: ["上海"],
        travellerEmployeeIds: [], externalTravellers: [{ name: "王五" }], modes: ["flight"], budgetFen: 500000, submit: 1,
      });
      expect(trip.ret, trip.msg).toBe(0);
      const waiting = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business", applyId: trip.data.id }));
      expect(waiting).toMatchObject({ ret: 400, data: { errors: { applyId: "该出差申请尚未审批通过" } } });
      expect((await decide(DEMO.head, trip.data.approval.id, "approve")).ret).toBe(0);
      expect((await decide(DEMO.admin, trip.data.approval.id, "approve")).data.status).toBe("approved");
      const ok = await c.as(DEMO.traveller, P.book, form(seat, { travelType: "business", applyId: trip.data.id }));
      expect(ok.ret, ok.msg).toBe(0);
      expect(await orderRow(ok.data.id)).toMatchObject({ applyId: trip.data.id, status: S.approving });
      expect((await c.as(DEMO.traveller, P.detail, { id: ok.data.id })).data.applyNoteNo).toBe(trip.data.noteNo);
      const { seat: later } = await fare(20, "business");
      const outside = await c.as(DEMO.traveller, P.book, form(later, { travelType: "business", applyId: trip.data.id }));
      expect(outside.ret).toBe(400);
      expect(outside.data.errors.applyId).toContain("不在出差申请的行程日期");
    } finally {
      await c.as(DEMO.admin, "/api/v1/trip_manager/preference_save", prefs);
    }
  });

  it("a private booking skips the standard: over it, booked and payable", async () => {
    const { seat } = await fare(14, "business");
    const r = await c.as(DEMO.staff, P.book, form(seat, { travelType: "private" }));
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.status).toBe(S.pendingPayment);
    expect(await orderRow(r.data.id)).toMatchObject({ travelType: "private", overStandard: 0, standardVerdict: null, approvalId: null });
    const bad = await c.as(DEMO.staff, P.book, form(seat, { travelType: "private", applyId: 1 }));
    expect(bad.ret).toBe(400);
  });
});

describe("booking for a colleague (replace-booker)", () => {
  const allow = (booker: string, employees: string[]) =>
    db().insertInto("replace_bookers").values({
      companyId: ids.companyId, bookerEmployeeId: ids.employee[booker], scope: "employees",
      departmentIds: "[]", employeeIds: JSON.stringify(employees.map((m) => ids.employee[m])), createTime: new Date(NOW).toISOString(), updateTime: new Date(NOW).toISOString(),
    }).execute();
  const disallow = (booker: string) => db().deleteFrom("replace_bookers").where("bookerEmployeeId", "=", ids.employee[booker]).execute();

  it("books under the colleague's standard, records booker and traveller, and routes the approval as the colleague's trip", async () => {
    await allow(DEMO.staff, [DEMO.traveller]);
    try {
      const { seat } = await fare(7, "business");
      // The booker's own standard forbids business class; the colleague's sends it for approval.
      expect((await c.as(DEMO.staff, P.businessCheck, { fareKey: seat.fareKey })).data).toMatchObject({ refuse: true });
      const check = (await c.as(DEMO.staff, P.businessCheck, { fareKey: seat.fareKey, forEmployeeId: ids.employee[DEMO.traveller] })).data;
      expect(check).toMatchObject({ refuse: false, needApproval: true });
      const r = await c.as(DEMO.staff, P.book, form(seat, { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller], overReason: "会议或客户要求" }));
      expect(r.ret, r.msg).toBe(0);
      expect(r.data.status).toBe(S.approving);
      const row = await orderRow(r.data.id);
      expect(row).toMatchObject({ memberId: ids.member[DEMO.staff], bookerMemberId: ids.member[DEMO.staff], travellerMemberId: ids.member[DEMO.traveller], travelType: "business" });
      const approval = await db().selectFrom("approvals").selectAll().where("id", "=", row.approvalId!).executeTakeFirstOrThrow();
      expect(approval.applicantMemberId).toBe(ids.member[DEMO.traveller]);
      const event = await db().selectFrom("order_events").select("note").where("orderId", "=", r.data.id).where("action", "=", "create").executeTakeFirstOrThrow();
      expect(event.note).toContain("代订");
      // The colleague sees the order booked for them.
      expect((await c.as(DEMO.traveller, P.detail, { id: r.data.id })).ret).toBe(0);
    } finally {
      await disallow(DEMO.staff);
    }
  });

  it("the company's administrator books for any employee without a rule, under that employee's standard", async () => {
    const TRAVELLERS = "/api/v1/trip_manager/employee_rsrv/travellers";
    const listed = (await c.as(DEMO.admin, TRAVELLERS, { pageNum: 1, pageSize: 100 })).data;
    // Every employee of the company, none of them the administrator.
    const employees = await db().selectFrom("employees").select("id").where("companyId", "=", ids.companyId).execute();
    expect(listed.total).toBe(employees.length);
    expect(listed.list.map((e: { employeeId: number }) => e.employeeId).sort()).toEqual(employees.map((e) => e.id).sort());
    expect(listed.list.some((e: { self: boolean }) => e.self)).toBe(false);
    expect(listed.self).toBeNull();

    const { seat } = await fare(7, "business");
    // The traveller's level sends business class for approval, as it does when they book.
    const check = (await c.as(DEMO.admin, P.businessCheck, { fareKey: seat.fareKey, forEmployeeId: ids.employee[DEMO.traveller] })).data;
    expect(check).toMatchObject({ refuse: false, needApproval: true });
    const r = await c.as(DEMO.admin, P.book, form(seat, { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller], overReason: "会议或客户要求" }));
    expect(r.ret, r.msg).toBe(0);
    const admin = await db().selectFrom("members").select("id").where("mobilePhone", "=", DEMO.admin).executeTakeFirstOrThrow();
    expect(await orderRow(r.data.id)).toMatchObject({ memberId: admin.id, bookerMemberId: admin.id, travellerMemberId: ids.member[DEMO.traveller], travelType: "business", overStandard: 1 });
    expect((await c.as(DEMO.traveller, P.detail, { id: r.data.id })).ret).toBe(0);
    // An individual member has no staff to book for.
    expect((await c.as(DEMO.individual, TRAVELLERS, { pageNum: 1, pageSize: 10 })).ret).toBe(403);
  });

  it("refuses a colleague outside the booker's rule, a private booking for a colleague, and a booker with no rule, writing nothing", async () => {
    const { seat } = await fare(7, "cheapest");
    const before = await counts(db(), ["orders", "order_passengers", "order_events", "approvals", "jobs", "inventory_holds"]);
    const none = await c.as(DEMO.head, P.book, form(seat, { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }));
    expect(none.ret).toBe(403);
    expect(none.msg).toContain("没有为该同事预订的权限");
    await allow(DEMO.staff, [DEMO.head]);
    try {
      expect((await c.as(DEMO.staff, P.book, form(seat, { travelType: "business", forEmployeeId: ids.employee[DEMO.traveller] }))).ret).toBe(403);
      expect((await c.as(DEMO.staff, P.businessCheck, { fareKey: seat.fareKey, forEmployeeId: ids.employee[DEMO.traveller] })).ret).toBe(403);
      const priv = await c.as(DEMO.staff, P.book, form(seat, { travelType: "private", forEmployeeId: ids.employee[DEMO.head] }));
      expect(priv.ret).toBe(400);
      expect(priv.data.errors).toHaveProperty("forEmployeeId");
    } finally {
      await disallow(DEMO.staff);
    }
    expect(await counts(db(), ["orders", "order_passengers", "order_events", "approvals", "jobs", "inventory_holds"])).toEqual(before);
  });
});
