// Electronic reimbursement documents (报销凭证), one row per document. A ticket has at most one
// document of each kind and direction: the unique (subjectKey, kind, direction) settles concurrent
// requests (the losers find the winner's row) and makes a red-letter document for a ticket's
// refund impossible to write twice. subjectKey names what the document is for
// ("flight:<passenger id>:<ticket number>"), so a changed ticket's new number is a new subject.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("einvoices"))
    .addColumn("memberId", "integer", (c) => c.notNull())
    .addColumn("companyId", "integer")
    .addColumn("orderId", "integer", (c) => c.notNull())
    .addColumn("passengerId", "integer", (c) => c.notNull())
    .addColumn("ticketNo", "text", (c) => c.notNull())
    .addColumn("subjectKey", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("direction", "text", (c) => c.notNull())
    .addColumn("originalId", "integer")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("titleType", "text", (c) => c.notNull())
    .addColumn("buyerName", "text", (c) => c.notNull())
    .addColumn("buyerTaxNo", "text")
    .addColumn("email", "text")
    .addColumn("passengerName", "text", (c) => c.notNull())
    .addColumn("certNo", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull()) // JSON: what the document prints besides the amounts
    .addColumn("totalFen", "integer", (c) => c.notNull())
    .addColumn("taxableFen", "integer", (c) => c.notNull())
    .addColumn("exemptFen", "integer", (c) => c.notNull())
    .addColumn("taxFen", "integer", (c) => c.notNull())
    .addColumn("rateBp", "integer", (c) => c.notNull())
    .addColumn("number", "text")
    .addColumn("issuedAt", "text")
    .addColumn("xml", "text")
    .addColumn("issuer", "text")
    .addColumn("sellerName", "text")
    .addColumn("sellerTaxNo", "text")
    .addColumn("sandbox", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("einvoices_subject_uq").unique().on("einvoices").columns(["subjectKey", "kind", "direction"]).execute();
  await db.schema.createIndex("einvoices_order_idx").on("einvoices").columns(["orderId", "id"]).execute();
  await db.schema.createIndex("einvoices_company_idx").on("einvoices").columns(["companyId", "createTime"]).execute();
  await db.schema.createIndex("einvoices_number_uq").unique().on("einvoices").column("number").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("einvoices").ifExists().execute();
}
