// Accounts and entry: SMS codes and the development outbox, the per-account sign-in throttle,
// partner sign replay protection and member photos. Everything lives in the database so that
// several stateless server processes agree.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("sms_codes"))
    .addColumn("mobilePhone", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull()) // login | register | reset | verify | paypwd
    .addColumn("codeHash", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("wrongTries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("verifiedAt", "text")
    .addColumn("usedAt", "text")
    .execute();
  // Only the newest code of a phone and purpose counts; it is looked up by this index.
  await db.schema.createIndex("sms_codes_phone_purpose_idx").on("sms_codes").columns(["mobilePhone", "purpose", "id"]).execute();

  await withId(db, db.schema.createTable("sms_outbox"))
    .addColumn("mobilePhone", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("code", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sms_outbox_phone_idx").on("sms_outbox").columns(["mobilePhone", "id"]).execute();

  await withId(db, db.schema.createTable("login_failures"))
    .addColumn("account", "text", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lockedUntil", "text")
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_failures_account_uq").on("login_failures").column("account").unique().execute();

  await withId(db, db.schema.createTable("used_signs"))
    .addColumn("appId", "text", (c) => c.notNull())
    .addColumn("sign", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("used_signs_uq").on("used_signs").columns(["appId", "sign"]).unique().execute();
  await db.schema.createIndex("used_signs_time_idx").on("used_signs").column("createTime").execute();

  // Random text ids: /api/file/:id is served without a session (img tags send none), so ids
  // must not be guessable the way a serial number is.
  await db.schema
    .createTable("files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("fileName", "text", (c) => c.notNull())
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("dataBase64", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("files_member_idx").on("files").column("memberId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["files", "used_signs", "login_failures", "sms_outbox", "sms_codes"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
