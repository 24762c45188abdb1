// Hotel orders. The order itself is a row of `orders` (product "hotel"), so the cashier, the
// ledger and the timeline (`order_events`) serve it like a flight; what only a hotel stay has
// lives here: the stay and its rate, the price of every night as booked, one guest per room.
// Money is integer fen.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("hotel_orders"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("hotelId", "integer", (c) => c.notNull())
    .addColumn("roomTypeId", "integer", (c) => c.notNull())
    .addColumn("cityName", "text", (c) => c.notNull())
    .addColumn("hotelName", "text", (c) => c.notNull())
    .addColumn("roomName", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("bedType", "text", (c) => c.notNull())
    .addColumn("breakfast", "integer", (c) => c.notNull())
    .addColumn("cancelPolicy", "text", (c) => c.notNull()) // free | limited | none
    .addColumn("checkIn", "text", (c) => c.notNull())
    .addColumn("checkOut", "text", (c) => c.notNull())
    .addColumn("nights", "integer", (c) => c.notNull())
    .addColumn("roomCount", "integer", (c) => c.notNull())
    .addColumn("arrivalTime", "text", (c) => c.notNull())
    .addColumn("remark", "text")
    .addColumn("confirmNo", "text")
    .addColumn("penaltyFen", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("refundFen", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("hotel_orders_order_uq").on("hotel_orders").column("orderId").unique().execute();

  await withId(db, db.schema.createTable("hotel_order_nights"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("night", "text", (c) => c.notNull())
    .addColumn("priceFen", "integer", (c) => c.notNull()) // one room, this night
    .addColumn("rooms", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("hotel_order_nights_uq").on("hotel_order_nights").columns(["orderId", "night"]).unique().execute();

  await withId(db, db.schema.createTable("hotel_order_guests"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("roomNo", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("hotel_order_guests_order_idx").on("hotel_order_guests").columns(["orderId", "roomNo"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["hotel_order_guests", "hotel_order_nights", "hotel_orders"]) await db.schema.dropTable(t).ifExists().execute();
}
