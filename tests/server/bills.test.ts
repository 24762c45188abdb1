// Bills on a fresh database (SQLite, or PostgreSQL with DATABASE_URL), against orders booked and
// paid in the test through the real booking and wallet-payment calls: each bill's filters and
// the totals of the whole filtered set, the export read back with exceljs equal to the list's
// rows and totals, company scoping (another company's administrator never sees a row, and a
// department of another company is refused), access per member type, and bad input refused with
// nothing written.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, count, freshClient, login, downloadExport, givePayPassword, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { applyFlightMove } from "../../server/orders/flight/moves";
import { SYSTEM_ACTOR } from "../../server/orders/actor";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { BILLS, BILL_NAMES, orderBillColumns, billExcelPath, billListPath, type BillName } from "../../src/domain/bills";
import { TOTALS_LABEL } from "../../server/exports/xlsx";
import type { FlightItem } from "../../src/domain/travel/types";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const DAY = 86_400_000;
const OTHER_ADMIN = "13900000070";
const WHO = ["13800000010", "13800000040", "13800000050", "13800000070", "13800000071", "13800000072"];

type Booked = { id: number; orderNo: string; payprice: number; who: string; passenger: string; at: number };
const booked: Booked[] = [];

async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
}

let keys = 0;
/** Books one adult at the clock `at` through the booking call; pays from the wallet when asked. */
async function book(who: string, passenger: string, at: number, pay: boolean): Promise<Booked> {
  setClock(() => at);
  const list: FlightItem[] = (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5 + (keys % 20)) })).data.list;
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
  const r = await api(who, P.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `bill-key-${++keys}`, contactName: passenger, contactMobile: who,
    "passengers.0.name": passenger, "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  });
  expect(r.ret, r.msg).toBe(0);
  if (pay) {
    const t = await api(who, PAY.create, { orderId: r.data.id, method: "wallet" });
    expect(t.ret, t.msg).toBe(0);
    const paid = await api(who, PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(ids[who], t.data.outTradeNo), businessType: BUSINESS_TYPE.dometicketOrderPay });
    expect(paid.ret, paid.msg).toBe(0);
  }
  const b = { ...r.data, who, passenger, at } as Booked;
  booked.push(b);
  setClock(() => NOW);
  return b;
}

const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const list = (who: string, name: BillName, body: Record<string, string | number> = {}) => api(who, billListPath(name), { pageSize: 100, ...body });

async function exportOf(who: string, name: BillName, body: Record<string, string | number> = {}) {
  const start = await api(who, billExcelPath(name), body);
  expect(start.ret, start.msg).toBe(0);
  let view = start.data;
  for (let i = 0; i < 2000 && view.status === "running"; i++) {
    await new Promise((r) => setTimeout(r, 25));
    view = (await api(who, "/export/status", { taskId: start.data.taskId })).data;
  }
  expect(view.status).toBe("done");
  const file = await downloadExport(h.app, tokens[who], view);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0];
}

