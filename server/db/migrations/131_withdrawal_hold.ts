// An operator's hold on a withdrawal: while an operator has taken a request (heldBy), the timed
// review and payout leave it alone and only that operator decides it. A request nobody has taken
// is still reviewed and paid out by the timer, as before. The console's queue reads by status.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("withdrawals").addColumn("heldBy", "integer").execute();
  await db.schema.alterTable("withdrawals").addColumn("heldAt", "text").execute();
  await db.schema.createIndex("withdrawals_status_idx").on("withdrawals").columns(["status", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("withdrawals_status_idx").ifExists().execute();
  await db.schema.alterTable("withdrawals").dropColumn("heldAt").execute();
  await db.schema.alterTable("withdrawals").dropColumn("heldBy").execute();
}
