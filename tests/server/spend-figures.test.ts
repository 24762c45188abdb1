// The spend report's over-standard and self-paid figures and the enterprise workbench's spend
// overview, on a fresh demo database (SQLite, or PostgreSQL with DATABASE_URL), over orders booked
// and paid through the real routes: a 超标自付 order split between the traveller's wallet and the
// company's credit line counts only the company's part as its spend and shows the traveller's
// part beside it; over-standard orders give their count, rate, amount and reasons; the workbench
// compares this month so far with last month's same days (China dates) and counts the approvals
// waiting for the administrator. Figures are checked as what the orders made here added.
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance, setCreditUsed } from "./money-audit";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { isPostgres } from "../../server/db/migrations/helpers";
import { setClock } from "../../server/services/clock";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { DEFAULT_PREFERENCES } from "../../src/domain/policy";
import { SPEND_OVERVIEW_PATH, changePermille, monthToDate, type SpendOverview } from "../../src/domain/spend-overview";
import { SPEND_STATUSES_BY_PRODUCT, type ReportReply } from "../../src/domain/reports";
import type { FlightItem, FlightSeat } from "../../src/domain/travel/types";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const ADMIN = "13800000070";
const STAFF = "13800000072";
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const ADULT = { name: "杨帆", certType: 1, certNo: "11010519491231002X" };
const EXCESS = 30_000; // the ticket is set 300 yuan over the limit plus the allowance
const REASON = "会议或客户要求";
const NOVEMBER = { startDate: "2026-11-01", endDate: "2026-11-30" };
const OCT_20 = Date.UTC(2026, 9, 20, 2, 0); // 10:00 in Beijing
const OCT_31 = Date.UTC(2026, 9, 31, 2, 0); // a day last month has that this month has not yet had

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [ADMIN, STAFF, "13800000071", "13800000010"]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  await givePayPassword(h.db.db);
});
afterAll(async () => {
  await expectBooksBalanced(h.db.db);
  await stopTravel(h);
});
beforeEach(() => setClock(() => NOW));

const db = () => h.db.db;
async function api(who: string, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, { ...body, token: tokens[who] })).body;
}
const report = async (range = NOVEMBER) => {
  const r = await api(ADMIN, "/report/domAir/detail", range);
  expect(r.ret, r.msg).toBe(0);
  return r.data as ReportReply;
};
const overview = async () => {
  const r = await api(ADMIN, SPEND_OVERVIEW_PATH);
  expect(r.ret, r.msg).toBe(0);
  return r.data as SpendOverview;
};

/** The dearest economy fare of a Beijing–Shanghai day. */
async function economy(date: string): Promise<FlightSeat> {
  const list: FlightItem[] = (await call(h.app, LIST, { depCity: "BJS", arrCity: "SHA", depDate: date })).body.data.list;
  return list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 1).sort((a, b) => b.salePrice - a.salePrice)[0];
}

/** The staff's level: economy with a price cap EXCESS under `seat`, over-standard allowed with a reason; 超标自付 on or off. */
async function capBelow(seat: FlightSeat, overSelfPay: 0 | 1) {
  const member = await db().selectFrom("members").select("creditEmployeeId").where("id", "=", ids[STAFF]).executeTakeFirstOrThrow();
  const level = await db().selectFrom("employees").select("tripLevelId").where("id", "=", member.creditEmployeeId).executeTakeFirstOrThrow();
  const std = await db().selectFrom("travel_standards").select("rules").where("tripLevelId", "=", level.tripLevelId!).executeTakeFirstOrThrow();
  const rules = JSON.parse(std.rules);
  rules.flight = { cabins: ["Y"], maxDiscount: null, maxPriceFen: seat.salePrice - EXCESS - 20_000, lowestFareHours: null };
  await db().updateTable("travel_standards").set({ rules: JSON.stringify(rules) }).where("tripLevelId", "=", level.tripLevelId!).execute();
  await db().updateTable("trip_levels").set({ overproof: 1, overApprove: 0, feeFlag: 0 }).where("id", "=", level.tripLevelId!).execute();
  const prefs: Record<string, string | number> = { "hotelConfig.multiPay": 1, requireApplication: 0, overSelfPay, "autoDecisions.approveWithinStandardMaxFen": "", "autoDecisions.rejectExpiredFare": 1 };
  DEFAULT_PREFERENCES.overReasons.forEach((r, i) => (prefs[`overReasons.${i}`] = r));
  const saved = await api(ADMIN, "/api/v1/trip_manager/preference_save", prefs);
  expect(saved.ret, saved.msg).toBe(0);
}

