// 政府采购 (GP, 公务机票) orders are flight orders (product "air") flagged gp: the cashier,
// ticketing, expiry, refunds and changes serve them as any flight order, and the flag keeps them
// in the order centre's 公务机票订单 tab instead of the 机票订单 one. Their passengers name the
// budget unit (预算单位) they travel for and their official card (公务卡), which reimbursement is
// reconciled with; replies show the card masked to its last four digits.
import type { Kysely } from "kysely";

const PASSENGER_COLUMNS = ["budgetUnit", "officialCard"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("gp", "integer", (c) => c.notNull().defaultTo(0)).execute();
  for (const name of PASSENGER_COLUMNS) await db.schema.alterTable("order_passengers").addColumn(name, "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [...PASSENGER_COLUMNS].reverse()) await db.schema.alterTable("order_passengers").dropColumn(name).execute();
  await db.schema.alterTable("orders").dropColumn("gp").execute();
}
