// 在线选座: each train passenger's chosen seat (a letter such as "F", or a berth such as "下铺"),
// null when they left the seat to the railway. Whether it was held reads from the seat issued.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("train_order_passengers").addColumn("seatChoice", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("train_order_passengers").dropColumn("seatChoice").execute();
}