const ORDER_BILL_COLUMNS = orderBillColumns(BILLS.enterpriseBill);
let cancelled: Booked;
let pending: Booked;
let forColleague: Booked;
let selfPay = 0;
let deptA: number;
let otherCompanyOrder: Booked;

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  // A second company with its own administrator: its rows must never reach the first company.
  const demoAdmin = await h.db.db.selectFrom("members").selectAll().where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
  const other = await h.db.db
    .insertInto("members")
    .values({ memberType: "70", memberLevel: 1, status: 1, account: OTHER_ADMIN, username: OTHER_ADMIN, mobilePhone: OTHER_ADMIN, realName: "周敏", passwordHash: demoAdmin.passwordHash, paymentLimits: "wallet", createTime: demoAdmin.createTime, updateTime: demoAdmin.createTime })
    .returning("id")
    .executeTakeFirstOrThrow();
  const company = await h.db.db.insertInto("companies").values({ name: "远航贸易有限公司", adminMemberId: other.id, dometicketServerFeeFen: 0, createTime: demoAdmin.createTime }).returning("id").executeTakeFirstOrThrow();
  await h.db.db.updateTable("members").set({ creditMemberId: company.id }).where("id", "=", other.id).execute();
  for (const m of [...WHO, OTHER_ADMIN]) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
    await h.db.db.deleteFrom("wallets").where("memberId", "=", ids[m]).execute();
    await h.db.db.insertInto("wallets").values({ memberId: ids[m], balanceFen: 10_000_000, updateTime: demoAdmin.createTime }).execute();
  }
  deptA = (await h.db.db.selectFrom("departments").select("id").where("name", "=", "研发部").executeTakeFirstOrThrow()).id;
  // The wallet never pays without the pay password: every member here has one.
  await givePayPassword(h.db.db);

  const lastMonth = NOW - 35 * DAY;
  await book("13800000071", "陈静", lastMonth, true); // 研发部
  await book("13800000072", "杨帆", lastMonth + DAY, true); // 市场部
  await book("13800000071", "张三", NOW - 2 * DAY, true);
  cancelled = await book("13800000072", "李四", NOW - DAY, false);
  await api("13800000072", P.cancel, { id: cancelled.id });
  pending = await book("13800000070", "刘建国", NOW - 3 * DAY, false); // pending, no department
  // The administrator books for 杨帆 (市场部) over the standard: the traveller is the colleague and
  // pays part themself. Written as replace-booking and 超标自付 write them (the booking paths
  // have their own tests); the bill only reads them.
  forColleague = await book("13800000070", "杨帆", NOW - 4 * DAY, true);
  selfPay = Math.floor(forColleague.payprice / 3);
  await h.db.db.updateTable("orders").set({ travellerMemberId: ids["13800000072"], selfPayFen: selfPay }).where("id", "=", forColleague.id).execute();
  await book("13800000010", "李明", NOW - 3 * DAY, true); // a private member: no company
  otherCompanyOrder = await book(OTHER_ADMIN, "周敏", NOW - 2 * DAY, true);
  // The distributor's air orders: one sold and refunded (rejected by the airline), one ticketed
  // and then changed, one sold.
  const refunded = await book("13800000040", "孙立", NOW - 10 * DAY, true);
  for (const action of ["issue", "reject", "refundMoney"] as const) await applyFlightMove(h.db.db, { orderId: refunded.id, action, actor: SYSTEM_ACTOR });
  const changed = await book("13800000040", "孙小", NOW - 9 * DAY, true);
  for (const action of ["issue", "ticket"] as const) await applyFlightMove(h.db.db, { orderId: changed.id, action, actor: SYSTEM_ACTOR });
  await applyFlightMove(h.db.db, { orderId: changed.id, action: "requestChange", actor: { kind: "member", memberId: ids["13800000040"], name: "孙立" } });
  await book("13800000040", "孙大", NOW - 8 * DAY, true);
});
afterAll(() => stopTravel(h));
beforeEach(() => {
  setClock(() => NOW);
  freshClient();
});

const companyOrders = () => booked.filter((b) => ["13800000070", "13800000071", "13800000072"].includes(b.who));
/** What the bill lists unless asked otherwise: the orders that were paid. */
const paidOrders = () => companyOrders().filter((b) => b.id !== cancelled.id && b.id !== pending.id);
const sum = (bs: Booked[]) => bs.reduce((n, b) => n + b.payprice, 0);

