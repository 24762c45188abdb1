// The enterprise workbench's spend figures (/member/center/companyspend): this month so far
// against the same days of last month (China dates), by product, with the over-standard rate,
// the top travellers and the approvals waiting. Money is integer fen; rates are ‰ half up.
import { addDays } from "./travel/dates";
import { type ReportType } from "./reports";
import { permille } from "./report-figures";

export const SPEND_OVERVIEW_PATH = "/member/center/companyspend";
/** Travellers listed, by the company's spend. */
export const TOP_TRAVELLERS = 5;

export interface Period {
  startDate: string;
  endDate: string;
}

/**
 * The month so far (its first day to `today`) and last month's same days: its first day to the
 * same day of the month, or its last day when it has no such day (31 March → 28/29 February).
 */
export function monthToDate(today: string): { current: Period; previous: Period } {
  const first = `${today.slice(0, 7)}-01`;
  const prevLast = addDays(first, -1);
  const prevFirst = `${prevLast.slice(0, 7)}-01`;
  const sameDay = `${prevLast.slice(0, 8)}${today.slice(8, 10)}`;
  return { current: { startDate: first, endDate: today }, previous: { startDate: prevFirst, endDate: sameDay < prevLast ? sameDay : prevLast } };
}

/** The change from `previous` to `current` in ‰ of `previous` (half up, away from zero); null from nothing. */
export function changePermille(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  const p = permille(Math.abs(current - previous), previous)!;
  return current < previous ? -p : p;
}

export interface ProductSpend {
  type: ReportType;
  orders: number;
  /** The company's spend (what travellers paid themselves is not in it). */
  spendFen: number;
  previousOrders: number;
  previousSpendFen: number;
}

export interface TopTraveller {
  memberId: number;
  name: string;
  orders: number;
  spendFen: number;
}

export interface SpendOverview {
  today: string;
  current: Period;
  previous: Period;
  /** Approvals waiting for the caller's decision, trip applications and orders. */
  approvals: { trip: number; order: number };
  /** Every report product, in the reports' order. */
  products: ProductSpend[];
  total: { orders: number; spendFen: number; previousOrders: number; previousSpendFen: number; selfPayFen: number };
  overStandard: { orders: number; ratePermille: number | null; amountFen: number };
  topTravellers: TopTraveller[];
}