let keys = 0;
/** Books `seat` for one adult (a business trip over the standard when `business`) and pays it from the booker's wallet. */
async function bookAndPay(who: string, seat: FlightSeat, business: boolean): Promise<{ id: number; payprice: number; outTradeNo: string }> {
  const body: Record<string, string | number> = {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `spend-figures-${++keys}`, contactName: ADULT.name, contactMobile: who,
    "passengers.0.name": ADULT.name, "passengers.0.certType": ADULT.certType, "passengers.0.certNo": ADULT.certNo,
    ...(business ? { travelType: "business", overReason: REASON } : {}),
  };
  const o = await api(who, P.book, body);
  expect(o.ret, o.msg).toBe(0);
  const t = await api(who, PAY.create, { orderId: o.data.id, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(who, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
  expect(r.ret, r.msg).toBe(0);
  return { ...o.data, outTradeNo: t.data.outTradeNo };
}

describe("the company's spend, net of what travellers paid themselves", () => {
  it("counts a split-paid order's company part as spend and its traveller part separately, and its over-standard verdict", async () => {
    await setBalance(db(), ids[STAFF], "5000.00");
    await db().updateTable("wallets").set({ creditLimitFen: 10_000_000 }).where("memberId", "=", ids[ADMIN]).execute();
    await setCreditUsed(db(), ids[ADMIN], "0.00");
    const before = await report();
    const wbBefore = await overview();

    const seat = await economy(day(8));
    await capBelow(seat, 1);
    const split = await bookAndPay(STAFF, seat, true);
    // The payment itself: the traveller's wallet part under the wallet method, the company's beside it.
    const trade = await db().selectFrom("payments").select(["method", "amountFen", "creditFen"]).where("outTradeNo", "=", split.outTradeNo).executeTakeFirstOrThrow();
    expect(trade).toEqual({ method: "wallet", amountFen: EXCESS, creditFen: split.payprice - EXCESS });

    // Over the standard too, but with 超标自付 off: the company pays all of it.
    const seat2 = await economy(day(9));
    await capBelow(seat2, 0);
    const whole = await bookAndPay(STAFF, seat2, true);

    const after = await report();
    const s = after.summary;
    const company = split.payprice - EXCESS + whole.payprice;
    expect(s.orders - before.summary.orders).toBe(2);
    expect(s.orderFen - before.summary.orderFen).toBe(split.payprice + whole.payprice);
    expect(s.selfPayFen - before.summary.selfPayFen).toBe(EXCESS);
    expect(s.spendFen - before.summary.spendFen).toBe(company);
    // The totals reconcile to the fen: the orders' amount is the company's spend and the travellers' part.
    expect(s.orderFen).toBe(s.spendFen + s.selfPayFen);

    expect(s.overStandard.orders - before.summary.overStandard.orders).toBe(2);
    expect(s.overStandard.amountFen - before.summary.overStandard.amountFen).toBe(split.payprice + whole.payprice);
    expect(s.overStandard.ratePermille).toBe(Math.floor((2 * s.overStandard.orders * 1000 + s.orders) / (2 * s.orders)));
    const reasonOrders = (r: ReportReply) => r.summary.overStandard.reasons.find((x) => x.reason === REASON)?.orders ?? 0;
    expect(reasonOrders(after) - reasonOrders(before)).toBe(2);

    // Departments, routes and months count the company's spend too, and add up to it.
    expect(after.byDepartment.reduce((a, d) => a + d.spendFen, 0)).toBe(s.spendFen);
    expect(after.byDepartment.reduce((a, d) => a + (d.selfPayFen ?? 0), 0)).toBe(s.selfPayFen);
    expect(after.byRoute.reduce((a, d) => a + d.spendFen, 0)).toBe(s.spendFen);
    expect(after.months.filter((m) => m.product === "domAir").reduce((a, m) => a + m.spendFen, 0)).toBe(s.spendFen);
    const staffDept = (await db().selectFrom("members as m").innerJoin("employees as e", "e.id", "m.creditEmployeeId").innerJoin("departments as d", "d.id", "e.departmentId").select("d.name").where("m.id", "=", ids[STAFF]).executeTakeFirstOrThrow()).name;
    const d = (r: ReportReply) => r.byDepartment.find((x) => x.name === staffDept) ?? { spendFen: 0, selfPayFen: 0 };
    expect(d(after).spendFen - d(before).spendFen).toBe(company);
    expect((d(after).selfPayFen ?? 0) - (d(before).selfPayFen ?? 0)).toBe(EXCESS);

    // The workbench reads the same: this month's flights, the over-standard rate, the booker among the top travellers.
    const wb = await overview();
    const air = (o: SpendOverview) => o.products.find((p) => p.type === "domAir")!;
    expect(air(wb).spendFen - air(wbBefore).spendFen).toBe(company);
    expect(wb.total.spendFen - wbBefore.total.spendFen).toBe(company);
    expect(wb.total.selfPayFen - wbBefore.total.selfPayFen).toBe(EXCESS);
    expect(wb.overStandard.orders - wbBefore.overStandard.orders).toBe(2);
    const staff = wb.topTravellers.find((t) => t.memberId === ids[STAFF]);
    const staffBefore = wbBefore.topTravellers.find((t) => t.memberId === ids[STAFF])?.spendFen ?? 0;
    expect(staff?.spendFen).toBe(staffBefore + company);
    expect(staff?.name).toBe("杨帆");
  });

  it("reads the reasons from the summaries kept with the orders, not from the orders", async () => {
    const company = (await db().selectFrom("companies").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const rows = await db().selectFrom("report_reason_days").select(["reason", "orders"]).where("companyId", "=", company).where("product", "=", "air").where("day", ">=", NOVEMBER.startDate).where("day", "<=", NOVEMBER.endDate).execute();
    // As many as the company's over-standard spend flights of November give that reason (those booked above among them).
    const orders = await db()
      .selectFrom("orders").select((eb) => eb.fn.countAll().as("n"))
      .where("companyId", "=", company).where("product", "=", "air").where("international", "=", 0).where("overStandard", "=", 1).where("overReasons", "=", REASON)
      .where("status", "in", [...SPEND_STATUSES_BY_PRODUCT.air])
      .where("createTime", ">=", new Date(`${NOVEMBER.startDate}T00:00:00+08:00`).toISOString()).where("createTime", "<", new Date(`2026-12-01T00:00:00+08:00`).toISOString())
      .executeTakeFirstOrThrow();
    const summed = rows.filter((r) => r.reason === REASON).reduce((n, r) => n + Number(r.orders), 0);
    expect(summed).toBe(Number(orders.n));
    expect(summed).toBeGreaterThanOrEqual(2);
    // The orders' partial index of over-standard orders is gone with its read.
    const indexes = isPostgres(db())
      ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'orders'`.execute(db())).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders'`.execute(db())).rows;
    expect(indexes.map((i) => i.name)).not.toContain("orders_over_reasons_idx");
  });
});

describe("the enterprise workbench's spend overview", () => {
  it("takes this month so far and last month's same days, China dates", () => {
    expect(monthToDate("2026-11-30")).toEqual({ current: { startDate: "2026-11-01", endDate: "2026-11-30" }, previous: { startDate: "2026-10-01", endDate: "2026-10-30" } });
    expect(monthToDate("2026-03-31")).toEqual({ current: { startDate: "2026-03-01", endDate: "2026-03-31" }, previous: { startDate: "2026-02-01", endDate: "2026-02-28" } });
    expect(monthToDate("2028-03-30").previous).toEqual({ startDate: "2028-02-01", endDate: "2028-02-29" });
    expect(monthToDate("2027-01-05").previous).toEqual({ startDate: "2026-12-01", endDate: "2026-12-05" });
    expect(changePermille(150, 100)).toBe(500);
    expect(changePermille(50, 100)).toBe(-500);
    expect(changePermille(1, 3)).toBe(-667);
    expect(changePermille(10, 0)).toBeNull();
  });

  it("compares the month so far with last month's same days", async () => {
    await setBalance(db(), ids[ADMIN], "50000.00");
    const before = await overview();
    expect(before.today).toBe("2026-11-30");
    expect(before.previous).toEqual({ startDate: "2026-10-01", endDate: "2026-10-30" });

    // Last month: one order inside the same days (20 October), one after them (31 October).
    setClock(() => OCT_20);
    const inside = await bookAndPay(ADMIN, await economy("2026-10-28"), false);
    setClock(() => OCT_31);
    await bookAndPay(ADMIN, await economy("2026-11-06"), false);
    // This month.
    setClock(() => NOW);
    const current = await bookAndPay(ADMIN, await economy(day(12)), false);

    const after = await overview();
    const air = (o: SpendOverview) => o.products.find((p) => p.type === "domAir")!;
    expect(air(after).previousSpendFen - air(before).previousSpendFen).toBe(inside.payprice);
    expect(air(after).previousOrders - air(before).previousOrders).toBe(1);
    expect(air(after).spendFen - air(before).spendFen).toBe(current.payprice);
    expect(after.total.previousSpendFen - before.total.previousSpendFen).toBe(inside.payprice);
    // Every product is listed, in the reports' order, and the total is theirs.
    expect(after.products.map((p) => p.type)).toEqual(["domAir", "intlAir", "train", "hotel", "car"]);
    expect(after.products.reduce((a, p) => a + p.spendFen, 0)).toBe(after.total.spendFen);
    expect(after.products.reduce((a, p) => a + p.previousSpendFen, 0)).toBe(after.total.previousSpendFen);
    expect(after.topTravellers.length).toBeLessThanOrEqual(5);
    const spends = after.topTravellers.map((t) => t.spendFen);
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
  });

  it("counts the approvals waiting for the administrator's decision, trip applications and orders apart", async () => {
    const before = (await overview()).approvals;
    const company = (await db().selectFrom("companies").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const at = new Date(NOW).toISOString();
    let subject = 9000;
    const approval = async (subjectType: string, status: string, level: number, assignee: number, assigneeLevel = level) => {
      const a = await db()
        .insertInto("approvals")
        .values({
          companyId: company, subjectType, subjectId: ++subject, applicantMemberId: ids[STAFF], applicantName: "杨帆", title: "测试", amountFen: null, withinStandard: 0,
          flowId: null, flowName: null, onTimeout: "admin", levels: "[]", status, level, levelCount: 2, levelDeadline: null, fareDeadline: null,
          submitTime: at, finishTime: null, createTime: at, updateTime: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db().insertInto("approval_assignees").values({ approvalId: a.id, level: assigneeLevel, memberId: assignee, via: "admin" }).execute();
    };
    await approval("trip", "pending", 1, ids[ADMIN]);
    await approval("order", "pending", 1, ids[ADMIN]);
    await approval("order", "pending", 2, ids[ADMIN]);
    // Not waiting for the administrator: decided, someone else's, or a level not reached yet.
    await approval("order", "approved", 1, ids[ADMIN]);
    await approval("trip", "pending", 1, ids["13800000071"]);
    await approval("trip", "pending", 1, ids[ADMIN], 2);
    expect((await overview()).approvals).toEqual({ trip: before.trip + 1, order: before.order + 2 });
  });

  it("is for the company administrator only", async () => {
    for (const who of ["13800000071", "13800000010"]) expect((await api(who, SPEND_OVERVIEW_PATH)).ret, who).toBe(403);
    expect((await api(ADMIN, SPEND_OVERVIEW_PATH, { month: "2026-10" })).ret).toBe(400);
  });
});
