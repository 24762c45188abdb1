// 超标自付: the part of a business order over the travel standard that the traveller pays
// themself (0: the payer pays all of it), and on a payment the part the company's credit line
// paid alongside the traveller's money.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("selfPayFen", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("payments").addColumn("creditFen", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("payments").dropColumn("creditFen").execute();
  await db.schema.alterTable("orders").dropColumn("selfPayFen").execute();
}
