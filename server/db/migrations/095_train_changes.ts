// A change of a train ticket to a dearer train or seat waits for its difference, as on 12306: the
// new seats are held and the change kept here (the new train, the quote, the difference to pay and
// the end of the payment window) until it is paid (confirmed), runs out (declined) or the member
// withdraws it (cancelled); the original ticket stays valid all that time. A change no dearer
// completes at once and keeps no row.
// Train orders gain 改签待支付 (8): a paid, ticketed order waiting for such a difference, so still
// spend in the company reports. The report summaries' triggers have the spend statuses built in,
// so they are dropped and built again from the orders with train's 8 among them.
import type { Kysely } from "kysely";
import { withId } from "./helpers";
import {
  buildSummaries, dropSummaries, SUMMARY_REFUND_STATUSES as REFUND_092, SUMMARY_SPEND_STATUSES as SPEND_092, type SummarySets,
} from "./092_report_summaries";

export { SUMMARY_CHANGE_ACTION, SUMMARY_PRODUCTS, SUMMARY_TABLES } from "./092_report_summaries";

export const SUMMARY_SPEND_STATUSES: Readonly<Record<string, readonly number[]>> = { ...SPEND_092, train: [1, 2, 3, 8] };
export const SUMMARY_REFUND_STATUSES = REFUND_092;

const SETS: SummarySets = { spend: SUMMARY_SPEND_STATUSES, refund: SUMMARY_REFUND_STATUSES };

/** The summaries dropped and built again from the orders with these status sets. */
export async function rebuildSummaries(db: Kysely<any>, sets: SummarySets = SETS): Promise<void> {
  await dropSummaries(db);
  await buildSummaries(db, sets);
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("train_changes"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("fromHoldId", "text")
    .addColumn("toTrainKey", "text", (c) => c.notNull())
    .addColumn("toSeatClass", "text", (c) => c.notNull())
    .addColumn("toHoldId", "text", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull()) // JSON: the new train as the order keeps it
    .addColumn("quote", "text", (c) => c.notNull()) // JSON: TrainChangeQuote
    .addColumn("payFen", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // awaitingPayment | confirmed | declined | cancelled
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("train_changes_order_idx").on("train_changes").columns(["orderId", "id"]).execute();
  await rebuildSummaries(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildSummaries(db, { spend: SPEND_092, refund: REFUND_092 });
  await db.schema.dropTable("train_changes").ifExists().execute();
}
