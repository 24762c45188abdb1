// Durable jobs: timed steps (approval deadlines, fare expiry, and the kinds later capabilities
// register) written in the same transaction as the change that needs them, so a restart loses
// none. A runner claims due jobs by setting lockedUntil; a crashed runner's claim runs out.
import { sql, type Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("jobs"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("runAt", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lockedUntil", "text")
    .addColumn("lockedBy", "text")
    .addColumn("lastError", "text")
    .addColumn("doneAt", "text")
    .addColumn("failedAt", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  // Only open jobs are ever scanned for being due.
  await sql`create index jobs_due_idx on jobs ("runAt") where "doneAt" is null and "failedAt" is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("jobs").ifExists().execute();
}
