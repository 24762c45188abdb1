// The report summaries (migration 092, rebuilt by 095, by 103 with over-standard and self-paid sums
// and by 136 with the over-standard reasons and the company's totals by day and month) on a fresh database (SQLite, or PostgreSQL
// with DATABASE_URL): orders of every report product, status, kind of company and booker written
// straight into the tables, then moved, re-dated, renamed, re-assigned and deleted at random. After
// every round the three summary tables must hold exactly what a computation from the orders,
// passengers and events gives, and the spend report read from them must answer what the same
// report computed directly from the orders answers, for every report type, several ranges (whole
// months, parts of months, one day, a year) and every department.
import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { toCount } from "../../server/db";
import { DEMO_COMPANY } from "../../server/db/seed/demo";
import * as summaries from "../../server/db/migrations/136_report_company_summaries";
import * as m136 from "../../server/db/migrations/136_report_company_summaries";
import * as m103 from "../../server/db/migrations/103_report_over_standard";
import { dropSummaries } from "../../server/db/migrations/092_report_summaries";
import { companyReport, monthsAndDays } from "../../server/reports/company-report";
import { AIRLINES } from "../../server/inventory/data/airlines";
import { UNASSIGNED_DEPARTMENT } from "../../server/settlement/statements";
import { maskCertNo } from "../../src/domain/people/certificates";
import { addDays, chinaDate, daysBetween } from "../../src/domain/travel/dates";
import { CHANGE_ACTION, REFUND_STATUSES_BY_PRODUCT, REPORT_PRODUCT, REPORT_TOP_REASONS, REPORT_TOP_ROUTES, REPORT_TOP_TRAVELLERS, REPORT_TYPES, SPEND_STATUSES_BY_PRODUCT, UNASSIGNED_DEPARTMENT_ID, ZERO_SUMS, addSums, advanceBuckets, fillMonths, isFlightReport, rankRows, regroupFlights, rowOf, type GroupSums, type ReportReply, type ReportType } from "../../src/domain/reports";
import { permille, roundDiv } from "../../src/domain/report-figures";

let h: Harness;
let company = 0;
let otherCompany = 0;
let bookers: number[] = [];
let departments: number[] = [];

// A seeded stream, so a failure repeats.
let seed = 20261130;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((seed / 2147483648) * n);
};
const pick = <T>(list: readonly T[]): T => list[rand(list.length)];

const DAY_MS = 86_400_000;
const END = Date.UTC(2026, 10, 30, 4, 0);
const TITLES = ["北京-上海 CA1501", "北京-上海 MU5102", "上海-北京 MU5101", "广州-深圳 CZ3100", "成都-北京 3U8881", "G101 北京南—上海虹桥 二等座", "上海浦东香格里拉 豪华大床房", "接送机"];
// Certificates whose visible parts differ, and names where a rename only adds characters (so the
// greatest name is the same in every collation).
const PEOPLE = Array.from({ length: 12 }, (_, i) => ({ certType: i % 4 === 3 ? 2 : 1, certNo: `11010519${80 + i}0101${String(1000 + i * 7)}`, name: `旅客${"甲乙丙丁戊己庚辛壬癸子丑"[i]}` }));
const PRODUCTS = ["air", "air", "air", "train", "hotel", "car", "recharge"];
const REASONS = ["会议或客户要求", "航班时间限制", "临时出差", ""];

/** Over the standard at times, with a reason (or none); a traveller's own part at times, now and then more than the order. */
function someVerdict(totalFen: number) {
  const over = rand(3) === 0 ? 1 : 0;
  return {
    overStandard: over,
    overReasons: over && rand(6) ? pick(REASONS) : null,
    selfPayFen: over && rand(2) ? (rand(8) === 0 ? totalFen + 500 : 100 * (1 + rand(300))) : 0,
  };
}

const TODAY = chinaDate(END);
const RANGES: [string, string][] = [
  [addDays(TODAY, -364), TODAY],
  ["2026-09-01", "2026-09-30"],
  ["2026-02-01", "2026-04-30"],
  ["2026-02-15", "2026-05-10"],
  ["2026-03-31", "2026-04-01"],
  ["2026-06-18", "2026-06-18"],
  ["2025-12-31", "2026-01-31"],
];
/** Where a wrong boundary would show: the first and last days of months and of the ranges, and the days around them. */
const EDGE_DAYS = [
  ...RANGES.flatMap(([a, b]) => [addDays(a, -1), a, b, addDays(b, 1)]),
  ...Array.from({ length: 16 }, (_, i) => `${addDays(TODAY, -31 * i).slice(0, 7)}-01`).flatMap((first) => [addDays(first, -1), first]),
];

