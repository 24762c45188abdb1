// What the approver of an order sees beyond the booking (SQLite, or PostgreSQL with DATABASE_URL):
// the trip's purpose (出差事由) in the inbox and the detail, the trip application the order was
// booked under (number, route, dates, and its own approval when the approver may open it), and
// the split of a 超标自付 order between the company's credit and the traveller. Another
// company's approver reads none of it, and an application of another company is never shown.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { fakeClock, realClock } from "./account-helpers";
import { DEMO, demoIds, otherCompany, travelClient } from "./travel-helpers";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_ORDER_STATUS as S } from "../../src/domain/orders/flight";
import { isoAt } from "../../server/services/clock";
import type { FlightSeat } from "../../src/domain/travel/types";

let h: Harness;
let c: ReturnType<typeof travelClient>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let other: Awaited<ReturnType<typeof otherCompany>>;
let clock: ReturnType<typeof fakeClock>;
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const INBOX = "/credit/get_approve_apply_note";
const DETAIL = "/credit/approval/detail";
const DECIDE = "/credit/op_apply_note";
const PURPOSE = "上海客户年度会议";
const db = () => h.db.db;

beforeAll(async () => {
  h = await startTravel();
  clock = fakeClock(NOW);
  c = travelClient(h);
  ids = await demoIds(db());
  other = await otherCompany(db());
});
afterAll(async () => {
  realClock();
  await stopTravel(h);
});
beforeEach(() => clock.advance(NOW - clock.now()));

async function businessFare(n: number): Promise<FlightSeat> {
  const list = (await c.as(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) })).data.list as { seats: FlightSeat[] }[];
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "C" && s.seatsLeft > 0);
  if (!seat) throw new Error("no business fare");
  return seat;
}

/** The traveller's approved application for days n..n+2 (head, then administrator). */
async function approvedApplication(n: number) {
  const r = await c.as(DEMO.traveller, "/credit/add_apply_note", {
    purpose: PURPOSE, scope: "domestic", startDate: day(n), endDate: day(n + 2), fromCity: "北京", toCities: ["上海", "苏州"],
    travellerEmployeeIds: [], externalTravellers: [{ name: "王五" }], modes: ["flight"], budgetFen: 800000, submit: 1,
  });
  expect(r.ret, r.msg).toBe(0);
  expect((await c.as(DEMO.head, DECIDE, { approvalId: r.data.approval.id, action: "approve" })).ret).toBe(0);
  expect((await c.as(DEMO.admin, DECIDE, { approvalId: r.data.approval.id, action: "approve" })).data.status).toBe("approved");
  return r.data as { id: number; noteNo: string; approval: { id: number } };
}

let keys = 0;
/** A business-class flight over the traveller's economy standard: booked 待审批. */
async function overStandardOrder(n: number, applyId?: number) {
  const seat = await businessFare(n);
  const r = await c.as(DEMO.traveller, P.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `order-facts-${++keys}`, contactName: "黄磊", contactMobile: DEMO.traveller,
    passengers: [{ name: "黄磊", certType: 1, certNo: "11010519491231002X" }], travelType: "business", overReason: "会议或客户要求",
    ...(applyId ? { applyId } : {}),
  });
  expect(r.ret, r.msg).toBe(0);
  expect(r.data.status).toBe(S.approving);
  const row = await db().selectFrom("orders").select(["id", "approvalId", "totalFen", "orderNo"]).where("id", "=", r.data.id).executeTakeFirstOrThrow();
  return { ...row, approvalId: row.approvalId! };
}

