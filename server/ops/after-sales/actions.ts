// The after-sales queue's actions, each in one transaction with its audit row:
// - take: the request becomes the operator's (a conditional update on it waiting and held by
//   nobody: of two operators, or an operator and the airline's job, one wins) and the job leaves it;
// - release: it waits for anyone again, and the airline's acceptance is scheduled once more;
// - accept: the existing flow, as if the airline had accepted it (a change is confirmed);
// - adjust (refunds): accepted with a new fee within the fare's rules and a reason the member reads;
// - reject: declined with a reason the member reads on the order and in a notification; the
//   order returns to where it was.
// Accept, adjust and reject need the request held by the operator acting.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction } from "../../db/transaction";
import { DomainError } from "../../services/domain-error";
import { isoAt } from "../../services/clock";
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import { auditLog } from "../audit";
import type { OperatorRow } from "../operators";
import { parseQueueKey, type AfterSalesKind, type AfterSalesPolicy } from "../../../src/domain/ops/after-sales";
import { scheduleRefundAcceptance } from "../../orders/flight/refund";
import { declineFlightChange, scheduleChangeConfirmation, settleConfirming } from "../../orders/flight/change";
import { acceptHeldRefund, adjustHeldRefund, deskActor, rejectHeldRefund } from "../../orders/flight/refund-review";
import { autoAcceptOn, setAutoAccept } from "../../orders/flight/desk-policy";
import { noticeAfterSalesDeclined } from "../../notifications/events";

const TABLE = { refund: "flight_refunds", change: "flight_changes" } as const;
const WAITING = { refund: "requested", change: "confirming" } as const;
const OBJECT = { refund: "flightRefund", change: "flightChange" } as const;

function keyOf(id: string): { kind: AfterSalesKind; id: number } {
  const key = parseQueueKey(id);
  if (!key) throw new DomainError("badInput", said("afterSales.notFound"));
  return key;
}