/** An instant in the 15 months before END, many on the edge days, some right at a China midnight. */
function someTime(): string {
  const edge = rand(2) === 0 ? Date.parse(`${pick(EDGE_DAYS)}T00:00:00+08:00`) : null;
  const ms = edge !== null ? edge + rand(DAY_MS) : END - rand(460) * DAY_MS - rand(DAY_MS);
  if (rand(8) === 0) {
    // 16:00 UTC is 00:00 in Beijing: the first instant of a China day, or the last one before it.
    const at = Math.floor(ms / DAY_MS) * DAY_MS + 16 * 3_600_000;
    return new Date(at - (rand(2) ? 1 : 0)).toISOString();
  }
  return new Date(ms).toISOString();
}

function someOrder() {
  const createTime = someTime();
  const product = pick(PRODUCTS);
  const ticketFen = 10_000 + rand(200) * 100;
  const totalFen = ticketFen + 9000 + rand(50);
  return {
    orderNo: `T${crypto.randomBytes(8).toString("hex")}`,
    product,
    memberId: pick(bookers),
    companyId: rand(10) === 0 ? otherCompany : rand(12) === 0 ? null : company,
    bookerMemberId: bookers[0],
    travellerMemberId: null,
    status: rand(13),
    ticketFen,
    constructionFeeFen: 5000,
    fuelSurchargeFen: 2000,
    serviceFeeFen: 2000,
    insuranceFen: rand(3) ? 0 : 3000,
    totalFen,
    fullFareFen: product === "air" && rand(5) ? ticketFen + rand(100) * 100 : null,
    fareKey: "test",
    holdId: null,
    depDate: rand(25) === 0 ? "" : addDays(chinaDate(Date.parse(createTime)), rand(40) - 2),
    title: pick(TITLES),
    snapshot: "{}",
    contactName: "联系人",
    contactMobile: "13800000070",
    clientKey: crypto.randomBytes(8).toString("hex"),
    expiresAt: null,
    createTime,
    updateTime: createTime,
    international: product === "air" && rand(4) === 0 ? 1 : 0,
    ...someVerdict(totalFen),
  };
}

function somePassenger(orderId: number) {
  const p = pick(PEOPLE);
  return {
    orderId, name: rand(6) === 0 ? `${p.name}丰` : p.name, psgType: "ADT", certType: p.certType, certNo: p.certNo, birthday: null, mobile: null,
    tktPriceFen: 10_000 + rand(100) * 100, consTaxFen: 5000, fuelTaxFen: 2000, servFeeFen: 2000, insuType: null, insuPayPriceFen: rand(3) ? 0 : 3000, ticketNo: null,
  };
}

async function addOrders(n: number): Promise<void> {
  const db = h.db.db;
  for (let i = 0; i < n; i++) {
    const o = await db.insertInto("orders").values(someOrder()).returning("id").executeTakeFirstOrThrow();
    const k = rand(4);
    for (let j = 0; j < k; j++) await db.insertInto("order_passengers").values(somePassenger(o.id)).execute();
    if (rand(5) === 0) {
      const at = new Date(END).toISOString();
      for (let j = rand(2) + 1; j > 0; j--) {
        await db.insertInto("order_events").values({ orderId: o.id, action: rand(4) ? CHANGE_ACTION : "requestChange", fromStatus: 11, toStatus: 3, actorMemberId: null, actorName: "系统", note: null, createTime: at }).execute();
      }
    }
  }
}

