// A company's spend report for one product over a date range (China dates of the booking), with
// an optional department. Every figure is aggregated in SQL over the report index (migration 074),
// a handful of grouped scans per call; src/domain/reports.ts then only rolls small grouped results
// into averages, shares, months and routes.
import crypto from "node:crypto";
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { isPostgres } from "../db/migrations/helpers";
import { BizError, RET } from "../services/http/envelope";
import { companyIdOf } from "../orders/flight/book";
import { AIRLINES } from "../inventory/data/airlines";
import { addDays } from "../../src/domain/travel/dates";
import { maskCertNo } from "../../src/domain/people/certificates";
import {
  CHANGE_ACTION, REFUND_STATUSES_BY_PRODUCT, REPORT_PRODUCT, REPORT_TOP_ROUTES, REPORT_TOP_TRAVELLERS, REPORT_TYPES, SPEND_STATUSES_BY_PRODUCT,
  UNASSIGNED_DEPARTMENT_ID, ZERO_SUMS, addSums, advanceBuckets, fillMonths, isFlightReport, permille, rankRows, regroupFlights,
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

/** The UTC instants bounding China dates [start, end]: createTime is stored as ISO UTC text. */
function instantRange(startDate: string, endDate: string): [string, string] {
  return [`${addDays(startDate, -1)}T16:00:00.000Z`, `${endDate}T16:00:00.000Z`];
}

/**
 * The report product of an order: international flight orders are flight orders ("air") flagged
 * international, reported apart as "intlAir".
 */
const reportProduct = sql<string>`case when ${sql.ref("o.product")} = 'air' and ${sql.ref("o.international")} = 1 then 'intlAir' else ${sql.ref("o.product")} end`;

/** Orders of the company in the range (and department), any product when `products` is all. */
function scoped(db: Kysely<Database>, s: ReportScope, products: readonly string[]) {
  const [from, to] = instantRange(s.startDate, s.endDate);
  const stored = [...new Set(products.map((p) => (p === "intlAir" ? "air" : p)))];
  let q = db
    .selectFrom("orders as o")
    .where("o.companyId", "=", s.companyId)
    .where("o.product", "in", stored)
    .where("o.createTime", ">=", from)
    .where("o.createTime", "<", to);
  // One of the two flight reports: the flag tells them apart.
  const air = products.includes("air");
  const intl = products.includes("intlAir");
  if (air !== intl) q = q.where((eb) => eb.or([eb("o.product", "!=", "air"), eb("o.international", "=", intl ? 1 : 0)]));
  if (s.departmentId !== undefined) {
    // The department of an order is its booker's, as the company's staff list has it now.
    const inDepartments = (eb: any, dept: number | null) =>
      eb
        .selectFrom("members as m")
        .innerJoin("employees as e", "e.id", "m.creditEmployeeId")
        .select("m.id")
        .where("e.companyId", "=", s.companyId)
        .where("e.departmentId", dept === null ? "is not" : "=", dept);
    q =
      s.departmentId === UNASSIGNED_DEPARTMENT_ID
        ? q.where((eb) => eb("o.memberId", "not in", inDepartments(eb, null)))
        : q.where((eb) => eb("o.memberId", "in", inDepartments(eb, s.departmentId!)));
  }
  return q;
}

/** An order of one of `sets`' products in one of that product's statuses (none: no product). */
function inStatuses(sets: Readonly<Record<string, readonly number[]>>): RawBuilder<SqlBool> {
  const parts = Object.entries(sets)
    .filter(([, statuses]) => statuses.length)
    .map(([product, statuses]) => sql`(${sql.ref("o.product")} = ${product} and ${sql.ref("o.status")} in (${sql.join([...statuses])}))`);
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`1 = 0`;
}

const spend = inStatuses(SPEND_STATUSES_BY_PRODUCT);
const refunded = inStatuses(REFUND_STATUSES_BY_PRODUCT);

/** The sums every group carries; callers filter to spend orders first. */
const SUMS = [
  sql<number>`count(*)`.as("orders"),
  sql<number>`sum(${sql.ref("o.totalFen")})`.as("spendFen"),
  sql<number>`sum(${sql.ref("o.ticketFen")})`.as("ticketFen"),
  sql<number>`count(${sql.ref("o.fullFareFen")})`.as("fareOrders"),
  sql<number>`sum(case when ${sql.ref("o.fullFareFen")} is null then 0 else ${sql.ref("o.ticketFen")} end)`.as("fareTicketFen"),
  sql<number>`sum(coalesce(${sql.ref("o.fullFareFen")}, 0))`.as("fullFareFen"),
] as const;

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

function chinaDay(db: Kysely<Database>): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char(${sql.ref("o.createTime")}::timestamp + interval '8 hours', 'YYYY-MM-DD')`
    : sql<string>`date(${sql.ref("o.createTime")}, '+8 hours')`;
}

/** Whole days from the booking's China date to the departure date. */
function advanceDays(db: Kysely<Database>): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`(${sql.ref("o.depDate")}::date - (${sql.ref("o.createTime")}::timestamp + interval '8 hours')::date)`
    : sql<number>`cast(julianday(${sql.ref("o.depDate")}) - julianday(date(${sql.ref("o.createTime")}, '+8 hours')) as integer)`;
}

export async function companyReport(db: Kysely<Database>, s: ReportScope): Promise<ReportReply> {
  const product = REPORT_PRODUCT[s.type];

  // 1. Every product by day, with refunds apart, and this product's advance-booking days.
  const refund = sql<number>`case when ${spend} then 0 else 1 end`;
  const daily = await scoped(db, s, Object.values(REPORT_PRODUCT))
    .where(sql<SqlBool>`(${spend} or ${refunded})`)
    .select([reportProduct.as("product"), chinaDay(db).as("day"), refund.as("refund"), advanceDays(db).as("advance"), ...SUMS])
    .groupBy([sql`1`, sql`2`, sql`3`, sql`4`])
    .execute();

  // 2-4. This product's spend orders by booker, by title, by traveller.
  const mine = () => scoped(db, s, [product]).where(spend);
  const [byBooker, byTitle, byTraveller, changes] = await Promise.all([
    mine().select(["o.memberId", ...SUMS]).groupBy("o.memberId").execute(),
    mine().select(["o.title", ...SUMS]).groupBy("o.title").execute(),
    mine()
      .innerJoin("order_passengers as p", "p.orderId", "o.id")
      .select([
        "p.certType",
        "p.certNo",
        (eb) => eb.fn.max("p.name").as("name"),
        // One ticket per order for a traveller: their orders are their tickets (no distinct sort).
        sql<number>`count(*)`.as("tickets"),
        sql<number>`sum(${sql.ref("p.tktPriceFen")} + ${sql.ref("p.consTaxFen")} + ${sql.ref("p.fuelTaxFen")} + ${sql.ref("p.servFeeFen")} + ${sql.ref("p.insuPayPriceFen")})`.as("spendFen"),
        sql<number>`sum(${sql.ref("p.tktPriceFen")})`.as("ticketFen"),
      ])
      .groupBy(["p.certType", "p.certNo"])
      .execute(),
    // 5. Changed orders: those with a completed change, whatever their status now.
    // Driven from the few change events (by their action index), each checked against its order.
    db
      .selectFrom("order_events as e")
      .where("e.action", "=", CHANGE_ACTION)
      .where((eb) => eb.exists(scoped(db, s, [product]).where(sql<SqlBool>`${sql.ref("o.id")} = ${sql.ref("e.orderId")}`).select(sql`1`.as("one"))))
      .select(sql<number>`count(distinct ${sql.ref("e.orderId")})`.as("n"))
      .executeTakeFirst(),
  ]);

  // Summary, months and advance days from the daily groups.
  let total = ZERO_SUMS;
  let refunds = { orders: 0, amountFen: 0 };
  const days: { product: ReportType; day: string; orders: number; spendFen: number }[] = [];
  const advance: { days: number; orders: number }[] = [];
  for (const r of daily) {
    const sums = sumsOf(r);
    const type = PRODUCT_TYPE.get(r.product);
    if (!type) continue;
    if (toCount(r.refund)) {
      if (r.product === product) refunds = { orders: refunds.orders + sums.orders, amountFen: refunds.amountFen + sums.spendFen };
      continue;
    }
    days.push({ product: type, day: String(r.day), orders: sums.orders, spendFen: sums.spendFen });
    if (r.product !== product) continue;
    total = addSums(total, sums);
    advance.push({ days: toCount(r.advance), orders: sums.orders });
  }
  const { buckets, avgTenths } = advanceBuckets(advance);
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
      changes: { orders: toCount(changes?.n), feeFen: null },
      overStandard: null,
    },
    months: fillMonths(s.startDate, s.endDate, days),
    advance: buckets,
    byDepartment: await departmentRows(db, s.companyId, byBooker.map((r) => ({ memberId: r.memberId, ...sumsOf(r) })), total.spendFen),
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

