// Withdrawals from the wallet to a bound card. Applying takes the money out of the wallet at once,
// in the transaction that writes the request and schedules its review; a rejection or the
// member's cancel puts it back with a second ledger row. Every move is a conditional update on the
// status it leaves (the table in src/domain/payments/withdrawal.ts), so of two concurrent moves
// exactly one lands.
import { noticeWithdrawal } from "../notifications/account-events";
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, Member, WithdrawalsTable } from "../db/schema";
import { toCount } from "../db";
import { DomainError } from "../services/domain-error";
import { isoAt, now } from "../services/clock";
import { offsetOf, type Page } from "../services/http/paging";
import { checkPayPassword } from "../services/accounts/password-guard";
import { moveWallet } from "../payments/ledger";
import { enqueueJob } from "../jobs/queue";
import { CHINA_OFFSET_MS } from "../../src/domain/travel/dates";
import { maskCardNo } from "../../src/domain/payments/bank-cards";
import {
  withdrawalLabel, withdrawalMemberActions, withdrawalMove, type WithdrawalAction, type WithdrawalStatus, type WithdrawalView,
} from "../../src/domain/payments/withdrawal";
import { cardLock, ownCard } from "./bank-cards";

export type Withdrawal = Selectable<WithdrawalsTable>;

/**
 * Withdrawals are not payments of the published business-type table; their ledger rows carry 0
 * and are told apart by their entry ("withdraw").
 */
export const WITHDRAWAL_BUSINESS_TYPE = 0;
export const WITHDRAWAL_REVIEW_JOB = "withdrawal-review";
export const WITHDRAWAL_PAYOUT_JOB = "withdrawal-payout";
/** The (sandbox) review looks at a request this long after it is made; until then it can be cancelled. */
export const REVIEW_AFTER_MS = 10 * 60_000;
/** The (sandbox) payout processor pays an approved withdrawal this long after the review. */
export const PAYOUT_AFTER_MS = 2 * 60_000;

export const WITHDRAWAL_MSG = {
  notFound: said("withdrawals.withdrawalFound"),
  notOwn: said("withdrawals.viewWithdrawal"),
  overBalance: said("withdrawals.withdrawalExceedWithdrawableBalance"),
  payPasswordRequired: said("payments.enterPaymentPassword"),
  moved: said("withdrawals.withdrawalHasBeenHandledCancelled"),
} as const;

/** What the member may take out: the balance less what is frozen. */
export async function withdrawableFen(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await db.selectFrom("wallets").select(["balanceFen", "frozenFen"]).where("memberId", "=", memberId).executeTakeFirst();
  if (!row) return 0;
  return Math.max(0, row.balanceFen - row.frozenFen);
}

/** W + China date-time to the second + 8 random digits; unique by index. */
function newWithdrawNo(): string {
  const stamp = new Date(now() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, "").slice(0, 14);
  return `W${stamp}${crypto.randomInt(0, 100_000_000).toString().padStart(8, "0")}`;
}

type Row = Withdrawal & { bankName: string; cardNo: string };

export function view(r: Row): WithdrawalView {
  const status = r.status as WithdrawalStatus;
  return {
    id: r.id,
    withdrawNo: r.withdrawNo,
    cardId: r.cardId,
    bankName: r.bankName,
    cardNoMasked: maskCardNo(r.cardNo),
    amount: r.amountFen,
    status,
    statusName: withdrawalLabel(status),
    reason: r.reason,
    createTime: r.createTime,
    reviewTime: r.reviewTime,
    paidTime: r.paidTime,
    actions: withdrawalMemberActions(status),
  };
}

const withCard = (db: Kysely<Database>) =>
  db.selectFrom("withdrawals as w").innerJoin("bank_cards as c", "c.id", "w.cardId").selectAll("w").select(["c.bankName", "c.cardNo"]);

async function viewById(db: Kysely<Database>, id: number): Promise<WithdrawalView> {
  return view(await withCard(db).where("w.id", "=", id).executeTakeFirstOrThrow());
}

/** The caller's withdrawal: another member's is refused (403), a missing one is not found. */
async function ownWithdrawal(db: Kysely<Database>, member: Pick<Member, "id">, id: number): Promise<Withdrawal> {
  const w = await db.selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirst();
  if (!w) throw new DomainError("notFound", WITHDRAWAL_MSG.notFound);
  if (w.memberId !== member.id) throw new DomainError("forbidden", WITHDRAWAL_MSG.notOwn);
  return w;
}

export interface ApplyInput {
  cardId: number;
  amount: number;
  payPassword?: string;
}

/**
 * A request to withdraw `amount` fen to one of the member's bound cards. The pay password is
 * checked with the wallet payment's own guard (5 wrong tries lock paying for 15 minutes); then
 * the request, the wallet debit and the review job are written in one transaction.
 */
