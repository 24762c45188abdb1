// A company's spend report for one product over a date range (China dates of the booking), with
// an optional department. Every figure is summed in SQL from the report summaries (migration 092:
// the orders already grouped by day, booker, kind, days ahead and title, and their travellers by
// day and by month), a handful of small grouped reads per call; src/domain/reports.ts then only
// rolls the grouped results into averages, shares, months and routes.
import crypto from "node:crypto";
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { BizError, RET } from "../services/http/envelope";
import { companyIdOf } from "../orders/flight/book";
import { AIRLINES } from "../inventory/data/airlines";
import { addDays } from "../../src/domain/travel/dates";
import { maskCertNo } from "../../src/domain/people/certificates";
import {
  REPORT_PRODUCT, REPORT_TOP_ROUTES, REPORT_TOP_TRAVELLERS, REPORT_TYPES, UNASSIGNED_DEPARTMENT_ID, ZERO_SUMS, addSums, advanceBuckets, fillMonths, isFlightReport, permille, rankRows, regroupFlights,
  roundDiv, rowOf, type GroupSums, type ReportInput, type ReportReply, type ReportRow, type ReportType,
} from "../../src/domain/reports";
import { UNASSIGNED_DEPARTMENT } from "../routes/workbench";

const AIRLINE_NAMES = new Map(AIRLINES.map((a) => [a.code, a.name]));
const airlineName = (code: string) => AIRLINE_NAMES.get(code) ?? code;
const PRODUCT_TYPE = new Map(REPORT_TYPES.map((t) => [REPORT_PRODUCT[t], t]));

export interface ReportScope {
  companyId: number;
  type: ReportType;
  startDate: string;
  endDate: string;
  departmentId: number | undefined;
}

/** The caller's company; a member without one has nothing to report on. */
export async function reportScope(db: Kysely<Database>, member: Member, type: ReportType, input: ReportInput): Promise<ReportScope> {
  const companyId = await companyIdOf(db, member);
  if (!companyId) throw new BizError(RET.NOT_FOUND, "未找到您的企业信息");
  const { departmentId } = input;
  if (departmentId !== undefined && departmentId !== UNASSIGNED_DEPARTMENT_ID) {
    // Another company's department is as unknown here as a missing one.
    const d = await db.selectFrom("departments").select("id").where("id", "=", departmentId).where("companyId", "=", companyId).executeTakeFirst();
    if (!d) throw new BizError(RET.BAD_INPUT, "未找到该部门");
  }
  return { companyId, type, startDate: input.startDate, endDate: input.endDate, departmentId };
}

type Summaries = "report_days" | "report_traveller_days";

/**
 * Keeps the rows of bookers in the scope's department. The department of an order is its
 * booker's, as the company's staff list has it now (so it is looked up here, not stored).
 */
function inDepartment<Q extends SelectQueryBuilder<Database, Summaries, object>>(q: Q, s: ReportScope): Q {
  if (s.departmentId === undefined) return q;
  const inDepartments = (eb: ExpressionBuilder<Database, Summaries>, dept: number | null) =>
    eb
      .selectFrom("members as m")
      .innerJoin("employees as e", "e.id", "m.creditEmployeeId")
      .select("m.id")
      .where("e.companyId", "=", s.companyId)
      .where("e.departmentId", dept === null ? "is not" : "=", dept);
  return (
    s.departmentId === UNASSIGNED_DEPARTMENT_ID
      ? q.where((eb) => eb("memberId", "not in", inDepartments(eb, null)))
      : q.where((eb) => eb("memberId", "in", inDepartments(eb, s.departmentId!)))
  ) as Q;
}

/** The company's day groups of some report products in the range (and department). */
function days(db: Kysely<Database>, s: ReportScope, products: readonly string[]) {
  return inDepartment(
    db.selectFrom("report_days").where("companyId", "=", s.companyId).where("product", "in", products).where("day", ">=", s.startDate).where("day", "<=", s.endDate),
    s,
  );
}

/** The sums every group carries. */
const SUMS = [
  sql<number>`sum(orders)`.as("orders"),
  sql<number>`sum(${sql.ref("spendFen")})`.as("spendFen"),
  sql<number>`sum(${sql.ref("ticketFen")})`.as("ticketFen"),
  sql<number>`sum(${sql.ref("fareOrders")})`.as("fareOrders"),
  sql<number>`sum(${sql.ref("fareTicketFen")})`.as("fareTicketFen"),
  sql<number>`sum(${sql.ref("fullFareFen")})`.as("fullFareFen"),
] as const;
/** A group whose orders all moved elsewhere is no group (the triggers remove such rows anyway). */
const HAS_ORDERS = sql<SqlBool>`sum(orders) > 0`;

function sumsOf(r: { orders: unknown; spendFen: unknown; ticketFen: unknown; fareOrders: unknown; fareTicketFen: unknown; fullFareFen: unknown }): GroupSums {
  return {
    orders: toCount(r.orders),
    spendFen: toCount(r.spendFen),
    ticketFen: toCount(r.ticketFen),
    fareOrders: toCount(r.fareOrders),
    fareTicketFen: toCount(r.fareTicketFen),
    fullFareFen: toCount(r.fullFareFen),
  };
}

