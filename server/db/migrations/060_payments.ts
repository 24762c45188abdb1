// Payments and the money ledger. A payment is one attempt to pay one order by one method; its
// outTradeNo is unique, so a gateway's repeated notifications find the same row. The ledger is
// append-only: every movement of money is one row in integer fen, and one (outTradeNo, entry,
// account) can be written only once, so a retried settlement can never count money twice. The
// wallet's balance lives on `wallets` and changes in the same transaction as its ledger row.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("payments"))
    .addColumn("outTradeNo", "text", (c) => c.notNull())
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("orderNo", "text", (c) => c.notNull())
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("businessType", "integer", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull()) // wallet | alipay | wechat | credit
    .addColumn("amountFen", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // created | paid | refunded | closed
    .addColumn("gatewayTradeNo", "text")
    .addColumn("paidTime", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_out_trade_no_uq").on("payments").column("outTradeNo").unique().execute();
  await db.schema.createIndex("payments_order_idx").on("payments").columns(["orderId", "id"]).execute();

  await withId(db, db.schema.createTable("ledger"))
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("account", "text", (c) => c.notNull()) // wallet | alipay | wechat | credit
    .addColumn("entry", "text", (c) => c.notNull()) // pay | refund
    .addColumn("direction", "text", (c) => c.notNull()) // in | out (seen from the member)
    .addColumn("amountFen", "integer", (c) => c.notNull())
    .addColumn("balanceAfterFen", "integer") // wallet rows only
    .addColumn("businessType", "integer", (c) => c.notNull())
    .addColumn("outTradeNo", "text", (c) => c.notNull())
    .addColumn("orderNo", "text")
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ledger_trade_entry_uq").on("ledger").columns(["outTradeNo", "entry", "account"]).unique().execute();
  await db.schema.createIndex("ledger_member_idx").on("ledger").columns(["memberId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["ledger", "payments"]) await db.schema.dropTable(t).ifExists().execute();
}
