// Summaries the company spend reports read (migration 092), kept by triggers on the orders, their
// passengers and events. Sums are integer fen; PostgreSQL answers sums as text (bigint).

/** A company's orders of one report product by booking day (China date), booker, kind, days ahead and title. */
export interface ReportDaysTable {
  companyId: number;
  /** air, intlAir, train, hotel or car. */
  product: string;
  day: string;
  memberId: number;
  /** 1 spend, 2 refunded, 0 neither (counted for changes only). */
  kind: number;
  /** Whole days from the booking day to departure. */
  advance: number;
  title: string;
  orders: number;
  spendFen: number;
  ticketFen: number;
  /** Orders with a known full fare, their ticket part and that full fare. */
  fareOrders: number;
  fareTicketFen: number;
  fullFareFen: number;
  /** Orders that went through a completed change. */
  changed: number;
  /** Migration 103: orders booked over the travel standard and their amount; the travellers' own part (超标自付). */
  overOrders: number;
  overFen: number;
  selfPayFen: number;
}

/** The same by booking month, booker and kind only. */
export interface ReportMonthsTable {
  companyId: number;
  product: string;
  /** YYYY-MM */
  month: string;
  memberId: number;
  kind: number;
  orders: number;
  spendFen: number;
  ticketFen: number;
  fareOrders: number;
  fareTicketFen: number;
  fullFareFen: number;
  changed: number;
  overOrders: number;
  overFen: number;
  selfPayFen: number;
}

/** Spend orders of the whole company by booking month and days booked ahead. */
export interface ReportAdvanceMonthsTable {
  companyId: number;
  product: string;
  month: string;
  advance: number;
  orders: number;
}

/** Spend orders of the whole company by booking month and title. */
export interface ReportTitleMonthsTable {
  companyId: number;
  product: string;
  month: string;
  title: string;
  orders: number;
  spendFen: number;
  ticketFen: number;
  fareOrders: number;
  fareTicketFen: number;
  fullFareFen: number;
  /** Migration 103: the travellers' own part (超标自付). */
  selfPayFen: number;
}

/** The passengers of spend orders by report product, booking day, booker and certificate. */
export interface ReportTravellerDaysTable {
  companyId: number;
  product: string;
  day: string;
  memberId: number;
  certType: number;
  certNo: string;
  name: string;
  tickets: number;
  spendFen: number;
  ticketFen: number;
}

/** The same by booking month, for the whole company. */
export interface ReportTravellerMonthsTable {
  companyId: number;
  product: string;
  /** YYYY-MM */
  month: string;
  certType: number;
  certNo: string;
  name: string;
  tickets: number;
  spendFen: number;
  ticketFen: number;
}

/** Migration 136: over-standard spend orders by report product, booking day, booker and reason ('' for none). */
export interface ReportReasonDaysTable {
  companyId: number;
  product: string;
  day: string;
  memberId: number;
  reason: string;
  orders: number;
}

/** The same by booking month. */
export interface ReportReasonMonthsTable {
  companyId: number;
  product: string;
  /** YYYY-MM */
  month: string;
  memberId: number;
  reason: string;
  orders: number;
}

/** Migration 136: a company's orders by report product, booking day and kind, with report_days' sums. */
export interface ReportCompanyDaysTable {
  companyId: number;
  product: string;
  day: string;
  kind: number;
  orders: number;
  spendFen: number;
  ticketFen: number;
  fareOrders: number;
  fareTicketFen: number;
  fullFareFen: number;
  changed: number;
  overOrders: number;
  overFen: number;
  selfPayFen: number;
}

/** The same by booking month (YYYY-MM). */
export type ReportCompanyMonthsTable = Omit<ReportCompanyDaysTable, "day"> & { month: string };
