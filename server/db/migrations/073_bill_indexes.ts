// Indexes the bills read by: a company's or a member's orders of a booking-date range, newest
// first (the default sort and the export's keyset order), and a member's ledger movements by
// time. Each ends in id, the tie-breaker of the keyset, so a chunk continues from an index seek.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("orders_company_created_idx").on("orders").columns(["companyId", "createTime", "id"]).execute();
  await db.schema.createIndex("orders_member_product_created_idx").on("orders").columns(["memberId", "product", "createTime", "id"]).execute();
  await db.schema.createIndex("ledger_member_created_idx").on("ledger").columns(["memberId", "createTime", "id"]).execute();
  // The department filter finds the members of a department's employee records.
  await db.schema.createIndex("members_credit_employee_idx").on("members").column("creditEmployeeId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ["members_credit_employee_idx", "ledger_member_created_idx", "orders_member_product_created_idx", "orders_company_created_idx"]) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
}
