// 航变: a flight's or train's schedule change or cancellation as the operator (or the supplier)
// recorded it, and one row per order it touched with the traveller's choice about it. An order is
// flagged once per disruption (unique), in the transaction that records the disruption.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("disruptions"))
    .addColumn("kind", "text", (c) => c.notNull()) // flightSchedule | flightCancelled | trainTimetable | trainStopCancelled
    .addColumn("product", "text", (c) => c.notNull()) // air | train
    .addColumn("no", "text", (c) => c.notNull()) // flight number or train number
    .addColumn("date", "text", (c) => c.notNull()) // departure date, YYYY-MM-DD
    .addColumn("oldDepTime", "text")
    .addColumn("oldArrTime", "text")
    .addColumn("newDepTime", "text")
    .addColumn("newArrTime", "text")
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("createdBy", "text", (c) => c.notNull()) // operator | supplier
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("disruptions_trip_idx").on("disruptions").columns(["product", "no", "date"]).execute();

  await withId(db, db.schema.createTable("order_disruptions"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("disruptionId", "integer", (c) => c.notNull().references("disruptions.id").onDelete("cascade"))
    .addColumn("companyId", "integer") // the order's company, for the travel manager's list
    .addColumn("status", "text", (c) => c.notNull()) // pending | accepted | changed | refunded
    .addColumn("chosenAt", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_disruptions_uq").on("order_disruptions").columns(["orderId", "disruptionId"]).unique().execute();
  await db.schema.createIndex("order_disruptions_company_idx").on("order_disruptions").columns(["companyId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_disruptions").ifExists().execute();
  await db.schema.dropTable("disruptions").ifExists().execute();
}
