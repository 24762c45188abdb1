// What the operator console keeps about a company and lets it unlock for a member:
// - companies.status: a disabled company's members (its main member and every employee) cannot
//   sign in; disabling it also ends their sessions.
// - company_service_fees: the service fee the company agreed per product (fen per ticket, night
//   or order), one row per product; a product without a row keeps the standard fee.
// - throttles.subject: the member a sign-in lock counts against. Locks are keyed by hashes of
//   the account and the client's address, so without it an operator could not find (and lift)
//   every lock of one member.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("companies").addColumn("status", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await withId(db, db.schema.createTable("company_service_fees"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("product", "text", (c) => c.notNull())
    .addColumn("feeFen", "integer", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .addUniqueConstraint("company_service_fees_product_uq", ["companyId", "product"])
    .execute();
  await db.schema.alterTable("throttles").addColumn("subject", "text").execute();
  await db.schema.createIndex("throttles_subject_idx").on("throttles").column("subject").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("throttles_subject_idx").ifExists().execute();
  await db.schema.alterTable("throttles").dropColumn("subject").execute();
  await db.schema.dropTable("company_service_fees").ifExists().execute();
  await db.schema.alterTable("companies").dropColumn("status").execute();
}
