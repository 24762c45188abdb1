// Refunding a ticketed flight order, all passengers at once. The estimate and the amount kept are
// one quote (the fare's tier and the hours left, through the shared fee table); submitting stores
// it with the order's move to 退票申请中 in one transaction, and durable jobs then play the
// airline: it accepts the refund, finishes it (the seats go back on sale) and the money goes back
// to where the order was paid from. Each step is one conditional move, so a job that runs twice
// finds the order already moved and does nothing.
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { inTransaction } from "../../db/transaction";
import { isoAt, now } from "../../services/clock";
import { suppliersFor, supplierContext } from "../../suppliers";
import { defineJobKind } from "../../jobs/kinds";
import { enqueueJob } from "../../jobs/queue";
import { payBack } from "../../payments/refund";
import { BUSINESS_TYPE } from "../../../src/domain/payments";
import { FLIGHT_ORDER_STATUS } from "../../../src/domain/orders/flight";
import { hoursUntil, refundQuote, type RefundQuote, type RefundSubmitInput } from "../../../src/domain/orders/flight-after-sales";
import { yuan } from "../booking";
import { applyFlightMove, memberActor, SYSTEM_ACTOR } from "./moves";
import { assertAfterSalesAllowed, assertMove, currentTrip, type CurrentTrip } from "./after-sales";
import { visibleOrderId } from "./views";

export const FLIGHT_REFUND_STEP_JOB = "flight-refund-step";
/** How long the (embedded) airline takes for each step of a refund. */
export const REFUND_STEP_MS = 3_000;

const quoteOf = (trip: CurrentTrip): RefundQuote => refundQuote(trip.tickets, trip.seat.tier, hoursUntil(trip.flight.depUtc, now()));

/** The estimate of refunding the whole order now (per passenger and in total). */
export async function refundTip(db: Kysely<Database>, member: Member, id: number): Promise<RefundQuote> {
  await visibleOrderId(db, member, id);
  assertAfterSalesAllowed(member, "refund");
  const trip = await currentTrip(db, id);
  assertMove(trip.order.status, "requestRefund", "退票");
  return quoteOf(trip);
}

export async function submitRefund(db: Kysely<Database>, member: Member, input: RefundSubmitInput, seed?: string): Promise<{ status: number } & RefundQuote> {
  await visibleOrderId(db, member, input.id);
  assertAfterSalesAllowed(member, "refund");
  return inTransaction(db, async (trx) => {
    const trip = await currentTrip(trx, input.id);
    assertMove(trip.order.status, "requestRefund", "退票");
    const quote = quoteOf(trip);
    const note = `退票原因：${input.reason}；应退 ${yuan(quote.refund)}（退票费 ${yuan(quote.fee)}）`;
    const { to } = await applyFlightMove(trx, { orderId: input.id, action: "requestRefund", actor: memberActor(member), note, seed });
    const at = isoAt();
    await trx
      .insertInto("flight_refunds")
      .values({ orderId: input.id, passengers: JSON.stringify(quote.lines), feeFen: quote.fee, refundFen: quote.refund, reason: input.reason, status: "requested", toAccount: null, createTime: at, updateTime: at })
      .execute();
    await enqueueJob(trx, { kind: FLIGHT_REFUND_STEP_JOB, runAt: now() + REFUND_STEP_MS, payload: { orderId: input.id, action: "acceptRefund" } });
    return { status: to, ...quote };
  });
}

type Step = "acceptRefund" | "finishRefund" | "refundMoney";

const STEP_FROM: Record<Step, number> = {
  acceptRefund: FLIGHT_ORDER_STATUS.refundRequested,
  finishRefund: FLIGHT_ORDER_STATUS.refundProcessing,
  refundMoney: FLIGHT_ORDER_STATUS.ticketRefunded,
};

async function setRecord(trx: Kysely<Database>, orderId: number, status: string, toAccount?: string): Promise<void> {
  await trx.updateTable("flight_refunds").set({ status, updateTime: isoAt(), ...(toAccount ? { toAccount } : {}) }).where("orderId", "=", orderId).execute();
}

async function step(trx: Kysely<Database>, orderId: number, action: Step): Promise<void> {
  const order = await trx.selectFrom("orders").select(["status", "holdId", "orderNo"]).where("id", "=", orderId).executeTakeFirst();
  if (!order || order.status !== STEP_FROM[action]) return;
  if (action === "acceptRefund") {
    await applyFlightMove(trx, { orderId, action, actor: SYSTEM_ACTOR, note: "航空公司已受理退票" });
    await setRecord(trx, orderId, "processing");
    await enqueueJob(trx, { kind: FLIGHT_REFUND_STEP_JOB, runAt: now() + REFUND_STEP_MS, payload: { orderId, action: "finishRefund" } });
    return;
  }
  if (action === "finishRefund") {
    // The airline takes the tickets back: their seats are on sale again.
    if (order.holdId) await suppliersFor(trx).flight.within(trx).refund(order.holdId, await supplierContext(trx, null));
    await applyFlightMove(trx, { orderId, action, actor: SYSTEM_ACTOR, note: "航空公司退票完成，座位已释放" });
    await setRecord(trx, orderId, "ticketRefunded");
    await enqueueJob(trx, { kind: FLIGHT_REFUND_STEP_JOB, runAt: now(), payload: { orderId, action: "refundMoney" } });
    return;
  }
  const record = await trx.selectFrom("flight_refunds").select(["refundFen", "feeFen"]).where("orderId", "=", orderId).executeTakeFirstOrThrow();
  const back = await payBack(trx, { orderId, orderNo: order.orderNo, businessType: BUSINESS_TYPE.dometicketOrderPay, amountFen: record.refundFen, note: "机票退票退款" });
  const where = back.to === "none" ? "" : ` 至${back.label}`;
  await applyFlightMove(trx, { orderId, action, actor: SYSTEM_ACTOR, note: `退款 ${yuan(record.refundFen)}${where}（扣除退票费 ${yuan(record.feeFen)}）` });
  await setRecord(trx, orderId, "refunded", back.to);
}

export const flightRefundStepJob = defineJobKind({
  kind: FLIGHT_REFUND_STEP_JOB,
  payload: z.object({ orderId: z.number().int(), action: z.enum(["acceptRefund", "finishRefund", "refundMoney"]) }),
  run: (p, { trx }) => step(trx, p.orderId, p.action),
});
