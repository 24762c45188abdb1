// Company spend reports on a fresh database (SQLite, or PostgreSQL with DATABASE_URL), over orders
// made in the test through the real booking and wallet-payment paths and moved through the order
// state machine: totals checked by hand against the booked fares, departments, travellers,
// routes and airlines, months filled, refunds and changes, the excel export read back, access by
// member type, another company's orders never seen, and bad input refused.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, SEED, startTravel, stopTravel, NOW, fullFlights } from "./inventory-helpers";
import { call, downloadExport, freshClient, login, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { applyFlightMove } from "../../server/orders/flight/moves";
import { SYSTEM_ACTOR, memberActor } from "../../server/orders/actor";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { childFare } from "../../src/domain/fares";
import type { FlightItem, FlightSeat } from "../../src/domain/travel/types";
import type { FlightOrderAction } from "../../src/domain/orders/flight";
import type { ReportReply } from "../../src/domain/reports";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const DETAIL = "/report/domAir/detail";
const ADMIN = "13800000070";
const OTHER_ADMIN = "13900000070";
const STAFF = ["13800000071", "13800000072", "13800000073"];
const OCT_20 = Date.UTC(2026, 9, 20, 2, 0); // 10:00 in Beijing
const ADULT = { name: "陈静", certType: 1, certNo: "11010519491231002X" };
const ADULT2 = { name: "杨帆", certType: 1, certNo: "110105198001010016" };
const CHILD = { name: "杨小宝", certType: 2, certNo: "E98765432", birthday: "2019-05-01" };
const ADULT3 = { name: "黄磊", certType: 1, certNo: "110105197505050033" };

async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
}

/** A seat of a Beijing–Shanghai flight: the deepest discounted economy class, or the full fare. */
async function seatOn(date: string, full: boolean, dep = "BJS", arr = "SHA"): Promise<{ flight: FlightItem; seat: FlightSeat }> {
  const list = await fullFlights(h.app, (await api(null, LIST, { depCity: dep, arrCity: arr, depDate: date })).data.list);
  const found = list.flatMap((flight) =>
    flight.seats.filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 2 && (full ? s.cabinCode === "Y" : s.discount < 100)).map((seat) => ({ flight, seat })),
  );
  if (!found.length) throw new Error(`no ${full ? "full" : "discounted"} fare on ${date}`);
  return found[0];
}

let keys = 0;
async function book(who: string, seat: FlightSeat, passengers: Record<string, string | number>[]): Promise<{ id: number; payprice: number }> {
  const body: Record<string, string | number> = { fareKey: seat.fareKey, price: seat.salePrice, clientKey: `report-${++keys}`, contactName: "联系人", contactMobile: who };
  passengers.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) body[`passengers.${i}.${k}`] = v;
  });
  const r = await api(who, P.book, body);
  expect(r.ret, r.msg).toBe(0);
  return r.data;
}

