// A statement remembers the instant it billed up to. A scheduled statement bills up to the end of
// its settlement day, but one the operator generates on request bills up to the moment it is
// made: the credit moved later that day belongs to the next statement, and the money audit must
// not count it as left off a closed period. Statements made before bill up to their last day's
// end in China (midnight, 16:00 UTC of that day).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("settlement_statements").addColumn("cutoffTime", "text", (c) => c.notNull().defaultTo("")).execute();
  await sql`update settlement_statements set "cutoffTime" = "periodEnd" || 'T16:00:00.000Z'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("settlement_statements").dropColumn("cutoffTime").execute();
}
