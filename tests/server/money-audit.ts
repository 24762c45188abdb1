// Test helpers that keep the books straight: after a money test file every audit check must
// pass, and a test that wants a wallet or a credit line at some figure gets it through a ledger
// row (a 期初余额 correction), never by writing the figure alone.
import { expect } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "../../server/db/schema";
import { auditMoney } from "../../server/audit/money";
import { isoAt } from "../../server/services/clock";
import { parseYuan } from "../../src/domain/money";

let corrections = 0;

/** Runs every audit check and expects all to pass, naming the failing checks and their rows. */
export async function expectBooksBalanced(db: Kysely<Database>): Promise<void> {
  const audit = await auditMoney(db);
  const failed = audit.checks.filter((c) => !c.ok).map((c) => ({ check: c.name, rows: c.rows.slice(0, 5) }));
  expect(failed).toEqual([]);
}

/** A test's figure in yuan text ('1280.50', '-20') to fen; a typo fails the test instead of reading 0. */
function fenOf(text: string): number {
  const fen = parseYuan(text, { negative: true });
  if (fen === null) throw new Error(`no amount: ${text}`);
  return fen;
}

/** Sets a wallet's balance to `yuan` with a correction row in its ledger. */
export async function setBalance(db: Kysely<Database>, memberId: number, yuan: string): Promise<void> {
  const w = await db.selectFrom("wallets").select("balanceFen").where("memberId", "=", memberId).executeTakeFirstOrThrow();
  const delta = fenOf(yuan) - w.balanceFen;
  await db.updateTable("wallets").set({ balanceFen: fenOf(yuan) }).where("memberId", "=", memberId).execute();
  if (delta !== 0) {
    await db.insertInto("ledger").values({
      memberId, account: "wallet", entry: "opening", direction: delta > 0 ? "in" : "out", amountFen: Math.abs(delta), balanceAfterFen: fenOf(yuan),
      businessType: 0, outTradeNo: `TEST-ADJ-${++corrections}-${Date.now()}`, orderNo: null, note: "测试调整", createTime: isoAt(),
    }).execute();
  }
}

/** Sets a company line's use to `yuan` with a correction row on the line (billed like any charge). */
export async function setCreditUsed(db: Kysely<Database>, walletMemberId: number, yuan: string): Promise<void> {
  const w = await db.selectFrom("wallets").select("creditUsedFen").where("memberId", "=", walletMemberId).executeTakeFirstOrThrow();
  const delta = fenOf(yuan) - w.creditUsedFen;
  await db.updateTable("wallets").set({ creditUsedFen: fenOf(yuan) }).where("memberId", "=", walletMemberId).execute();
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
  await db.updateTable("wallets").set({ creditUsedFen: 0 }).where("memberId", "=", walletMemberId).execute();
}
