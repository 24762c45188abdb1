// The sandbox payout processor, as durable jobs: the default policy for every request no finance
// operator has taken in the console (operator.ts), where an operator may hold one and decide it
// by hand. The review approves a request, or rejects it when its card was unbound meanwhile or
// the member's withdrawals of that China day would pass the daily limit; the payout then marks an
// approved one paid (or rejects it when the card is gone). Rejections return the money in the
// same transaction.
import { say } from "../services/i18n/catalogue";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { defineJobKind } from "../jobs/kinds";
import { enqueueJob } from "../jobs/queue";
import { now } from "../services/clock";
import { lockKey } from "../services/accounts/db";
import { chinaDate } from "../../src/domain/travel/dates";
import { DAILY_WITHDRAWAL_LIMIT_FEN } from "../../src/domain/payments/withdrawal";
import { PAYOUT_AFTER_MS, WITHDRAWAL_PAYOUT_JOB, WITHDRAWAL_REVIEW_JOB, moveWithdrawal } from "./withdrawals";
import { formatFen } from "../../src/domain/money";

export const REJECT_NOTES = {
  cardGone: say("withdrawals.bankCardWasUnboundWithdrawal"),
  overDailyLimit: say("withdrawals.overDailyWithdrawalLimitYuan", { DAILY_WITHDRAWAL_LIMIT_FEN: formatFen(DAILY_WITHDRAWAL_LIMIT_FEN) }),
} as const;

const payload = z.object({ withdrawalId: z.number().int() });

async function cardBound(trx: Kysely<Database>, cardId: number): Promise<boolean> {
  const card = await trx.selectFrom("bank_cards").select("status").where("id", "=", cardId).executeTakeFirst();
  return card?.status === "bound";
}

/** What the member's approved and paid withdrawals of that China day already add up to. */
async function dayTotalFen(trx: Kysely<Database>, memberId: number, createTime: string): Promise<number> {
  const day = chinaDate(Date.parse(createTime));
  const start = new Date(`${day}T00:00:00+08:00`).toISOString();
  const end = new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000).toISOString();
  const r = await trx
    .selectFrom("withdrawals")
    .select((eb) => eb.fn.coalesce(eb.fn.sum("amountFen"), eb.val(0)).as("n"))
    .where("memberId", "=", memberId)
    .where("status", "in", ["approved", "paid"])
    .where("createTime", ">=", start)
    .where("createTime", "<", end)
    .executeTakeFirst();
  return toCount(r?.n);
}

export const withdrawalReviewJob = defineJobKind({
  kind: WITHDRAWAL_REVIEW_JOB,
  payload,
  async run(p, { trx }) {
    const w = await trx.selectFrom("withdrawals").selectAll().where("id", "=", p.withdrawalId).executeTakeFirst();
    // Cancelled or decided meanwhile: nothing left to review. A request an operator has taken is
    // the operator's to decide; releasing it schedules this review again.
    if (!w || w.status !== "requested" || w.heldBy) return;
    // One member's reviews one at a time, so two of one day cannot both fit under the limit.
    await lockKey(trx, `withdrawal-review:${w.memberId}`);
    if (!(await cardBound(trx, w.cardId))) {
      await moveWithdrawal(trx, w, "reject", REJECT_NOTES.cardGone);
      return;
    }
    if ((await dayTotalFen(trx, w.memberId, w.createTime)) + w.amountFen > DAILY_WITHDRAWAL_LIMIT_FEN) {
      await moveWithdrawal(trx, w, "reject", REJECT_NOTES.overDailyLimit);
      return;
    }
    if (await moveWithdrawal(trx, w, "approve")) {
      await enqueueJob(trx, { kind: WITHDRAWAL_PAYOUT_JOB, runAt: now() + PAYOUT_AFTER_MS, payload: { withdrawalId: w.id } });
    }
  },
});

export const withdrawalPayoutJob = defineJobKind({
  kind: WITHDRAWAL_PAYOUT_JOB,
  payload,
  async run(p, { trx }) {
    const w = await trx.selectFrom("withdrawals").selectAll().where("id", "=", p.withdrawalId).executeTakeFirst();
    if (!w || w.status !== "approved" || w.heldBy) return;
    if (!(await cardBound(trx, w.cardId))) {
      await moveWithdrawal(trx, w, "reject", REJECT_NOTES.cardGone);
      return;
    }
    await moveWithdrawal(trx, w, "pay");
  },
});

export const withdrawalJobKinds = [withdrawalReviewJob, withdrawalPayoutJob];
