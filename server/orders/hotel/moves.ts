// Applying the hotel order state machine: one conditional UPDATE (`where status = from`) per
// move, its event row and its supplier effect (releasing, confirming or refunding the rooms) in
// one transaction, so two concurrent moves on one order can never both succeed. Cancelling a
// paid booking also refunds it (less the rate's cancellation fee) to the member's wallet in the
// same transaction.
import { say } from "../../services/i18n/catalogue";
import { label, said } from "../../services/i18n/text";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction, lockedForMove } from "../../db/transaction";
import { DomainError } from "../../services/domain-error";
import { suppliersFor } from "../../suppliers";
import { supplierContext } from "../../suppliers";
import { payBack } from "../../payments/refund";
import {
  HOTEL_ORDER_STATUS, hotelOrderLabel, hotelOrderMove, isPaidStatus, type HotelOrderAction,
} from "../../../src/domain/orders/hotel";
import { ORDER_NOT_FOUND, SYSTEM_ACTOR, type Actor } from "../actor";
import { recordMove } from "../record-move";
import { closeOrderApproval } from "../waiting";
import type { HotelOrderModify } from "../../../src/domain/orders/hotel-booking";
import { formatFen } from "../../../src/domain/money";

export interface HotelMoveRequest {
  orderId: number;
  action: HotelOrderAction;
  actor: Actor;
  note?: string;
  /** The supplier's inventory seed (tests and demo servers pick theirs). */
  seed?: string;
}

type Order = { id: number; status: number; holdId: string | null; product: string; totalFen: number; orderNo: string; memberId: number; approvalId: number | null };

/** Refuses (409) unless this move starts at the order's status and the actor may take it. */
function checkMove(order: Order, r: Pick<HotelMoveRequest, "action" | "actor">) {
  const move = hotelOrderMove(order.status, r.action);
  if (!move || (move.by === "system" && r.actor.kind !== "system")) {
    throw new DomainError("conflict", said("flight.orderSStatusDone", { status: label(hotelOrderLabel, order.status) }));
  }
  return move;
}

async function write(trx: Transaction<Database>, order: Order, r: HotelMoveRequest): Promise<{ from: number; to: number }> {
  const move = checkMove(order, r);
  return recordMove(trx, order.id, move, r, move.to === HOTEL_ORDER_STATUS.cancelled);
}

/** The order a move starts from, its row locked first (moves of one order wait here for each other). */
async function readOrder(trx: Kysely<Database>, id: number): Promise<Order> {
  const order = await lockedForMove(trx, trx.selectFrom("orders").select(["id", "status", "holdId", "product", "totalFen", "orderNo", "memberId", "approvalId"]).where("id", "=", id)).executeTakeFirst();
  if (!order || order.product !== "hotel") throw new DomainError("notFound", ORDER_NOT_FOUND);
  return order;
}

/** Applies one move; refuses (and changes nothing) when the order is not where the move starts. */
export async function applyHotelMove(db: Kysely<Database>, r: HotelMoveRequest): Promise<{ from: number; to: number }> {
  if (r.action === "cancel") return cancelHotelOrder(db, r);
  return inTransaction(db, async (trx) => {
    const order = await readOrder(trx, r.orderId);
    const supplier = suppliersFor(db, r.seed).hotel.within(trx);
    // Rooms go back before the order is written, in the order a booking takes them.
    checkMove(order, r);
    if (order.holdId && (r.action === "expire" || r.action === "rejectApproval")) await supplier.cancel(order.holdId);
    const result = await write(trx, order, r);
    // Paid: the rooms are the buyer's now and no longer run out with the unpaid hold.
    if (order.holdId && r.action === "pay") await supplier.confirm(order.holdId);
    if (result.from === HOTEL_ORDER_STATUS.approving && order.approvalId && r.action === "expire") await closeOrderApproval(trx, order.approvalId, "expire", r.actor.name);
    if (r.action === "confirm") {
      const hold = order.holdId ? await trx.selectFrom("inventory_holds").select("reference").where("id", "=", order.holdId).executeTakeFirst() : undefined;
      await trx.updateTable("hotel_orders").set({ confirmNo: hold?.reference ?? order.orderNo }).where("orderId", "=", order.id).execute();
    }
    return result;
  });
}

/**
 * The member cancels. Unpaid (or waiting for approval, whose approval is withdrawn with it): the
 * rooms go back. Paid (pending confirmation or confirmed): only a rate that may be cancelled; the
 * supplier gives the rooms back and names the fee, and the rest of the price goes back where it
 * was paid from (payBack) with the system's refund move.
 */
