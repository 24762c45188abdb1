// Spend reports of a company (ReportDetailed): what the report asks for, what it answers, and the
// arithmetic that is not SQL — averages, shares and rates (rounded in report-figures.ts), months
// with no orders filled in, flights regrouped by route and airline. Money is integer fen throughout;
// every rounding below is "half up" on integers, so no float ever decides a fen or a permille.
import { trLazy } from "./tr";
import { z } from "zod";
import { zInt } from "./zod";
import { codeTable, type CodeTable } from "./codes";
import { zDate } from "./travel/schemas";
import { daysBetween } from "./travel/dates";
import { childCabinPrice, type PassengerType } from "./travel/air-fares";
import { FLIGHT_ORDER_STATUS as S } from "./orders/flight";
import { HOTEL_ORDER_STATUS as H } from "./orders/hotel";
import { TRAIN_ORDER_STATUS as T } from "./orders/train";
import { roundDiv, permille } from "./report-figures";

// ---- report types ----

export const REPORT_TYPES = ["domAir", "intlAir", "train", "hotel", "car"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/**
 * The product each report reads. Flight orders are stored as "air"; the international ones carry
 * orders.international = 1 and are read as "intlAir". Trains, hotels and cars each have their own
 * value, so their reports are real queries that answer zeros until such orders exist.
 */
export const REPORT_PRODUCT: Readonly<Record<ReportType, string>> = {
  domAir: "air",
  intlAir: "intlAir",
  train: "train",
  hotel: "hotel",
  car: "car",
};

export const REPORT_TITLES: CodeTable<ReportType> = codeTable("reportTitle", REPORT_TYPES);

export function isReportType(value: unknown): value is ReportType {
  return typeof value === "string" && (REPORT_TYPES as readonly string[]).includes(value);
}

/** Flight reports have airlines, fares and discounts; the others group by route/city only. */
export const isFlightReport = (type: ReportType): boolean => type === "domAir" || type === "intlAir";

// ---- which orders count ----

/**
 * Orders whose money was spent and stays spent: paid, being ticketed, ticketed, changed, or with a
 * refund or change asked for but not yet done. Unpaid (0) and cancelled-unpaid (12) orders never
 * cost anything and are in no figure.
 */
export const SPEND_STATUSES: readonly number[] = [S.paid, S.ticketing, S.ticketed, S.changed, S.refundRequested, S.refundProcessing, S.changeRequested];
/** Paid orders whose money went (or is going) back: refunded ticket, voided, rejected by the airline, refunded money, failed to ticket. */
export const REFUND_STATUSES: readonly number[] = [S.ticketRefunded, S.voided, S.moneyRefunded, S.rejected, S.ticketFailed];
/**
 * The same two sets per product: each product has its own status codes (a hotel's 4 is a completed
 * stay, a flight's 4 a refunded ticket). Hotels: paid and awaiting the hotel, confirmed, checked in
 * or completed; refunded. Trains: paid and being issued, ticketed, changed, or with a dearer change
 * waiting for its difference (the original ticket still holds); refunded, or failed to issue and
 * paid back.
 */
// The report summaries' triggers (server migrations 092, rebuilt by 095, 103 and 129) have these sets, the
// products and the change action built in, and a test holds them equal: changing one needs a
// migration that recreates the triggers and rebuilds the summaries.
export const SPEND_STATUSES_BY_PRODUCT: Readonly<Record<string, readonly number[]>> = {
  air: SPEND_STATUSES,
  hotel: [H.pendingConfirm, H.confirmed, H.checkedIn, H.completed],
  train: [T.ticketing, T.ticketed, T.changed, T.changePending],
};
export const REFUND_STATUSES_BY_PRODUCT: Readonly<Record<string, readonly number[]>> = {
  air: REFUND_STATUSES,
  hotel: [H.refunded],
  train: [T.refunded, T.ticketFailed],
};

/** The order event that records a completed change. */
export const CHANGE_ACTION = "confirmChange";

// ---- input ----

/** One report covers at most a year (13 calendar months at most). */
export const REPORT_MAX_DAYS = 366;
/** Travellers listed by spend; the reply says how many there are in all. */
export const REPORT_TOP_TRAVELLERS = 50;
/** Routes listed by spend. */
export const REPORT_TOP_ROUTES = 50;
/** Over-standard reasons listed, most orders first. */
export const REPORT_TOP_REASONS = 5;
/** Orders of a booker who belongs to no department (the administrator, employees without one). */
export const UNASSIGNED_DEPARTMENT_ID = 0;

const rangeShape = {
  startDate: zDate("开始日期"),
  endDate: zDate("结束日期"),
  /** 0: no department (see UNASSIGNED_DEPARTMENT_ID). */
  departmentId: zInt({ min: 0, max: 2_147_483_647, error: trLazy("部门编号不正确") }).optional(),
};

function rangeProblem(v: { startDate: string; endDate: string }): string | null {
  const span = daysBetween(v.startDate, v.endDate);
  if (span < 0) return "开始日期不能晚于结束日期";
  if (span + 1 > REPORT_MAX_DAYS) return `查询区间最长 ${REPORT_MAX_DAYS} 天`;
  return null;
}

// Any report input object: each names its own fields, and the range check reads only the dates.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generic over every report schema
const withRange = <T extends z.ZodObject<any>>(schema: T) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed input of whichever schema T is
  schema.superRefine((v: any, ctx) => {
    const problem = rangeProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["endDate"] });
  });

