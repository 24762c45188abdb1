// The append-only ledger and the wallet balance it moves. A wallet row changes only here, in the
// caller's transaction, together with its ledger row: a compare-and-set on the balance read
// (the stored text is exact decimal yuan), so a concurrent change is re-read rather than lost,
// and a debit larger than the balance is refused before anything is written.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import { isoAt } from "../services/clock";
import { fenToYuan } from "../../src/domain/policy/fen";
import { yuanTextToFen } from "../../src/domain/travel/money";
import type { LedgerEntryName } from "../../src/domain/bills";

export const INSUFFICIENT_BALANCE = "账户余额不足";

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

function balanceFen(text: string): number {
  const fen = yuanTextToFen(text);
  // A malformed stored balance is a data fault; treating it as 0 would hide money.
  if (fen === null) throw new Error(`invalid wallet balance: ${JSON.stringify(text)}`);
  return fen;
}

/** The member's wallet balance in fen; a member without a wallet row has nothing in it. */
export async function walletBalanceFen(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await db.selectFrom("wallets").select("balance").where("memberId", "=", memberId).executeTakeFirst();
  return row ? balanceFen(row.balance) : 0;
}

const CAS_TRIES = 8;

export interface MoveOptions {
  /**
   * A debit must leave the frozen part of the balance in place (a withdrawal takes only what is
   * available); the text is the refusal. Checked on the balance the compare-and-set writes over.
   */
  keepFrozen?: string;
}

/**
 * Moves the wallet by `delta` fen (negative: a debit) and writes the ledger row, both in `trx`.
 * The update only lands when the balance is still the one read, so two payments racing on one
 * wallet cannot both spend the same money.
 */
export async function moveWallet(trx: Kysely<Database>, e: LedgerEntry, opts: MoveOptions = {}): Promise<number> {
  const delta = e.direction === "in" ? e.amountFen : -e.amountFen;
  for (let i = 0; i < CAS_TRIES; i++) {
    const row = await trx.selectFrom("wallets").select(["balance", "frozen"]).where("memberId", "=", e.memberId).executeTakeFirst();
    if (!row) {
      if (delta < 0) throw new BizError(RET.CONFLICT, INSUFFICIENT_BALANCE);
      await trx.insertInto("wallets").values({ memberId: e.memberId, balance: fenToYuan(delta), updateTime: isoAt() }).execute();
      await appendLedger(trx, e, delta);
      return delta;
    }
    const after = balanceFen(row.balance) + delta;
    if (after < 0) throw new BizError(RET.CONFLICT, INSUFFICIENT_BALANCE);
    if (opts.keepFrozen && delta < 0 && after < balanceFen(row.frozen)) throw new BizError(RET.CONFLICT, opts.keepFrozen);
    const done = await trx
      .updateTable("wallets")
      .set({ balance: fenToYuan(after), updateTime: isoAt() })
      .where("memberId", "=", e.memberId)
      .where("balance", "=", row.balance)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) {
      await appendLedger(trx, e, after);
      return after;
    }
  }
  throw new BizError(RET.CONFLICT, "账户繁忙，请稍后重试");
}