/** The request's row as the queue's actions need it (both tables have these columns). */
async function record(trx: Kysely<Database>, kind: AfterSalesKind, id: number) {
  // Both tables have these columns; the name is typed as one of them.
  const row = await trx
    .selectFrom(`${TABLE[kind]} as t` as "flight_refunds as t")
    .innerJoin("orders", "orders.id", "t.orderId")
    .select(["t.id", "t.orderId", "t.status", "t.heldBy", "orders.companyId", "orders.orderNo"])
    .where("t.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new DomainError("notFound", said("afterSales.notFound"));
  return row;
}

async function audit(trx: Kysely<Database>, operator: OperatorRow, action: "take" | "release" | "accept" | "adjust" | "reject", kind: AfterSalesKind, row: { id: number; companyId: number | null; orderNo: string }, before: unknown, after: unknown) {
  await auditLog(trx, { operatorId: operator.id, action: `afterSales.${action}`, objectType: OBJECT[kind], objectId: row.id, companyId: row.companyId, before, after: { orderNo: row.orderNo, ...(after as object) } });
}

/** Why a request cannot be taken or decided: gone, decided already, or someone else's. */
async function refusal(trx: Kysely<Database>, row: { status: string; heldBy: number | null }, kind: AfterSalesKind): Promise<DomainError> {
  if (row.status !== WAITING[kind]) return new DomainError("conflict", said("afterSales.notWaiting"));
  if (row.heldBy !== null) {
    const holder = await trx.selectFrom("operators").select("name").where("id", "=", row.heldBy).executeTakeFirst();
    return new DomainError("conflict", said("afterSales.takenByOther", { name: holder?.name ?? "" }));
  }
  return new DomainError("conflict", said("afterSales.takeFirst"));
}

export async function takeRequest(db: Kysely<Database>, operator: OperatorRow, id: string) {
  const { kind, id: recordId } = keyOf(id);
  return inTransaction(db, async (trx) => {
    const row = await record(trx, kind, recordId);
    if (row.heldBy === operator.id && row.status === WAITING[kind]) return { id, heldBy: operator.id };
    const at = isoAt();
    const done = await trx
      .updateTable(TABLE[kind] as "flight_refunds")
      .set({ heldBy: operator.id, heldAt: at })
      .where("id", "=", recordId)
      .where("status", "=", WAITING[kind])
      .where("heldBy", "is", null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw await refusal(trx, await record(trx, kind, recordId), kind);
    await audit(trx, operator, "take", kind, row, { heldBy: null }, { heldBy: operator.id });
    return { id, heldBy: operator.id };
  });
}

export async function releaseRequest(db: Kysely<Database>, operator: OperatorRow, id: string) {
  const { kind, id: recordId } = keyOf(id);
  return inTransaction(db, async (trx) => {
    const row = await record(trx, kind, recordId);
    const done = await trx
      .updateTable(TABLE[kind] as "flight_refunds")
      .set({ heldBy: null, heldAt: null })
      .where("id", "=", recordId)
      .where("status", "=", WAITING[kind])
      .where("heldBy", "=", operator.id)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw await refusal(trx, row, kind);
    // Let go, it is the airline's to accept again (when its desk accepts by itself).
    if (kind === "refund") await scheduleRefundAcceptance(trx, row);
    else await scheduleChangeConfirmation(trx, recordId);
    await audit(trx, operator, "release", kind, row, { heldBy: operator.id }, { heldBy: null });
    return { id, heldBy: null };
  });
}

export async function acceptRequest(db: Kysely<Database>, operator: OperatorRow, id: string) {
  const { kind, id: recordId } = keyOf(id);
  return inTransaction(db, async (trx) => {
    const row = await record(trx, kind, recordId);
    if (row.status !== WAITING[kind] || row.heldBy !== operator.id) throw await refusal(trx, row, kind);
    if (kind === "refund") {
      const r = await acceptHeldRefund(trx, recordId, operator.id);
      await audit(trx, operator, "accept", kind, row, r.before, r.after);
      return { id, state: "processing" };
    }
    const change = await trx.selectFrom("flight_changes").select(["orderId", "toHoldId"]).where("id", "=", recordId).executeTakeFirstOrThrow();
    await trx.updateTable("flight_changes").set({ decision: "accepted", decidedBy: operator.id }).where("id", "=", recordId).execute();
    const outcome = await settleConfirming(trx, change, operator.id, { actor: deskActor(), note: say("afterSales.confirmedChange") });
    await audit(trx, operator, "accept", kind, row, { status: row.status }, { status: outcome });
    return { id, state: outcome };
  });
}

export async function adjustRequest(db: Kysely<Database>, operator: OperatorRow, input: { id: string; fee: number; reason: string }) {
  const { kind, id: recordId } = keyOf(input.id);
  if (kind !== "refund") throw new DomainError("badInput", said("afterSales.onlyRefundFee"));
  return inTransaction(db, async (trx) => {
    const row = await record(trx, kind, recordId);
    if (row.status !== WAITING[kind] || row.heldBy !== operator.id) throw await refusal(trx, row, kind);
    const r = await adjustHeldRefund(trx, recordId, operator.id, input.fee, input.reason);
    await audit(trx, operator, "adjust", kind, row, r.before, r.after);
    return { id: input.id, state: "processing", fee: r.after.fee, refund: r.after.refund };
  });
}

export async function rejectRequest(db: Kysely<Database>, operator: OperatorRow, input: { id: string; reason: string }) {
  const { kind, id: recordId } = keyOf(input.id);
  return inTransaction(db, async (trx) => {
    const row = await record(trx, kind, recordId);
    if (row.status !== WAITING[kind] || row.heldBy !== operator.id) throw await refusal(trx, row, kind);
    if (kind === "refund") {
      const r = await rejectHeldRefund(trx, recordId, operator.id, input.reason);
      await audit(trx, operator, "reject", kind, row, r.before, r.after);
      return { id: input.id, state: "rejected" };
    }
    await trx.updateTable("flight_changes").set({ decision: "rejected", decisionReason: input.reason, decidedBy: operator.id }).where("id", "=", recordId).execute();
    await declineFlightChange(trx, row.orderId, say("afterSales.declinedChange", { reason: input.reason }), operator.id, deskActor());
    await noticeAfterSalesDeclined(trx, { orderId: row.orderId, request: "change", reason: input.reason });
    await audit(trx, operator, "reject", kind, row, { status: row.status }, { status: "declined", reason: input.reason });
    return { id: input.id, state: "declined" };
  });
}

export async function afterSalesPolicy(db: Kysely<Database>): Promise<AfterSalesPolicy> {
  return { autoAccept: await autoAcceptOn(db) };
}

/**
 * Turns the airline's own acceptance on or off. Turned on, every request still waiting and held by
 * nobody has its acceptance scheduled again (its earlier job found the desk off and left it).
 */
export async function setAfterSalesPolicy(db: Kysely<Database>, operator: OperatorRow, autoAccept: boolean): Promise<AfterSalesPolicy> {
  return inTransaction(db, async (trx) => {
    const before = await autoAcceptOn(trx);
    await setAutoAccept(trx, autoAccept);
    if (autoAccept && !before) {
      const refunds = await trx.selectFrom("flight_refunds").select(["id", "orderId"]).where("status", "=", "requested").where("heldBy", "is", null).execute();
      for (const r of refunds) await scheduleRefundAcceptance(trx, r);
      const changes = await trx.selectFrom("flight_changes").select("id").where("status", "=", "confirming").where("heldBy", "is", null).execute();
      for (const c of changes) await scheduleChangeConfirmation(trx, c.id);
    }
    await auditLog(trx, { operatorId: operator.id, action: "afterSales.policy", objectType: "afterSalesPolicy", before: { autoAccept: before }, after: { autoAccept } });
    return { autoAccept };
  });
}