export const reportInputSchema = withRange(z.object(rangeShape).strict());
export type ReportInput = z.output<typeof reportInputSchema>;

export const REPORT_DIMENSIONS = ["department", "traveller", "route", "airline", "month"] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export const reportExportSchema = withRange(
  z
    .object({
      ...rangeShape,
      dimension: z.enum(REPORT_DIMENSIONS, { error: trLazy("导出维度只能是部门、出行人、航线、航空公司或月份") }),
    })
    .strict(),
);
export type ReportExportInput = z.output<typeof reportExportSchema>;

/** The catalogue paths of one report type. */
export const reportPaths = (type: ReportType) => ({ detail: `/report/${type}/detail`, excel: `/report/${type}/excel` });

// ---- the full fare of a flight order ----

/**
 * What the tickets of an order would have cost at the cabin's full fare (the savings basis):
 * adults the cabin's published full fare, children the child fare of that full fare (as if the
 * adult had paid it), infants their own fare (never discounted).
 */
export function flightFullFareFen(parPrice: number, infantFen: number, types: readonly PassengerType[], international: boolean): number {
  let sum = 0;
  for (const t of types) sum += t === "ADT" ? parPrice : t === "CHD" ? childCabinPrice(parPrice, parPrice, international) : infantFen;
  return sum;
}

// ---- the reply ----

/** Sums a group carries from SQL: spend orders only. */
export interface GroupSums {
  orders: number;
  /** What the orders cost in all: the company's spend and the travellers' own part (selfPayFen). */
  spendFen: number;
  /** The part the travellers paid themselves (超标自付): not the company's spend. */
  selfPayFen: number;
  /** Ticket (fare) part of the spend, without taxes, fees and insurance. */
  ticketFen: number;
  /** Orders among them whose full fare is known, with their ticket part and full fare. */
  fareOrders: number;
  fareTicketFen: number;
  fullFareFen: number;
}

export const ZERO_SUMS: GroupSums = { orders: 0, spendFen: 0, selfPayFen: 0, ticketFen: 0, fareOrders: 0, fareTicketFen: 0, fullFareFen: 0 };

export function addSums(a: GroupSums, b: GroupSums): GroupSums {
  return {
    orders: a.orders + b.orders,
    spendFen: a.spendFen + b.spendFen,
    selfPayFen: a.selfPayFen + b.selfPayFen,
    ticketFen: a.ticketFen + b.ticketFen,
    fareOrders: a.fareOrders + b.fareOrders,
    fareTicketFen: a.fareTicketFen + b.fareTicketFen,
    fullFareFen: a.fullFareFen + b.fullFareFen,
  };
}

