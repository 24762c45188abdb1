// 航变: a flight's or train's schedule change or cancellation as the operator (or the supplier)
// recorded it, and one row per order it touched with the traveller's choice about it. An order is
// flagged once per disruption (unique), in the transaction that records the disruption.
import { sql, type Kysely } from "kysely";
import { isPostgres, withId } from "./helpers";

// An order's list row shows its 航变 flag: a flag written or chosen drops the kept row text as
// every source of the row does (migration 116, the same trigger function on PostgreSQL).
const drop = (id: string) => `update order_list_rows set row = null, version = version + 1 where "orderId" = ${id};`;
const SQLITE_TRIGGERS = [
  `create trigger order_disruptions_list_row_ai after insert on order_disruptions begin ${drop(`new."orderId"`)} end`,
  `create trigger order_disruptions_list_row_au after update on order_disruptions begin update order_list_rows set row = null, version = version + 1 where "orderId" in (old."orderId", new."orderId"); end`,
  `create trigger order_disruptions_list_row_ad after delete on order_disruptions begin ${drop(`old."orderId"`)} end`,
];
const POSTGRES_TRIGGERS = [
  `create constraint trigger order_disruptions_list_row_aiud after insert or update or delete on order_disruptions deferrable initially deferred for each row execute function order_list_rows_source()`,
];

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
  for (const s of isPostgres(db) ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_disruptions").ifExists().execute();
  await db.schema.dropTable("disruptions").ifExists().execute();
}
