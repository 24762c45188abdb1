// The company's credit line: limit and used amount on the company wallet (decimal text, read and
// written in integer fen). Spending is a compare-and-set on the used amount read: the update lands
// only while the stored amount is still the one the limit was checked against, so two payments
// racing for the last of the line cannot both pass; the loser re-reads and is refused. Settling a
// statement gives the billed amount back the same way.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import { isoAt } from "../services/clock";
import { fenToYuan, formatFen } from "../../src/domain/policy/fen";
import { yuanTextToFen } from "../../src/domain/travel/money";

export interface CreditLine {
  limitFen: number;
  usedFen: number;
}

function fenOf(text: string, what: string): number {
  // Used may be below zero (the company is owed a refund of a settled charge).
  const negative = text.trim().startsWith("-");
  const abs = yuanTextToFen(negative ? text.trim().slice(1) : text);
  const fen = abs === null ? null : negative ? -abs : abs;
  // A malformed stored amount is a data fault; reading it as 0 would hand out credit.
  if (fen === null) throw new Error(`invalid wallet ${what}: ${JSON.stringify(text)}`);
  return fen;
}

export async function creditLineOf(db: Kysely<Database>, walletMemberId: number | null): Promise<CreditLine> {
  if (!walletMemberId) return { limitFen: 0, usedFen: 0 };
  const w = await db.selectFrom("wallets").select(["creditLimit", "creditUsed"]).where("memberId", "=", walletMemberId).executeTakeFirst();
  return w ? { limitFen: fenOf(w.creditLimit, "creditLimit"), usedFen: fenOf(w.creditUsed, "creditUsed") } : { limitFen: 0, usedFen: 0 };
}

const CAS_TRIES = 8;
const BUSY = "企业授信账户繁忙，请稍后重试";

export const creditRefusal = (availableFen: number, amountFen: number) =>
  `企业授信额度不足：可用额度 ¥${formatFen(Math.max(0, availableFen))}，本次支付 ¥${formatFen(amountFen)}，请改用其他支付方式或联系企业管理员`;

/** Spends `amountFen` of the line, in the caller's transaction; refused when it would pass the limit. */
export async function spendCredit(trx: Kysely<Database>, walletMemberId: number | null, amountFen: number): Promise<CreditLine> {
  if (!walletMemberId) throw new BizError(RET.CONFLICT, creditRefusal(0, amountFen));
  for (let i = 0; i < CAS_TRIES; i++) {
    const w = await trx.selectFrom("wallets").select(["creditLimit", "creditUsed"]).where("memberId", "=", walletMemberId).executeTakeFirst();
    if (!w) throw new BizError(RET.CONFLICT, creditRefusal(0, amountFen));
    const limitFen = fenOf(w.creditLimit, "creditLimit");
    const usedFen = fenOf(w.creditUsed, "creditUsed");
    if (usedFen + amountFen > limitFen) throw new BizError(RET.CONFLICT, creditRefusal(limitFen - usedFen, amountFen));
    const done = await trx
      .updateTable("wallets")
      .set({ creditUsed: fenToYuan(usedFen + amountFen), updateTime: isoAt() })
      .where("memberId", "=", walletMemberId)
      .where("creditUsed", "=", w.creditUsed)
      .where("creditLimit", "=", w.creditLimit)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) return { limitFen, usedFen: usedFen + amountFen };
  }
  throw new BizError(RET.CONFLICT, BUSY);
}

/**
 * Gives `amountFen` back to the line (a refund), or takes a settled statement's net amount off
 * what is used. Exact, never clamped at zero: a refund of a charge already settled leaves the
 * company owed that much (used below zero), and the next statement bills it as a negative line
 * whose settlement brings used back up. So used always equals charged − settled − refunded.
 */
export async function restoreCredit(trx: Kysely<Database>, walletMemberId: number | null, amountFen: number): Promise<CreditLine> {
  if (!walletMemberId || amountFen === 0) return creditLineOf(trx, walletMemberId);
  for (let i = 0; i < CAS_TRIES; i++) {
    const w = await trx.selectFrom("wallets").select(["creditLimit", "creditUsed"]).where("memberId", "=", walletMemberId).executeTakeFirst();
    if (!w) return { limitFen: 0, usedFen: 0 };
    const usedFen = fenOf(w.creditUsed, "creditUsed") - amountFen;
    const done = await trx
      .updateTable("wallets")
      .set({ creditUsed: fenToYuan(usedFen), updateTime: isoAt() })
      .where("memberId", "=", walletMemberId)
      .where("creditUsed", "=", w.creditUsed)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) return { limitFen: fenOf(w.creditLimit, "creditLimit"), usedFen };
  }
  throw new BizError(RET.CONFLICT, BUSY);
}

/** A settled statement: its net amount (charges less refunds, possibly negative) is paid. */
export const settleCredit = restoreCredit;

/**
 * The operator grants the line's limit: never below what is used (a company already past its
 * limit could not pay it down to a positive line). A compare-and-set on the used amount read, so
 * a payment landing meanwhile is seen before the new limit is written.
 */
export async function grantCreditLimit(db: Kysely<Database>, walletMemberId: number, limitFen: number): Promise<CreditLine> {
  for (let i = 0; i < CAS_TRIES; i++) {
    const w = await db.selectFrom("wallets").select(["creditUsed"]).where("memberId", "=", walletMemberId).executeTakeFirst();
    const at = isoAt();
    if (!w) {
      await db.insertInto("wallets").values({ memberId: walletMemberId, creditLimit: fenToYuan(limitFen), updateTime: at }).execute();
      return { limitFen, usedFen: 0 };
    }
    const usedFen = fenOf(w.creditUsed, "creditUsed");
    if (limitFen < usedFen) {
      const msg = `授信额度不能低于企业已用额度 ¥${formatFen(usedFen)}`;
      throw new BizError(RET.CONFLICT, msg, { errors: { creditLimitFen: msg } });
    }
    const done = await db
      .updateTable("wallets")
      .set({ creditLimit: fenToYuan(limitFen), updateTime: at })
      .where("memberId", "=", walletMemberId)
      .where("creditUsed", "=", w.creditUsed)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) return { limitFen, usedFen };
  }
  throw new BizError(RET.CONFLICT, BUSY);
}