export async function applyWithdrawal(db: Kysely<Database>, member: Member, input: ApplyInput): Promise<WithdrawalView> {
  await ownCard(db, member, input.cardId);
  if (input.amount > (await withdrawableFen(db, member.id))) throw new DomainError("conflict", WITHDRAWAL_MSG.overBalance, { errors: { amount: WITHDRAWAL_MSG.overBalance } });
  if (member.payPasswordHash && !input.payPassword) {
    throw new DomainError("badInput", WITHDRAWAL_MSG.payPasswordRequired, { errors: { payPassword: WITHDRAWAL_MSG.payPasswordRequired } });
  }
  // Refuses a member without a pay password (请先设置支付密码) before anything else is tried.
  await checkPayPassword(db, member, input.payPassword ?? "");
  const id = await db.transaction().execute(async (trx) => {
    await cardLock(trx, input.cardId);
    const card = await ownCard(trx, member, input.cardId);
    const at = isoAt();
    const withdrawNo = newWithdrawNo();
    const row = await trx
      .insertInto("withdrawals")
      .values({ withdrawNo, memberId: member.id, cardId: card.id, amountFen: input.amount, status: "requested", reason: null, createTime: at, updateTime: at, reviewTime: null, paidTime: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await moveWallet(
      trx,
      { memberId: member.id, account: "wallet", entry: "withdraw", direction: "out", amountFen: input.amount, businessType: WITHDRAWAL_BUSINESS_TYPE, outTradeNo: withdrawNo, orderNo: withdrawNo, note: say("withdrawals.withdrawalEnding", { bankName: card.bankName, cardNo: card.cardNo.slice(-4) }) },
      { keepFrozen: WITHDRAWAL_MSG.overBalance },
    );
    await enqueueJob(trx, { kind: WITHDRAWAL_REVIEW_JOB, runAt: now() + REVIEW_AFTER_MS, payload: { withdrawalId: row.id } });
    return row.id;
  });
  return viewById(db, id);
}

/**
 * Who makes a move: the member (cancel, whoever holds the request), the timed review and payout
 * (only a request no operator has taken) or a finance operator (one no other operator has taken).
 */
export type WithdrawalMover = "member" | "system" | { operatorId: number };

/**
 * Applies one move of the table with a conditional update on its `from` and on the hold the
 * mover must respect; zero rows means another move (or an operator's hold) got there first, and
 * nothing is written. A move that returns the money credits the wallet with a ledger row keyed by
 * the withdrawal's number and R, so it can be written only once. An operator's decision ends the
 * hold, so the payout that follows an approval is the processor's again.
 */
export async function moveWithdrawal(trx: Kysely<Database>, w: Withdrawal, action: WithdrawalAction, reason: string | null = null, by: WithdrawalMover = "system"): Promise<boolean> {
  const m = withdrawalMove(w.status, action);
  if (!m) return false;
  const at = isoAt();
  let q = trx
    .updateTable("withdrawals")
    .set({
      status: m.to,
      updateTime: at,
      ...(reason !== null ? { reason } : {}),
      ...(action === "approve" || (action === "reject" && w.status === "requested") ? { reviewTime: at } : {}),
      ...(action === "pay" ? { paidTime: at } : {}),
      ...(typeof by === "object" ? { heldBy: null, heldAt: null } : {}),
    })
    .where("id", "=", w.id)
    .where("status", "=", m.from);
  if (by === "system") q = q.where("heldBy", "is", null);
  else if (typeof by === "object") {
    const operatorId = by.operatorId;
    q = q.where((eb) => eb.or([eb("heldBy", "is", null), eb("heldBy", "=", operatorId)]));
  }
  const done = await q.executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  await noticeWithdrawal(trx, w.id, action, reason);
  if (m.returnsMoney) {
    await moveWallet(trx, {
      memberId: w.memberId, account: "wallet", entry: "withdraw", direction: "in", amountFen: w.amountFen, businessType: WITHDRAWAL_BUSINESS_TYPE,
      outTradeNo: `${w.withdrawNo}R`, orderNo: w.withdrawNo, note: reason ?? say("withdrawals.withdrawalReturnedBalance"),
    });
  }
  return true;
}

export const CANCEL_NOTE = say("withdrawals.withdrawalCancelledMoneyReturnedBalance");

/** 撤销: only while the request waits for review; the money goes back at once. */
export async function cancelWithdrawal(db: Kysely<Database>, member: Member, id: number): Promise<WithdrawalView> {
  const w = await ownWithdrawal(db, member, id);
  const moved = await db.transaction().execute((trx) => moveWithdrawal(trx, w, "cancel", CANCEL_NOTE, "member"));
  if (!moved) throw new DomainError("conflict", WITHDRAWAL_MSG.moved);
  return viewById(db, id);
}

export async function withdrawalDetail(db: Kysely<Database>, member: Member, id: number): Promise<WithdrawalView> {
  await ownWithdrawal(db, member, id);
  return viewById(db, id);
}

export interface WithdrawalFilter {
  pageNum: number;
  pageSize: number;
  orderType: "asc" | "desc";
  status?: WithdrawalStatus;
  createDateStart?: string;
  createDateEnd?: string;
}

const chinaDayStart = (date: string) => new Date(`${date}T00:00:00+08:00`).toISOString();
const chinaDayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`) + 86_400_000).toISOString();

export async function listWithdrawals(db: Kysely<Database>, member: Member, f: WithdrawalFilter): Promise<Page<WithdrawalView> & { withdrawable: number }> {
  let q = db.selectFrom("withdrawals as w").where("w.memberId", "=", member.id);
  if (f.status) q = q.where("w.status", "=", f.status);
  if (f.createDateStart) q = q.where("w.createTime", ">=", chinaDayStart(f.createDateStart));
  if (f.createDateEnd) q = q.where("w.createTime", "<", chinaDayAfter(f.createDateEnd));
  const [rows, count, withdrawable] = await Promise.all([
    q.innerJoin("bank_cards as c", "c.id", "w.cardId").selectAll("w").select(["c.bankName", "c.cardNo"]).orderBy("w.id", f.orderType).limit(f.pageSize).offset(offsetOf(f)).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
    withdrawableFen(db, member.id),
  ]);
  return { list: rows.map(view), total: toCount(count?.n), pageNum: f.pageNum, pageSize: f.pageSize, withdrawable };
}
