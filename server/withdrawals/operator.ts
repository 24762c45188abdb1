// A finance operator's side of withdrawals: the queue across members, and deciding one by hand.
// The timed review and payout (jobs.ts) stay the policy for every request nobody has taken. An
// operator who wants to look closer takes the request (hold): from then on the jobs leave it
// alone and no other operator may decide it, until the holder decides or releases it (a release
// schedules the timed step again). An operator may also decide a request nobody holds straight
// away. Every decision is the same conditional move the jobs make (`where status = from`, and the
// hold the mover must respect), so of a job and an operator, or of two operators, exactly one
// lands; its audit row is written in the same transaction, so a refused move leaves none.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { inTransaction, lockedForMove } from "../db/transaction";
import { DomainError } from "../services/domain-error";
import { isoAt, now } from "../services/clock";
import { said } from "../services/i18n/text";
import { enqueueJob } from "../jobs/queue";
import { auditLog } from "../ops/audit";
import type { OperatorRow } from "../ops/operators";
import { IN_PROGRESS_WITHDRAWALS, isWithdrawalFinal, withdrawalOperatorActions, type WithdrawalAction } from "../../src/domain/payments/withdrawal";
import { yuanFilterFen, type OpsWithdrawalFilters, type OpsWithdrawalView } from "../../src/domain/ops/finance-schemas";
import type { OpsPage } from "../../src/domain/ops/schemas";
import { PAYOUT_AFTER_MS, REVIEW_AFTER_MS, WITHDRAWAL_MSG, WITHDRAWAL_PAYOUT_JOB, WITHDRAWAL_REVIEW_JOB, moveWithdrawal, view, type Withdrawal } from "./withdrawals";

export const OPS_WITHDRAWAL_MSG = {
  heldByOther: said("opsFinance.withdrawalHeldByOther"),
  notHeld: said("opsFinance.withdrawalNotHeld"),
  finished: said("opsFinance.withdrawalFinished"),
} as const;

type Operator = Pick<OperatorRow, "id" | "role">;

const chinaDayStart = (date: string) => new Date(`${date}T00:00:00+08:00`).toISOString();

const rows = (db: Kysely<Database>) =>
  db
    .selectFrom("withdrawals as w")
    .innerJoin("bank_cards as c", "c.id", "w.cardId")
    .innerJoin("members as m", "m.id", "w.memberId")
    .leftJoin("operators as o", "o.id", "w.heldBy")
    .selectAll("w")
    .select(["c.bankName", "c.cardNo", "c.holderName", "m.realName", "m.mobilePhone", "o.name as heldByName"]);

type OpsRow = Withdrawal & { bankName: string; cardNo: string; holderName: string; realName: string | null; mobilePhone: string; heldByName: string | null };

/** An administrator may release anyone's hold (an operator who went home); others only their own. */
const mayRelease = (op: Operator, heldBy: number | null) => heldBy !== null && (heldBy === op.id || op.role === "admin");

function opsView(r: OpsRow, op: Operator): OpsWithdrawalView {
  const heldBy = r.heldBy ?? null;
  const free = heldBy === null || heldBy === op.id;
  const actions: OpsWithdrawalView["actions"] = [
    ...(heldBy === null && !isWithdrawalFinal(r.status) ? (["hold"] as const) : []),
    ...(mayRelease(op, heldBy) ? (["release"] as const) : []),
    ...(free ? withdrawalOperatorActions(r.status) : []),
  ];
  return {
    ...view(r),
    memberId: r.memberId,
    memberName: r.realName || r.mobilePhone,
    mobilePhone: r.mobilePhone,
    holderName: r.holderName,
    heldBy,
    heldByName: r.heldByName,
    heldAt: r.heldAt ?? null,
    actions,
  };
}

/** One page of every member's withdrawals, newest first, by status, member, amount and day. */
export async function opsWithdrawalPage(db: Kysely<Database>, f: OpsWithdrawalFilters, op: Operator): Promise<OpsPage<OpsWithdrawalView>> {
  let q = db.selectFrom("withdrawals as w");
  if (f.status) q = q.where("w.status", "=", f.status);
  if (f.member) {
    const member = f.member;
    // Eleven digits are a mobile phone; anything shorter is a member's number.
    q = member.length === 11 ? q.where("w.memberId", "in", db.selectFrom("members").select("id").where("mobilePhone", "=", member)) : q.where("w.memberId", "=", Number(member));
  }
  const [low, high] = [yuanFilterFen(f.amountStart), yuanFilterFen(f.amountEnd)];
  if (low !== undefined) q = q.where("w.amountFen", ">=", low);
  if (high !== undefined) q = q.where("w.amountFen", "<=", high);
  if (f.createDateStart) q = q.where("w.createTime", ">=", chinaDayStart(f.createDateStart));
  const [list, count] = await Promise.all([
    rows(db)
      .where("w.id", "in", q.select("w.id").orderBy("w.id", "desc").limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize))
      .orderBy("w.id", "desc")
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { list: list.map((r) => opsView(r, op)), total: toCount(count?.n), pageNum: f.pageNum, pageSize: f.pageSize };
}

/** The console's badge: requests waiting for their review. */
export async function awaitingReviewCount(db: Kysely<Database>): Promise<{ count: number }> {
  const r = await db.selectFrom("withdrawals").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "requested").executeTakeFirst();
  return { count: toCount(r?.n) };
}

