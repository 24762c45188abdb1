// Seats of each discount booking class of a flight, nested inside its cabin: a class's seats are
// also the cabin's, so a hold takes one from both (two conditional updates in one transaction)
// and a release or refund gives both back. A row is written the first time a class is held,
// with the class's allotment as its total; before that the class has its whole allotment left.
// The full-fare class of a cabin has no row: it can sell the whole cabin.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("air_class_seats")
    .addColumn("flightKey", "text", (c) => c.notNull())
    .addColumn("cabinClass", "text", (c) => c.notNull())
    .addColumn("classCode", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("remaining", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("air_class_seats_pk", ["flightKey", "cabinClass", "classCode"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("air_class_seats").ifExists().execute();
}
