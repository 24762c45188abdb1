// The company's credit line: limit and used amount on the company wallet, integer fen. Spending
// is one conditional update (used + amount <= limit in its WHERE clause), so two payments racing
// for the last of the line cannot both pass: the second finds the condition false and is refused
// with nothing written. Settling a statement gives the billed amount back the same way.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt } from "../services/clock";
import { formatFen } from "../../src/domain/money";

export interface CreditLine {
  limitFen: number;
  usedFen: number;
}

const LINE = ["creditLimitFen as limitFen", "creditUsedFen as usedFen"] as const;
const NO_LINE: CreditLine = { limitFen: 0, usedFen: 0 };

export async function creditLineOf(db: Kysely<Database>, walletMemberId: number | null): Promise<CreditLine> {
  if (!walletMemberId) return NO_LINE;
  return (await db.selectFrom("wallets").select(LINE).where("memberId", "=", walletMemberId).executeTakeFirst()) ?? NO_LINE;
}

export const creditRefusal = (availableFen: number, amountFen: number) =>
  said("settlement.insufficientCompanyCreditAvailablePayment", { availableFen: formatFen(Math.max(0, availableFen)), amountFen: formatFen(amountFen) });

/** Spends `amountFen` of the line, in the caller's transaction; refused when it would pass the limit. */
export async function spendCredit(trx: Kysely<Database>, walletMemberId: number | null, amountFen: number): Promise<CreditLine> {
  if (!walletMemberId) throw new DomainError("conflict", creditRefusal(0, amountFen));
  const line = await trx
    .updateTable("wallets")
    .set((eb) => ({ creditUsedFen: eb("creditUsedFen", "+", amountFen), updateTime: isoAt() }))
    .where("memberId", "=", walletMemberId)
    .where((eb) => eb(eb("creditUsedFen", "+", amountFen), "<=", eb.ref("creditLimitFen")))
    .returning(LINE)
    .executeTakeFirst();
  if (line) return line;
  const now = await creditLineOf(trx, walletMemberId);
  throw new DomainError("conflict", creditRefusal(now.limitFen - now.usedFen, amountFen));
}

/**
 * Gives `amountFen` back to the line (a refund), or takes a settled statement's net amount off
 * what is used. Exact, never clamped at zero: a refund of a charge already settled leaves the
 * company owed that much (used below zero), and the next statement bills it as a negative line
 * whose settlement brings used back up. So used always equals charged − settled − refunded.
 */
export async function restoreCredit(trx: Kysely<Database>, walletMemberId: number | null, amountFen: number): Promise<CreditLine> {
  if (!walletMemberId || amountFen === 0) return creditLineOf(trx, walletMemberId);
  const line = await trx
    .updateTable("wallets")
    .set((eb) => ({ creditUsedFen: eb("creditUsedFen", "-", amountFen), updateTime: isoAt() }))
    .where("memberId", "=", walletMemberId)
    .returning(LINE)
    .executeTakeFirst();
  return line ?? NO_LINE;
}

/** A settled statement: its net amount (charges less refunds, possibly negative) is paid. */
export const settleCredit = restoreCredit;

/**
 * The operator grants the line's limit: never below what is used (a company already past its
 * limit could not pay it down to a positive line). One conditional update (used <= new limit),
 * so a payment landing meanwhile is counted before the new limit is written.
 */
export async function grantCreditLimit(db: Kysely<Database>, walletMemberId: number, limitFen: number): Promise<CreditLine> {
  const grant = () =>
    db
      .updateTable("wallets")
      .set({ creditLimitFen: limitFen, updateTime: isoAt() })
      .where("memberId", "=", walletMemberId)
      .where("creditUsedFen", "<=", limitFen)
      .returning(LINE)
      .executeTakeFirst();
  let line = await grant();
  if (!line && !(await db.selectFrom("wallets").select("id").where("memberId", "=", walletMemberId).executeTakeFirst())) {
    await db.insertInto("wallets").values({ memberId: walletMemberId, updateTime: isoAt() }).onConflict((oc) => oc.column("memberId").doNothing()).execute();
    line = await grant();
  }
  if (line) return line;
  const usedFen = (await creditLineOf(db, walletMemberId)).usedFen;
  const msg = said("settlement.creditLineBelowCompanyS", { usedFen: formatFen(usedFen) });
  throw new DomainError("conflict", msg, { errors: { creditLimitFen: msg } });
}