describe("an order booked under a trip application", () => {
  let app: Awaited<ReturnType<typeof approvedApplication>>;
  let order: Awaited<ReturnType<typeof overStandardOrder>>;
  beforeAll(async () => {
    clock.advance(NOW - clock.now());
    app = await approvedApplication(10);
    order = await overStandardOrder(10, app.id);
  });

  it("names the trip's purpose on the approver's inbox row, for orders and trip applications alike", async () => {
    const inbox = await c.as(DEMO.head, INBOX, { subjectType: "order" });
    expect(inbox.ret, inbox.msg).toBe(0);
    expect(inbox.data.list.find((r: { id: number }) => r.id === order.approvalId)).toMatchObject({ subjectType: "order", purpose: PURPOSE });
    const decided = await c.as(DEMO.head, INBOX, { box: "done", subjectType: "trip" });
    expect(decided.data.list.find((r: { id: number }) => r.id === app.approval.id)).toMatchObject({ subjectType: "trip", purpose: PURPOSE });
  });

  it("shows the purpose and the application (number, route, dates, its approval) in the approval's detail", async () => {
    const d = await c.as(DEMO.head, DETAIL, { id: order.approvalId });
    expect(d.ret, d.msg).toBe(0);
    expect(d.data.order).toMatchObject({
      orderNo: order.orderNo, purpose: PURPOSE, selfPay: null,
      application: { id: app.id, noteNo: app.noteNo, purpose: PURPOSE, fromCity: "北京", toCities: ["上海", "苏州"], startDate: day(10), endDate: day(12), approvalId: app.approval.id },
    });
    // Only what the approver needs of the application: not its travellers' phones or its budget.
    expect(Object.keys(d.data.order.application).sort()).toEqual(["approvalId", "endDate", "fromCity", "id", "noteNo", "purpose", "startDate", "toCities"]);
    // The application's approval the link opens is one the head may read.
    expect((await c.as(DEMO.head, DETAIL, { id: app.approval.id })).data.subject).toMatchObject({ noteNo: app.noteNo, purpose: PURPOSE });
  });

  it("links the application's approval only for an approver who may open it", async () => {
    // 周文博 is added to decide the order's first level; he took no part in the application's approval.
    await db().insertInto("approval_assignees").values({ approvalId: order.approvalId, level: 1, memberId: ids.member[DEMO.partner], via: "member" }).execute();
    try {
      const d = await c.as(DEMO.partner, DETAIL, { id: order.approvalId });
      expect(d.ret, d.msg).toBe(0);
      expect(d.data.order.application).toMatchObject({ noteNo: app.noteNo, purpose: PURPOSE, approvalId: null });
      expect((await c.as(DEMO.partner, DETAIL, { id: app.approval.id })).ret).toBe(403);
      // The company's administrator may open every approval of the company.
      expect((await c.as(DEMO.admin, DETAIL, { id: order.approvalId })).data.order.application.approvalId).toBe(app.approval.id);
    } finally {
      await db().deleteFrom("approval_assignees").where("approvalId", "=", order.approvalId).where("memberId", "=", ids.member[DEMO.partner]).execute();
    }
  });

  it("shows how a 超标自付 order is split: the company's credit pays the rest of what the traveller pays", async () => {
    const selfFen = 52_000;
    await db().updateTable("orders").set({ selfPayFen: selfFen }).where("id", "=", order.id).execute();
    try {
      const d = await c.as(DEMO.head, DETAIL, { id: order.approvalId });
      expect(d.data.order.selfPay).toEqual({ selfFen, companyFen: order.totalFen - selfFen });
      expect(d.data.order.selfPay.selfFen + d.data.order.selfPay.companyFen).toBe(d.data.order.payprice);
    } finally {
      await db().updateTable("orders").set({ selfPayFen: 0 }).where("id", "=", order.id).execute();
    }
  });

  it("never shows another company's application, and another company's approver reads nothing", async () => {
    const foreign = await db().insertInto("trip_applications").values({
      companyId: other.companyId, noteNo: "TA-FOREIGN-1", applicantMemberId: other.traveller.memberId, applicantEmployeeId: other.traveller.employeeId,
      purpose: "别家的出差", scope: "domestic", startDate: day(10), endDate: day(12), fromCity: "广州", toCities: "[\"深圳\"]",
      travellers: "{\"employees\":[],\"externals\":[]}", modes: "[\"flight\"]", budgetFen: 1, remark: null, createTime: isoAt(), updateTime: isoAt(),
    }).returning("id").executeTakeFirstOrThrow();
    await db().updateTable("orders").set({ applyId: foreign.id }).where("id", "=", order.id).execute();
    try {
      const d = await c.as(DEMO.head, DETAIL, { id: order.approvalId });
      expect(d.data.order).toMatchObject({ purpose: null, application: null });
      const inbox = await c.as(DEMO.head, INBOX, { subjectType: "order" });
      expect(inbox.data.list.find((r: { id: number }) => r.id === order.approvalId)).toMatchObject({ purpose: null });
    } finally {
      await db().updateTable("orders").set({ applyId: app.id }).where("id", "=", order.id).execute();
      await db().deleteFrom("trip_applications").where("id", "=", foreign.id).execute();
    }
    expect(await c.as(other.mobiles.admin, DETAIL, { id: order.approvalId })).toMatchObject({ ret: 403 });
    const theirs = await c.as(other.mobiles.admin, INBOX, { box: "all" });
    expect(theirs.data.list.some((r: { id: number }) => r.id === order.approvalId)).toBe(false);
  });
});

describe("an order booked without a trip application", () => {
  it("has no purpose and no application, in the inbox and the detail", async () => {
    const order = await overStandardOrder(11);
    const row = (await c.as(DEMO.head, INBOX, { subjectType: "order" })).data.list.find((r: { id: number }) => r.id === order.approvalId);
    expect(row).toMatchObject({ purpose: null });
    expect((await c.as(DEMO.head, DETAIL, { id: order.approvalId })).data.order).toMatchObject({ purpose: null, application: null, selfPay: null });
  });
});