async function opsWithdrawal(db: Kysely<Database>, id: number, op: Operator): Promise<OpsWithdrawalView> {
  const r = await rows(db).where("w.id", "=", id).executeTakeFirst();
  if (!r) throw new DomainError("notFound", WITHDRAWAL_MSG.notFound);
  return opsView(r, op);
}

async function lockedWithdrawal(trx: Kysely<Database>, id: number): Promise<Withdrawal> {
  const w = await lockedForMove(trx, trx.selectFrom("withdrawals").selectAll().where("id", "=", id)).executeTakeFirst();
  if (!w) throw new DomainError("notFound", WITHDRAWAL_MSG.notFound);
  return w;
}

const snapshot = (w: Pick<Withdrawal, "status" | "amountFen" | "memberId" | "withdrawNo">, extra: Record<string, unknown> = {}) =>
  ({ withdrawNo: w.withdrawNo, memberId: w.memberId, amountFen: w.amountFen, status: w.status, ...extra });

/**
 * 审核通过, 已打款 or 驳回 by hand. An approval leaves the payout to the processor (as the timed
 * review's approval does); a rejection returns the money with its one ledger row and tells the
 * member why.
 */
export async function decideWithdrawal(db: Kysely<Database>, op: Operator, id: number, action: Exclude<WithdrawalAction, "cancel">, reason: string | null = null, seen?: string): Promise<OpsWithdrawalView> {
  await inTransaction(db, async (trx) => {
    const w = await lockedWithdrawal(trx, id);
    if (w.heldBy && w.heldBy !== op.id) throw new DomainError("conflict", OPS_WITHDRAWAL_MSG.heldByOther);
    // Decided on what the operator saw: an approval landing meanwhile is not rejected unseen.
    if (seen !== undefined && w.status !== seen) throw new DomainError("conflict", WITHDRAWAL_MSG.moved);
    if (!(await moveWithdrawal(trx, w, action, reason, { operatorId: op.id }))) throw new DomainError("conflict", WITHDRAWAL_MSG.moved);
    if (action === "approve") await enqueueJob(trx, { kind: WITHDRAWAL_PAYOUT_JOB, runAt: now() + PAYOUT_AFTER_MS, payload: { withdrawalId: w.id } });
    const after = await lockedWithdrawal(trx, id);
    await auditLog(trx, { operatorId: op.id, action: `withdrawal.${action}`, objectType: "withdrawal", objectId: id, before: snapshot(w), after: snapshot(after, reason !== null ? { reason } : {}) });
  });
  return opsWithdrawal(db, id, op);
}

/** 接手: the request becomes this operator's to decide; the timed steps leave it alone. */
export async function holdWithdrawal(db: Kysely<Database>, op: Operator, id: number): Promise<OpsWithdrawalView> {
  await inTransaction(db, async (trx) => {
    const w = await lockedWithdrawal(trx, id);
    const at = isoAt();
    const done = await trx
      .updateTable("withdrawals")
      .set({ heldBy: op.id, heldAt: at, updateTime: at })
      .where("id", "=", id)
      .where("heldBy", "is", null)
      .where("status", "in", [...IN_PROGRESS_WITHDRAWALS])
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) {
      const current = await lockedWithdrawal(trx, id);
      if (current.heldBy && current.heldBy !== op.id) throw new DomainError("conflict", OPS_WITHDRAWAL_MSG.heldByOther);
      if (current.heldBy === op.id) return;
      throw new DomainError("conflict", OPS_WITHDRAWAL_MSG.finished);
    }
    await auditLog(trx, { operatorId: op.id, action: "withdrawal.hold", objectType: "withdrawal", objectId: id, before: snapshot(w, { heldBy: null }), after: snapshot(w, { heldBy: op.id }) });
  });
  return opsWithdrawal(db, id, op);
}

/**
 * 放回: the request goes back to the timed policy, whose step for its status is scheduled again
 * (the review no sooner than it would have run anyway, so the member keeps the time to cancel).
 */
export async function releaseWithdrawal(db: Kysely<Database>, op: Operator, id: number): Promise<OpsWithdrawalView> {
  await inTransaction(db, async (trx) => {
    const w = await lockedWithdrawal(trx, id);
    if (!mayRelease(op, w.heldBy ?? null)) throw new DomainError("conflict", w.heldBy ? OPS_WITHDRAWAL_MSG.heldByOther : OPS_WITHDRAWAL_MSG.notHeld);
    const done = await trx
      .updateTable("withdrawals")
      .set({ heldBy: null, heldAt: null, updateTime: isoAt() })
      .where("id", "=", id)
      .where("heldBy", "=", w.heldBy!)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", WITHDRAWAL_MSG.moved);
    if (w.status === "requested") {
      await enqueueJob(trx, { kind: WITHDRAWAL_REVIEW_JOB, runAt: Math.max(now(), Date.parse(w.createTime) + REVIEW_AFTER_MS), payload: { withdrawalId: id } });
    } else if (w.status === "approved") {
      await enqueueJob(trx, { kind: WITHDRAWAL_PAYOUT_JOB, runAt: now() + PAYOUT_AFTER_MS, payload: { withdrawalId: id } });
    }
    await auditLog(trx, { operatorId: op.id, action: "withdrawal.release", objectType: "withdrawal", objectId: id, before: snapshot(w, { heldBy: w.heldBy }), after: snapshot(w, { heldBy: null }) });
  });
  return opsWithdrawal(db, id, op);
}
