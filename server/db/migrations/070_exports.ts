// Export tasks: one row per spreadsheet a member asked for. The file is written beside the
// server; the row carries its progress (what the portal's progress bar shows) and a random key
// that the download link must present, so a leaked task id alone downloads nothing.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("export_tasks"))
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("fileName", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // running | done | failed
    .addColumn("rowsDone", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rowsTotal", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("downloadKey", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("export_tasks_member_idx").on("export_tasks").columns(["memberId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("export_tasks").ifExists().execute();
}
