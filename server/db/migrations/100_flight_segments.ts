// A domestic round trip or connection is one flight order over two segments, each with its own
// booking (hold) of seats. Every passenger holds one ticket per segment, refunded or changed on
// its own: the ticket is a passenger row with the segment it flies on (0: the first or only one).
// Existing orders' rows are all on their one segment, or, for an international itinerary, on the
// whole trip sold as one ticket.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_passengers").addColumn("segment", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_passengers").dropColumn("segment").execute();
}
