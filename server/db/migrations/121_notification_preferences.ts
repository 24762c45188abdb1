// Notification preferences and targets: a member's channel choice per event group and the
// language their emails are written in; a company's defaults for its members and which groups its
// group robots post; the robots themselves (企业微信, 钉钉, 飞书 webhooks, with a signing secret
// where the platform has one); and the devices each member has signed in from, so a sign-in
// from a new one can be told. A delivery to a robot names it in `target`, since a robot is no
// member's address.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notification_preferences")
    .addColumn("memberId", "integer", (c) => c.primaryKey())
    .addColumn("channels", "text", (c) => c.notNull()) // JSON: { group: ["sms", "email"] }
    .addColumn("lang", "text", (c) => c.notNull().defaultTo("zh")) // zh | en
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("company_notice_settings")
    .addColumn("companyId", "integer", (c) => c.primaryKey())
    .addColumn("channels", "text", (c) => c.notNull()) // JSON: { group: ["sms", "email"] }
    .addColumn("robotGroups", "text", (c) => c.notNull()) // JSON: ["approval", "disruption"]
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("company_robots"))
    .addColumn("companyId", "integer", (c) => c.notNull())
    .addColumn("platform", "text", (c) => c.notNull()) // wecom | dingtalk | feishu
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("secret", "text")
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("company_robots_company_idx").on("company_robots").columns(["companyId", "id"]).execute();

  await db.schema
    .createTable("member_devices")
    .addColumn("memberId", "integer", (c) => c.notNull())
    .addColumn("deviceHash", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("firstSeen", "text", (c) => c.notNull())
    .addColumn("lastSeen", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("member_devices_pk", ["memberId", "deviceHash"])
    .execute();

  await db.schema.alterTable("notification_deliveries").addColumn("target", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notification_deliveries").dropColumn("target").execute();
  for (const t of ["member_devices", "company_robots", "company_notice_settings", "notification_preferences"]) await db.schema.dropTable(t).ifExists().execute();
}
