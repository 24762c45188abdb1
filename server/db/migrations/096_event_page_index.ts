// A member's events in time order when the list is filtered by date (its default page reads list places):
// the index also holds the columns the list shows, so a page is read from the index alone,
// without a table lookup per row; the report's large texts (param, response, userAgent) stay
// out of it. It replaces the narrower (memberId, createTime) index, which it covers, so writes
// keep one index for it.
import type { Kysely } from "kysely";

const PAGE_COLUMNS = ["memberId", "createTime", "id", "api", "type", "httpCode", "ret", "costTime", "device", "appVer"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("exception_events_member_page_idx").on("exception_events").columns(PAGE_COLUMNS).execute();
  await db.schema.dropIndex("exception_events_member_time_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("exception_events_member_time_idx").on("exception_events").columns(["memberId", "createTime"]).execute();
  await db.schema.dropIndex("exception_events_member_page_idx").execute();
}
