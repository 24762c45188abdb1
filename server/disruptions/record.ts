// Recording a 航变: the operator (ops console or the operator route) or the embedded supplier's
// scenario names a flight or train, its date and what happened. In one transaction: the record is
// written; a flight's inventory, or the train's run of that date (train-run.ts), takes the new
// times (a schedule change) or stops selling (a cancellation); every live order on that flight or
// train and date (paid or ticketed, not refunded or cancelled) is flagged with a pending choice;
// and each flagged order's members (account, booker, traveller) are told through the notification
// outbox. A disruption within 24 hours of departure goes by SMS even in quiet hours
// (quiet-hours.ts). Recorded by an operator of the console, the audit row is written in the same
// transaction.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { isoAt } from "../services/clock";
import { say } from "../services/i18n/catalogue";
import { writeNotice } from "../notifications/outbox";
import { DISRUPTION_PRODUCT, isCancellation, type RecordDisruptionInput } from "../../src/domain/disruptions";
import { FLIGHT_ORDER_STATUS as F } from "../../src/domain/orders/flight";
import { TRAIN_ORDER_STATUS as T } from "../../src/domain/orders/train";
import type { OrderSnapshot } from "../orders/flight/segments";
import { auditLog } from "../ops/audit";
import { planTrainDisruption, type RunReference } from "./train-run";

/** Who recorded it: the travel agency's operator, or the supplier's own feed. */
export type DisruptionActor = "operator" | "supplier";

/** Orders still to be flown: paid (being ticketed) or ticketed, changed, or in a change. */
const LIVE_FLIGHT = [F.paid, F.ticketing, F.ticketed, F.changed, F.changeRequested];
const LIVE_TRAIN = [T.ticketing, T.ticketed, T.changed, T.changePending];
/** A round trip's return or a connection's second flight leaves at most this long after the order's first. */
const SEGMENT_SPAN_DAYS = 60;
const CHINA_OFFSET = "+08:00";

export interface RecordedDisruption {
  id: number;
  orderIds: number[];
}

const shiftDay = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const chinaIso = (date: string, time: string) => new Date(`${date}T${time}:00${CHINA_OFFSET}`).toISOString();
const chinaDayTime = (ms: number) => {
  const s = new Date(ms + 8 * 3_600_000).toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
};