/** Every kind of write there is, at random, through plain statements (the triggers see them all). */
async function shuffle(steps: number): Promise<void> {
  const db = h.db.db;
  const ids = async (table: "orders" | "order_passengers" | "order_events") => (await db.selectFrom(table).select("id").execute()).map((r) => r.id);
  for (let i = 0; i < steps; i++) {
    const orderIds = await ids("orders");
    const id = pick(orderIds);
    const fresh = someOrder();
    switch (rand(15)) {
      case 0:
      case 1:
        await db.updateTable("orders").set({ status: rand(13) }).where("id", "=", id).execute();
        break;
      case 2:
        await db.updateTable("orders").set({ product: fresh.product, international: fresh.international }).where("id", "=", id).execute();
        break;
      case 3:
        await db.updateTable("orders").set({ createTime: fresh.createTime, depDate: fresh.depDate }).where("id", "=", id).execute();
        break;
      case 4:
        await db.updateTable("orders").set({ companyId: fresh.companyId, memberId: fresh.memberId }).where("id", "=", id).execute();
        break;
      case 5:
        await db.updateTable("orders").set({ title: fresh.title, totalFen: fresh.totalFen, ticketFen: fresh.ticketFen, fullFareFen: fresh.fullFareFen }).where("id", "=", id).execute();
        break;
      case 6: {
        // A statement that changes many orders at once, some not at all.
        await db.updateTable("orders").set({ status: 2, updateTime: fresh.updateTime }).where("id", "in", [id, pick(orderIds), pick(orderIds)]).execute();
        break;
      }
      case 7: {
        const p = pick(await ids("order_passengers"));
        const other = somePassenger(pick(orderIds));
        if (p) await db.updateTable("order_passengers").set(rand(2) ? { name: other.name, certNo: other.certNo, certType: other.certType } : { tktPriceFen: other.tktPriceFen, orderId: other.orderId }).where("id", "=", p).execute();
        break;
      }
      case 8: {
        const p = pick(await ids("order_passengers"));
        if (p) await db.deleteFrom("order_passengers").where("id", "=", p).execute();
        break;
      }
      case 9:
        await db.insertInto("order_passengers").values(somePassenger(id)).execute();
        break;
      case 10:
        await db.insertInto("order_events").values({ orderId: id, action: rand(3) ? CHANGE_ACTION : "pay", fromStatus: 11, toStatus: 3, actorMemberId: null, actorName: "系统", note: null, createTime: fresh.createTime }).execute();
        break;
      case 11: {
        const e = pick(await ids("order_events"));
        if (e) {
          if (rand(2)) await db.deleteFrom("order_events").where("id", "=", e).execute();
          else await db.updateTable("order_events").set(rand(2) ? { action: rand(2) ? CHANGE_ACTION : "pay" } : { orderId: pick(orderIds) }).where("id", "=", e).execute();
        }
        break;
      }
      case 13:
        // The verdict and the traveller's part change (a re-check, a corrected split).
        await db.updateTable("orders").set(someVerdict(fresh.totalFen)).where("id", "=", id).execute();
        break;
      case 12:
        // An order goes with its passengers and events.
        await db.deleteFrom("orders").where("id", "=", id).execute();
        break;
      default:
        await addOrders(1);
    }
  }
}

// ---- what the summaries and the report are, computed from the orders themselves ----

type OrderRow = Awaited<ReturnType<typeof readOrders>>["orders"][number];

async function readOrders() {
  const db = h.db.db;
  const [orders, passengers, events, members, employees, depts] = await Promise.all([
    db.selectFrom("orders").selectAll().execute(),
    db.selectFrom("order_passengers").selectAll().execute(),
    db.selectFrom("order_events").select(["orderId", "action"]).execute(),
    db.selectFrom("members").select(["id", "creditEmployeeId"]).execute(),
    db.selectFrom("employees").select(["id", "companyId", "departmentId"]).execute(),
    db.selectFrom("departments").select(["id", "name"]).execute(),
  ]);
  return { orders, passengers, events, members, employees, depts };
}

const REPORTED = new Set<string>(summaries.SUMMARY_PRODUCTS);
const reportProduct = (o: OrderRow) => (o.product === "air" && o.international === 1 ? "intlAir" : o.product);
const dayOf = (o: OrderRow) => chinaDate(Date.parse(o.createTime));
const isSpend = (o: OrderRow) => (SPEND_STATUSES_BY_PRODUCT[o.product] ?? []).includes(o.status);
const kindOf = (o: OrderRow) => (isSpend(o) ? 1 : (REFUND_STATUSES_BY_PRODUCT[o.product] ?? []).includes(o.status) ? 2 : 0);
const advanceOf = (o: OrderRow) => (/^\d{4}-\d{2}-\d{2}$/.test(o.depDate) ? daysBetween(dayOf(o), o.depDate) : 0);
/** The traveller's own part of an order: never below 0 nor above the order. */
const selfPartOf = (o: OrderRow) => Math.min(Math.max(0, o.selfPayFen), o.totalFen);
const passengerSpend = (p: { tktPriceFen: number; consTaxFen: number; fuelTaxFen: number; servFeeFen: number; insuPayPriceFen: number }) =>
  p.tktPriceFen + p.consTaxFen + p.fuelTaxFen + p.servFeeFen + p.insuPayPriceFen;

