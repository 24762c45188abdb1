// The travel agency's own staff (operators) sign in at /ops with accounts of their own, never
// members': a password (kept as the members' salted scrypt hash of its MD5 digest) and a TOTP
// second factor. Their sessions live apart from members' sessions, so neither token is ever
// found by the other side's lookup. Every operator action leaves a row in operator_audit,
// written in the action's own transaction: the action and its record stand or fall together.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("operators"))
    .addColumn("account", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("passwordHash", "text", (c) => c.notNull())
    // Base32 TOTP secret: set when enrolment starts, trusted once totpEnabled; never answered.
    .addColumn("totpSecret", "text")
    .addColumn("totpEnabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("role", "text", (c) => c.notNull()) // ticketing | finance | admin
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1)) // 1 active, 0 disabled
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("operator_sessions"))
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("operatorId", "integer", (c) => c.notNull().references("operators.id").onDelete("cascade"))
    // 'enrol': password proven, no second factor yet; the session may only enrol TOTP.
    .addColumn("stage", "text", (c) => c.notNull()) // enrol | full
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("revokedAt", "text")
    .execute();
  await db.schema.createIndex("operator_sessions_operator_idx").on("operator_sessions").column("operatorId").execute();

  await withId(db, db.schema.createTable("operator_audit"))
    .addColumn("operatorId", "integer", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("objectType", "text", (c) => c.notNull())
    .addColumn("objectId", "text")
    // The company the object belongs to, so its administrator can read its rows.
    .addColumn("companyId", "integer")
    .addColumn("before", "text")
    .addColumn("after", "text")
    .execute();
  await db.schema.createIndex("operator_audit_company_idx").on("operator_audit").columns(["companyId", "id"]).execute();
  await db.schema.createIndex("operator_audit_operator_idx").on("operator_audit").columns(["operatorId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("operator_audit").ifExists().execute();
  await db.schema.dropTable("operator_sessions").ifExists().execute();
  await db.schema.dropTable("operators").ifExists().execute();
}
