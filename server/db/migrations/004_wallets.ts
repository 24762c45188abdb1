// Wallets: one per member. A company's wallet is its main member's (type 70) and also carries
// the company's credit line, which its employees (7_0) may spend when their payment limits
// include creditpay. Money is decimal TEXT ('1280.50'): exact in SQLite and PostgreSQL alike,
// and arithmetic on it is done in integer cents (server/routes/workbench.ts), never in floats.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("wallets"))
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("balance", "text", (c) => c.notNull().defaultTo("0.00"))
    .addColumn("frozen", "text", (c) => c.notNull().defaultTo("0.00"))
    .addColumn("creditLimit", "text", (c) => c.notNull().defaultTo("0.00"))
    .addColumn("creditUsed", "text", (c) => c.notNull().defaultTo("0.00"))
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("wallets_member_uq").on("wallets").column("memberId").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("wallets").ifExists().execute();
}
