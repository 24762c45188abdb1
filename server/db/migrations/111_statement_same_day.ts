// An operator may ask for a statement more than once on the same day: credit paid after the
// first one's cutoff goes on a second statement of that day instead of waiting for the next
// period. The period end therefore no longer names one statement; a ledger row still lands on
// one line only (settlement_lines_ledger_uq), which is what keeps a payment from being billed
// twice when two requests race.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("settlement_statements_period_uq").execute();
  await db.schema.createIndex("settlement_statements_period_idx").on("settlement_statements").columns(["companyId", "periodEnd"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("settlement_statements_period_idx").ifExists().execute();
  await db.schema.createIndex("settlement_statements_period_uq").on("settlement_statements").columns(["companyId", "periodEnd"]).unique().execute();
}