async function cancelHotelOrder(db: Kysely<Database>, r: HotelMoveRequest): Promise<{ from: number; to: number }> {
  return inTransaction(db, async (trx) => {
    const order = await readOrder(trx, r.orderId);
    const stay = await trx.selectFrom("hotel_orders").select(["cancelPolicy"]).where("orderId", "=", order.id).executeTakeFirstOrThrow();
    const paid = isPaidStatus(order.status);
    if (paid && stay.cancelPolicy === "none") throw new DomainError("conflict", said("hotel.roomTypeCancelledOnceBooked"));
    const supplier = suppliersFor(db, r.seed).hotel.within(trx);
    // Rooms go back before the order is written, in the order a booking takes them.
    checkMove(order, r);
    if (!paid) {
      if (order.holdId) await supplier.cancel(order.holdId);
      const result = await write(trx, order, r);
      if (result.from === HOTEL_ORDER_STATUS.approving && order.approvalId) await closeOrderApproval(trx, order.approvalId, "cancel", r.actor.name);
      return result;
    }
    const refunded = order.holdId ? await supplier.refund(order.holdId, await supplierContext(trx, null)) : { fee: 0 };
    const fee = Math.min(order.totalFen, refunded.fee);
    const back = order.totalFen - fee;
    const money = await payBack(trx, { orderId: order.id, orderNo: order.orderNo, amountFen: back, note: say("hotel.hotelOrderCancellationRefund") });
    await trx.updateTable("hotel_orders").set({ penaltyFen: fee, refundFen: back }).where("orderId", "=", order.id).execute();
    const result = await write(trx, order, r);
    await write(trx, { ...order, status: HOTEL_ORDER_STATUS.cancelled }, {
      orderId: order.id, action: "refund", actor: SYSTEM_ACTOR,
      note: say("hotel.refund", { back: formatFen(back), label: money.label || say("orders.originalAccount"), fee: fee > 0 ? say("orders.cancellationFeeDeducted", { fee: formatFen(fee) }) : "" }),
    });
    return { from: result.from, to: HOTEL_ORDER_STATUS.refunded };
  });
}

/**
 * The member modifies a booking before check-in: guests (one per room), contact, latest arrival
 * and requests, with the changes written on the timeline. The modify move keeps the status and
 * its conditional update still refuses an order that moved on meanwhile (checked in, cancelled).
 */
export async function modifyHotelOrder(db: Kysely<Database>, orderId: number, input: HotelOrderModify, actor: Actor): Promise<{ from: number; to: number; changed: boolean }> {
  return inTransaction(db, async (trx) => {
    const order = await readOrder(trx, orderId);
    const [stay, guests, contact] = await Promise.all([
      trx.selectFrom("hotel_orders").select(["roomCount", "arrivalTime", "remark"]).where("orderId", "=", order.id).executeTakeFirstOrThrow(),
      trx.selectFrom("hotel_order_guests").select(["roomNo", "name"]).where("orderId", "=", order.id).orderBy("roomNo").execute(),
      trx.selectFrom("orders").select(["contactName", "contactMobile"]).where("id", "=", order.id).executeTakeFirstOrThrow(),
    ]);
    if (input.guests.length !== stay.roomCount) throw new DomainError("badInput", said("hotel.giveOneGuestPerRoom", { roomCount: stay.roomCount }), { errors: { guests: said("hotel.giveOneGuestPerRoom2") } });
    const before = guests.map((g) => g.name).join("、");
    const after = input.guests.map((g) => g.name).join("、");
    const remark = input.remark ?? null;
    const changes = [
      before !== after ? say("hotel.guests", { before, after }) : null,
      contact.contactName !== input.contactName ? say("hotel.contact", { contactName: contact.contactName, contactName2: input.contactName }) : null,
      contact.contactMobile !== input.contactMobile ? say("hotel.contactPhone", { contactMobile: contact.contactMobile, contactMobile2: input.contactMobile }) : null,
      stay.arrivalTime !== input.arrivalTime ? say("hotel.latestArrival", { arrivalTime: stay.arrivalTime, arrivalTime2: input.arrivalTime }) : null,
      (stay.remark ?? null) !== remark ? say("hotel.remark", { remark: remark ?? "（无）" }) : null,
    ].filter((c): c is string => c !== null);
    // Nothing to change: no move, no event.
    if (changes.length === 0) return { from: order.status, to: order.status, changed: false };
    const result = await write(trx, order, { orderId: order.id, action: "modify", actor, note: changes.join("；") });
    await trx.updateTable("orders").set({ contactName: input.contactName, contactMobile: input.contactMobile }).where("id", "=", order.id).execute();
    await trx.updateTable("hotel_orders").set({ arrivalTime: input.arrivalTime, remark }).where("orderId", "=", order.id).execute();
    if (before !== after) {
      await trx.deleteFrom("hotel_order_guests").where("orderId", "=", order.id).execute();
      await trx.insertInto("hotel_order_guests").values(input.guests.map((g, i) => ({ orderId: order.id, roomNo: i + 1, name: g.name }))).execute();
    }
    return { ...result, changed: true };
  });
}
