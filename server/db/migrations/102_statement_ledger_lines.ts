// Statement lines are made from the company's credit ledger rows, one line per row: a charge
// (a credit payment, the company part of a 超标自付 trade, a change paid on credit) as a positive
// line and a refund to the credit line as a negative one. The unique ledger reference is what
// keeps a fen from being billed twice; a payment may now have several lines (its charge and its
// refunds), so the payment reference stops being unique. Lines written before name their
// payment only: they get the charge row of that payment.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("settlement_lines").addColumn("ledgerId", "integer").execute();
  await sql`update settlement_lines set "ledgerId" = (
    select l.id from ledger l join payments p on p."outTradeNo" = l."outTradeNo"
    where p.id = settlement_lines."paymentId" and l.account = 'credit' and l.entry = 'pay'
  ) where kind = 'order' and "paymentId" is not null`.execute(db);
  await db.schema.dropIndex("settlement_lines_payment_uq").execute();
  await db.schema.createIndex("settlement_lines_payment_idx").on("settlement_lines").column("paymentId").execute();
  await db.schema.createIndex("settlement_lines_ledger_uq").on("settlement_lines").column("ledgerId").unique().execute();
  await db.schema.createIndex("ledger_account_idx").on("ledger").columns(["account", "createTime"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("ledger_account_idx").ifExists().execute();
  await db.schema.dropIndex("settlement_lines_ledger_uq").ifExists().execute();
  await db.schema.dropIndex("settlement_lines_payment_idx").ifExists().execute();
  await db.schema.alterTable("settlement_lines").dropColumn("ledgerId").execute();
  await db.schema.createIndex("settlement_lines_payment_uq").on("settlement_lines").column("paymentId").unique().execute();
}