function add(map: Map<string, Record<string, unknown>>, key: Record<string, unknown>, sums: Record<string, number>) {
  const k = JSON.stringify(key);
  const row = map.get(k) ?? { ...key, ...Object.fromEntries(Object.keys(sums).map((s) => [s, 0])) };
  for (const [s, v] of Object.entries(sums)) row[s] = (row[s] as number) + v;
  map.set(k, row);
}

async function expectedSummaries() {
  const { orders, passengers, events } = await readOrders();
  const changed = new Set(events.filter((e) => e.action === CHANGE_ACTION).map((e) => e.orderId));
  const days = new Map<string, Record<string, unknown>>();
  const months = new Map<string, Record<string, unknown>>();
  const advanceMonths = new Map<string, Record<string, unknown>>();
  const titleMonths = new Map<string, Record<string, unknown>>();
  const travellerDays = new Map<string, Record<string, unknown>>();
  const travellerMonths = new Map<string, Record<string, unknown>>();
  const reasonDays = new Map<string, Record<string, unknown>>();
  const reasonMonths = new Map<string, Record<string, unknown>>();
  const companyDays = new Map<string, Record<string, unknown>>();
  const companyMonths = new Map<string, Record<string, unknown>>();
  const byId = new Map(orders.map((o) => [o.id, o]));
  for (const o of orders) {
    if (o.companyId === null || !REPORTED.has(o.product)) continue;
    const money = { orders: 1, spendFen: o.totalFen, ticketFen: o.ticketFen, fareOrders: o.fullFareFen === null ? 0 : 1, fareTicketFen: o.fullFareFen === null ? 0 : o.ticketFen, fullFareFen: o.fullFareFen ?? 0 };
    const over = { overOrders: o.overStandard, overFen: o.overStandard ? o.totalFen : 0, selfPayFen: selfPartOf(o) };
    const at = { companyId: o.companyId, product: reportProduct(o) };
    const month = dayOf(o).slice(0, 7);
    add(days, { ...at, day: dayOf(o), memberId: o.memberId, kind: kindOf(o), advance: advanceOf(o), title: o.title }, { ...money, changed: changed.has(o.id) ? 1 : 0, ...over });
    add(months, { ...at, month, memberId: o.memberId, kind: kindOf(o) }, { ...money, changed: changed.has(o.id) ? 1 : 0, ...over });
    add(companyDays, { ...at, day: dayOf(o), kind: kindOf(o) }, { ...money, changed: changed.has(o.id) ? 1 : 0, ...over });
    add(companyMonths, { ...at, month, kind: kindOf(o) }, { ...money, changed: changed.has(o.id) ? 1 : 0, ...over });
    if (!isSpend(o)) continue;
    add(advanceMonths, { ...at, month, advance: advanceOf(o) }, { orders: 1 });
    add(titleMonths, { ...at, month, title: o.title }, { ...money, selfPayFen: selfPartOf(o) });
    if (o.overStandard !== 1) continue;
    add(reasonDays, { ...at, day: dayOf(o), memberId: o.memberId, reason: o.overReasons ?? "" }, { orders: 1 });
    add(reasonMonths, { ...at, month, memberId: o.memberId, reason: o.overReasons ?? "" }, { orders: 1 });
  }
  for (const p of passengers) {
    const o = byId.get(p.orderId)!;
    if (o.companyId === null || !REPORTED.has(o.product) || !isSpend(o)) continue;
    const sums = { tickets: 1, spendFen: passengerSpend(p), ticketFen: p.tktPriceFen };
    add(travellerDays, { companyId: o.companyId, product: reportProduct(o), day: dayOf(o), memberId: o.memberId, certType: p.certType, certNo: p.certNo, name: p.name }, sums);
    add(travellerMonths, { companyId: o.companyId, product: reportProduct(o), month: dayOf(o).slice(0, 7), certType: p.certType, certNo: p.certNo, name: p.name }, sums);
  }
  return {
    report_days: sorted([...days.values()]),
    report_months: sorted([...months.values()]),
    report_advance_months: sorted([...advanceMonths.values()]),
    report_title_months: sorted([...titleMonths.values()]),
    report_traveller_days: sorted([...travellerDays.values()]),
    report_traveller_months: sorted([...travellerMonths.values()]),
    report_reason_days: sorted([...reasonDays.values()]),
    report_reason_months: sorted([...reasonMonths.values()]),
    report_company_days: sorted([...companyDays.values()]),
    report_company_months: sorted([...companyMonths.values()]),
  };
}

