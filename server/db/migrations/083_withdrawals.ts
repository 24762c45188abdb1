// Bank cards and withdrawals. A card is unbound by its status, not deleted, so a withdrawal keeps
// the card it went to; a member's bound cards are unique by number (a partial unique index, in
// both dialects). A withdrawal's number is unique: its ledger rows (the debit and any return)
// are keyed by it, so the money moves once per withdrawal however often a move is retried.
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("bank_cards"))
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("cardNo", "text", (c) => c.notNull())
    .addColumn("bankCode", "text", (c) => c.notNull())
    .addColumn("bankName", "text", (c) => c.notNull())
    .addColumn("holderName", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // bound | unbound
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bank_cards_member_idx").on("bank_cards").columns(["memberId", "status", "id"]).execute();
  await db.schema
    .createIndex("bank_cards_bound_uq")
    .on("bank_cards")
    .columns(["memberId", "cardNo"])
    .unique()
    .where(sql.ref("status"), "=", sql.lit("bound"))
    .execute();

  await withId(db, db.schema.createTable("withdrawals"))
    .addColumn("withdrawNo", "text", (c) => c.notNull())
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("cardId", "integer", (c) => c.notNull().references("bank_cards.id"))
    .addColumn("amountFen", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // requested | approved | paid | rejected | cancelled
    .addColumn("reason", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .addColumn("reviewTime", "text")
    .addColumn("paidTime", "text")
    .execute();
  await db.schema.createIndex("withdrawals_no_uq").on("withdrawals").column("withdrawNo").unique().execute();
  await db.schema.createIndex("withdrawals_member_idx").on("withdrawals").columns(["memberId", "id"]).execute();
  await db.schema.createIndex("withdrawals_card_idx").on("withdrawals").columns(["cardId", "status"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["withdrawals", "bank_cards"]) await db.schema.dropTable(t).ifExists().execute();
}