describe("enterprise bill", () => {
  it("lists the company's paid orders (every employee's, nobody else's) with totals of the whole filtered set", async () => {
    const r = await list("13800000070", "enterpriseBill", { pageSize: 2 });
    expect(r.ret, r.msg).toBe(0);
    const mine = paidOrders();
    expect(mine).toHaveLength(4);
    expect(r.data.total).toBe(mine.length);
    expect(r.data.list).toHaveLength(2);
    // The totals are over all 4 paid orders, not the page of 2; the cancelled and the unpaid order are not in them.
    expect(r.data.totals.totalFen).toBe(sum(mine));
    // 结算金额 is what the company paid: without the traveller's 超标自付 part.
    expect(r.data.totals.selfPayFen).toBe(selfPay);
    expect(r.data.totals.settledFen).toBe(sum(mine) - selfPay);
    const all = (await list("13800000070", "enterpriseBill")).data;
    expect(all.list.map((x: { orderNo: string }) => x.orderNo).sort()).toEqual(mine.map((b) => b.orderNo).sort());
    expect(all.list.some((x: { orderNo: string }) => x.orderNo === otherCompanyOrder.orderNo)).toBe(false);
    const row = all.list.find((x: { orderNo: string }) => x.orderNo === mine[0].orderNo);
    expect(row).toMatchObject({ bookerName: "陈静", departmentName: "研发部", passengerNames: "陈静", productName: "国内机票", statusName: "已支付" });
    expect(row.ticketFen + row.taxFen + row.serviceFeeFen + row.insuranceFen).toBe(row.totalFen);
    expect(all.list.some((x: { id: number }) => x.id === cancelled.id || x.id === pending.id)).toBe(false);
  });

  it("shows a self-paid order's company part as its settled amount, and a colleague's trip under the colleague's department", async () => {
    const all = (await list("13800000070", "enterpriseBill")).data;
    const row = all.list.find((x: { id: number }) => x.id === forColleague.id);
    expect(row).toMatchObject({ bookerName: "刘建国", passengerNames: "杨帆", departmentName: "市场部", totalFen: forColleague.payprice, selfPayFen: selfPay, settledFen: forColleague.payprice - selfPay });
    const deptB = (await h.db.db.selectFrom("departments").select("id").where("name", "=", "市场部").executeTakeFirstOrThrow()).id;
    const byDept = (await list("13800000070", "enterpriseBill", { departmentId: deptB })).data;
    expect(byDept.list.map((x: { id: number }) => x.id)).toContain(forColleague.id);
    expect(byDept.list.every((x: { departmentName: string }) => x.departmentName === "市场部")).toBe(true);
    expect((await list("13800000070", "enterpriseBill", { departmentId: deptA })).data.list.map((x: { id: number }) => x.id)).not.toContain(forColleague.id);
    const sheet = await exportOf("13800000070", "enterpriseBill", { departmentId: deptB });
    const col = (key: string) => ORDER_BILL_COLUMNS.findIndex((c) => c.key === key) + 1;
    const line = Array.from({ length: sheet.rowCount - 2 }, (_, i) => sheet.getRow(2 + i)).find((r) => r.getCell(col("orderNo")).value === forColleague.orderNo)!;
    expect(line.getCell(col("departmentName")).value).toBe("市场部");
    expect(Math.round((line.getCell(col("settledFen")).value as number) * 100)).toBe(forColleague.payprice - selfPay);
    expect(Math.round((line.getCell(col("selfPayFen")).value as number) * 100)).toBe(selfPay);
  });

  it("filters by date range, traveller, department, order number, product and status; sorts by amount", async () => {
    const lastMonth = mineBetween(NOW - 40 * DAY, NOW - 30 * DAY);
    const byDate = (await list("13800000070", "enterpriseBill", { startDate: chinaDay(NOW - 40 * DAY), endDate: chinaDay(NOW - 30 * DAY) })).data;
    expect(byDate.total).toBe(2);
    expect(byDate.totals.totalFen).toBe(sum(lastMonth));
    const byName = (await list("13800000070", "enterpriseBill", { travellerName: "张" })).data;
    expect(byName.list.map((x: { passengerNames: string }) => x.passengerNames)).toEqual(["张三"]);
    const byDept = (await list("13800000070", "enterpriseBill", { departmentId: deptA })).data;
    expect(byDept.total).toBe(2);
    expect(byDept.list.every((x: { departmentName: string }) => x.departmentName === "研发部")).toBe(true);
    const one = companyOrders()[1];
    const byNo = (await list("13800000070", "enterpriseBill", { orderNo: one.orderNo.slice(-8) })).data;
    expect(byNo.list.map((x: { orderNo: string }) => x.orderNo)).toEqual([one.orderNo]);
    expect((await list("13800000070", "enterpriseBill", { product: "hotel" })).data).toMatchObject({ total: 0, list: [], totals: { totalFen: 0, settledFen: 0 } });
    // The status filter shows a cancelled or unpaid order on purpose, settling nothing.
    const byStatus = (await list("13800000070", "enterpriseBill", { status: 12 })).data;
    expect(byStatus.list.map((x: { id: number }) => x.id)).toEqual([cancelled.id]);
    expect(byStatus.totals).toMatchObject({ totalFen: cancelled.payprice, settledFen: 0 });
    const unpaid = (await list("13800000070", "enterpriseBill", { status: 0 })).data;
    expect(unpaid.list.map((x: { id: number }) => x.id)).toEqual([pending.id]);
    expect(unpaid.totals).toMatchObject({ totalFen: pending.payprice, settledFen: 0 });
    const sorted = (await list("13800000070", "enterpriseBill", { orderBy: "totalFen", orderType: "asc" })).data.list.map((x: { totalFen: number }) => x.totalFen);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
  });

  it("sorts by order number both ways, on the company's bill and a member's own, and pages through that order", async () => {
    const nos = async (who: string, name: BillName, body: Record<string, string | number> = {}) =>
      (await list(who, name, body)).data.list.map((x: { orderNo: string }) => x.orderNo) as string[];
    const asc = await nos("13800000070", "enterpriseBill", { orderBy: "orderNo", orderType: "asc" });
    expect(asc.length).toBeGreaterThan(2);
    expect(asc).toEqual([...asc].sort());
    expect(await nos("13800000070", "enterpriseBill", { orderBy: "orderNo", orderType: "desc" })).toEqual([...asc].reverse());
    // Page 2 of two-row pages continues page 1 in the same order.
    const first = await nos("13800000070", "enterpriseBill", { orderBy: "orderNo", orderType: "asc", pageSize: 2, pageNum: 1 });
    const second = await nos("13800000070", "enterpriseBill", { orderBy: "orderNo", orderType: "asc", pageSize: 2, pageNum: 2 });
    expect([...first, ...second]).toEqual(asc.slice(0, 4));
    const own = await nos("13800000040", "airSumBill", { orderBy: "orderNo", orderType: "desc" });
    expect(own.length).toBeGreaterThan(2);
    expect(own).toEqual([...own].sort().reverse());
    // The other sorts still answer, and the export follows the order-number order on screen.
    expect((await list("13800000070", "enterpriseBill", { orderBy: "depDate", orderType: "asc" })).ret).toBe(0);
    expect((await list("13800000070", "enterpriseBill", { orderBy: "createTime", orderType: "asc" })).ret).toBe(0);
    const sheet = await exportOf("13800000070", "enterpriseBill", { orderBy: "orderNo", orderType: "asc" });
    expect(Array.from({ length: sheet.rowCount - 2 }, (_, i) => String(sheet.getRow(2 + i).getCell(1).value))).toEqual(asc);
  });

  it("exports the same rows and totals as the list, read back with exceljs", async () => {
    const filter = { startDate: chinaDay(NOW - 40 * DAY), endDate: chinaDay(NOW) };
    const screen = (await list("13800000070", "enterpriseBill", filter)).data;
    const sheet = await exportOf("13800000070", "enterpriseBill", filter);
    expect(sheet.name).toBe("企业账单");
    expect(sheet.getRow(1).values).toEqual([undefined, ...ORDER_BILL_COLUMNS.map((c) => c.header)]);
    expect(sheet.rowCount).toBe(1 + screen.total + 1);
    const col = (key: string) => ORDER_BILL_COLUMNS.findIndex((c) => c.key === key) + 1;
    screen.list.forEach((row: { orderNo: string; totalFen: number; passengerNames: string }, i: number) => {
      const r = sheet.getRow(2 + i);
      expect(r.getCell(col("orderNo")).value).toBe(row.orderNo);
      expect(r.getCell(col("passengerNames")).value).toBe(row.passengerNames);
      expect(Math.round((r.getCell(col("totalFen")).value as number) * 100)).toBe(row.totalFen);
    });
    const totals = sheet.getRow(sheet.rowCount);
    expect(totals.getCell(1).value).toBe(TOTALS_LABEL);
    expect(Math.round((totals.getCell(col("totalFen")).value as number) * 100)).toBe(screen.totals.totalFen);
    expect(Math.round((totals.getCell(col("settledFen")).value as number) * 100)).toBe(screen.totals.settledFen);
  });

  it("never shows or exports another company's rows; a department of another company is refused", async () => {
    const other = (await list(OTHER_ADMIN, "enterpriseBill")).data;
    expect(other.list.map((x: { orderNo: string }) => x.orderNo)).toEqual([otherCompanyOrder.orderNo]);
    expect(other.totals.totalFen).toBe(otherCompanyOrder.payprice);
    const foreign = await list(OTHER_ADMIN, "enterpriseBill", { departmentId: deptA });
    expect(foreign.ret).toBe(403);
    const tasks = await count(h.db.db, "export_tasks");
    const foreignExport = await api(OTHER_ADMIN, billExcelPath("enterpriseBill"), { departmentId: deptA });
    expect(foreignExport.ret).toBe(403);
    expect(await count(h.db.db, "export_tasks")).toBe(tasks);
    const sheet = await exportOf(OTHER_ADMIN, "enterpriseBill");
    expect(sheet.rowCount).toBe(1 + 1 + 1);
    expect(sheet.getRow(2).getCell(1).value).toBe(otherCompanyOrder.orderNo);
  });
});

