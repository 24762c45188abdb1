// The member network: a company's child companies (子公司), and an index on the referrer a
// member registered with, which the recommended list, its count and an agent's subordinates read.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  // A child company is recorded under its parent, not as a company of its own: it has no
  // administrator, staff or orders here, only the details the parent keeps about it.
  await withId(db, db.schema.createTable("subsidiaries"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("creditCode", "text", (c) => c.notNull())
    .addColumn("contactName", "text", (c) => c.notNull())
    .addColumn("contactMobile", "text", (c) => c.notNull())
    .addColumn("address", "text")
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subsidiaries_company_idx").on("subsidiaries").columns(["companyId", "id"]).execute();
  // One credit code names one company: a parent cannot list the same child twice.
  await db.schema.createIndex("subsidiaries_code_uq").on("subsidiaries").columns(["companyId", "creditCode"]).unique().execute();
  await db.schema.createIndex("members_referrer_idx").on("members").columns(["referrerId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("members_referrer_idx").ifExists().execute();
  await db.schema.dropTable("subsidiaries").ifExists().execute();
}
