// Invoice requests over a member's paid orders. invoice_orders links a live request to its
// orders; its unique orderId means two concurrent requests cannot both take the same order (the
// loser's insert fails and its whole request is rolled back). Withdrawing a request deletes its
// links, so the orders can be invoiced again; the request keeps its order numbers for history.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("invoices"))
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amountFen", "integer", (c) => c.notNull())
    .addColumn("titleId", "integer")
    .addColumn("titleType", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("taxNo", "text")
    .addColumn("delivery", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("addressId", "integer")
    .addColumn("mailTo", "text")
    .addColumn("orderNos", "text", (c) => c.notNull()) // JSON array
    .addColumn("remark", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoices_member_idx").on("invoices").columns(["memberId", "createTime"]).execute();

  await db.schema
    .createTable("invoice_orders")
    // No foreign key to orders: that table is created by a later migration. Orders are never
    // deleted, so the link cannot dangle.
    .addColumn("orderId", "integer", (c) => c.primaryKey())
    .addColumn("invoiceId", "integer", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("invoice_orders_invoice_idx").on("invoice_orders").column("invoiceId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invoice_orders").ifExists().execute();
  await db.schema.dropTable("invoices").ifExists().execute();
}
