// A company's spend report for one product over a date range (China dates of the booking), with
// an optional department. Every figure is summed in SQL from the report summaries (migration 092:
// the orders and their travellers already grouped by day, and by month for the whole months of a
// range; migration 136: the over-standard reasons, and the whole company's totals without one row
// per booker), a handful of small grouped reads per call that never touch the orders themselves;
// src/domain/reports.ts then only rolls the grouped results into averages, shares, months and routes.
import { said } from "../services/i18n/text";
import crypto from "node:crypto";
import { sql, type AliasedRawBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { DomainError } from "../services/domain-error";
import { companyIdOf } from "../orders/flight/book";
import { AIRLINES } from "../inventory/data/airlines";
import { addDays } from "../../src/domain/travel/dates";
import { maskCertNo } from "../../src/domain/people/certificates";
import { REPORT_PRODUCT, REPORT_TOP_REASONS, REPORT_TOP_ROUTES, REPORT_TOP_TRAVELLERS, REPORT_TYPES, UNASSIGNED_DEPARTMENT_ID, ZERO_SUMS, addSums, advanceBuckets, fillMonths, isFlightReport, rankRows, regroupFlights, rowOf, type GroupSums, type OverStandardStats, type ReportInput, type ReportReply, type ReportRow, type ReportType } from "../../src/domain/reports";
import { permille, roundDiv } from "../../src/domain/report-figures";
import { UNASSIGNED_DEPARTMENT } from "../settlement/statements";
import { notIndexed } from "../people/search";

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
  if (!companyId) throw new DomainError("notFound", said("people.companyInformationWasFound"));
  const { departmentId } = input;
  if (departmentId !== undefined && departmentId !== UNASSIGNED_DEPARTMENT_ID) {
    // Another company's department is as unknown here as a missing one.
    const d = await db.selectFrom("departments").select("id").where("id", "=", departmentId).where("companyId", "=", companyId).executeTakeFirst();
    if (!d) throw new DomainError("badInput", said("reports.departmentFound"));
  }
  return { companyId, type, startDate: input.startDate, endDate: input.endDate, departmentId };
}

/** The summary tables (migrations 092 and 136), by the grain of their rows. */
type DayTable = "report_days" | "report_traveller_days" | "report_reason_days" | "report_company_days";
type MonthTable = "report_months" | "report_advance_months" | "report_title_months" | "report_traveller_months" | "report_reason_months" | "report_company_months";
/** The monthly tables that keep the booker, and so can be read for a department. */
const BY_BOOKER: ReadonlySet<MonthTable> = new Set(["report_months", "report_reason_months"]);
type Summary = DayTable | MonthTable;
/** The summaries that keep every kind of order (spend, refunded, neither), not spend only. */
const KINDS: ReadonlySet<Summary> = new Set(["report_days", "report_months", "report_company_days", "report_company_months"]);
// The union of a range's parts is built over several tables whose rows have the same columns;
// Kysely types a query by its tables, so the parts are handled as untyped builders here and the
// grouped rows are typed where they are read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the summary tables are chosen at run time
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * The range as whole calendar months (read from a monthly summary) and the days before and
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

/**
 * Keeps the rows of bookers in the scope's department. The department of an order is its
 * booker's, as the company's staff list has it now (so it is looked up here, not stored).
 */
export function inDepartment(db: Kysely<Database>, q: AnyQuery, s: Pick<ReportScope, "companyId" | "departmentId">): AnyQuery {
  if (s.departmentId === undefined) return q;
  const inDepartments = (dept: number | null) =>
    db
      .selectFrom("members as m")
      .innerJoin("employees as e", "e.id", "m.creditEmployeeId")
      .select("m.id")
      .where("e.companyId", "=", s.companyId)
      .where("e.departmentId", dept === null ? "is not" : "=", dept);
  const memberId = sql.ref<number>("memberId");
  return s.departmentId === UNASSIGNED_DEPARTMENT_ID
    ? q.where((eb) => eb(memberId, "not in", inDepartments(null)))
    : q.where((eb) => eb(memberId, "in", inDepartments(s.departmentId!)));
}

