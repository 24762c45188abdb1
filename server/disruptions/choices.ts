// The traveller's choice about a 航变 on their order: read it, accept the new time, change free of
// charge to another flight or train of the same route (the flight or train change flow in its
// involuntary mode), or refund in full (the refund flow with no fee). The choice moves pending → accepted | changed |
// refunded with a conditional update in the same transaction as the change or refund it starts,
// so two clicks cannot both succeed, and a refused change or refund leaves the choice open. Only
// members who see the order may choose; a business order keeps its approval and its travel type (a
// free change is not a new booking: neither change flow touches them).
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { inTransaction } from "../db/transaction";
import { isoAt } from "../services/clock";
import { DomainError } from "../services/domain-error";
import { said } from "../services/i18n/text";
import {
  CHANGE_WINDOW_DAYS, disruptionActions, disruptionMove, type DisruptionAction, type DisruptionChangeInput, type DisruptionChoice, type DisruptionKind,
  type DisruptionTrainChangeInput, type DisruptionView,
} from "../../src/domain/disruptions";
import { visibleOrderId } from "../orders/flight/views";
import { confirmChange, type InvoluntaryChange } from "../orders/flight/change";
import { submitRefund } from "../orders/flight/refund";
import { refundTrainOrder } from "../orders/train/refund";
import { changeTrainOrder } from "../orders/train/change";
import type { SeatClass } from "../../src/domain/travel/train";
import { memberActor } from "../orders/actor";

const CHOICE_KEYS = {
  pending: "disruption.choicePending", accepted: "disruption.choiceAccepted", changed: "disruption.choiceChanged", refunded: "disruption.choiceRefunded",
} as const;

/** The order's disruptions, newest first, with what the caller may choose on each. */
export async function orderDisruptions(db: Kysely<Database>, member: Member, orderId: number): Promise<DisruptionView[]> {
  await visibleOrderId(db, member, orderId, null);
  const rows = await db
    .selectFrom("order_disruptions as od")
    .innerJoin("disruptions as d", "d.id", "od.disruptionId")
    .select(["d.id", "d.kind", "d.no", "d.date", "d.oldDepTime", "d.oldArrTime", "d.newDepTime", "d.newArrTime", "d.reason", "d.createTime", "od.status", "od.chosenAt"])
    .where("od.orderId", "=", orderId)
    .orderBy("d.id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, kind: r.kind as DisruptionKind, status: r.status as DisruptionChoice, actions: disruptionActions(r.status, r.kind as DisruptionKind) }));
}

/** The flag of this disruption on this order, for a member who sees the order. */
async function flagOf(db: Kysely<Database>, member: Member, orderId: number, disruptionId: number) {
  await visibleOrderId(db, member, orderId, null);
  const row = await db
    .selectFrom("order_disruptions as od")
    .innerJoin("disruptions as d", "d.id", "od.disruptionId")
    .innerJoin("orders as o", "o.id", "od.orderId")
    .select(["od.id", "od.status", "d.kind", "d.no", "d.date", "o.product"])
    .where("od.orderId", "=", orderId)
    .where("od.disruptionId", "=", disruptionId)
    .executeTakeFirst();
  if (!row) throw new DomainError("notFound", said("disruption.notFound"));
  return { ...row, kind: row.kind as DisruptionKind };
}

type Flag = Awaited<ReturnType<typeof flagOf>>;

/** Moves the choice with one conditional update on `pending`: a second click finds it chosen and is refused. */
async function choose(trx: Kysely<Database>, flag: Flag, action: DisruptionAction): Promise<DisruptionChoice> {
  const to = disruptionMove(flag.status, action, flag.kind);
  if (!to) {
    if (flag.status === "pending") throw new DomainError("conflict", said("disruption.cannotAccept"));
    throw new DomainError("conflict", said("disruption.alreadyChosen", { status: said(CHOICE_KEYS[flag.status as DisruptionChoice] ?? CHOICE_KEYS.pending) }));
  }
  const done = await trx.updateTable("order_disruptions").set({ status: to, chosenAt: isoAt() }).where("id", "=", flag.id).where("status", "=", "pending").executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", said("disruption.alreadyChosen", { status: said(CHOICE_KEYS[to]) }));
  return to;
}

export async function acceptDisruption(db: Kysely<Database>, member: Member, orderId: number, disruptionId: number): Promise<{ status: DisruptionChoice }> {
  const flag = await flagOf(db, member, orderId, disruptionId);
  return inTransaction(db, async (trx) => ({ status: await choose(trx, flag, "accept") }));
}

const shiftDay = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The free change: the flight change flow with nothing to pay, to another flight in the window. */
export async function changeForDisruption(db: Kysely<Database>, member: Member, input: DisruptionChangeInput, seed?: string) {
  const flag = await flagOf(db, member, input.id, input.disruptionId);
  if (flag.product !== "air") throw new DomainError("badInput", said("disruption.notFlightOrder"));
  const involuntary: InvoluntaryChange = {
    flightNo: flag.no, depDate: flag.date, fromDate: shiftDay(flag.date, -CHANGE_WINDOW_DAYS.before), toDate: shiftDay(flag.date, CHANGE_WINDOW_DAYS.after),
  };
  return inTransaction(db, async (trx) => {
    const status = await choose(trx, flag, "change");
    const change = await confirmChange(trx, member, { id: input.id, fareKey: input.fareKey, total: 0 }, seed, involuntary);
    return { status, change };
  });
}

/**
 * The train's free change: the train change flow with nothing to pay or refund, to another train
 * between the same cities in the order's own seat class, departing within the window. The choice
 * and the change commit together: a refused change leaves the choice open.
 */
export async function changeTrainForDisruption(db: Kysely<Database>, member: Member, input: DisruptionTrainChangeInput, seed?: string) {
  const flag = await flagOf(db, member, input.id, input.disruptionId);
  if (flag.product !== "train") throw new DomainError("badInput", said("disruption.notTrainOrder"));
  const involuntary = { trainNo: flag.no, depDate: flag.date, fromDate: shiftDay(flag.date, -CHANGE_WINDOW_DAYS.before), toDate: shiftDay(flag.date, CHANGE_WINDOW_DAYS.after) };
  return inTransaction(db, async (trx) => {
    const status = await choose(trx, flag, "change");
    const seat = await trx.selectFrom("train_orders").select("seatClass").where("orderId", "=", input.id).executeTakeFirstOrThrow();
    const change = await changeTrainOrder(trx, { orderId: input.id, trainKey: input.trainKey, seatClass: seat.seatClass as SeatClass }, memberActor(member), seed, involuntary);
    return { status, change };
  });
}

/** The full refund: every ticket still held, no fee, the service fee back too. */
export async function refundForDisruption(db: Kysely<Database>, member: Member, orderId: number, disruptionId: number, seed?: string) {
  const flag = await flagOf(db, member, orderId, disruptionId);
  return inTransaction(db, async (trx) => {
    const status = await choose(trx, flag, "refund");
    const refund = flag.product === "air"
      ? await submitRefund(trx, member, { id: orderId, reason: "航班延误或取消" }, seed, true)
      : await refundTrainOrder(trx, orderId, memberActor(member), seed, true);
    return { status, refund: refund.refund };
  });
}