const sorted = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).sort();

async function actualSummaries() {
  const db = h.db.db;
  const NUMBERS = new Set(["companyId", "memberId", "kind", "advance", "certType"]);
  const read = async (table: (typeof summaries.SUMMARY_TABLES)[number], keys: string[], sums: string[]) => {
    const rows = (await db.selectFrom(table as "report_days").selectAll().execute()) as unknown as Record<string, unknown>[];
    // Same key order as the expected rows; PostgreSQL answers bigint sums as text.
    return sorted(rows.map((r) => Object.fromEntries([...keys.map((k) => [k, NUMBERS.has(k) ? toCount(r[k]) : r[k]]), ...sums.map((s) => [s, toCount(r[s])])])));
  };
  const money = ["orders", "spendFen", "ticketFen", "fareOrders", "fareTicketFen", "fullFareFen"];
  const travellerSums = ["tickets", "spendFen", "ticketFen"];
  const over = ["overOrders", "overFen", "selfPayFen"];
  return {
    report_days: await read("report_days", ["companyId", "product", "day", "memberId", "kind", "advance", "title"], [...money, "changed", ...over]),
    report_months: await read("report_months", ["companyId", "product", "month", "memberId", "kind"], [...money, "changed", ...over]),
    report_advance_months: await read("report_advance_months", ["companyId", "product", "month", "advance"], ["orders"]),
    report_title_months: await read("report_title_months", ["companyId", "product", "month", "title"], [...money, "selfPayFen"]),
    report_traveller_days: await read("report_traveller_days", ["companyId", "product", "day", "memberId", "certType", "certNo", "name"], travellerSums),
    report_traveller_months: await read("report_traveller_months", ["companyId", "product", "month", "certType", "certNo", "name"], travellerSums),
    report_reason_days: await read("report_reason_days", ["companyId", "product", "day", "memberId", "reason"], ["orders"]),
    report_reason_months: await read("report_reason_months", ["companyId", "product", "month", "memberId", "reason"], ["orders"]),
    report_company_days: await read("report_company_days", ["companyId", "product", "day", "kind"], [...money, "changed", ...over]),
    report_company_months: await read("report_company_months", ["companyId", "product", "month", "kind"], [...money, "changed", ...over]),
  };
}

const AIRLINE_NAMES = new Map(AIRLINES.map((a) => [a.code, a.name]));