describe("a large export", () => {
  it("reads more rows than one chunk in the screen's order, none twice or missing, even with equal booking times", async () => {
    // Inserted straight into the table for the other company: 4,500 orders, 10 per instant.
    const template = await h.db.db.selectFrom("orders").selectAll().where("id", "=", otherCompanyOrder.id).executeTakeFirstOrThrow();
    const { id: _id, ...base } = template;
    for (let i = 0; i < 4500; i += 500) {
      await h.db.db
        .insertInto("orders")
        .values(Array.from({ length: 500 }, (_, j) => {
          const k = i + j;
          const at = new Date(NOW - 200 * DAY + Math.floor(k / 10) * 60_000).toISOString();
          return { ...base, orderNo: `FBULK${String(k).padStart(6, "0")}`, clientKey: `bulk-${k}`, totalFen: 1000 + (k % 37), createTime: at, updateTime: at };
        }))
        .execute();
    }
    const filter = { startDate: chinaDay(NOW - 210 * DAY), endDate: chinaDay(NOW - 150 * DAY) };
    const screen = (await list(OTHER_ADMIN, "enterpriseBill", { ...filter, pageSize: 5 })).data;
    expect(screen.total).toBe(4500);
    for (const [orderBy, orderType] of [["createTime", "desc"], ["totalFen", "asc"], ["orderNo", "desc"]] as const) {
      const sheet = await exportOf(OTHER_ADMIN, "enterpriseBill", { ...filter, orderBy, orderType });
      expect(sheet.rowCount).toBe(1 + 4500 + 1);
      const nos = Array.from({ length: 4500 }, (_, i) => String(sheet.getRow(2 + i).getCell(1).value));
      expect(new Set(nos).size).toBe(4500);
      const page = (await list(OTHER_ADMIN, "enterpriseBill", { ...filter, orderBy, orderType, pageSize: 100, pageNum: 23 })).data.list.map((r: { orderNo: string }) => r.orderNo);
      expect(nos.slice(2200, 2300)).toEqual(page);
      expect(Math.round((sheet.getRow(4502).getCell(14).value as number) * 100)).toBe(screen.totals.totalFen);
    }
  });
});

