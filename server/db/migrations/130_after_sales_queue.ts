// The after-sales queue: an operator may take a flight refund or change request (it is then theirs
// until they decide or let it go, and the airline's jobs leave it alone), accept it, adjust a
// refund's fee or reject it with a reason the member reads. A refund keeps the estimate the member
// saw beside what was decided, and the order's status before the request, where a rejection
// returns it. One setting row says whether the airline's desk still accepts unheld requests by
// itself (the default) or leaves them all to the queue.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["flight_refunds", "flight_changes"]) {
    await db.schema.alterTable(table).addColumn("heldBy", "integer").execute(); // operator id
    await db.schema.alterTable(table).addColumn("heldAt", "text").execute();
    await db.schema.alterTable(table).addColumn("decision", "text").execute(); // accepted | adjusted | rejected
    await db.schema.alterTable(table).addColumn("decisionReason", "text").execute();
    await db.schema.alterTable(table).addColumn("decidedBy", "integer").execute(); // operator id
    // The queue pages by status, newest first, and counts what waits.
    await db.schema.createIndex(`${table}_queue_idx`).on(table).columns(["status", "id"]).execute();
  }
  await db.schema.alterTable("flight_refunds").addColumn("quotedFeeFen", "integer").execute();
  await db.schema.alterTable("flight_refunds").addColumn("quotedRefundFen", "integer").execute();
  await db.schema.alterTable("flight_refunds").addColumn("orderFromStatus", "integer").execute();
  await db.schema
    .createTable("ops_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ops_settings").ifExists().execute();
  for (const c of ["quotedFeeFen", "quotedRefundFen", "orderFromStatus"]) await db.schema.alterTable("flight_refunds").dropColumn(c).execute();
  for (const table of ["flight_refunds", "flight_changes"]) {
    await db.schema.dropIndex(`${table}_queue_idx`).ifExists().execute();
    for (const c of ["heldBy", "heldAt", "decision", "decisionReason", "decidedBy"]) await db.schema.alterTable(table).dropColumn(c).execute();
  }
}