/** The spend report computed from the orders, passengers, events and staff list in memory. */
async function directReport(type: ReportType, startDate: string, endDate: string, departmentId: number | undefined): Promise<ReportReply> {
  const { orders, passengers, events, members, employees, depts } = await readOrders();
  const product = REPORT_PRODUCT[type];
  const employeeOf = new Map(employees.filter((e) => e.companyId === company).map((e) => [e.id, e]));
  const departmentOf = (memberId: number) => employeeOf.get(members.find((m) => m.id === memberId)?.creditEmployeeId ?? -1)?.departmentId ?? null;
  const inScope = (o: OrderRow) => {
    if (o.companyId !== company || !REPORTED.has(o.product)) return false;
    const day = dayOf(o);
    if (day < startDate || day > endDate) return false;
    if (departmentId === undefined) return true;
    const d = departmentOf(o.memberId);
    return departmentId === UNASSIGNED_DEPARTMENT_ID ? d === null : d === departmentId;
  };
  const scoped = orders.filter(inScope);
  const mine = scoped.filter((o) => reportProduct(o) === product);
  const spend = mine.filter(isSpend);
  const sumsOf = (list: OrderRow[]): GroupSums =>
    list.reduce((s, o) => addSums(s, { orders: 1, spendFen: o.totalFen, selfPayFen: selfPartOf(o), ticketFen: o.ticketFen, fareOrders: o.fullFareFen === null ? 0 : 1, fareTicketFen: o.fullFareFen === null ? 0 : o.ticketFen, fullFareFen: o.fullFareFen ?? 0 }), ZERO_SUMS);
  const groupBy = <K>(list: OrderRow[], key: (o: OrderRow) => K) => {
    const m = new Map<K, OrderRow[]>();
    for (const o of list) m.set(key(o), [...(m.get(key(o)) ?? []), o]);
    return m;
  };
  const total = sumsOf(spend);
  const refunded = mine.filter((o) => kindOf(o) === 2);
  const typeOf = new Map(REPORT_TYPES.map((t) => [REPORT_PRODUCT[t], t]));
  const points = scoped.filter(isSpend).map((o) => ({ product: typeOf.get(reportProduct(o))!, day: dayOf(o), orders: 1, spendFen: o.totalFen - selfPartOf(o) }));
  const { buckets, avgTenths } = advanceBuckets(spend.map((o) => ({ days: advanceOf(o), orders: 1 })));
  const changedIds = new Set(events.filter((e) => e.action === CHANGE_ACTION).map((e) => e.orderId));

  const companySpend = total.spendFen - total.selfPayFen;
  const overs = spend.filter((o) => o.overStandard === 1);
  const reasons = [...groupBy(overs, (o) => o.overReasons || null)]
    .map(([reason, list]) => ({ reason, orders: list.length }))
    .sort((a, b) => b.orders - a.orders || (a.reason ?? "").localeCompare(b.reason ?? "", "zh-CN"))
    .slice(0, REPORT_TOP_REASONS);
  const byDepartment = rankRows(
    [...groupBy(spend, (o) => departmentOf(o.memberId) ?? UNASSIGNED_DEPARTMENT_ID)].map(([id, list]) =>
      rowOf(String(id), id === UNASSIGNED_DEPARTMENT_ID ? UNASSIGNED_DEPARTMENT : depts.find((d) => d.id === id)!.name, sumsOf(list), companySpend),
    ),
  );
  const spendIds = new Set(spend.map((o) => o.id));
  const travellers = new Map<string, { certType: number; certNo: string; name: string; tickets: number; spendFen: number; ticketFen: number }>();
  for (const p of passengers.filter((x) => spendIds.has(x.orderId))) {
    const k = `${p.certType}:${p.certNo}`;
    const t = travellers.get(k) ?? { certType: p.certType, certNo: p.certNo, name: p.name, tickets: 0, spendFen: 0, ticketFen: 0 };
    travellers.set(k, { ...t, name: p.name > t.name ? p.name : t.name, tickets: t.tickets + 1, spendFen: t.spendFen + passengerSpend(p), ticketFen: t.ticketFen + p.tktPriceFen });
  }
  const travellerRows = rankRows(
    [...travellers.values()].map((t) =>
      rowOf(crypto.createHash("sha256").update(`${t.certType}:${t.certNo}`).digest("hex").slice(0, 16), `${t.name}（${maskCertNo(t.certNo)}）`, { ...ZERO_SUMS, orders: t.tickets, spendFen: t.spendFen, ticketFen: t.ticketFen }, total.spendFen),
    ),
  );
  const tickets = [...travellers.values()].reduce((a, t) => a + t.tickets, 0);
  const titles = [...groupBy(spend, (o) => o.title)].map(([title, list]) => ({ title, ...sumsOf(list) }));
  let routes;
  if (isFlightReport(type)) {
    const { byRoute, byAirline } = regroupFlights(titles, (code) => AIRLINE_NAMES.get(code) ?? code, companySpend);
    routes = { byRoute: byRoute.slice(0, REPORT_TOP_ROUTES), routeCount: byRoute.length, byAirline };
  } else {
    const byRoute = rankRows(titles.map((t) => rowOf(t.title, t.title, t, companySpend)));
    routes = { byRoute: byRoute.slice(0, REPORT_TOP_ROUTES), routeCount: byRoute.length, byAirline: [] };
  }
  const known = total.fareOrders > 0;
  return {
    type,
    startDate,
    endDate,
    departmentId: departmentId ?? null,
    summary: {
      orders: total.orders,
      spendFen: companySpend,
      orderFen: total.spendFen,
      selfPayFen: total.selfPayFen,
      tickets,
      avgPriceFen: roundDiv(total.ticketFen, tickets),
      avgDiscountPermille: known ? permille(total.fareTicketFen, total.fullFareFen) : null,
      fullFareFen: known ? total.fullFareFen : null,
      savingsFen: known ? total.fullFareFen - total.fareTicketFen : null,
      savingsPermille: known ? permille(total.fullFareFen - total.fareTicketFen, total.fullFareFen) : null,
      fareOrders: total.fareOrders,
      advanceDaysTenths: avgTenths,
      refunds: { orders: refunded.length, amountFen: refunded.reduce((a, o) => a + o.totalFen, 0), feeFen: null },
      changes: { orders: mine.filter((o) => changedIds.has(o.id)).length, feeFen: null },
      overStandard: { orders: overs.length, ratePermille: permille(overs.length, total.orders), amountFen: overs.reduce((a, o) => a + o.totalFen, 0), reasons },
    },
    months: fillMonths(startDate, endDate, points),
    advance: buckets,
    byDepartment,
    byTraveller: travellerRows.slice(0, REPORT_TOP_TRAVELLERS).map((r) => ({ ...r, selfPayFen: null })),
    travellerCount: travellerRows.length,
    ...routes,
  };
}

