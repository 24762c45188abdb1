// Notifications: an outbox row per (event, recipient) written in the transaction of the change
// that causes it, so an order paid is never an order whose payer is not told, nor the reverse.
// The dispatcher turns each row into deliveries per channel; the in-portal channel is the
// member's message centre (notification_inbox), read a page at a time by member, so every filter
// it offers (kind, read state) has an index ending in the id the page is ordered by. Deliveries
// to outside channels carry a unique key per message and channel, and every try is kept.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("notifications"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("memberId", "integer", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("subjectType", "text") // order | approval
    .addColumn("subjectId", "integer")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("dispatchedAt", "text")
    // A dispatcher's claim, as the job runner's: another process takes the row over once it lapses.
    .addColumn("lockedUntil", "text")
    .addColumn("lockedBy", "text")
    .execute();
  await db.schema.createIndex("notifications_member_idx").on("notifications").columns(["memberId", "id"]).execute();
  await db.schema.createIndex("notifications_waiting_idx").on("notifications").columns(["dispatchedAt", "id"]).execute();

  await db.schema
    .createTable("notification_inbox")
    .addColumn("id", "integer", (c) => c.primaryKey()) // the notification's id
    .addColumn("memberId", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("subjectType", "text")
    .addColumn("subjectId", "integer")
    .addColumn("isRead", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("readAt", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  const inbox = (name: string, columns: string[]) => db.schema.createIndex(name).on("notification_inbox").columns(columns).execute();
  await inbox("notification_inbox_member_idx", ["memberId", "id"]);
  await inbox("notification_inbox_read_idx", ["memberId", "isRead", "id"]);
  await inbox("notification_inbox_kind_idx", ["memberId", "kind", "id"]);
  await inbox("notification_inbox_kind_read_idx", ["memberId", "kind", "isRead", "id"]);

  await withId(db, db.schema.createTable("notification_deliveries"))
    .addColumn("notificationId", "integer", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull()) // portal | sms | email
    .addColumn("idempotencyKey", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull()) // pending | sending | sent | failed | uncertain | skipped
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAt", "text")
    .addColumn("lastError", "text")
    .addColumn("sentAt", "text")
    .addColumn("lockedUntil", "text")
    .addColumn("lockedBy", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notification_deliveries_notification_idx").on("notification_deliveries").columns(["notificationId"]).execute();
  await db.schema.createIndex("notification_deliveries_due_idx").on("notification_deliveries").columns(["status", "nextAt"]).execute();

  await withId(db, db.schema.createTable("notification_attempts"))
    .addColumn("deliveryId", "integer", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull()) // sent | error | uncertain
    .addColumn("error", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notification_attempts_delivery_idx").on("notification_attempts").columns(["deliveryId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["notification_attempts", "notification_deliveries", "notification_inbox", "notifications"]) await db.schema.dropTable(t).ifExists().execute();
}
