// 改签: the tickets move to another train (or seat class) between the same cities, once, before
// the train leaves. The railway charges no change fee; each passenger's difference is priced by
// trainChangeLines, the same function for the quote and the charge. The quote writes nothing.
// - No dearer: the new seats are held and issued at once and the old ones go back on sale in the
//   same transaction; a cheaper ticket's difference comes back less the railway's refund fee on it.
// - Dearer (12306's 改签待支付): confirming holds the new seats, keeps the change and moves the
//   order to 改签待支付 (a conditional update: of two confirms, one finds it moved) in one
//   transaction. The cashier takes the difference (business type trainChangeTicket); paying it
//   issues the new tickets and releases the old seats. Unpaid when the window closes, or withdrawn
//   by the member, the change is declined: the new seats go back and the original ticket, never
//   touched, stays valid.
// - Free (航变, server/disruptions: the railway changed or stopped the train): only to another train
//   between the same cities in the same seat class, departing in the window around the disrupted
//   one; no fee and no difference either way (involuntaryTrainChangeLines), completed at once.
import { say } from "../../services/i18n/catalogue";
import { reverseChangedRailTickets } from "../../einvoices/reversals";
import { said } from "../../services/i18n/text";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction } from "../../db/transaction";
import { DomainError } from "../../services/domain-error";
import { isoAt, now } from "../../services/clock";
import { supplierContext, suppliersFor } from "../../suppliers";
import { defineJobKind } from "../../jobs/kinds";
import { enqueueJob } from "../../jobs/queue";
import { loadPlaces } from "../../inventory/places";
import { trainChangeLines } from "../../../src/domain/orders/train-booking";
import type { TrainChangeConfirmed, TrainChangeQuote, TrainPassengerType, TrainPendingChange } from "../../../src/domain/orders/train-types";
import { TRAIN_SERVICE_FEE, type SeatClass } from "../../../src/domain/travel/train";
import type { TrainItem } from "../../../src/domain/travel/types";
import type { TrainSupplier } from "../../suppliers/types";
import { SYSTEM_ACTOR, type Actor } from "../actor";
import { payBack } from "../../payments/refund";
import { checkTrainMove, readTrainOrder, seatPassengers, writeTrainMove, type TrainOrderRef } from "./moves";
import { departAtOf } from "./book";
import { departureOf } from "./refund";
import { formatFen } from "../../../src/domain/money";
import { involuntaryTrainChangeLines } from "../../../src/domain/disruptions";

export const TRAIN_CHANGE_EXPIRY_JOB = "train-change-expiry";

export interface ChangeRequest {
  orderId: number;
  trainKey: string;
  seatClass: SeatClass;
}

/** The disrupted train and the departure dates a free change may go to (inclusive, YYYY-MM-DD). */
export interface InvoluntaryTrainChange {
  trainNo: string;
  depDate: string;
  fromDate: string;
  toDate: string;
}

/** The new train as the order keeps it (a search result less its seats). */
type NewTrain = Omit<TrainItem, "seats">;

/** `supplier` works in `db` (the caller's transaction when confirming). */
async function quoteOf(
  db: Kysely<Database>, supplier: TrainSupplier, r: ChangeRequest, actor: Actor, involuntary?: InvoluntaryTrainChange,
): Promise<{ quote: TrainChangeQuote; next: TrainItem; departAt: number }> {
  const order = await readTrainOrder(db, r.orderId);
  checkTrainMove(order, involuntary ? "freeChange" : "change", actor);
  const departAt = await departureOf(db, order.id);
  const current = await db.selectFrom("train_orders").selectAll().where("orderId", "=", order.id).executeTakeFirstOrThrow();
  if (current.trainKey === r.trainKey && current.seatClass === r.seatClass) throw new DomainError("badInput", said("train.chooseAnotherTrainSeatClass"));
  const next = await supplier.train(r.trainKey, await supplierContext(db, null));
  const { stations } = await loadPlaces();
  const city = (station: string) => stations.get(station)?.city;
  if (city(next.fromStation) !== city(current.fromStation) || city(next.toStation) !== city(current.toStation)) {
    throw new DomainError("badInput", said("train.changeMustTrainBetweenSame"));
  }
  const seat = next.seats.find((s) => s.seatClass === r.seatClass);
  if (!seat) throw new DomainError("badInput", said("train.trainHasNoSuchSeat"));
  if (involuntary) assertInvoluntary(involuntary, current.seatClass, next, seat.seatClass);
  const people = await db.selectFrom("train_order_passengers").select(["id", "name", "passengerType", "fareFen"]).where("orderId", "=", order.id).orderBy("id").execute();
  const tickets = people.map((p) => ({ passengerId: p.id, name: p.name, passengerType: p.passengerType as TrainPassengerType, fare: p.fareFen }));
  const priced = involuntary ? involuntaryTrainChangeLines(tickets) : trainChangeLines(tickets, seat, departAt, now());
  const quote: TrainChangeQuote = {
    trainKey: next.trainKey, trainNo: next.trainNo, depDate: next.depDate, depTime: next.depTime, arrTime: next.arrTime,
    fromStation: next.fromStation, toStation: next.toStation, seatClass: seat.seatClass, seatName: seat.seatName, ...priced,
  };
  return { quote, next, departAt };
}