async function compareReports(): Promise<number> {
  let compared = 0;
  for (const type of REPORT_TYPES) {
    for (const [startDate, endDate] of RANGES) {
      for (const departmentId of [undefined, UNASSIGNED_DEPARTMENT_ID, ...departments]) {
        const scope = { companyId: company, type, startDate, endDate, departmentId };
        expect(await companyReport(h.db.db, scope), JSON.stringify(scope)).toEqual(await directReport(type, startDate, endDate, departmentId));
        compared++;
      }
    }
  }
  return compared;
}

beforeAll(async () => {
  h = await startHarness();
  const db = h.db.db;
  company = (await db.selectFrom("companies").select("id").where("name", "=", DEMO_COMPANY).executeTakeFirstOrThrow()).id;
  const admin = await db.selectFrom("members").selectAll().where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
  const { id: _id, ...rest } = admin;
  const other = await db.insertInto("members").values({ ...rest, mobilePhone: "13900000070", account: "13900000070", username: "13900000070", realName: "周敏" }).returning("id").executeTakeFirstOrThrow();
  otherCompany = (await db.insertInto("companies").values({ name: "远航贸易有限公司", adminMemberId: other.id, dometicketServerFeeFen: 2000, createTime: new Date(END).toISOString() }).returning("id").executeTakeFirstOrThrow()).id;
  // An employee of the company without a department, and one of the other company's: both
  // "unassigned" in this company's report.
  const loose = await db.insertInto("members").values({ ...rest, mobilePhone: "13900000071", account: "13900000071", username: "13900000071", realName: "钱多", memberType: "10" }).returning("id").executeTakeFirstOrThrow();
  const e = await db.insertInto("employees").values({ companyId: company, memberId: loose.id, departmentId: null, tripLevelId: null, canAudit: 0, employeeLevel: "员工", createTime: new Date(END).toISOString() }).returning("id").executeTakeFirstOrThrow();
  await db.updateTable("members").set({ creditEmployeeId: e.id }).where("id", "=", loose.id).execute();
  const foreign = await db.insertInto("employees").values({ companyId: otherCompany, memberId: other.id, departmentId: null, tripLevelId: null, canAudit: 0, employeeLevel: "员工", createTime: new Date(END).toISOString() }).returning("id").executeTakeFirstOrThrow();
  await db.updateTable("members").set({ creditEmployeeId: foreign.id }).where("id", "=", other.id).execute();
  bookers = (await db.selectFrom("members").select("id").where("mobilePhone", "in", ["13800000070", "13800000071", "13800000072", "13800000073", "13900000070", "13900000071"]).execute()).map((m) => m.id);
  departments = (await db.selectFrom("departments").select("id").where("companyId", "=", company).orderBy("id").execute()).map((d) => d.id);
  await addOrders(400);
}, 120_000);
afterAll(async () => h?.close());

