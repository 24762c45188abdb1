import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("exception_events"))
    .addColumn("memberId", "integer")
    .addColumn("api", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("httpCode", "integer")
    .addColumn("ret", "text")
    .addColumn("param", "text")
    .addColumn("response", "text")
    .addColumn("costTime", "integer")
    .addColumn("device", "text")
    .addColumn("appVer", "text")
    .addColumn("userAgent", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  // The list pages a member's own events newest first.
  await db.schema
    .createIndex("exception_events_member_time_idx")
    .on("exception_events")
    .columns(["memberId", "createTime"])
    .execute();
  await db.schema.createIndex("exception_events_time_idx").on("exception_events").column("createTime").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("exception_events").ifExists().execute();
}