export interface Read {
  /** The summary read day by day, and the one read by month (null: day by day only). */
  days: DayTable;
  months: MonthTable | null;
  products: readonly string[];
  /** Only spend (kind 1) rows, for the tables that keep other kinds too. */
  spend?: boolean;
  /** Each part's columns: from a day row and from a month row. */
  dayColumns: (AliasedRawBuilder<string, string> | string)[];
  monthColumns: (AliasedRawBuilder<string, string> | string)[];
}

/**
 * The rows of one summary over the scope: whole months from the monthly table and the days around
 * them from the daily one, or every day from the daily one when there are no whole months, no
 * monthly table, or a department the monthly table cannot tell (those without the booker).
 */
export function parts(db: Kysely<Database>, s: Omit<ReportScope, "type">, r: Read): AnyQuery {
  const byBooker = r.months !== null && BY_BOOKER.has(r.months);
  const split = r.months && (s.departmentId === undefined || byBooker) ? monthsAndDays(s.startDate, s.endDate) : { months: null, days: [[s.startDate, s.endDate] as [string, string]] };
  const base = (table: Summary) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the summary table is chosen at run time
    let q: AnyQuery = (db as Kysely<any>).selectFrom(table).where("companyId", "=", s.companyId).where("product", "in", [...r.products]);
    if (r.spend && KINDS.has(table)) q = q.where("kind", "=", SPEND);
    return inDepartment(db, q, s);
  };
  const queries: AnyQuery[] = split.days.map(([from, to]) => base(r.days).where("day", ">=", from).where("day", "<=", to).select(r.dayColumns));
  if (split.months) queries.unshift(base(r.months!).where("month", ">=", split.months[0]).where("month", "<=", split.months[1]).select(r.monthColumns));
  return queries.slice(1).reduce((all, q) => all.unionAll(q), queries[0]);
}

const ORDER_SUMS = ["orders", "spendFen", "selfPayFen", "ticketFen", "fareOrders", "fareTicketFen", "fullFareFen"] as const;
/** Over-standard orders and their amount (report_days and report_months only). */
const OVER_SUMS = ["overOrders", "overFen"] as const;
export const summed = (columns: readonly string[]) => columns.map((c) => sql<number>`sum(${sql.ref(`t.${c}`)})`.as(c));

/** Groups the parts by `groups`, summing `sums`; a group whose orders all moved elsewhere is none. */
export function grouped<R>(db: Kysely<Database>, union: AnyQuery, groups: string[], sums: readonly string[], having: string): Promise<R[]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a union of the summary tables has no table type
  return (db as Kysely<any>)
    .selectFrom(union.as("t"))
    .select([...groups.map((g) => `t.${g}`), ...summed(sums)])
    .groupBy(groups.map((g) => `t.${g}`))
    .having(sql<SqlBool>`sum(${sql.ref(`t.${having}`)}) > 0`)
    .execute() as Promise<R[]>;
}

type SumRow = { orders: unknown; spendFen: unknown; selfPayFen: unknown; ticketFen: unknown; fareOrders: unknown; fareTicketFen: unknown; fullFareFen: unknown };

function sumsOf(r: SumRow): GroupSums {
  return {
    orders: toCount(r.orders),
    spendFen: toCount(r.spendFen),
    selfPayFen: toCount(r.selfPayFen),
    ticketFen: toCount(r.ticketFen),
    fareOrders: toCount(r.fareOrders),
    fareTicketFen: toCount(r.fareTicketFen),
    fullFareFen: toCount(r.fullFareFen),
  };
}

export const SPEND = 1;
const REFUNDED = 2;
const monthOfDay = sql<string>`substr(day, 1, 7)`.as("month");
const TRAVELLER_COLUMNS = ["certType", "certNo", "name", "tickets", "spendFen", "ticketFen"];

