// Applying the flight order state machine: one conditional UPDATE (`where status = from`) per
// move, its event row and its supplier effect (releasing or confirming the seats) in one
// transaction, so two concurrent moves on one order can never both succeed.
import { label, said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { ORDER_NOT_FOUND, type Actor } from "../actor";
import { recordMove } from "../record-move";
import { inTransaction, lockedForMove } from "../../db/transaction";
import { DomainError } from "../../services/domain-error";
import { suppliersFor } from "../../suppliers";
import { closeOrderApproval } from "../waiting";
import {
  FLIGHT_ORDER_STATUS, flightOrderLabel, flightOrderMove, type FlightOrderAction,
} from "../../../src/domain/orders/flight";
import { orderHoldIds } from "./segments";
import { INSURANCE_BY_ORDER_ACTION, INSURANCE_MOVES } from "../../../src/domain/orders/insurance";


export interface MoveRequest {
  orderId: number;
  action: FlightOrderAction;
  actor: Actor;
  note?: string;
  /** The supplier's inventory seed (tests and demo servers pick theirs). */
  seed?: string;
}

/** Applies one move; refuses (and changes nothing) when the order is not where the move starts. */
export async function applyFlightMove(db: Kysely<Database>, r: MoveRequest): Promise<{ from: number; to: number }> {
  return inTransaction(db, async (trx) => {
    // The order row first: moves of one order wait here for each other, before any other lock.
    const order = await lockedForMove(trx, trx.selectFrom("orders").select(["id", "status", "holdId", "product", "approvalId", "snapshot"]).where("id", "=", r.orderId)).executeTakeFirst();
    if (!order || order.product !== "air") throw new DomainError("notFound", ORDER_NOT_FOUND);
    const move = flightOrderMove(order.status, r.action);
    if (!move || (move.by === "system" && r.actor.kind !== "system")) {
      throw new DomainError("conflict", said("flight.orderSStatusDone", { status: label(flightOrderLabel, order.status) }));
    }
    const supplier = suppliersFor(db, r.seed).flight.within(trx);
    // A round trip or connection has a booking per segment: each is released or confirmed with the order.
    const holds = orderHoldIds(order);
    // Seats go back before the order is written, in the order a booking takes them (seats, then
    // the order and the summaries its triggers write).
    if (r.action === "cancel" || r.action === "expire" || r.action === "rejectApproval") for (const h of holds) await supplier.cancel(h);
    await recordMove(trx, order.id, move, r, move.to === FLIGHT_ORDER_STATUS.cancelled);
    await moveInsurance(trx, order.id, r.action);
    if (move.from === FLIGHT_ORDER_STATUS.approving && order.approvalId && (r.action === "cancel" || r.action === "expire")) {
      await closeOrderApproval(trx, order.approvalId, r.action, r.actor.name);
    }
    if (r.action === "pay") for (const h of holds) await supplier.confirm(h);
    return { from: move.from, to: move.to };
  });
}
/** The order's move carries its insured passengers' policies along (issued, or withdrawn). */
async function moveInsurance(trx: Kysely<Database>, orderId: number, action: FlightOrderAction): Promise<void> {
  const insurance = INSURANCE_BY_ORDER_ACTION[action];
  if (!insurance) return;
  for (const m of INSURANCE_MOVES.filter((x) => x.action === insurance)) {
    await trx.updateTable("order_passengers").set({ insuStatus: m.to }).where("orderId", "=", orderId).where("insuType", "is not", null).where("insuStatus", "=", m.from).execute();
  }
}