async function pay(who: string, orderId: number) {
  const t = await api(who, PAY.create, { orderId, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(who, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
  expect(r.ret, r.msg).toBe(0);
}

async function move(orderId: number, actions: FlightOrderAction[], who?: string) {
  for (const action of actions) {
    const member = who ? await h.db.db.selectFrom("members").selectAll().where("id", "=", ids[who]).executeTakeFirstOrThrow() : null;
    const actor = member && (action === "requestRefund" || action === "requestChange") ? memberActor(member) : SYSTEM_ACTOR;
    await applyFlightMove(h.db.db, { orderId, action, actor, seed: SEED });
  }
}

const expected = {
  spendFen: 0,
  ticketFen: 0,
  fullFareFen: 0,
  tickets: 0,
  orders: 0,
  byDept: {} as Record<string, { orders: number; spendFen: number }>,
  octSpend: 0,
  refundFen: 0,
  otherSpend: 0,
};
const spent = (dept: string, payprice: number, ticketFen: number, fullFareFen: number, tickets: number) => {
  expected.spendFen += payprice;
  expected.ticketFen += ticketFen;
  expected.fullFareFen += fullFareFen;
  expected.tickets += tickets;
  expected.orders += 1;
  const d = (expected.byDept[dept] ??= { orders: 0, spendFen: 0 });
  d.orders += 1;
  d.spendFen += payprice;
};

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  // A second company with its own administrator, to prove one company never sees another's orders.
  const admin = await h.db.db.selectFrom("members").selectAll().where("mobilePhone", "=", ADMIN).executeTakeFirstOrThrow();
  const { id: _id, ...rest } = admin;
  const other = await h.db.db.insertInto("members").values({ ...rest, mobilePhone: OTHER_ADMIN, account: OTHER_ADMIN, username: OTHER_ADMIN, realName: "周敏" }).returning("id").executeTakeFirstOrThrow();
  const company = await h.db.db.insertInto("companies").values({ name: "远航贸易有限公司", adminMemberId: other.id, dometicketServerFeeFen: 2000, createTime: new Date(NOW).toISOString() }).returning("id").executeTakeFirstOrThrow();
  await h.db.db.updateTable("members").set({ creditMemberId: company.id }).where("id", "=", other.id).execute();
  await h.db.db.insertInto("departments").values({ companyId: company.id, parentId: null, name: "外贸部", sort: 0 }).execute();

  for (const m of [ADMIN, OTHER_ADMIN, ...STAFF, "13800000010", "13800000040"]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
  }
  await h.db.db.updateTable("wallets").set({ balanceFen: 5_000_000 }).execute();
  // The wallet never pays without the pay password: every member here has one.
  await givePayPassword(h.db.db);
  for (const m of [OTHER_ADMIN]) await h.db.db.insertInto("wallets").values({ memberId: ids[m], balanceFen: 5_000_000, frozenFen: 0, creditLimitFen: 0, creditUsedFen: 0, points: 0, updateTime: new Date(NOW).toISOString() }).execute();

  // October: 研发部's head books a discounted seat 10 days ahead and pays.
  setClock(() => OCT_20);
  {
    const { seat } = await seatOn("2026-10-30", false);
    const o = await book("13800000071", seat, [ADULT]);
    await pay("13800000071", o.id);
    spent("研发部", o.payprice, seat.salePrice, seat.parPrice, 1);
    expected.octSpend += o.payprice;
  }
  // November 30 (the harness's today).
  setClock(() => NOW);
  {
    // 市场部: an adult and a child on a full fare, 5 days ahead; ticketed.
    const { seat } = await seatOn(day(5), true);
    const o = await book("13800000072", seat, [ADULT2, CHILD]);
    await pay("13800000072", o.id);
    await move(o.id, ["issue", "ticket"]);
    spent("市场部", o.payprice, seat.salePrice + seat.childCabinPrice, seat.parPrice + childFare(seat.parPrice), 2);
  }
  {
    // 研发部's traveller: Shanghai–Beijing, paid, then changed.
    const { seat } = await seatOn(day(2), false, "SHA", "BJS");
    const o = await book("13800000073", seat, [ADULT3]);
    await pay("13800000073", o.id);
    await move(o.id, ["issue", "ticket"]);
    await move(o.id, ["requestChange"], "13800000073");
    await move(o.id, ["confirmChange"]);
    spent("研发部", o.payprice, seat.salePrice, seat.parPrice, 1);
  }
  {
    // The administrator (no department): ticketed, then refunded — not spend.
    const { seat } = await seatOn(day(8), false);
    const o = await book(ADMIN, seat, [ADULT]);
    await pay(ADMIN, o.id);
    await move(o.id, ["issue", "ticket"]);
    await move(o.id, ["requestRefund"], ADMIN);
    await move(o.id, ["acceptRefund", "finishRefund"]);
    expected.refundFen += o.payprice;
  }
  {
    // Booked and never paid: in no figure.
    const { seat } = await seatOn(day(9), false);
    await book("13800000072", seat, [ADULT2]);
  }
  {
    // Another company's order, and an individual member's.
    const { seat } = await seatOn(day(6), false);
    const o = await book(OTHER_ADMIN, seat, [ADULT3]);
    await pay(OTHER_ADMIN, o.id);
    expected.otherSpend = o.payprice;
    const p = await book("13800000010", seat, [ADULT2]);
    await pay("13800000010", p.id);
  }
}, 120_000);
afterAll(() => stopTravel(h));

const RANGE = { startDate: "2026-10-01", endDate: "2026-11-30" };

describe("the domestic flight report", () => {
  it("adds up the company's paid orders by hand-checked totals", async () => {
    const r = await api(ADMIN, DETAIL, RANGE);
    expect(r.ret, r.msg).toBe(0);
    const report = r.data as ReportReply;
    const savings = expected.fullFareFen - expected.ticketFen;
    expect(savings).toBeGreaterThan(0);
    expect(report.summary).toEqual({
      orders: 3,
      spendFen: expected.spendFen,
      // Nobody here paid a part themselves: the orders' amount is the company's spend.
      orderFen: expected.spendFen,
      selfPayFen: 0,
      tickets: 4,
      avgPriceFen: Math.floor((2 * expected.ticketFen + 4) / 8),
      avgDiscountPermille: Math.floor((2 * expected.ticketFen * 1000 + expected.fullFareFen) / (2 * expected.fullFareFen)),
      fullFareFen: expected.fullFareFen,
      savingsFen: savings,
      savingsPermille: Math.floor((2 * savings * 1000 + expected.fullFareFen) / (2 * expected.fullFareFen)),
      fareOrders: 3,
      // Booked 10, 5 and 2 days ahead: 17 / 3 = 5.67 → 5.7.
      advanceDaysTenths: 57,
      refunds: { orders: 1, amountFen: expected.refundFen, feeFen: null },
      changes: { orders: 1, feeFen: null },
      overStandard: { orders: 0, ratePermille: 0, amountFen: 0, reasons: [] },
    });
    expect(report.advance.map((b) => b.orders)).toEqual([0, 1, 1, 1, 0]);

    // Departments by spend; the administrator's refunded order leaves 未分配部门 out.
    expect(Object.fromEntries(report.byDepartment.map((d) => [d.name, { orders: d.orders, spendFen: d.spendFen }]))).toEqual(expected.byDept);
    expect(report.byDepartment.reduce((a, d) => a + d.spendFen, 0)).toBe(expected.spendFen);

    // Travellers: four tickets, three people, whose own lines add up to the spend.
    expect(report.travellerCount).toBe(4);
    expect(report.byTraveller.reduce((a, t) => a + t.spendFen, 0)).toBe(expected.spendFen);
    expect(report.byTraveller.map((t) => t.name).sort()).toEqual(["杨小宝（E9*****32）", "杨帆（110105********0016）", "陈静（110105********002X）", "黄磊（110105********0033）"].sort());
    expect(JSON.stringify(report)).not.toContain("11010519491231002X");

    // Routes: both directions apart; airlines add up too.
    const routes = Object.fromEntries(report.byRoute.map((x) => [x.name, x.orders]));
    expect(routes).toEqual({ "北京-上海": 2, "上海-北京": 1 });
    expect(report.byAirline.reduce((a, x) => a + x.spendFen, 0)).toBe(expected.spendFen);
    expect(report.byAirline.every((x) => /航空/.test(x.name))).toBe(true);

    // Months: October and November for every product, zeros filled.
    const air = report.months.filter((m) => m.product === "domAir");
    expect(air).toEqual([
      { month: "2026-10", product: "domAir", orders: 1, spendFen: expected.octSpend },
      { month: "2026-11", product: "domAir", orders: 2, spendFen: expected.spendFen - expected.octSpend },
    ]);
    expect(report.months.filter((m) => m.product === "hotel")).toEqual([
      { month: "2026-10", product: "hotel", orders: 0, spendFen: 0 },
      { month: "2026-11", product: "hotel", orders: 0, spendFen: 0 },
    ]);
  });

  it("narrows to a department, to the date range, and to nothing for other products", async () => {
    const depts = (await api(ADMIN, "/credit/department/list", {})).data as { id: number; name: string }[];
    const rd = depts.find((d) => d.name === "研发部")!;
    const r = (await api(ADMIN, DETAIL, { ...RANGE, departmentId: rd.id })).data as ReportReply;
    expect(r.summary.orders).toBe(2);
    expect(r.summary.spendFen).toBe(expected.byDept["研发部"].spendFen);
    expect(r.byDepartment.map((d) => d.name)).toEqual(["研发部"]);
    expect(r.summary.changes.orders).toBe(1);

    const none = (await api(ADMIN, DETAIL, { ...RANGE, departmentId: 0 })).data as ReportReply;
    expect(none.summary).toMatchObject({ orders: 0, spendFen: 0, refunds: { orders: 1, amountFen: expected.refundFen } });

    const nov = (await api(ADMIN, DETAIL, { startDate: "2026-11-01", endDate: "2026-11-30" })).data as ReportReply;
    expect(nov.summary.spendFen).toBe(expected.spendFen - expected.octSpend);
    // A China date ends at 16:00 UTC: the 30 November orders are not in a range ending on the 29th.
    const before = (await api(ADMIN, DETAIL, { startDate: "2026-10-21", endDate: "2026-11-29" })).data as ReportReply;
    expect(before.summary.orders).toBe(0);

    for (const type of ["intlAir", "train", "hotel", "car"]) {
      const x = await api(ADMIN, `/report/${type}/detail`, RANGE);
      expect(x.ret, x.msg).toBe(0);
      expect(x.data.summary).toMatchObject({ orders: 0, spendFen: 0, tickets: 0, avgPriceFen: null, savingsFen: null });
      expect(x.data.byRoute).toEqual([]);
      // The flight orders still show in the monthly chart under their own product.
      expect(x.data.months.filter((m: { product: string; orders: number }) => m.product === "domAir").reduce((a: number, m: { orders: number }) => a + m.orders, 0)).toBe(3);
    }
  });

  it("shows a company only its own orders", async () => {
    const mine = (await api(ADMIN, DETAIL, RANGE)).data as ReportReply;
    expect(mine.summary.spendFen).toBe(expected.spendFen);
    const theirs = (await api(OTHER_ADMIN, DETAIL, RANGE)).data as ReportReply;
    expect(theirs.summary).toMatchObject({ orders: 1, spendFen: expected.otherSpend });
    // Our departments are unknown to them.
    const depts = (await api(ADMIN, "/credit/department/list", {})).data as { id: number }[];
    const r = await api(OTHER_ADMIN, DETAIL, { ...RANGE, departmentId: depts[0].id });
    expect(r.ret).toBe(400);
    expect(r.msg).toBe("未找到该部门");
  });

  it("reads each product's own status codes: a completed hotel stay is spend, a refunded one a refund", async () => {
    // A hotel's 4 is a completed stay, a flight's 4 a refunded ticket; 6 is a refunded stay.
    const company = await h.db.db.selectFrom("members").select("creditMemberId").where("mobilePhone", "=", ADMIN).executeTakeFirstOrThrow();
    const order = await h.db.db.selectFrom("orders").select(["id", "product", "status", "totalFen"]).where("companyId", "=", company.creditMemberId!).where("status", "=", 2).orderBy("id").executeTakeFirstOrThrow();
    const hotel = async () => ((await api(ADMIN, "/report/hotel/detail", RANGE)).data as ReportReply).summary;
    try {
      await h.db.db.updateTable("orders").set({ product: "hotel", status: 4 }).where("id", "=", order.id).execute();
      expect(await hotel()).toMatchObject({ orders: 1, spendFen: order.totalFen, refunds: { orders: 0 } });
      await h.db.db.updateTable("orders").set({ status: 6 }).where("id", "=", order.id).execute();
      expect(await hotel()).toMatchObject({ orders: 0, spendFen: 0, refunds: { orders: 1, amountFen: order.totalFen } });
    } finally {
      await h.db.db.updateTable("orders").set({ product: order.product, status: order.status }).where("id", "=", order.id).execute();
    }
  });

  it("is for the company administrator only", async () => {
    expect((await api(null, DETAIL, RANGE)).ret).toBe(401);
    for (const who of [...STAFF, "13800000010", "13800000040"]) expect((await api(who, DETAIL, RANGE)).ret, who).toBe(403);
  });

  it("refuses bad input with a clear message", async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ startDate: "2026-11-30", endDate: "2026-11-01" }, "开始日期不能晚于结束日期"],
      [{ startDate: "2025-01-01", endDate: "2026-11-30" }, "查询区间最长 366 天"],
      [{ startDate: "2026-13-01", endDate: "2026-11-30" }, "开始日期格式应为 YYYY-MM-DD"],
      [{ endDate: "2026-11-30" }, "开始日期格式应为 YYYY-MM-DD"],
      [{ ...RANGE, departmentId: "abc" }, "部门编号不正确"],
      [{ ...RANGE, extra: 1 }, ""],
    ];
    for (const [body, msg] of cases) {
      const r = await api(ADMIN, DETAIL, body);
      expect(r.ret, JSON.stringify(body)).toBe(400);
      if (msg) expect(r.msg).toBe(msg);
    }
    expect((await api(ADMIN, "/report/domAir/excel", { ...RANGE, dimension: "colour" })).ret).toBe(400);
  });
});

