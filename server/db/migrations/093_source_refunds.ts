// Money going back to the Alipay or WeChat account a trade was paid from. One row per refund at
// the gateway: a trade may be refunded more than once (a cheaper change's difference, then the
// refund of the ticket), and each refund needs its own number there. The number is unique, so a
// refund is asked for and booked once however often its job runs. Trades already on their way
// back when this table arrived get their row, so their jobs find it.
// The ledger's once-per-trade key no longer covers refund rows, for the same reason: a trade's
// second refund is a second row. Each refund row is written with the conditional state move
// that allows it (an order's refund, a refund row's status), which keeps it to once.
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("source_refunds"))
    .addColumn("outRefundNo", "text", (c) => c.notNull().unique())
    .addColumn("outTradeNo", "text", (c) => c.notNull())
    .addColumn("memberId", "integer", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull()) // alipay | wechat
    .addColumn("amountFen", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // refunding | refunded
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("source_refunds_trade_idx").on("source_refunds").columns(["outTradeNo", "id"]).execute();
  await sql`
    insert into source_refunds ("outRefundNo", "outTradeNo", "memberId", "method", "amountFen", "reason", "status", "createTime", "updateTime")
    select 'R' || "outTradeNo", "outTradeNo", "memberId", "method", "amountFen", '订单已取消或已支付', 'refunding', "updateTime", "updateTime"
    from payments where status = 'refunding'
  `.execute(db);
  await db.schema.dropIndex("ledger_trade_entry_uq").ifExists().execute();
  await db.schema
    .createIndex("ledger_trade_entry_uq")
    .on("ledger")
    .columns(["outTradeNo", "entry", "account"])
    .unique()
    .where(sql.ref("entry"), "<>", sql.lit("refund"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("ledger_trade_entry_uq").execute();
  await db.schema.createIndex("ledger_trade_entry_uq").on("ledger").columns(["outTradeNo", "entry", "account"]).unique().execute();
  await db.schema.dropTable("source_refunds").execute();
}
