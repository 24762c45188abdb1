// Bills sorted by order number read a company's orders (the enterprise bill) or a member's orders
// of one product (the product bills) in order-number order. Each index ends in id, the keyset's
// tie-breaker, so a page and each export chunk continue from an index seek, as the booking-time
// order does.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("orders_company_order_no_idx").on("orders").columns(["companyId", "orderNo", "id"]).execute();
  await db.schema.createIndex("orders_member_product_order_no_idx").on("orders").columns(["memberId", "product", "orderNo", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ["orders_member_product_order_no_idx", "orders_company_order_no_idx"]) await db.schema.dropIndex(i).ifExists().execute();
}
