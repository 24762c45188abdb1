// Train orders. The order itself is a row of `orders` (product "train", its seats' hold in
// `holdId`), so the cashier, the ledger and the timeline (`order_events`) serve it like a flight
// or a hotel stay; what only a train ticket has lives here: the train and seat class as booked
// (after a change, the new one), and one row per passenger with the fare by ticket type and the
// seat once issued. Money is integer fen.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("train_orders"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("trainKey", "text", (c) => c.notNull())
    .addColumn("trainNo", "text", (c) => c.notNull())
    .addColumn("trainTypeName", "text", (c) => c.notNull())
    .addColumn("fromStation", "text", (c) => c.notNull())
    .addColumn("toStation", "text", (c) => c.notNull())
    .addColumn("depDate", "text", (c) => c.notNull())
    .addColumn("depTime", "text", (c) => c.notNull())
    .addColumn("arrDate", "text", (c) => c.notNull())
    .addColumn("arrTime", "text", (c) => c.notNull())
    .addColumn("durationMin", "integer", (c) => c.notNull())
    // The departure instant (ISO): the refund fee's time band counts from it.
    .addColumn("departAt", "text", (c) => c.notNull())
    .addColumn("seatClass", "text", (c) => c.notNull())
    .addColumn("seatName", "text", (c) => c.notNull())
    .addColumn("ticketNo", "text")
    .addColumn("changedFrom", "text")
    .addColumn("feeFen", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("refundFen", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("train_orders_order_uq").on("train_orders").column("orderId").unique().execute();

  await withId(db, db.schema.createTable("train_order_passengers"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("certType", "integer", (c) => c.notNull())
    .addColumn("certNo", "text", (c) => c.notNull())
    .addColumn("passengerType", "text", (c) => c.notNull()) // adult | child
    .addColumn("fareFen", "integer", (c) => c.notNull())
    .addColumn("seatNo", "text")
    .addColumn("refundFeeFen", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("train_order_passengers_order_idx").on("train_order_passengers").columns(["orderId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["train_order_passengers", "train_orders"]) await db.schema.dropTable(t).ifExists().execute();
}
