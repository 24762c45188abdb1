// International flight orders are flight orders (product "air") whose trip leaves or reaches a
// place abroad, often over several segments: a flag keeps them apart for the lists and reports
// that tell the two apart, without a second product the cashier, refunds and bills would need to
// learn.
import type { Kysely } from "kysely";

// Its passengers travel on a document that carries their name in Latin letters, a nationality
// and an expiry date: the ticket is issued in that name.
const PASSENGER_COLUMNS = ["englishName", "nationality", "certExpiry"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("international", "integer", (c) => c.notNull().defaultTo(0)).execute();
  for (const name of PASSENGER_COLUMNS) await db.schema.alterTable("order_passengers").addColumn(name, "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [...PASSENGER_COLUMNS].reverse()) await db.schema.alterTable("order_passengers").dropColumn(name).execute();
  await db.schema.alterTable("orders").dropColumn("international").execute();
}
