// The spend report's over-standard reasons from summaries, as the rest of the report, and the
// company's totals by month without one row per booker. The reasons were read from the
// over-standard orders themselves (a partial index of them), a read that grew with the orders;
// the report's months, refunds and changes were summed from rows per booker (and per day, days
// ahead and title), as many as a company's bookers are busy. Now the triggers that keep the
// report summaries also keep, in the same statement as the order's write:
// - report_reason_days: a company's over-standard spend orders by report product, booking day
//   (China date), booker and reason given ('' for none), with their count;
//   report_reason_months: the same by booking month. Both keep the booker, so a report for one
//   department reads the months too;
// - report_company_days and report_company_months: a company's orders by report product, booking
//   day (or month) and kind (1 spend, 2 refunded, 0 neither), with report_days' sums; what a
//   report of the whole company reads its months, refunds and changes from.
// The summaries are dropped and built again from the orders (every existing order counted), with
// the status sets of migration 129 (flight's 出票失败 among the refunded) and the sums of migration
// 103, and the partial index, now read by nothing, goes.
import { sql, type Kysely } from "kysely";
import { buildSummaries, dropSummaries, type OrderSummary, type SummaryExtras } from "./092_report_summaries";
import { SUMMARY_EXTRAS as EXTRAS_103, SUMMARY_TABLES as TABLES_103 } from "./103_report_over_standard";
import * as m103 from "./103_report_over_standard";
import { SUMMARY_REFUND_STATUSES, SUMMARY_SPEND_STATUSES, rebuildSummaries as rebuildAs129 } from "./129_ticketing_claims";

export { SUMMARY_CHANGE_ACTION, SUMMARY_PRODUCTS } from "./103_report_over_standard";
export { SUMMARY_REFUND_STATUSES, SUMMARY_SPEND_STATUSES } from "./129_ticketing_claims";

const REASON_SUMMARIES: OrderSummary[] = [
  { table: "report_reason_days", key: ["companyId", "product", "day", "memberId", "reason"], sums: ["orders"], spendOnly: true, overOnly: true },
  { table: "report_reason_months", key: ["companyId", "product", "month", "memberId", "reason"], sums: ["orders"], spendOnly: true, overOnly: true },
];
const COMPANY_SUMS: OrderSummary["sums"] = ["orders", "spendFen", "ticketFen", "fareOrders", "fareTicketFen", "fullFareFen", "changed", "overOrders", "overFen", "selfPayFen"];
const COMPANY_SUMMARIES: OrderSummary[] = [
  { table: "report_company_days", key: ["companyId", "product", "day", "kind"], sums: COMPANY_SUMS, spendOnly: false },
  { table: "report_company_months", key: ["companyId", "product", "month", "kind"], sums: COMPANY_SUMS, spendOnly: false },
];
const NEW_TABLES = [...REASON_SUMMARIES, ...COMPANY_SUMMARIES].map((s) => s.table);

export const SUMMARY_TABLES = [...TABLES_103, ...NEW_TABLES];

export const SUMMARY_EXTRAS: SummaryExtras = {
  sums: EXTRAS_103.sums,
  orderColumns: [...EXTRAS_103.orderColumns, "overReasons"],
  tables: [...REASON_SUMMARIES, ...COMPANY_SUMMARIES],
};

async function dropAll(db: Kysely<any>): Promise<void> {
  await dropSummaries(db);
  for (const t of NEW_TABLES) await sql.raw(`drop table if exists ${t}`).execute(db);
}

/** The summaries dropped and built again from the orders, with the reasons and the company's totals. */
export async function rebuildSummaries(db: Kysely<any>): Promise<void> {
  await dropAll(db);
  await buildSummaries(db, { spend: SUMMARY_SPEND_STATUSES, refund: SUMMARY_REFUND_STATUSES }, SUMMARY_EXTRAS);
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildSummaries(db);
  await db.schema.dropIndex("orders_over_reasons_idx").ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropAll(db);
  // As 129 left them: 103's index of over-standard orders, and the summaries with 129's status sets.
  await m103.up(db);
  await rebuildAs129(db);
}