/** `operatorId`: the console's operator who recorded it (audited), or null for the operator key or the supplier. */
export async function recordDisruption(db: Kysely<Database>, input: RecordDisruptionInput, actor: DisruptionActor, operatorId: number | null = null): Promise<RecordedDisruption> {
  return inTransaction(db, async (trx) => {
    const product = DISRUPTION_PRODUCT[input.kind];
    const found = product === "air" ? await flightOrders(trx, input.no, input.date) : await trainOrders(trx, input.no, input.date);
    const run = product === "train" ? await planTrainDisruption(trx, input, found.ref) : null;
    const old = product === "air" ? await updateFlight(trx, input) : run?.old ?? null;
    const at = isoAt();
    const row = await trx
      .insertInto("disruptions")
      .values({
        kind: input.kind, product, no: input.no, date: input.date, oldDepTime: old?.depTime ?? null, oldArrTime: old?.arrTime ?? null,
        newDepTime: input.newDepTime ?? null, newArrTime: input.newArrTime ?? null, reason: input.reason, createdBy: actor, createTime: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await run?.write(row.id);
    const change = isCancellation(input.kind)
      ? say("disruption.cancelledChange", { no: input.no, date: input.date, reason: input.reason })
      : say("disruption.scheduleChange", { no: input.no, date: input.date, old: old?.depTime ?? "—", new: input.newDepTime ?? "—", reason: input.reason });
    for (const o of found.orders) {
      await trx.insertInto("order_disruptions").values({ orderId: o.id, disruptionId: row.id, companyId: o.companyId, status: "pending", chosenAt: null, createTime: at }).execute();
      const departAt = input.newDepTime ? chinaIso(input.date, input.newDepTime) : o.departAt;
      await writeNotice(trx, {
        kind: "scheduleChanged", to: [o.memberId, o.bookerMemberId, o.travellerMemberId], subject: { type: "order", id: o.id },
        params: { orderNo: o.orderNo, title: o.title.slice(0, 200), product, departAt, change: change.slice(0, 200) },
      });
    }
    const orderIds = found.orders.map((o) => o.id);
    if (operatorId !== null) {
      await auditLog(trx, { operatorId, action: "disruption.record", objectType: "disruption", objectId: row.id, after: { ...input, orders: orderIds.length } });
    }
    return { id: row.id, orderIds };
  });
}

interface Affected {
  id: number;
  orderNo: string;
  title: string;
  companyId: number | null;
  memberId: number;
  bookerMemberId: number;
  travellerMemberId: number | null;
  /** The departure as booked (ISO). */
  departAt: string;
}

const ORDER_COLUMNS = ["orders.id", "orders.orderNo", "orders.title", "orders.companyId", "orders.memberId", "orders.bookerMemberId", "orders.travellerMemberId"] as const;

/** Live domestic flight orders with a segment on this flight and date (as booked, or as changed for the whole order). */
async function flightOrders(trx: Kysely<Database>, no: string, date: string): Promise<{ orders: Affected[]; ref: null }> {
  const rows = await trx
    .selectFrom("orders")
    .select([...ORDER_COLUMNS, "orders.snapshot"])
    .where("product", "=", "air")
    .where("international", "=", 0)
    .where("status", "in", LIVE_FLIGHT)
    .where("depDate", "<=", date)
    .where("depDate", ">=", shiftDay(date, -SEGMENT_SPAN_DAYS))
    .orderBy("id")
    .execute();
  const orders: Affected[] = [];
  for (const { snapshot, ...o } of rows) {
    const s = JSON.parse(snapshot) as OrderSnapshot;
    const hit = [s.flight, ...(s.segments ?? []).map((x) => x.flight)].find((f) => f?.flightNo === no && f.depDate === date);
    if (hit) orders.push({ ...o, departAt: hit.depUtc });
  }
  return { orders, ref: null };
}

/** Live train orders on this train and date, and the first one's run and stations: the change's times are theirs. */
async function trainOrders(trx: Kysely<Database>, no: string, date: string): Promise<{ orders: Affected[]; ref: RunReference | null }> {
  const rows = await trx
    .selectFrom("orders")
    .innerJoin("train_orders", "train_orders.orderId", "orders.id")
    .select([...ORDER_COLUMNS, "train_orders.departAt", "train_orders.trainKey", "train_orders.fromStation", "train_orders.toStation"])
    .where("orders.product", "=", "train")
    .where("orders.status", "in", LIVE_TRAIN)
    .where("train_orders.trainNo", "=", no)
    .where("train_orders.depDate", "=", date)
    .orderBy("orders.id")
    .execute();
  const first = rows[0];
  // A train key starts with the run's date (the date the train left its first station).
  const ref = first ? { runDate: first.trainKey.slice(0, 10), fromStation: first.fromStation, toStation: first.toStation } : null;
  return { orders: rows.map(({ trainKey: _k, fromStation: _f, toStation: _t, ...o }) => o), ref };
}

/**
 * The embedded airline's flight takes the new times (its arrival keeps the flight's duration
 * unless a new arrival is given), or, cancelled, sells no more seats. Answers the times it had.
 */
async function updateFlight(trx: Kysely<Database>, input: RecordDisruptionInput): Promise<{ depTime: string; arrTime: string } | null> {
  const flight = await trx.selectFrom("air_flights").selectAll().where("flightNo", "=", input.no).where("flightDate", "=", input.date).where("international", "=", 0).executeTakeFirst();
  if (!flight) return null;
  const old = { depTime: flight.depTime, arrTime: flight.arrTime };
  if (isCancellation(input.kind)) {
    await trx.updateTable("air_flights").set({ fRemaining: 0, cRemaining: 0, yRemaining: 0 }).where("flightKey", "=", flight.flightKey).execute();
    await trx.updateTable("air_class_seats").set({ remaining: 0 }).where("flightKey", "=", flight.flightKey).execute();
    return old;
  }
  const depUtc = chinaIso(input.date, input.newDepTime!);
  let arrMs = Date.parse(depUtc) + flight.durationMin * 60_000;
  if (input.newArrTime) {
    arrMs = Date.parse(chinaIso(input.date, input.newArrTime));
    // An arrival earlier in the day than the departure lands the next day.
    if (arrMs <= Date.parse(depUtc)) arrMs += 86_400_000;
  }
  const arr = chinaDayTime(arrMs);
  await trx
    .updateTable("air_flights")
    .set({ depTime: input.newDepTime!, depUtc, arrDate: arr.date, arrTime: arr.time, arrUtc: new Date(arrMs).toISOString(), durationMin: Math.round((arrMs - Date.parse(depUtc)) / 60_000) })
    .where("flightKey", "=", flight.flightKey)
    .execute();
  return old;
}
