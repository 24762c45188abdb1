// How a train ticket was bought: "ab" into the member's own 12306 account (its user name kept
// to show on the order; the password never is), "nab" through the agency's channel, null for an
// order from the ordinary booking page (also the agency's channel).
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("train_orders").addColumn("channel", "text").execute();
  await db.schema.alterTable("train_orders").addColumn("account12306", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("train_orders").dropColumn("account12306").execute();
  await db.schema.alterTable("train_orders").dropColumn("channel").execute();
}
