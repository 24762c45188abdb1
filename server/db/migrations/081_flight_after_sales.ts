// Refunds and changes of flight orders. A refund record keeps the quote the member accepted (per
// passenger as JSON, totals in integer fen), the reason and how far the airline has got; one per
// order. A change record keeps the new fare, the seats held for it and the quote to pay, until it
// is confirmed or declined.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("flight_refunds"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("passengers", "text", (c) => c.notNull()) // JSON: RefundLine[]
    .addColumn("feeFen", "integer", (c) => c.notNull())
    .addColumn("refundFen", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // requested | processing | ticketRefunded | refunded
    .addColumn("toAccount", "text") // wallet | credit | none, once the money went back
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("flight_refunds_order_uq").on("flight_refunds").column("orderId").unique().execute();

  await withId(db, db.schema.createTable("flight_changes"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("fromFareKey", "text", (c) => c.notNull())
    .addColumn("fromHoldId", "text")
    .addColumn("toFareKey", "text", (c) => c.notNull())
    .addColumn("toHoldId", "text", (c) => c.notNull())
    .addColumn("toDepDate", "text", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull()) // JSON: the new flight and seat
    .addColumn("quote", "text", (c) => c.notNull()) // JSON: ChangeQuote
    .addColumn("payFen", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // awaitingPayment | confirming | confirmed | declined
    .addColumn("expiresAt", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("flight_changes_order_idx").on("flight_changes").columns(["orderId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["flight_changes", "flight_refunds"]) await db.schema.dropTable(t).ifExists().execute();
}
