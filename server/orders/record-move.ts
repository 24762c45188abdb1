// Recording one state-machine move of any order: a conditional UPDATE on the status the move
// starts from (two concurrent moves on one order can never both succeed) and its timeline event,
// in the caller's transaction, with the rewards the move earns or reverses. Each product checks its
// own table of moves before calling.
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt } from "../services/clock";
import type { Actor } from "./actor";
import { rewardsOnMove } from "../payments/rewards";
import { noticeOrderMove } from "../notifications/events";

export interface RecordedMove {
  from: number;
  to: number;
}

export async function recordMove(
  trx: Kysely<Database>,
  orderId: number,
  move: RecordedMove,
  event: { action: string; actor: Actor; note?: string | null },
  /** A finished unpaid order keeps no payment deadline. */
  clearsDeadline: boolean,
): Promise<RecordedMove> {
  const at = isoAt();
  const done = await trx
    .updateTable("orders")
    .set({ status: move.to, updateTime: at, ...(clearsDeadline ? { expiresAt: null } : {}) })
    .where("id", "=", orderId)
    .where("status", "=", move.from)
    .executeTakeFirst();
  // Someone else moved the order between our read and our update.
  if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", said("orders.orderStatusHasChangedRefresh"));
  await trx
    .insertInto("order_events")
    .values({ orderId, action: event.action, fromStatus: move.from, toStatus: move.to, actorMemberId: event.actor.memberId, actorName: event.actor.name, note: event.note ?? null, createTime: at })
    .execute();
  // A completed order credits its member's referrer, a refunded one takes that back: in this
  // transaction, so the reward stands or falls with the move.
  await rewardsOnMove(trx, orderId, move);
  await noticeOrderMove(trx, orderId, move, event.action);
  return { from: move.from, to: move.to };
}
