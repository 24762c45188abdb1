// Business bookings: an order says why it was booked (因公/因私), the trip application it
// belongs to, whether its fare was over the travel standard with the standard's verdict and the
// booker's reason, and the approval it waits for when it needs one.
import type { Kysely } from "kysely";

const COLUMNS: [string, "text" | "integer"][] = [
  ["travelType", "text"],
  ["applyId", "integer"],
  ["overReasons", "text"],
  ["standardVerdict", "text"],
  ["approvalId", "integer"],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable("orders").addColumn(name, type).execute();
  await db.schema.alterTable("orders").addColumn("overStandard", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ["overStandard", ...COLUMNS.map(([n]) => n).reverse()]) await db.schema.alterTable("orders").dropColumn(name).execute();
}
