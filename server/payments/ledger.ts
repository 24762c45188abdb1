// The append-only ledger and the wallet balance it moves. A wallet row changes only here, in the
// caller's transaction, together with its ledger row: one conditional update in integer fen, so
// a concurrent change is never lost, and a debit larger than the balance is refused before
// anything is written.
import { said, type Text } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt } from "../services/clock";
import type { LedgerEntryName } from "../../src/domain/bills";

export const INSUFFICIENT_BALANCE = said("payments.insufficientAccountBalance");

export interface LedgerEntry {
  memberId: number;
  account: "wallet" | "alipay" | "wechat" | "credit";
  entry: LedgerEntryName;
  direction: "in" | "out";
  amountFen: number;
  businessType: number;
  outTradeNo: string;
  orderNo: string | null;
  note: string;
}

export async function appendLedger(trx: Kysely<Database>, e: LedgerEntry, balanceAfterFen: number | null = null): Promise<void> {
  await trx.insertInto("ledger").values({ ...e, balanceAfterFen, createTime: isoAt() }).execute();
}

/** The member's wallet balance in fen; a member without a wallet row has nothing in it. */
export async function walletBalanceFen(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await db.selectFrom("wallets").select("balanceFen").where("memberId", "=", memberId).executeTakeFirst();
  return row?.balanceFen ?? 0;
}

export interface MoveOptions {
  /**
   * A debit must leave the frozen part of the balance in place (a withdrawal takes only what is
   * available); the text is the refusal.
   */
  keepFrozen?: Text | string;
}

/** Adds `delta` fen in one conditional update; the balance after, or null when the condition failed or there is no row. */
async function shift(trx: Kysely<Database>, memberId: number, delta: number, keepFrozen: boolean): Promise<number | null> {
  let q = trx
    .updateTable("wallets")
    .set((eb) => ({ balanceFen: eb("balanceFen", "+", delta), updateTime: isoAt() }))
    .where("memberId", "=", memberId);
  // A debit lands only while the balance (less what is frozen, for a withdrawal) covers it.
  if (delta < 0) q = keepFrozen ? q.where((eb) => eb(eb("balanceFen", "-", eb.ref("frozenFen")), ">=", -delta)) : q.where("balanceFen", ">=", -delta);
  const row = await q.returning("balanceFen").executeTakeFirst();
  return row ? row.balanceFen : null;
}

/**
 * Moves the wallet by `delta` fen (negative: a debit) and writes the ledger row, both in `trx`.
 * One update in integer fen with the check in its WHERE clause (balance >= amount), so two
 * payments racing on one wallet cannot both spend the same money, and a refused debit writes
 * nothing.
 */
export async function moveWallet(trx: Kysely<Database>, e: LedgerEntry, opts: MoveOptions = {}): Promise<number> {
  const delta = e.direction === "in" ? e.amountFen : -e.amountFen;
  let after = await shift(trx, e.memberId, delta, Boolean(opts.keepFrozen));
  if (after === null && delta >= 0) {
    // A member without a wallet row yet: create it (a racing credit may have just done so) and add.
    await trx.insertInto("wallets").values({ memberId: e.memberId, updateTime: isoAt() }).onConflict((oc) => oc.column("memberId").doNothing()).execute();
    after = await shift(trx, e.memberId, delta, false);
  }
  if (after === null) {
    const balance = await walletBalanceFen(trx, e.memberId);
    throw new DomainError("conflict", opts.keepFrozen && balance >= -delta ? opts.keepFrozen : INSUFFICIENT_BALANCE);
  }
  await appendLedger(trx, e, after);
  return after;
}
