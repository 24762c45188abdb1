// 改签: the tickets move to another train (or seat class) between the same cities, once, before
// the train leaves. The new seats are held and issued at once and the old ones go back on sale in
// the same transaction. A cheaper ticket's difference comes back less the railway's refund fee
// on it; a dearer one would need the difference paid, which the cashier has no business type for,
// so it is refused with the way out (refund and book again). The quote writes nothing.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction } from "../../db/transaction";
import { BizError, RET } from "../../services/http/envelope";
import { now } from "../../services/clock";
import { supplierContext, suppliersFor } from "../../suppliers";
import { loadPlaces } from "../../inventory/places";
import { formatFen } from "../../../src/domain/policy/fen";
import { fareOf, hoursBefore } from "../../../src/domain/orders/train-booking";
import type { TrainChangeQuote, TrainPassengerType } from "../../../src/domain/orders/train-types";
import { trainRefundFee, type SeatClass } from "../../../src/domain/travel/train";
import type { TrainItem } from "../../../src/domain/travel/types";
import type { TrainSupplier } from "../../suppliers/types";
import type { Actor } from "../flight/moves";
import { payBack } from "../../payments/refund";
import { checkTrainMove, readTrainOrder, seatPassengers, writeTrainMove } from "./moves";
import { departAtOf } from "./book";
import { departureOf } from "./refund";

export interface ChangeRequest {
  orderId: number;
  trainKey: string;
  seatClass: SeatClass;
}

/** `supplier` works in `db` (the caller's transaction when confirming). */
async function quoteOf(db: Kysely<Database>, supplier: TrainSupplier, r: ChangeRequest, actor: Actor): Promise<{ quote: TrainChangeQuote; next: TrainItem }> {
  const order = await readTrainOrder(db, r.orderId);
  checkTrainMove(order, "change", actor);
  const departAt = await departureOf(db, order.id);
  const current = await db.selectFrom("train_orders").selectAll().where("orderId", "=", order.id).executeTakeFirstOrThrow();
  if (current.trainKey === r.trainKey && current.seatClass === r.seatClass) throw new BizError(RET.BAD_INPUT, "请选择其他车次或席别");
  const next = await supplier.train(r.trainKey, await supplierContext(db, null));
  const { stations } = await loadPlaces();
  const city = (station: string) => stations.get(station)?.city;
  if (city(next.fromStation) !== city(current.fromStation) || city(next.toStation) !== city(current.toStation)) {
    throw new BizError(RET.BAD_INPUT, "改签只能选择相同出发和到达城市的车次");
  }
  const seat = next.seats.find((s) => s.seatClass === r.seatClass);
  if (!seat) throw new BizError(RET.BAD_INPUT, "该车次没有此席别");
  const people = await db.selectFrom("train_order_passengers").select(["id", "name", "passengerType", "fareFen"]).where("orderId", "=", order.id).orderBy("id").execute();
  const hours = hoursBefore(departAt, now());
  const lines = people.map((p) => {
    const type = p.passengerType as TrainPassengerType;
    const newFare = fareOf(seat, type);
    const difference = Math.max(0, p.fareFen - newFare);
    const fee = trainRefundFee(difference, hours);
    return { passengerId: p.id, name: p.name, passengerType: type, oldFare: p.fareFen, newFare, fee, refund: difference - fee };
  });
  if (lines.some((l) => l.newFare > l.oldFare)) throw new BizError(RET.CONFLICT, "新车次票价高于原票价，暂不支持补差价改签，请退票后重新购买");
  const quote: TrainChangeQuote = {
    trainKey: next.trainKey, trainNo: next.trainNo, depDate: next.depDate, depTime: next.depTime, arrTime: next.arrTime,
    fromStation: next.fromStation, toStation: next.toStation, seatClass: seat.seatClass, seatName: seat.seatName,
    lines, fee: lines.reduce((s, l) => s + l.fee, 0), refund: lines.reduce((s, l) => s + l.refund, 0),
  };
  return { quote, next };
}

export async function trainChangeQuote(db: Kysely<Database>, r: ChangeRequest, actor: Actor, seed?: string): Promise<TrainChangeQuote> {
  return (await quoteOf(db, suppliersFor(db, seed).train, r, actor)).quote;
}

export async function changeTrainOrder(db: Kysely<Database>, r: ChangeRequest, actor: Actor, seed?: string): Promise<TrainChangeQuote & { from: number; to: number }> {
  return inTransaction(db, async (trx) => {
    const supplier = suppliersFor(db, seed).train.within(trx);
    const { quote: q, next } = await quoteOf(trx, supplier, r, actor);
    const order = await readTrainOrder(trx, r.orderId);
    const old = await trx.selectFrom("train_orders").selectAll().where("orderId", "=", order.id).executeTakeFirstOrThrow();
    if (!order.holdId) throw new Error(`train order ${order.id} has no tickets to change`);
    const changed = await supplier.change(order.holdId, r.trainKey, r.seatClass, await supplierContext(trx, null));
    const issued = await supplier.confirm(changed.hold.holdId);
    const ticketTotal = q.lines.reduce((s, l) => s + l.newFare, 0);
    await trx.updateTable("orders").set({ holdId: issued.holdId, fareKey: `${r.trainKey}:${r.seatClass}`, depDate: next.depDate, ticketFen: ticketTotal, title: `${next.trainNo} ${next.fromStation}—${next.toStation} ${q.seatName}` }).where("id", "=", order.id).execute();
    await trx
      .updateTable("train_orders")
      .set({
        trainKey: next.trainKey, trainNo: next.trainNo, trainTypeName: next.trainTypeName, fromStation: next.fromStation, toStation: next.toStation,
        depDate: next.depDate, depTime: next.depTime, arrDate: next.arrDate, arrTime: next.arrTime, durationMin: next.durationMin, departAt: departAtOf(next),
        seatClass: q.seatClass, seatName: q.seatName, ticketNo: issued.reference, changedFrom: `${old.trainNo} ${old.depDate} ${old.depTime} ${old.seatName}`,
        feeFen: old.feeFen + q.fee, refundFen: old.refundFen + q.refund,
      })
      .where("orderId", "=", order.id)
      .execute();
    for (const l of q.lines) await trx.updateTable("train_order_passengers").set({ fareFen: l.newFare }).where("id", "=", l.passengerId).execute();
    await seatPassengers(trx, order.id, q.seatClass);
    let note = `改签至 ${next.trainNo} ${next.depDate} ${next.depTime} ${q.seatName}`;
    if (q.refund > 0) {
      const money = await payBack(trx, { orderId: order.id, orderNo: order.orderNo, amountFen: q.refund, note: "火车票改签退还差额", final: false });
      note += `，退还差额 ¥${formatFen(q.refund)} 至${money.label || "原支付账户"}${q.fee > 0 ? `（扣除退票费 ¥${formatFen(q.fee)}）` : ""}`;
    }
    // Conditional on the status read above: of two changes at once, the second finds it moved.
    const moved = await writeTrainMove(trx, order, { action: "change", actor, note });
    return { ...q, ...moved };
  });
}
