// The spend report's over-standard figures and the company's own spend. Orders have carried their
// standard's verdict (overStandard) and the traveller's own part of a 超标自付 order (selfPayFen)
// since they were booked; the report summaries now sum them too, so a report stays a read of the
// summaries however many orders there are:
// - report_days and report_months: over-standard orders and their amount (overOrders, overFen),
//   and the traveller's own part (selfPayFen);
// - report_title_months: the traveller's own part, so routes and cities show the company's spend.
// The summaries are dropped and built again from the orders (the triggers with these sums, and
// every existing order counted), with the status sets of migration 095.
// The top over-standard reasons are read from the over-standard orders themselves, through a
// partial index holding only those orders and every column the read needs.
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";
import { buildSummaries, dropSummaries, type SummaryExtras } from "./092_report_summaries";
import { rebuildSummaries as rebuildAs095, SUMMARY_REFUND_STATUSES, SUMMARY_SPEND_STATUSES } from "./095_train_changes";

export { SUMMARY_CHANGE_ACTION, SUMMARY_PRODUCTS, SUMMARY_TABLES, SUMMARY_REFUND_STATUSES, SUMMARY_SPEND_STATUSES } from "./095_train_changes";

export const SUMMARY_EXTRAS: SummaryExtras = {
  sums: {
    report_days: ["overOrders", "overFen", "selfPayFen"],
    report_months: ["overOrders", "overFen", "selfPayFen"],
    report_title_months: ["selfPayFen"],
  },
  orderColumns: ["overStandard", "selfPayFen"],
};

/** The summaries dropped and built again from the orders, with the over-standard and self-paid sums. */
export async function rebuildSummaries(db: Kysely<any>): Promise<void> {
  await dropSummaries(db);
  await buildSummaries(db, { spend: SUMMARY_SPEND_STATUSES, refund: SUMMARY_REFUND_STATUSES }, SUMMARY_EXTRAS);
}

const REASON_COLUMNS = ["product", "international", "status", "memberId", "overReasons"];

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildSummaries(db);
  // Only over-standard orders are in it: a report's reasons cost what its over-standard orders are.
  const include = sql.join(REASON_COLUMNS.map((c) => sql.ref(c)));
  if (isPostgres(db)) {
    await sql`create index orders_over_reasons_idx on orders ("companyId", "createTime") include (${include}) where "overStandard" = 1`.execute(db);
  } else {
    await sql`create index orders_over_reasons_idx on orders ("companyId", "createTime", ${include}) where "overStandard" = 1`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_over_reasons_idx").ifExists().execute();
  await rebuildAs095(db);
}
