// Picture captchas issued by the server: a random id, the expected text and its expiry. In the
// database, so that any server process can check a captcha another one issued.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("captchas")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("captchas_expires_idx").on("captchas").column("expiresAt").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("captchas").ifExists().execute();
}