describe("report summaries", () => {
  it("bake in the report's own status sets, products and change action", () => {
    expect(summaries.SUMMARY_SPEND_STATUSES).toEqual(SPEND_STATUSES_BY_PRODUCT);
    expect(summaries.SUMMARY_REFUND_STATUSES).toEqual(REFUND_STATUSES_BY_PRODUCT);
    expect(summaries.SUMMARY_CHANGE_ACTION).toBe(CHANGE_ACTION);
    const stored = [...new Set(Object.values(REPORT_PRODUCT).map((p) => (p === "intlAir" ? "air" : p)))];
    expect([...summaries.SUMMARY_PRODUCTS].sort()).toEqual(stored.sort());
  });

  it("split a range into whole months and the days around them", () => {
    expect(monthsAndDays("2026-01-01", "2026-12-31")).toEqual({ months: ["2026-01", "2026-12"], days: [] });
    expect(monthsAndDays("2025-12-01", "2026-11-30")).toEqual({ months: ["2025-12", "2026-11"], days: [] });
    expect(monthsAndDays("2025-12-01", "2026-11-29")).toEqual({ months: ["2025-12", "2026-10"], days: [["2026-11-01", "2026-11-29"]] });
    expect(monthsAndDays("2025-12-02", "2026-11-30")).toEqual({ months: ["2026-01", "2026-11"], days: [["2025-12-02", "2025-12-31"]] });
    expect(monthsAndDays("2026-02-15", "2026-05-10")).toEqual({ months: ["2026-03", "2026-04"], days: [["2026-02-15", "2026-02-28"], ["2026-05-01", "2026-05-10"]] });
    expect(monthsAndDays("2026-02-15", "2026-03-10")).toEqual({ months: null, days: [["2026-02-15", "2026-03-10"]] });
    expect(monthsAndDays("2026-06-18", "2026-06-18")).toEqual({ months: null, days: [["2026-06-18", "2026-06-18"]] });
    expect(monthsAndDays("2024-02-01", "2024-02-29")).toEqual({ months: ["2024-02", "2024-02"], days: [] });
  });

  it("hold what the orders add up to, through every kind of write", async () => {
    expect(Object.keys(await actualSummaries()).sort()).toEqual([...summaries.SUMMARY_TABLES].sort());
    expect(await actualSummaries()).toEqual(await expectedSummaries());
    for (let round = 0; round < 4; round++) {
      await shuffle(40);
      expect(await actualSummaries(), `after round ${round + 1}`).toEqual(await expectedSummaries());
    }
  }, 120_000);

  it("give every report what the orders give directly, for every type, range and department", async () => {
    expect(await compareReports()).toBe(REPORT_TYPES.length * RANGES.length * (2 + departments.length));
    // Someone moves department: the report follows the staff list as it is now.
    const db = h.db.db;
    const member = await db.selectFrom("members").select("creditEmployeeId").where("mobilePhone", "=", "13800000072").executeTakeFirstOrThrow();
    await db.updateTable("employees").set({ departmentId: departments[0] }).where("id", "=", member.creditEmployeeId).execute();
    await compareReports();
  }, 300_000);

  it("are rebuilt from the orders by the migration itself", async () => {
    const before = await actualSummaries();
    await dropSummaries(h.db.db);
    await summaries.rebuildSummaries(h.db.db);
    expect(await actualSummaries()).toEqual(before);
    expect((await actualSummaries()).report_days.length).toBeGreaterThan(50);
    // And the triggers came back with them.
    await shuffle(10);
    expect(await actualSummaries()).toEqual(await expectedSummaries());
  }, 120_000);

  it("gain the over-standard and self-paid sums of every existing order from migration 103", async () => {
    const db = h.db.db;
    // As before 103: the summaries without the new sums (its down, after 136's), and orders written meanwhile.
    await m136.down(db);
    await m103.down(db);
    const overColumns = () => sql`select "overOrders", "overFen", "selfPayFen" from report_months limit 1`.execute(db);
    await expect(overColumns()).rejects.toThrow();
    await addOrders(30);
    const overs = await db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).where("overStandard", "=", 1).where("companyId", "=", company).executeTakeFirstOrThrow();
    expect(toCount(overs.n)).toBeGreaterThan(20);
    await m103.up(db);
    await m136.up(db);
    await overColumns();
    expect(await actualSummaries()).toEqual(await expectedSummaries());
    // Its triggers keep the new sums from then on.
    await shuffle(15);
    expect(await actualSummaries()).toEqual(await expectedSummaries());
    await compareReports();
  }, 300_000);

  it("gain the reasons and the company's totals of every existing order from migration 136", async () => {
    const db = h.db.db;
    // As before 136: 103's summaries and its index, and orders written meanwhile.
    await m136.down(db);
    const reasonRows = () => sql`select reason from report_reason_days limit 1`.execute(db);
    await expect(reasonRows()).rejects.toThrow();
    await addOrders(30);
    await m136.up(db);
    await reasonRows();
    const actual = await actualSummaries();
    expect(actual).toEqual(await expectedSummaries());
    expect(actual.report_reason_days.length).toBeGreaterThan(20);
    expect(actual.report_company_months.length).toBeGreaterThan(20);
    // Its triggers keep the reasons from then on: bookings, refunds, changes, cancellations, new verdicts.
    for (let round = 0; round < 2; round++) {
      await shuffle(25);
      expect(await actualSummaries(), `after round ${round + 1}`).toEqual(await expectedSummaries());
    }
    await compareReports();
  }, 300_000);
});
