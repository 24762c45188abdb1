// Orders as a subject of the approval engine: a business order waiting (待审批) becomes payable
// when its approval is approved, and is cancelled (its seats released) when it is rejected,
// expires with its fare, or is withdrawn. The order names its approval (approvalId), so an
// approval about anything else never moves an order.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { registerApprovalSubject, type ApprovalRow } from "../../approvals/engine";
import { FLIGHT_ORDER_STATUS, flightOrderLabel } from "../../../src/domain/orders/flight";
import type { FlightItem, FlightSeat } from "../../../src/domain/travel/types";
import { maskCertNo } from "../../../src/domain/people/certificates";
import { applyFlightMove, SYSTEM_ACTOR } from "./moves";

/** The order an approval is about, while it waits for it. */
export async function waitingOrderOf(trx: Kysely<Database>, a: Pick<ApprovalRow, "id" | "subjectId">) {
  return trx
    .selectFrom("orders")
    .select(["id", "status"])
    .where("id", "=", a.subjectId)
    .where("approvalId", "=", a.id)
    .where("status", "=", FLIGHT_ORDER_STATUS.approving)
    .executeTakeFirst();
}

registerApprovalSubject("order", {
  async afterTransition(trx, a, change) {
    if (a.status === "pending" || a.status === "draft") return;
    const order = await waitingOrderOf(trx, a);
    if (!order) return;
    if (a.status === "approved") {
      await applyFlightMove(trx, { orderId: order.id, action: "approve", actor: SYSTEM_ACTOR, note: "审批通过，请在支付时限内完成支付" });
    } else if (a.status === "rejected") {
      const expired = change.action === "expire";
      await applyFlightMove(trx, {
        orderId: order.id, action: expired ? "expire" : "rejectApproval", actor: SYSTEM_ACTOR,
        note: expired ? "票价已过期，审批未完成，系统自动取消" : "审批驳回，订单已取消",
      });
    } else if (a.status === "withdrawn") {
      await applyFlightMove(trx, { orderId: order.id, action: "cancel", actor: { kind: "member", memberId: a.applicantMemberId, name: a.applicantName }, note: "审批已撤回" });
    }
  },
});

/** What the approver sees of an order: the flight, the passengers (certificates masked), the amount and the standard's verdict. */
export async function orderSubjectView(db: Kysely<Database>, a: Pick<ApprovalRow, "id" | "subjectId">) {
  const o = await db.selectFrom("orders").selectAll().where("id", "=", a.subjectId).where("approvalId", "=", a.id).executeTakeFirst();
  if (!o) return null;
  const [passengers, apply] = await Promise.all([
    db.selectFrom("order_passengers").select(["name", "psgType", "certType", "certNo"]).where("orderId", "=", o.id).orderBy("id").execute(),
    o.applyId ? db.selectFrom("trip_applications").select(["noteNo", "purpose"]).where("id", "=", o.applyId).executeTakeFirst() : undefined,
  ]);
  const snap = JSON.parse(o.snapshot) as { flight: FlightItem; seat: FlightSeat };
  return {
    kind: "order" as const,
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    statusLabel: flightOrderLabel(o.status),
    expiresAt: o.expiresAt,
    payprice: o.totalFen,
    travelType: o.travelType,
    overStandard: o.overStandard,
    overReasons: o.overReasons,
    standardVerdict: o.standardVerdict,
    applyNoteNo: apply?.noteNo ?? null,
    applyPurpose: apply?.purpose ?? null,
    flight: {
      flightNo: snap.flight.flightNo, airlineName: snap.flight.airlineName, depCityName: snap.flight.depCityName, arrCityName: snap.flight.arrCityName,
      depAirportName: snap.flight.depAirportName, arrAirportName: snap.flight.arrAirportName, depDate: snap.flight.depDate, depTime: snap.flight.depTime,
      arrTime: snap.flight.arrTime, cabinClassName: snap.seat.cabinClassName, cabinCode: snap.seat.cabinCode, salePrice: snap.seat.salePrice,
    },
    passengers: passengers.map((p) => ({ name: p.name, psgType: p.psgType, certType: p.certType, certNo: maskCertNo(p.certNo) })),
  };
}
