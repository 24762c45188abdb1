// Test helpers that keep the books straight: after a money test file every audit check must
// pass, and a test that wants a wallet or a credit line at some figure gets it through a ledger
// row (a 期初余额 correction), never by writing the figure alone.
import { expect } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "../../server/db/schema";
import { auditMoney } from "../../server/audit/money";
import { fenToYuan } from "../../src/domain/policy/fen";
import { yuanTextToFen } from "../../src/domain/travel/money";
import { isoAt } from "../../server/services/clock";

let corrections = 0;

/** Runs every audit check and expects all to pass, naming the failing checks and their rows. */
export async function expectBooksBalanced(db: Kysely<Database>): Promise<void> {
  const audit = await auditMoney(db);
  const failed = audit.checks.filter((c) => !c.ok).map((c) => ({ check: c.name, rows: c.rows.slice(0, 5) }));
  expect(failed).toEqual([]);
}

const fenOf = (text: string) => (text.trim().startsWith("-") ? -(yuanTextToFen(text.trim().slice(1)) ?? 0) : yuanTextToFen(text) ?? 0);

/** Sets a wallet's balance to `yuan` with a correction row in its ledger. */
export async function setBalance(db: Kysely<Database>, memberId: number, yuan: string): Promise<void> {
  const w = await db.selectFrom("wallets").select("balance").where("memberId", "=", memberId).executeTakeFirstOrThrow();
  const delta = fenOf(yuan) - fenOf(w.balance);
  await db.updateTable("wallets").set({ balance: fenToYuan(fenOf(yuan)) }).where("memberId", "=", memberId).execute();
  if (delta !== 0) {
    await db.insertInto("ledger").values({
      memberId, account: "wallet", entry: "opening", direction: delta > 0 ? "in" : "out", amountFen: Math.abs(delta), balanceAfterFen: fenOf(yuan),
      businessType: 0, outTradeNo: `TEST-ADJ-${++corrections}-${Date.now()}`, orderNo: null, note: "测试调整", createTime: isoAt(),
    }).execute();
  }
}

/** Sets a company line's use to `yuan` with a correction row on the line (billed like any charge). */
export async function setCreditUsed(db: Kysely<Database>, walletMemberId: number, yuan: string): Promise<void> {
  const w = await db.selectFrom("wallets").select("creditUsed").where("memberId", "=", walletMemberId).executeTakeFirstOrThrow();
  const delta = fenOf(yuan) - fenOf(w.creditUsed);
  await db.updateTable("wallets").set({ creditUsed: fenToYuan(fenOf(yuan)) }).where("memberId", "=", walletMemberId).execute();
  if (delta !== 0) {
    await db.insertInto("ledger").values({
      memberId: walletMemberId, account: "credit", entry: "opening", direction: delta > 0 ? "out" : "in", amountFen: Math.abs(delta), balanceAfterFen: null,
      businessType: 0, outTradeNo: `TEST-ADJ-${++corrections}-${Date.now()}`, orderNo: null, note: "测试调整", createTime: isoAt(),
    }).execute();
  }
}

/** A fresh company line: its seeded opening use taken off the books, as if it had never been used. */
export async function clearCreditLine(db: Kysely<Database>, walletMemberId: number): Promise<void> {
  await db.deleteFrom("ledger").where("account", "=", "credit").where("entry", "=", "opening").where("memberId", "=", walletMemberId).execute();
  await db.updateTable("wallets").set({ creditUsed: "0.00" }).where("memberId", "=", walletMemberId).execute();
}
