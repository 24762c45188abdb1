import { sql, type Kysely } from "kysely";

// A member's event total, kept on write: counting 100k rows on every list page cost more than
// the page itself (see bench:api).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("exception_event_totals")
    .addColumn("memberId", "integer", (c) => c.primaryKey())
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into exception_event_totals ("memberId", total)
    select "memberId", count(*) from exception_events where "memberId" is not null group by "memberId"`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("exception_event_totals").ifExists().execute();
}