/**
 * The range as whole calendar months (read from the monthly summary) and the days before and
 * after them (read day by day); no months when the range holds no whole one.
 */
export function monthsAndDays(startDate: string, endDate: string): { months: [string, string] | null; days: [string, string][] } {
  const firstFull = startDate.endsWith("-01") ? startDate : `${addDays(`${startDate.slice(0, 7)}-28`, 4).slice(0, 7)}-01`;
  const lastFull = addDays(endDate, 1).endsWith("-01") ? endDate : addDays(`${endDate.slice(0, 7)}-01`, -1);
  if (firstFull > lastFull) return { months: null, days: [[startDate, endDate]] };
  const edges: [string, string][] = [];
  if (startDate < firstFull) edges.push([startDate, addDays(firstFull, -1)]);
  if (lastFull < endDate) edges.push([addDays(lastFull, 1), endDate]);
  return { months: [firstFull.slice(0, 7), lastFull.slice(0, 7)], days: edges };
}

type TravellerPart = { certType: number; certNo: string; name: string; tickets: number; spendFen: number; ticketFen: number };

/** Travellers of the report product's spend: whole months from the monthly summary unless a department is asked for. */
async function travellerGroups(db: Kysely<Database>, s: ReportScope, product: string) {
  const columns = ["certType", "certNo", "name", "tickets", "spendFen", "ticketFen"] as const;
  const dayParts = (from: string, to: string) =>
    inDepartment(
      db.selectFrom("report_traveller_days").select(columns).where("companyId", "=", s.companyId).where("product", "=", product).where("day", ">=", from).where("day", "<=", to),
      s,
    );
  const split = s.departmentId === undefined ? monthsAndDays(s.startDate, s.endDate) : { months: null, days: [[s.startDate, s.endDate] as [string, string]] };
  type Part = SelectQueryBuilder<Database, "report_traveller_days" | "report_traveller_months", TravellerPart>;
  const queries: Part[] = split.days.map(([from, to]) => dayParts(from, to) as unknown as Part);
  if (split.months) {
    const [first, last] = split.months;
    queries.unshift(
      db.selectFrom("report_traveller_months").select(columns).where("companyId", "=", s.companyId).where("product", "=", product).where("month", ">=", first).where("month", "<=", last) as unknown as Part,
    );
  }
  const parts = queries.slice(1).reduce((all, q) => all.unionAll(q), queries[0]);
  return db
    .selectFrom(parts.as("t"))
    .select([
      "t.certType",
      "t.certNo",
      // The name a traveller was booked under (the greatest, as a passenger may be renamed).
      sql<string | null>`max(case when ${sql.ref("t.tickets")} > 0 then ${sql.ref("t.name")} end)`.as("name"),
      sql<number>`sum(${sql.ref("t.tickets")})`.as("tickets"),
      sql<number>`sum(${sql.ref("t.spendFen")})`.as("spendFen"),
      sql<number>`sum(${sql.ref("t.ticketFen")})`.as("ticketFen"),
    ])
    .groupBy(["t.certType", "t.certNo"])
    .having(sql<SqlBool>`sum(${sql.ref("t.tickets")}) > 0`)
    .execute();
}

const SPEND = 1;
const REFUNDED = 2;