export async function companyReport(db: Kysely<Database>, s: ReportScope): Promise<ReportReply> {
  const product = REPORT_PRODUCT[s.type];
  const mine = [product];

  // The whole company's months come from its own totals; a department's from its bookers' rows.
  const whole = s.departmentId === undefined;

  const [monthly, advanceRows, byBooker, byTitle, byTraveller, reasons] = await Promise.all([
    // 1. Every product by month and kind: the chart, this product's totals, refunds, changes and over-standard orders.
    grouped<SumRow & { product: string; month: string; kind: unknown; changed: unknown; overOrders: unknown; overFen: unknown }>(
      db,
      parts(db, s, {
        days: whole ? "report_company_days" : "report_days", months: whole ? "report_company_months" : "report_months", products: Object.values(REPORT_PRODUCT),
        dayColumns: ["product", monthOfDay, "kind", ...ORDER_SUMS, "changed", ...OVER_SUMS], monthColumns: ["product", "month", "kind", ...ORDER_SUMS, "changed", ...OVER_SUMS],
      }),
      ["product", "month", "kind"], [...ORDER_SUMS, "changed", ...OVER_SUMS], "orders",
    ),
    // 2-4. This product's spend by days booked ahead, by booker, by title.
    grouped<{ advance: unknown; orders: unknown }>(
      db,
      parts(db, s, { days: "report_days", months: "report_advance_months", products: mine, spend: true, dayColumns: ["advance", "orders"], monthColumns: ["advance", "orders"] }),
      ["advance"], ["orders"], "orders",
    ),
    grouped<SumRow & { memberId: unknown }>(
      db,
      parts(db, s, { days: "report_days", months: "report_months", products: mine, spend: true, dayColumns: ["memberId", ...ORDER_SUMS], monthColumns: ["memberId", ...ORDER_SUMS] }),
      ["memberId"], ORDER_SUMS, "orders",
    ),
    grouped<SumRow & { title: string }>(
      db,
      parts(db, s, { days: "report_days", months: "report_title_months", products: mine, spend: true, dayColumns: ["title", ...ORDER_SUMS], monthColumns: ["title", ...ORDER_SUMS] }),
      ["title"], ORDER_SUMS, "orders",
    ),
    // 5. Its travellers: the name is the greatest they were booked under (a passenger may be renamed).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a derived table of the parts has no table type
    (db as Kysely<any>)
      .selectFrom(
        parts(db, s, { days: "report_traveller_days", months: "report_traveller_months", products: mine, dayColumns: TRAVELLER_COLUMNS, monthColumns: TRAVELLER_COLUMNS }).as("t"),
      )
      .select(["t.certType", "t.certNo", sql<string | null>`max(case when ${sql.ref("t.tickets")} > 0 then ${sql.ref("t.name")} end)`.as("name"), ...summed(["tickets", "spendFen", "ticketFen"])])
      .groupBy(["t.certType", "t.certNo"])
      .having(sql<SqlBool>`sum(${sql.ref("t.tickets")}) > 0`)
      .execute() as unknown as Promise<TravellerGroup[]>,
    // 6. Its over-standard orders' reasons.
    overReasons(db, s),
  ]);

  // Summary, months, refunds and changes from the monthly groups.
  let total = ZERO_SUMS;
  let refunds = { orders: 0, amountFen: 0 };
  let changes = 0;
  let over = { orders: 0, amountFen: 0 };
  const points: { product: ReportType; day: string; orders: number; spendFen: number }[] = [];
  for (const r of monthly) {
    const type = PRODUCT_TYPE.get(r.product);
    if (!type) continue;
    const sums = sumsOf(r);
    const kind = toCount(r.kind);
    if (r.product === product) changes += toCount(r.changed);
    if (kind === REFUNDED && r.product === product) refunds = { orders: refunds.orders + sums.orders, amountFen: refunds.amountFen + sums.spendFen };
    if (kind !== SPEND) continue;
    points.push({ product: type, day: String(r.month), orders: sums.orders, spendFen: sums.spendFen - sums.selfPayFen });
    if (r.product !== product) continue;
    total = addSums(total, sums);
    over = { orders: over.orders + toCount(r.overOrders), amountFen: over.amountFen + toCount(r.overFen) };
  }
  const companySpendFen = total.spendFen - total.selfPayFen;
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
      spendFen: companySpendFen,
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
      refunds: { ...refunds, feeFen: null },
      changes: { orders: changes, feeFen: null },
      overStandard: overStandardOf(over, total.orders, reasons),
    },
    months: fillMonths(s.startDate, s.endDate, points),
    advance: buckets,
    byDepartment: await departmentRows(db, s.companyId, byBooker.map((r) => ({ memberId: toCount(r.memberId), ...sumsOf(r) })), companySpendFen),
    // A traveller's tickets are counted whole (who paid which part is known per order, not per ticket).
    ...travellerRows(byTraveller, total.spendFen),
    ...routeRows(s.type, byTitle.map((r) => ({ title: r.title, ...sumsOf(r) })), companySpendFen),
  };
}

