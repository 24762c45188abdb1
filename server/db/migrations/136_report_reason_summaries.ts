// The spend report's over-standard reasons from summaries, as the rest of the report. They were
// read from the over-standard orders themselves (a partial index of them), a read that grew with
// the orders; now the triggers that keep the report summaries also keep, in the same statement
// as the order's write:
// - report_reason_days: a company's over-standard spend orders by report product, booking day
//   (China date), booker and reason given ('' for none), with their count;
// - report_reason_months: the same by booking month.
// Both keep the booker, so a report for one department reads the months too.
// The summaries are dropped and built again from the orders (every existing order counted), with
// the status sets and sums of migration 103, and the partial index, now read by nothing, goes.
import { sql, type Kysely } from "kysely";
import { buildSummaries, dropSummaries, type OrderSummary, type SummaryExtras } from "./092_report_summaries";
import { SUMMARY_EXTRAS as EXTRAS_103, SUMMARY_REFUND_STATUSES, SUMMARY_SPEND_STATUSES, SUMMARY_TABLES as TABLES_103 } from "./103_report_over_standard";
import * as m103 from "./103_report_over_standard";

export { SUMMARY_CHANGE_ACTION, SUMMARY_PRODUCTS, SUMMARY_REFUND_STATUSES, SUMMARY_SPEND_STATUSES } from "./103_report_over_standard";

const REASON_SUMMARIES: OrderSummary[] = [
  { table: "report_reason_days", key: ["companyId", "product", "day", "memberId", "reason"], sums: ["orders"], spendOnly: true, overOnly: true },
  { table: "report_reason_months", key: ["companyId", "product", "month", "memberId", "reason"], sums: ["orders"], spendOnly: true, overOnly: true },
];
const REASON_TABLES = REASON_SUMMARIES.map((s) => s.table);

export const SUMMARY_TABLES = [...TABLES_103, ...REASON_TABLES];

export const SUMMARY_EXTRAS: SummaryExtras = {
  sums: EXTRAS_103.sums,
  orderColumns: [...EXTRAS_103.orderColumns, "overReasons"],
  tables: REASON_SUMMARIES,
};

async function dropAll(db: Kysely<any>): Promise<void> {
  await dropSummaries(db);
  for (const t of REASON_TABLES) await sql.raw(`drop table if exists ${t}`).execute(db);
}

/** The summaries dropped and built again from the orders, with the reasons. */
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
  // As 103 left them: its summaries and its index.
  await m103.up(db);
}
