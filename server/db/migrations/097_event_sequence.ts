// Each of a member's events carries its place in the member's list (memberSeq: 1 for the first
// reported), so the list's default page (newest or oldest first, no filter) is read as a range
// of places instead of stepping over every newer event: page 50 cost fifty times page 1. The
// place is given when the event is reported, under the same lock that counts it in the member's
// total; events written around the report route are numbered by rebuildEventTotals.
import { sql, type Kysely } from "kysely";

/** Numbers every member's events 1..n in (createTime, id) order: the list's own order. */
export async function renumberEvents(db: Kysely<any>): Promise<void> {
  await sql`
    update exception_events set "memberSeq" = r.seq
    from (select id, row_number() over (partition by "memberId" order by "createTime", id) as seq
          from exception_events where "memberId" is not null) r
    where r.id = exception_events.id`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("exception_events").addColumn("memberSeq", "integer").execute();
  await renumberEvents(db);
  await db.schema.createIndex("exception_events_member_seq_idx").on("exception_events").columns(["memberId", "memberSeq"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("exception_events_member_seq_idx").execute();
  await db.schema.alterTable("exception_events").dropColumn("memberSeq").execute();
}