function overStandardOf(over: { orders: number; amountFen: number }, orders: number, reasons: { reason: string | null; orders: number }[]): OverStandardStats {
  return { orders: over.orders, ratePermille: permille(over.orders, orders), amountFen: over.amountFen, reasons };
}

/** The reasons given for the scope's over-standard spend orders of its product, most orders first. */
export async function overReasons(db: Kysely<Database>, s: ReportScope): Promise<{ reason: string | null; orders: number }[]> {
  const product = REPORT_PRODUCT[s.type];
  const rows = await grouped<{ reason: string; orders: unknown }>(
    db,
    parts(db, s, { days: "report_reason_days", months: "report_reason_months", products: [product], dayColumns: ["reason", "orders"], monthColumns: ["reason", "orders"] }),
    ["reason"], ["orders"], "orders",
  );
  // The summaries keep no reason as '': none given.
  return rows
    .map((r) => ({ reason: r.reason || null, orders: toCount(r.orders) }))
    .sort((a, b) => b.orders - a.orders || (a.reason ?? "").localeCompare(b.reason ?? "", "zh-CN"))
    .slice(0, REPORT_TOP_REASONS);
}

/** Bookers' sums rolled up to their departments (looked up for the few bookers there are). */
async function departmentRows(db: Kysely<Database>, companyId: number, bookers: ({ memberId: number } & GroupSums)[], totalSpendFen: number): Promise<ReportRow[]> {
  if (!bookers.length) return [];
  // Booker by booker through primary keys: SQLite would otherwise walk the company's whole staff
  // and test each against every booker, a cost of staff times bookers.
  const places = await db
    .selectFrom("members as m")
    .innerJoin("employees as e", "e.id", "m.creditEmployeeId")
    .innerJoin("departments as d", "d.id", "e.departmentId")
    .select(["m.id", "d.id as departmentId", "d.name"])
    .where("m.id", "in", bookers.map((b) => b.memberId))
    .where(notIndexed(db, "e.companyId", companyId))
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
  return { byTraveller: rankRows(rows).slice(0, REPORT_TOP_TRAVELLERS).map((r) => ({ ...r, selfPayFen: null })), travellerCount: rows.length };
}

function routeRows(type: ReportType, titles: ({ title: string } & GroupSums)[], totalSpendFen: number) {
  if (isFlightReport(type)) {
    const { byRoute, byAirline } = regroupFlights(titles, airlineName, totalSpendFen);
    return { byRoute: byRoute.slice(0, REPORT_TOP_ROUTES), routeCount: byRoute.length, byAirline };
  }
  const byRoute = rankRows(titles.map((t) => rowOf(t.title, t.title, t, totalSpendFen)));
  return { byRoute: byRoute.slice(0, REPORT_TOP_ROUTES), routeCount: byRoute.length, byAirline: [] };
}