export interface ReportRow {
  key: string;
  name: string;
  orders: number;
  /** The company's spend: the orders' amount without what travellers paid themselves. */
  spendFen: number;
  /**
   * What travellers paid themselves (超标自付); spendFen + selfPayFen is the orders' amount. Null on
   * a traveller's row: the split is known per order, not per ticket, so a traveller's spendFen is
   * what their tickets cost in all.
   */
  selfPayFen: number | null;
  /** Share of the report's spend, ‰ half up (rows need not add up to exactly 1000). */
  sharePermille: number | null;
  /** Spend per order, fen half up. */
  avgSpendFen: number | null;
  /** Paid fare ÷ full fare over the orders with a known full fare, ‰ half up. */
  discountPermille: number | null;
  /** Full fare − paid fare over the orders with a known full fare; null when none is known. */
  savingsFen: number | null;
}

export function rowOf(key: string, name: string, s: GroupSums, totalSpendFen: number): ReportRow {
  const company = s.spendFen - s.selfPayFen;
  return {
    key,
    name,
    orders: s.orders,
    spendFen: company,
    selfPayFen: s.selfPayFen,
    sharePermille: permille(company, totalSpendFen),
    avgSpendFen: roundDiv(company, s.orders),
    discountPermille: s.fareOrders ? permille(s.fareTicketFen, s.fullFareFen) : null,
    savingsFen: s.fareOrders ? s.fullFareFen - s.fareTicketFen : null,
  };
}

/** Rows by spend, largest first; ties by name so the order is stable. */
export function rankRows(rows: ReportRow[]): ReportRow[] {
  return [...rows].sort((a, b) => b.spendFen - a.spendFen || b.orders - a.orders || a.name.localeCompare(b.name, "zh-CN"));
}

/** Spend orders booked over the travel standard (the standard's verdict when they were booked). */
export interface OverStandardStats {
  orders: number;
  /** Their share of the spend orders, ‰ half up; null when there are no orders. */
  ratePermille: number | null;
  /** What they cost in all (the company's part and the travellers' own). */
  amountFen: number;
  /** The bookers' reasons, most orders first (null: none given). */
  reasons: { reason: string | null; orders: number }[];
}

export interface ReportSummary {
  orders: number;
  /** The company's spend: orderFen without the travellers' own part. */
  spendFen: number;
  /** What the spend orders cost in all: spendFen + selfPayFen. */
  orderFen: number;
  /** What travellers paid themselves of them (超标自付: wallet or Alipay/WeChat). */
  selfPayFen: number;
  /** Tickets (passengers, rooms, rides) on the spend orders. */
  tickets: number;
  /** Fare part per ticket, fen half up. */
  avgPriceFen: number | null;
  avgDiscountPermille: number | null;
  fullFareFen: number | null;
  savingsFen: number | null;
  savingsPermille: number | null;
  /** Spend orders whose full fare is known (the savings basis); older rows may lack it. */
  fareOrders: number;
  /** Days from booking (China date) to departure, averaged, tenths half up. */
  advanceDaysTenths: number | null;
  refunds: { orders: number; amountFen: number; feeFen: null };
  changes: { orders: number; feeFen: null };
  overStandard: OverStandardStats;
}

export interface MonthPoint {
  month: string;
  product: ReportType;
  orders: number;
  /** The company's spend. */
  spendFen: number;
}

export interface AdvanceBucket {
  key: string;
  label: string;
  orders: number;
}

export interface ReportReply {
  type: ReportType;
  startDate: string;
  endDate: string;
  departmentId: number | null;
  summary: ReportSummary;
  /** Every month of the range, for every product (zeros filled), the chart's data. */
  months: MonthPoint[];
  advance: AdvanceBucket[];
  byDepartment: ReportRow[];
  byTraveller: ReportRow[];
  travellerCount: number;
  byRoute: ReportRow[];
  routeCount: number;
  byAirline: ReportRow[];
}

