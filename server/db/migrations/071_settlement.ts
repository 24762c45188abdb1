// Monthly settlement of a company's credit payments. One settings row per company (its settlement
// day and who may confirm; the credit line itself stays on the company wallet). A statement
// covers one period of one company, once: (companyId, periodEnd) is unique. A credit payment is
// billed on one line only (paymentId unique; adjustment lines have none), and an accepted dispute
// is carried into one later statement only (adjustsLineId unique). Every step is an event row.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("settlement_settings"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("settlementDay", "integer", (c) => c.notNull())
    .addColumn("confirmerIds", "text", (c) => c.notNull().defaultTo("[]")) // JSON array of member ids
    .addColumn("scheduledPeriodEnd", "text") // the settlement date the pending job is for
    .addColumn("updateMemberId", "integer", (c) => c.references("members.id").onDelete("set null"))
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("settlement_settings_company_uq").on("settlement_settings").column("companyId").unique().execute();

  await withId(db, db.schema.createTable("settlement_statements"))
    .addColumn("statementNo", "text", (c) => c.notNull())
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("periodStart", "text", (c) => c.notNull())
    .addColumn("periodEnd", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("lineCount", "integer", (c) => c.notNull())
    .addColumn("amountFen", "integer", (c) => c.notNull()) // credit payments billed
    .addColumn("serviceFeeFen", "integer", (c) => c.notNull()) // of which service fees
    .addColumn("adjustmentFen", "integer", (c) => c.notNull()) // accepted disputes of earlier statements
    .addColumn("totalFen", "integer", (c) => c.notNull()) // amount + adjustment: what the company owes
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("settlement_statements_no_uq").on("settlement_statements").column("statementNo").unique().execute();
  await db.schema.createIndex("settlement_statements_period_uq").on("settlement_statements").columns(["companyId", "periodEnd"]).unique().execute();

  await withId(db, db.schema.createTable("settlement_lines"))
    .addColumn("statementId", "integer", (c) => c.notNull().references("settlement_statements.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull()) // order | adjustment
    .addColumn("paymentId", "integer", (c) => c.references("payments.id").onDelete("set null"))
    .addColumn("adjustsLineId", "integer", (c) => c.references("settlement_lines.id").onDelete("set null"))
    .addColumn("orderId", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("orderNo", "text")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("travellerName", "text", (c) => c.notNull())
    .addColumn("departmentName", "text", (c) => c.notNull())
    .addColumn("paidTime", "text")
    .addColumn("amountFen", "integer", (c) => c.notNull())
    .addColumn("serviceFeeFen", "integer", (c) => c.notNull())
    .addColumn("disputeStatus", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("disputeReason", "text")
    .addColumn("answerNote", "text")
    .execute();
  await db.schema.createIndex("settlement_lines_statement_idx").on("settlement_lines").columns(["statementId", "id"]).execute();
  await db.schema.createIndex("settlement_lines_payment_uq").on("settlement_lines").column("paymentId").unique().execute();
  await db.schema.createIndex("settlement_lines_adjusts_uq").on("settlement_lines").column("adjustsLineId").unique().execute();

  await withId(db, db.schema.createTable("settlement_events"))
    .addColumn("statementId", "integer", (c) => c.notNull().references("settlement_statements.id").onDelete("cascade"))
    .addColumn("lineId", "integer", (c) => c.references("settlement_lines.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("fromStatus", "text")
    .addColumn("toStatus", "text", (c) => c.notNull())
    .addColumn("actorMemberId", "integer", (c) => c.references("members.id").onDelete("set null"))
    .addColumn("actorName", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("settlement_events_statement_idx").on("settlement_events").columns(["statementId", "id"]).execute();
  // Credit payments of a company not yet billed are found through their orders.
  await db.schema.createIndex("payments_method_status_idx").on("payments").columns(["method", "status", "paidTime"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("payments_method_status_idx").ifExists().execute();
  for (const t of ["settlement_events", "settlement_lines", "settlement_statements", "settlement_settings"]) await db.schema.dropTable(t).ifExists().execute();
}