function mineBetween(from: number, to: number) {
  return companyOrders().filter((b) => b.at >= from && b.at <= to);
}

describe("air bills of a distributor", () => {
  it("sale, refund, change and sum bills split the member's own air orders by status", async () => {
    const own = booked.filter((b) => b.who === "13800000040");
    const sale = (await list("13800000040", "airSaleBill")).data;
    expect(sale.total).toBe(3);
    expect(sale.totals.totalFen).toBe(sum(own));
    // The refunded order holds no money any more.
    const refund = (await list("13800000040", "airRefundBill")).data;
    expect(refund.list.map((x: { statusName: string }) => x.statusName)).toEqual(["已退款"]);
    expect(refund.totals).toMatchObject({ totalFen: own[0].payprice, settledFen: 0 });
    const change = (await list("13800000040", "airChangesBill")).data;
    expect(change.list.map((x: { orderNo: string; statusName: string }) => [x.orderNo, x.statusName])).toEqual([[own[1].orderNo, "改签申请中"]]);
    const all = (await list("13800000040", "airSumBill", { travellerName: "孙大" })).data;
    expect(all.total).toBe(1);
    expect((await list("13800000040", "airSaleBill", { status: 0 })).ret).toBe(400);
    expect((await list("13800000050", "airSumBill")).data).toMatchObject({ total: 0, list: [], totals: { totalFen: 0 } });
  });

  it("hotel and train bills read the real orders of those products: none exist yet", async () => {
    for (const name of ["hotelSumBill", "trainSumBill"] as const) {
      expect((await list("13800000040", name)).data).toMatchObject({ total: 0, list: [], totals: { totalFen: 0, settledFen: 0 } });
    }
  });
});

