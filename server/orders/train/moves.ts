// Applying the train order state machine: one conditional UPDATE (`where status = from`) per
// move, its event row and its railway effect (releasing the seats, issuing the tickets with their
// seat numbers, or giving everything back when issuing fails) in one transaction, so two
// concurrent moves on one order can never both succeed. Refunds and changes (with a dearer
// change's payment, expiry and withdrawal), which also move money, are in refund.ts and change.ts
// on the same `writeTrainMove`.
import { say } from "../../services/i18n/catalogue";
import { label, said } from "../../services/i18n/text";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction, lockedForMove } from "../../db/transaction";
import { DomainError } from "../../services/domain-error";
import { suppliersFor } from "../../suppliers";
import { TRAIN_ORDER_STATUS, trainOrderLabel, trainOrderMove, type TrainOrderAction } from "../../../src/domain/orders/train";
import { ORDER_NOT_FOUND, type Actor } from "../actor";
import { payBack } from "../../payments/refund";
import { recordMove } from "../record-move";
import { closeOrderApproval } from "../waiting";
import { formatFen } from "../../../src/domain/money";

export interface TrainMoveRequest {
  orderId: number;
  action: TrainOrderAction;
  actor: Actor;
  note?: string;
  /** The supplier's inventory seed (tests and demo servers pick theirs). */
  seed?: string;
}

export type TrainOrderRef = { id: number; status: number; holdId: string | null; product: string; totalFen: number; orderNo: string; memberId: number; approvalId: number | null };

/** The order a move starts from, its row locked first (moves of one order wait here for each other). */
export async function readTrainOrder(trx: Kysely<Database>, id: number): Promise<TrainOrderRef> {
  const order = await lockedForMove(trx, trx.selectFrom("orders").select(["id", "status", "holdId", "product", "totalFen", "orderNo", "memberId", "approvalId"]).where("id", "=", id)).executeTakeFirst();
  if (!order || order.product !== "train") throw new DomainError("notFound", ORDER_NOT_FOUND);
  return order;
}

/** Refuses (409) unless this move starts at the order's status and the actor may take it. */
export function checkTrainMove(order: { status: number }, action: TrainOrderAction, actor: Actor) {
  const move = trainOrderMove(order.status, action);
  if (!move || (move.by === "system" && actor.kind !== "system")) {
    throw new DomainError("conflict", said("flight.orderSStatusDone", { status: label(trainOrderLabel, order.status) }));
  }
  return move;
}

/** The status change and its timeline event; fails when someone else moved the order first. */
export async function writeTrainMove(trx: Kysely<Database>, order: { id: number; status: number }, r: Omit<TrainMoveRequest, "orderId">): Promise<{ from: number; to: number }> {
  const move = checkTrainMove(order, r.action, r.actor);
  return recordMove(trx, order.id, move, r, move.to === TRAIN_ORDER_STATUS.cancelled);
}

/** The order's passengers in passenger order, with what each chose in 在线选座. */
export const orderPassengerSeats = (trx: Kysely<Database>, orderId: number) =>
  trx.selectFrom("train_order_passengers").select(["id", "seatChoice"]).where("orderId", "=", orderId).orderBy("id").execute();

/** Writes the seat numbers the railway issued, one per passenger in passenger order. */
export async function seatPassengers(trx: Kysely<Database>, orderId: number, seats: readonly string[]): Promise<void> {
  const people = await orderPassengerSeats(trx, orderId);
  for (const [i, p] of people.entries()) await trx.updateTable("train_order_passengers").set({ seatNo: seats[i] ?? null }).where("id", "=", p.id).execute();
}

const CHANGE_OR_REFUND: readonly TrainOrderAction[] = ["refund", "change", "requestChange", "payChange", "declineChange", "cancelChange"];

/**
 * Applies one move without money of the member's choosing: pay (the railway issues later),
 * approve (a business order waiting for approval becomes payable), cancel, expire or
 * rejectApproval (the seats go back; a waiting order's approval is closed with it), ticket (the
 * held seats are issued with seat numbers) and fail (the seats go back and the whole payment is
 * returned where it came from).
 */
export async function applyTrainMove(db: Kysely<Database>, r: TrainMoveRequest): Promise<{ from: number; to: number }> {
  return inTransaction(db, async (trx) => {
    const order = await readTrainOrder(trx, r.orderId);
    // Refunds and changes move money of the member's choosing: refund.ts and change.ts.
    if (CHANGE_OR_REFUND.includes(r.action)) throw new DomainError("conflict", said("train.useRefundChange"));
    return write(trx, order, r, db);
  });
}

async function write(trx: Transaction<Database>, order: TrainOrderRef, r: TrainMoveRequest, db: Kysely<Database>) {
  const supplier = suppliersFor(db, r.seed).train.within(trx);
  if (r.action !== "fail") {
    // Seats go back before the order is written, in the order a booking takes them.
    checkTrainMove(order, r.action, r.actor);
    if (order.holdId && (r.action === "cancel" || r.action === "expire" || r.action === "rejectApproval")) await supplier.cancel(order.holdId);
    const result = await writeTrainMove(trx, order, r);
    if (result.from === TRAIN_ORDER_STATUS.approving && order.approvalId && (r.action === "cancel" || r.action === "expire")) {
      await closeOrderApproval(trx, order.approvalId, r.action, r.actor.name);
    }
    if (r.action === "ticket") {
      if (!order.holdId) throw new Error(`train order ${order.id} has no seats to issue`);
      // Each passenger's 在线选座 choice goes to the railway, which holds it when it can.
      const people = await orderPassengerSeats(trx, order.id);
      const issued = await supplier.confirm(order.holdId, people.map((p) => p.seatChoice));
      await trx.updateTable("train_orders").set({ ticketNo: issued.reference }).where("orderId", "=", order.id).execute();
      await seatPassengers(trx, order.id, issued.seats);
    }
    return result;
  }
  checkTrainMove(order, "fail", r.actor);
  if (order.holdId) await supplier.cancel(order.holdId);
  const money = await payBack(trx, { orderId: order.id, orderNo: order.orderNo, amountFen: order.totalFen, note: say("train.trainTicketingFailedRefund") });
  await trx.updateTable("train_orders").set({ refundFen: order.totalFen }).where("orderId", "=", order.id).execute();
  return writeTrainMove(trx, order, { ...r, note: say("train.refunded", { note: r.note ?? "出票失败", totalFen: formatFen(order.totalFen), label: money.label || "原支付账户" }) });
}
