// Rewards and the pay authorization code.
// - reward_accounts: one balance per member and kind (recommend | share) in integer fen, moved
//   only by compare-and-set like the wallet and never below 0, with running totals for the summary.
// - reward_entries: every movement of a rewards balance (earn, reverse, transfer), signed fen.
//   uniqueKey ("earn:recommend:<orderId>", "reverse:…", "transfer:<outTradeNo>:<kind>") makes
//   a replayed order move or a retried transfer unable to write the same movement twice.
// - pay_codes: a member's short-lived one-use code a counter charges; (appId, counterTradeNo) is
//   unique so a counter's retried request cannot charge a second time.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("reward_accounts"))
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("balanceFen", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("earnedFen", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reversedFen", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("transferredFen", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reward_accounts_member_kind_uq").on("reward_accounts").columns(["memberId", "kind"]).unique().execute();

  await withId(db, db.schema.createTable("reward_entries"))
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("amountFen", "integer", (c) => c.notNull())
    .addColumn("balanceAfterFen", "integer", (c) => c.notNull())
    .addColumn("orderId", "integer")
    .addColumn("orderNo", "text")
    .addColumn("product", "text")
    .addColumn("sourceMemberId", "integer")
    .addColumn("baseFen", "integer")
    .addColumn("outTradeNo", "text")
    .addColumn("uniqueKey", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reward_entries_key_uq").on("reward_entries").column("uniqueKey").unique().execute();
  await db.schema.createIndex("reward_entries_member_idx").on("reward_entries").columns(["memberId", "createTime", "id"]).execute();
  await db.schema.createIndex("reward_entries_order_idx").on("reward_entries").columns(["orderId", "kind"]).execute();

  await withId(db, db.schema.createTable("pay_codes"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull()) // active | used | revoked
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("amountFen", "integer")
    .addColumn("appId", "text")
    .addColumn("counterTradeNo", "text")
    .addColumn("outTradeNo", "text")
    .addColumn("usedTime", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("pay_codes_code_uq").on("pay_codes").column("code").unique().execute();
  await db.schema.createIndex("pay_codes_counter_uq").on("pay_codes").columns(["appId", "counterTradeNo"]).unique().execute();
  await db.schema.createIndex("pay_codes_member_idx").on("pay_codes").columns(["memberId", "status"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["pay_codes", "reward_entries", "reward_accounts"]) await db.schema.dropTable(t).ifExists().execute();
}