describe("transaction bill", () => {
  it("lists the member's own ledger movements with income and spending totals", async () => {
    const own = booked.filter((b) => b.who === "13800000071");
    const r = (await list("13800000071", "transactionBill")).data;
    // Besides the payments, the wallet's seeded 期初余额 (¥320.00) is a movement in.
    expect(r.total).toBe(own.length + 1);
    expect(r.totals).toEqual({ inFen: 32_000, outFen: sum(own) });
    expect(r.list.filter((x: { entryName: string }) => x.entryName === "期初余额")).toHaveLength(1);
    // Dated before the demo's history, the opening balance is the oldest movement: last, newest first.
    expect(r.list.at(-1)).toMatchObject({ entryName: "期初余额" });
    expect(r.list.find((x: { entryName: string }) => x.entryName !== "期初余额")).toMatchObject({ entryName: "支付", accountName: "余额", inFen: 0 });
    const byNo = (await list("13800000071", "transactionBill", { orderNo: own[0].orderNo })).data;
    expect(byNo.list.map((x: { orderNo: string }) => x.orderNo)).toEqual([own[0].orderNo]);
    const byDate = (await list("13800000071", "transactionBill", { startDate: chinaDay(NOW - 3 * DAY), endDate: chinaDay(NOW) })).data;
    expect(byDate.totals.outFen).toBe(own[1].payprice);
    expect((await list("13800000071", "transactionBill", { entry: "refund" })).data.total).toBe(0);
    const sheet = await exportOf("13800000071", "transactionBill");
    expect(sheet.rowCount).toBe(1 + own.length + 1 + 1);
    expect(Math.round((sheet.getRow(sheet.rowCount).getCell(7).value as number) * 100)).toBe(sum(own));
  });

  it("recharge, withdrawal, recommendation and share bills read the ledger's own entries: none are written yet", async () => {
    expect((await list("13800000010", "rechargeBill")).data).toMatchObject({ total: 0, totals: { inFen: 0, outFen: 0 } });
    expect((await list("13800000010", "putforwardBill")).data.total).toBe(0);
    expect((await list("13800000010", "recomBill")).data.total).toBe(0);
    expect((await list("13800000040", "shareBill")).data.total).toBe(0);
  });
});

describe("access and input", () => {
  it("answers each bill only to the member types of its menu item", async () => {
    const allowed: Record<BillName, string[]> = {
      enterpriseBill: ["13800000070"],
      transactionBill: ["13800000010", "13800000040", "13800000050", "13800000070", "13800000071", "13800000072"],
      airSumBill: ["13800000040", "13800000050"],
      airSaleBill: ["13800000040", "13800000050"],
      airRefundBill: ["13800000040", "13800000050"],
      airChangesBill: ["13800000040", "13800000050"],
      hotelSumBill: ["13800000040", "13800000050"],
      trainSumBill: ["13800000040", "13800000050"],
      rechargeBill: WHO,
      putforwardBill: WHO,
      recomBill: ["13800000010", "13800000040", "13800000050", "13800000071", "13800000072"],
      shareBill: ["13800000040", "13800000050"],
    };
    for (const name of BILL_NAMES) {
      for (const who of WHO) {
        const r = await list(who, name);
        expect(r.ret, `${name} as ${who}: ${r.msg}`).toBe(allowed[name].includes(who) ? 0 : 403);
      }
      expect((await api(null, billListPath(name))).ret).toBe(401);
    }
    expect(Object.keys(BILLS)).toHaveLength(12);
  });

  it("refuses bad input in Chinese and writes no export task", async () => {
    const before = await count(h.db.db, "export_tasks");
    const cases: [BillName, Record<string, string | number>, string][] = [
      ["enterpriseBill", { startDate: "2026-13-01" }, "开始日期"],
      ["enterpriseBill", { startDate: "2026-11-02", endDate: "2026-11-01" }, "开始日期不能晚于结束日期"],
      ["enterpriseBill", { orderBy: "snapshot" }, "不支持的排序字段"],
      ["enterpriseBill", { product: "ship" }, "产品类型不正确"],
      ["enterpriseBill", { status: 99 }, "订单状态不正确"],
      ["enterpriseBill", { travellerName: "x".repeat(50) }, "出行人姓名"],
      ["enterpriseBill", { extra: 1 }, ""],
      ["transactionBill", { departmentId: 1 }, ""],
      ["transactionBill", { entry: "gift" }, "交易类型不正确"],
    ];
    for (const [name, body, msg] of cases) {
      const l = await api("13800000070", billListPath(name), body);
      expect(l.ret, JSON.stringify(body)).toBe(400);
      expect(l.msg).toContain(msg);
      const x = await api("13800000070", billExcelPath(name), body);
      expect(x.ret, JSON.stringify(body)).toBe(400);
    }
    expect(await count(h.db.db, "export_tasks")).toBe(before);
  });
});