// ---- months ----

/** Every calendar month from the start date's to the end date's, "YYYY-MM". */
export function monthsBetween(startDate: string, endDate: string): string[] {
  let y = Number(startDate.slice(0, 4));
  let m = Number(startDate.slice(5, 7));
  const endY = Number(endDate.slice(0, 4));
  const endM = Number(endDate.slice(5, 7));
  const out: string[] = [];
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** Daily (China date) sums per product rolled into months, with a zero point for every empty month. */
export function fillMonths(
  startDate: string,
  endDate: string,
  days: readonly { product: ReportType; day: string; orders: number; spendFen: number }[],
): MonthPoint[] {
  const points = new Map<string, MonthPoint>();
  for (const month of monthsBetween(startDate, endDate))
    for (const product of REPORT_TYPES) points.set(`${product}|${month}`, { month, product, orders: 0, spendFen: 0 });
  for (const d of days) {
    const p = points.get(`${d.product}|${d.day.slice(0, 7)}`);
    if (!p) continue;
    p.orders += d.orders;
    p.spendFen += d.spendFen;
  }
  return [...points.values()];
}

// ---- advance booking ----

const ADVANCE_BUCKETS: readonly { key: string; label: string; max: number }[] = [
  { key: "0-1", label: "0-1 天", max: 1 },
  { key: "2-3", label: "2-3 天", max: 3 },
  { key: "4-7", label: "4-7 天", max: 7 },
  { key: "8-14", label: "8-14 天", max: 14 },
  { key: "15+", label: "15 天以上", max: Infinity },
];

/** Orders by how many days ahead they were booked; a negative count (bad data) falls in the first. */
export function advanceBuckets(days: readonly { days: number; orders: number }[]): { buckets: AdvanceBucket[]; avgTenths: number | null } {
  const buckets = ADVANCE_BUCKETS.map((b) => ({ key: b.key, label: b.label, orders: 0 }));
  let orders = 0;
  let total = 0;
  for (const d of days) {
    const i = ADVANCE_BUCKETS.findIndex((b) => d.days <= b.max);
    buckets[i].orders += d.orders;
    orders += d.orders;
    total += Math.max(0, d.days) * d.orders;
  }
  return { buckets, avgTenths: roundDiv(total * 10, orders) };
}

// ---- flights by route and airline ----

/** The order title the flight booking writes: "北京-上海 CA1234". */
export function flightOrderTitle(depCityName: string, arrCityName: string, flightNo: string): string {
  return `${depCityName}-${arrCityName} ${flightNo}`;
}

/** Route and airline code of a flight order's title; null when the title is not one. */
export function parseFlightTitle(title: string): { route: string; airline: string } | null {
  const m = /^(.+-.+) ([A-Z0-9]{2})\d{1,4}[A-Z]?$/.exec(title);
  return m ? { route: m[1], airline: m[2] } : null;
}

/** Title groups from SQL regrouped by route and by airline (names looked up by code). */
export function regroupFlights(
  groups: readonly ({ title: string } & GroupSums)[],
  airlineName: (code: string) => string,
  totalSpendFen: number,
): { byRoute: ReportRow[]; byAirline: ReportRow[] } {
  const routes = new Map<string, GroupSums>();
  const airlines = new Map<string, GroupSums>();
  for (const g of groups) {
    const parts = parseFlightTitle(g.title);
    const route = parts?.route ?? g.title;
    const airline = parts?.airline ?? "";
    routes.set(route, addSums(routes.get(route) ?? ZERO_SUMS, g));
    airlines.set(airline, addSums(airlines.get(airline) ?? ZERO_SUMS, g));
  }
  return {
    byRoute: rankRows([...routes].map(([k, s]) => rowOf(k, k, s, totalSpendFen))),
    byAirline: rankRows([...airlines].map(([k, s]) => rowOf(k, k ? airlineName(k) : "其他", s, totalSpendFen))),
  };
}