/** Refuses a free change that is not to another train of the same seat class within the window. */
function assertInvoluntary(inv: InvoluntaryTrainChange, seatClass: string, next: TrainItem, chosen: string): void {
  const refuse = (key: "disruption.trainSameSeatClass" | "disruption.changeOtherTrain" | "disruption.trainChangeWindow", params?: Record<string, string>) => {
    const problem = said(key, params);
    throw new DomainError("badInput", problem, { errors: { trainKey: problem } });
  };
  if (chosen !== seatClass) refuse("disruption.trainSameSeatClass");
  if (next.trainNo === inv.trainNo && next.depDate === inv.depDate) refuse("disruption.changeOtherTrain");
  if (next.depDate < inv.fromDate || next.depDate > inv.toDate) refuse("disruption.trainChangeWindow", { from: inv.fromDate, to: inv.toDate });
}

export async function trainChangeQuote(db: Kysely<Database>, r: ChangeRequest, actor: Actor, seed?: string): Promise<TrainChangeQuote> {
  return (await quoteOf(db, suppliersFor(db, seed).train, r, actor)).quote;
}

const changeText = (q: Pick<TrainChangeQuote, "trainNo" | "depDate" | "depTime" | "seatName">) => `${q.trainNo} ${q.depDate} ${q.depTime} ${q.seatName}`;

export async function changeTrainOrder(db: Kysely<Database>, r: ChangeRequest, actor: Actor, seed?: string, involuntary?: InvoluntaryTrainChange): Promise<TrainChangeConfirmed> {
  return inTransaction(db, async (trx) => {
    const supplier = suppliersFor(db, seed).train.within(trx);
    const { quote: q, next, departAt } = await quoteOf(trx, supplier, r, actor, involuntary);
    const order = await readTrainOrder(trx, r.orderId);
    if (!order.holdId) throw new Error(`train order ${order.id} has no tickets to change`);
    if (q.pay > 0) return requestDearer(trx, supplier, order, q, next, departAt, actor);

    const changed = await supplier.change(order.holdId, r.trainKey, r.seatClass, await supplierContext(trx, null));
    const issued = await supplier.confirm(changed.hold.holdId);
    await moveToNewTrain(trx, order.id, next, q, issued);
    let note = involuntary ? say("train.freeChange", { changeText: changeText(q) }) : say("train.change", { changeText: changeText(q) });
    if (q.refund > 0) {
      const money = await payBack(trx, { orderId: order.id, orderNo: order.orderNo, amountFen: q.refund, note: say("train.trainTicketChangeDifferenceRefunded"), final: false });
      note += say("train.differenceRefunded", { refund: formatFen(q.refund), label: money.label || say("orders.originalAccount"), fee: q.fee > 0 ? say("orders.refundFeeDeducted", { fee: formatFen(q.fee) }) : "" });
    }
    // Conditional on the status read above: of two changes at once, the second finds it moved.
    const moved = await writeTrainMove(trx, order, { action: involuntary ? "freeChange" : "change", actor, note });
    return { ...q, ...moved, status: "changed", expiresAt: null };
  });
}

/**
 * A dearer change: the new seats are held, the order moves to 改签待支付 and the change is kept with
 * the end of its payment window: the hold's own end, and never after either train leaves. The
 * order row is already locked (readTrainOrder); seats are taken before the order is written, in
 * the lock order of a booking (seats, then the order and the summaries its triggers write). A
 * second confirm waits at the order row and is refused; a refused move rolls the seats back.
 */
