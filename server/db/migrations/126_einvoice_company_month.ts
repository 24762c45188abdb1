// The company's documents by the month they were issued in (发票管理's month filter and the
// month's zip, read in (issuedAt, id) order): an index over (companyId, issuedAt, id).
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("einvoices_company_issued_idx").on("einvoices").columns(["companyId", "issuedAt", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("einvoices_company_issued_idx").ifExists().execute();
}