export async function companyReport(db: Kysely<Database>, s: ReportScope): Promise<ReportReply> {
  const product = REPORT_PRODUCT[s.type];
  const month = sql<string>`substr(day, 1, 7)`;

  const [monthly, advanceRows, byBooker, byTitle, byTraveller] = await Promise.all([
    // 1. Every product by month and kind: the chart, this product's totals, refunds and changes.
    days(db, s, Object.values(REPORT_PRODUCT))
      .select(["product", month.as("month"), "kind", ...SUMS, sql<number>`sum(changed)`.as("changed")])
      .groupBy(["product", sql`substr(day, 1, 7)`, "kind"])
      .having(HAS_ORDERS)
      .execute(),
    // 2-4. This product's spend by days booked ahead, by booker, by title.
    days(db, s, [product]).where("kind", "=", SPEND).select(["advance", sql<number>`sum(orders)`.as("orders")]).groupBy("advance").having(HAS_ORDERS).execute(),
    days(db, s, [product]).where("kind", "=", SPEND).select(["memberId", ...SUMS]).groupBy("memberId").having(HAS_ORDERS).execute(),
    days(db, s, [product]).where("kind", "=", SPEND).select(["title", ...SUMS]).groupBy("title").having(HAS_ORDERS).execute(),
    // 5. Its travellers.
    travellerGroups(db, s, product),
  ]);

  // Summary, months, refunds and changes from the monthly groups.
  let total = ZERO_SUMS;
  let refunds = { orders: 0, amountFen: 0 };
  let changes = 0;
  const points: { product: ReportType; day: string; orders: number; spendFen: number }[] = [];
  for (const r of monthly) {
    const type = PRODUCT_TYPE.get(r.product);
    if (!type) continue;
    const sums = sumsOf(r);
    const kind = toCount(r.kind);
    if (r.product === product) changes += toCount(r.changed);
    if (kind === REFUNDED && r.product === product) refunds = { orders: refunds.orders + sums.orders, amountFen: refunds.amountFen + sums.spendFen };
    if (kind !== SPEND) continue;
    points.push({ product: type, day: String(r.month), orders: sums.orders, spendFen: sums.spendFen });
    if (r.product === product) total = addSums(total, sums);
  }
  const { buckets, avgTenths } = advanceBuckets(advanceRows.map((r) => ({ days: toCount(r.advance), orders: toCount(r.orders) })));
  const tickets = byTraveller.reduce((a, r) => a + toCount(r.tickets), 0);
  const known = total.fareOrders > 0;

  return {
    type: s.type,
    startDate: s.startDate,
    endDate: s.endDate,
    departmentId: s.departmentId ?? null,
    summary: {
      orders: total.orders,
      spendFen: total.spendFen,
      tickets,
      avgPriceFen: roundDiv(total.ticketFen, tickets),
      avgDiscountPermille: known ? permille(total.fareTicketFen, total.fullFareFen) : null,
      fullFareFen: known ? total.fullFareFen : null,
      savingsFen: known ? total.fullFareFen - total.fareTicketFen : null,
      savingsPermille: known ? permille(total.fullFareFen - total.fareTicketFen, total.fullFareFen) : null,
      fareOrders: total.fareOrders,
      advanceDaysTenths: avgTenths,
      refunds: { ...refunds, feeFen: null },
      changes: { orders: changes, feeFen: null },
      overStandard: null,
    },
    months: fillMonths(s.startDate, s.endDate, points),
    advance: buckets,
    byDepartment: await departmentRows(db, s.companyId, byBooker.map((r) => ({ memberId: toCount(r.memberId), ...sumsOf(r) })), total.spendFen),
    ...travellerRows(byTraveller, total.spendFen),
    ...routeRows(s.type, byTitle.map((r) => ({ title: r.title, ...sumsOf(r) })), total.spendFen),
  };
}

/** Bookers' sums rolled up to their departments (looked up for the few bookers there are). */
async function departmentRows(db: Kysely<Database>, companyId: number, bookers: ({ memberId: number } & GroupSums)[], totalSpendFen: number): Promise<ReportRow[]> {
  if (!bookers.length) return [];
  const places = await db
    .selectFrom("members as m")
    .innerJoin("employees as e", (j) => j.onRef("e.id", "=", "m.creditEmployeeId").on("e.companyId", "=", companyId))
    .innerJoin("departments as d", "d.id", "e.departmentId")
    .select(["m.id", "d.id as departmentId", "d.name"])
    .where("m.id", "in", bookers.map((b) => b.memberId))
    .execute();
  const placeOf = new Map(places.map((p) => [p.id, { id: p.departmentId, name: p.name }]));
  const groups = new Map<number, { name: string; sums: GroupSums }>();
  for (const b of bookers) {
    const d = placeOf.get(b.memberId) ?? { id: UNASSIGNED_DEPARTMENT_ID, name: UNASSIGNED_DEPARTMENT };
    const g = groups.get(d.id) ?? { name: d.name, sums: ZERO_SUMS };
    groups.set(d.id, { name: g.name, sums: addSums(g.sums, b) });
  }
  return rankRows([...groups].map(([id, g]) => rowOf(String(id), g.name, g.sums, totalSpendFen)));
}

type TravellerGroup = { certType: number; certNo: string; name: string | null; tickets: unknown; spendFen: unknown; ticketFen: unknown };

/** Travellers by what their own tickets cost; the full fare is per order, so no savings per person. */
function travellerRows(groups: TravellerGroup[], totalSpendFen: number): { byTraveller: ReportRow[]; travellerCount: number } {
  const rows = groups.map((g) =>
    // The key tells travellers apart without carrying their certificate number.
    rowOf(crypto.createHash("sha256").update(`${g.certType}:${g.certNo}`).digest("hex").slice(0, 16), `${g.name ?? ""}（${maskCertNo(g.certNo)}）`, { ...ZERO_SUMS, orders: toCount(g.tickets), spendFen: toCount(g.spendFen), ticketFen: toCount(g.ticketFen) }, totalSpendFen),
  );
  return { byTraveller: rankRows(rows).slice(0, REPORT_TOP_TRAVELLERS), travellerCount: rows.length };
}

function routeRows(type: ReportType, titles: ({ title: string } & GroupSums)[], totalSpendFen: number) {
  if (isFlightReport(type)) {
    const { byRoute, byAirline } = regroupFlights(titles, airlineName, totalSpendFen);
    return { byRoute: byRoute.slice(0, REPORT_TOP_ROUTES), routeCount: byRoute.length, byAirline };
  }
  const byRoute = rankRows(titles.map((t) => rowOf(t.title, t.title, t, totalSpendFen)));
  return { byRoute: byRoute.slice(0, REPORT_TOP_ROUTES), routeCount: byRoute.length, byAirline: [] };
}