async function requestDearer(
  trx: Kysely<Database>, supplier: TrainSupplier, order: TrainOrderRef, q: TrainChangeQuote, next: TrainItem, departAt: number, actor: Actor,
): Promise<TrainChangeConfirmed> {
  const note = say("train.changeRequestedDifferencePayNo", { changeText: changeText(q), pay: formatFen(q.pay) });
  const children = q.lines.filter((l) => l.passengerType === "child").length;
  const hold = await supplier.hold(q.trainKey, q.seatClass, q.lines.length, await supplierContext(trx, null), children);
  // The hold priced the seats again inside the transaction: the quote must still be theirs.
  if (hold.amount !== q.lines.reduce((s, l) => s + l.newFare, 0) + TRAIN_SERVICE_FEE * q.lines.length) {
    throw new DomainError("conflict", said("train.fareHasChangedChooseTrain"));
  }
  const moved = await writeTrainMove(trx, order, { action: "requestChange", actor, note });
  const expiresAt = new Date(Math.min(Date.parse(hold.expiresAt), departAt, Date.parse(departAtOf(next)))).toISOString();
  const at = isoAt();
  const { seats: _seats, ...train } = next;
  const row = await trx
    .insertInto("train_changes")
    .values({
      orderId: order.id, fromHoldId: order.holdId, toTrainKey: q.trainKey, toSeatClass: q.seatClass, toHoldId: hold.holdId,
      snapshot: JSON.stringify(train satisfies NewTrain), quote: JSON.stringify(q), payFen: q.pay, status: "awaitingPayment", expiresAt, createTime: at, updateTime: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await enqueueJob(trx, { kind: TRAIN_CHANGE_EXPIRY_JOB, runAt: expiresAt, payload: { changeId: row.id } });
  return { ...q, ...moved, status: "awaitingPayment", expiresAt };
}

/** The order carries the new train from now on: its tickets, fares and seats. */
async function moveToNewTrain(trx: Kysely<Database>, orderId: number, next: NewTrain, q: TrainChangeQuote, issued: { holdId: string; reference: string; seats: string[] }): Promise<void> {
  const { holdId, reference: ticketNo } = issued;
  const old = await trx.selectFrom("train_orders").selectAll().where("orderId", "=", orderId).executeTakeFirstOrThrow();
  const ticketTotal = q.lines.reduce((s, l) => s + l.newFare, 0);
  await trx
    .updateTable("orders")
    .set({ holdId, fareKey: `${q.trainKey}:${q.seatClass}`, depDate: next.depDate, ticketFen: ticketTotal, title: `${next.trainNo} ${next.fromStation}—${next.toStation} ${q.seatName}`, updateTime: isoAt() })
    .where("id", "=", orderId)
    .execute();
  await trx
    .updateTable("train_orders")
    .set({
      trainKey: next.trainKey, trainNo: next.trainNo, trainTypeName: next.trainTypeName, fromStation: next.fromStation, toStation: next.toStation,
      depDate: next.depDate, depTime: next.depTime, arrDate: next.arrDate, arrTime: next.arrTime, durationMin: next.durationMin, departAt: departAtOf(next),
      seatClass: q.seatClass, seatName: q.seatName, ticketNo, changedFrom: `${old.trainNo} ${old.depDate} ${old.depTime} ${old.seatName}`,
      feeFen: old.feeFen + q.fee, refundFen: old.refundFen + q.refund,
    })
    .where("orderId", "=", orderId)
    .execute();
  for (const l of q.lines) await trx.updateTable("train_order_passengers").set({ fareFen: l.newFare }).where("id", "=", l.passengerId).execute();
  // The new train's seats are the railway's pick: a choice made for the first train no longer applies.
  await trx.updateTable("train_order_passengers").set({ seatChoice: null }).where("orderId", "=", orderId).execute();
  await seatPassengers(trx, orderId, issued.seats);
  await reverseChangedRailTickets(trx, orderId, ticketNo);
}

/** The order's change waiting for its difference, if any. */
export async function trainChangeAwaitingPayment(db: Kysely<Database>, orderId: number) {
  return db.selectFrom("train_changes").selectAll().where("orderId", "=", orderId).where("status", "=", "awaitingPayment").orderBy("id", "desc").executeTakeFirst();
}

/** The change record's own move, conditional on where it was read: a job or a payment that comes second does nothing. */
async function settleChange(trx: Kysely<Database>, id: number, to: "confirmed" | "declined" | "cancelled"): Promise<void> {
  const done = await trx.updateTable("train_changes").set({ status: to, updateTime: isoAt() }).where("id", "=", id).where("status", "=", "awaitingPayment").executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", said("flight.changeStatusHasChangedRefresh"));
}

/**
 * The difference is paid: the new tickets are issued, the original seats go back on sale and the
 * order carries the new train. In the payment's transaction, so both happen or neither.
 */
export async function confirmTrainChange(trx: Kysely<Database>, orderId: number, note: string): Promise<void> {
  const change = await trainChangeAwaitingPayment(trx, orderId);
  if (!change) throw new DomainError("conflict", said("train.orderHasNoChangeAwaiting"));
  const order = await readTrainOrder(trx, orderId);
  await settleChange(trx, change.id, "confirmed");
  const q = JSON.parse(change.quote) as TrainChangeQuote;
  checkTrainMove(order, "payChange", SYSTEM_ACTOR);
  const supplier = suppliersFor(trx).train.within(trx);
  // Seats before the order's move, as a booking takes them (see requestDearer).
  const issued = await supplier.confirm(change.toHoldId);
  if (change.fromHoldId) await supplier.refund(change.fromHoldId, await supplierContext(trx, null));
  await writeTrainMove(trx, order, { action: "payChange", actor: SYSTEM_ACTOR, note: say("train.changeCompleteOriginalTicketS", { note, changeText: changeText(q) }) });
  await moveToNewTrain(trx, orderId, JSON.parse(change.snapshot) as NewTrain, q, issued);
  // A passenger whose new fare is lower (none when the seat is one class for all) still gets theirs back.
  if (q.refund > 0) await payBack(trx, { orderId, orderNo: order.orderNo, amountFen: q.refund, note: say("train.trainTicketChangeDifferenceRefunded"), final: false });
}

/**
 * A change that will not be paid: declined when its window closes, or withdrawn by the member. The
 * new seats go back on sale; the order is ticketed on its original train as before.
 */
export async function declineTrainChange(trx: Kysely<Database>, orderId: number, how: "declineChange" | "cancelChange", actor: Actor): Promise<{ from: number; to: number }> {
  const change = await trainChangeAwaitingPayment(trx, orderId);
  if (!change) throw new DomainError("conflict", said("train.orderHasNoChangeAwaiting"));
  const order = await readTrainOrder(trx, orderId);
  checkTrainMove(order, how, actor);
  await settleChange(trx, change.id, how === "cancelChange" ? "cancelled" : "declined");
  const q = JSON.parse(change.quote) as TrainChangeQuote;
  const note = how === "cancelChange"
    ? say("train.changeCancelledNewTrainS", { changeText: changeText(q) })
    : say("train.changeDifferenceWasPaidTime", { changeText: changeText(q) });
  // The new seats go back before the order's move, as a booking takes them (see requestDearer).
  await suppliersFor(trx).train.within(trx).cancel(change.toHoldId);
  return writeTrainMove(trx, order, { action: how, actor, note });
}

/** The member withdraws the change waiting for its difference. */
export async function cancelTrainChange(db: Kysely<Database>, orderId: number, actor: Actor): Promise<{ from: number; to: number }> {
  return inTransaction(db, (trx) => declineTrainChange(trx, orderId, "cancelChange", actor));
}

/** The cashier's name for a change's difference: the train and seat it buys. */
export function trainChangeTitle(change: { snapshot: string; quote: string }): string {
  const t = JSON.parse(change.snapshot) as NewTrain;
  const q = JSON.parse(change.quote) as TrainChangeQuote;
  return say("train.change2", { changeText: changeText(q), fromStation: t.fromStation, toStation: t.toStation });
}

/** The change as the order detail shows it while it waits for its difference. */
export function pendingChangeView(change: { snapshot: string; quote: string; payFen: number; expiresAt: string }): TrainPendingChange {
  const t = JSON.parse(change.snapshot) as NewTrain;
  const q = JSON.parse(change.quote) as TrainChangeQuote;
  return {
    trainNo: t.trainNo, depDate: t.depDate, depTime: t.depTime, arrTime: t.arrTime, fromStation: t.fromStation, toStation: t.toStation,
    seatName: q.seatName, pay: change.payFen, lines: q.lines, expiresAt: change.expiresAt,
  };
}

export const trainChangeExpiryJob = defineJobKind({
  kind: TRAIN_CHANGE_EXPIRY_JOB,
  payload: z.object({ changeId: z.number().int() }),
  async run(p, { trx }) {
    const change = await trx.selectFrom("train_changes").select(["orderId", "status"]).where("id", "=", p.changeId).executeTakeFirst();
    // Paid, withdrawn or already declined meanwhile: nothing left to expire.
    if (change?.status !== "awaitingPayment") return;
    await declineTrainChange(trx, change.orderId, "declineChange", SYSTEM_ACTOR);
  },
});
