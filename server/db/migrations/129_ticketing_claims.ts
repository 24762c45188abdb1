// The operator console's ticketing queue: an operator takes a paid order waiting for its tickets
// (a claim, one per order, so of two operators taking it at once exactly one holds it), then
// enters its tickets or fails it. The embedded supplier's automatic ticketing leaves a held order
// alone. The queue lists orders by status and how long they have waited, read by index.
// Flight orders gain 出票失败 (14): the tickets could not be issued and the whole price went back.
// Such an order's money went back, so the company reports count it refunded; the report
// summaries' triggers have the refund statuses built in, so they are dropped and built again from
// the orders with flight's 14 among them (with the sums of migration 103).
import type { Kysely } from "kysely";
import { withId } from "./helpers";
import { buildSummaries, dropSummaries, SUMMARY_REFUND_STATUSES as REFUND_092 } from "./092_report_summaries";
import { SUMMARY_EXTRAS, SUMMARY_SPEND_STATUSES, rebuildSummaries as rebuildAs103 } from "./103_report_over_standard";

export { SUMMARY_CHANGE_ACTION, SUMMARY_PRODUCTS, SUMMARY_TABLES, SUMMARY_SPEND_STATUSES } from "./103_report_over_standard";

export const SUMMARY_REFUND_STATUSES: Readonly<Record<string, readonly number[]>> = { ...REFUND_092, air: [...REFUND_092.air, 14] };

/** The summaries dropped and built again from the orders, with these status sets and migration 103's sums. */
export async function rebuildSummaries(db: Kysely<any>): Promise<void> {
  await dropSummaries(db);
  await buildSummaries(db, { spend: SUMMARY_SPEND_STATUSES, refund: SUMMARY_REFUND_STATUSES }, SUMMARY_EXTRAS);
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("ticketing_claims"))
    .addColumn("orderId", "integer", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
    .addColumn("operatorId", "integer", (c) => c.notNull().references("operators.id").onDelete("cascade"))
    .addColumn("takenAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ticketing_claims_operator_idx").on("ticketing_claims").columns(["operatorId", "orderId"]).execute();
  // Waiting orders are few among all orders: the queue reads them by status, oldest first.
  await db.schema.createIndex("orders_status_waiting_idx").on("orders").columns(["status", "updateTime", "id"]).execute();
  await rebuildSummaries(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildAs103(db);
  await db.schema.dropIndex("orders_status_waiting_idx").ifExists().execute();
  await db.schema.dropTable("ticketing_claims").ifExists().execute();
}