async function waitDone(who: string, taskId: number) {
  for (let i = 0; i < 200; i++) {
    const r = await api(who, "/export/status", { taskId });
    if (r.ret !== 0 || r.data.status !== "running") return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error("export did not finish");
}

describe("the report's excel export", () => {
  it("holds the screen's department rows and the totals", async () => {
    const screen = (await api(ADMIN, DETAIL, RANGE)).data as ReportReply;
    const start = await api(ADMIN, "/report/domAir/excel", { ...RANGE, dimension: "department" });
    expect(start.ret, start.msg).toBe(0);
    expect(start.data.fileName).toBe("国内机票明细报表-部门-2026-10-01至2026-11-30.xlsx");
    const done = await waitDone(ADMIN, start.data.taskId);
    expect(done.data.status).toBe("done");
    const file = await downloadExport(h.app, tokens[ADMIN], done.data);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(["名称", "订单数", "消费金额（元）", "占比", "单均金额（元）", "平均折扣", "节省金额（元）", "员工自付（元）"]);
    screen.byDepartment.forEach((d, i) => {
      const row = values(i + 2);
      expect(row.slice(0, 3)).toEqual([d.name, d.orders, d.spendFen / 100]);
    });
    const totals = values(screen.byDepartment.length + 2);
    expect(totals.slice(0, 3)).toEqual(["合计", screen.summary.orders, screen.summary.spendFen / 100]);
    expect(totals[6]).toBe(screen.summary.savingsFen! / 100);
    expect(totals[7]).toBe(0);
    // Not for another member type.
    expect((await api("13800000071", "/report/domAir/excel", { ...RANGE, dimension: "department" })).ret).toBe(403);
  });
});
