// Orders as a subject of the approval engine, whatever the product: a business order waiting
// (待审批) becomes payable when its approval is approved, and is cancelled (its seats or rooms
// released) when it is rejected, expires with its held booking, or is withdrawn. The order names
// its approval (approvalId), so an approval about anything else never moves an order. Each
// product moves the order through its own state machine.
import { say } from "../services/i18n/catalogue";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { registerApprovalSubject, type ApprovalRow } from "../approvals/engine";
import { FLIGHT_ORDER_STATUS, flightOrderLabel } from "../../src/domain/orders/flight";
import { TRAIN_ORDER_STATUS, trainOrderLabel } from "../../src/domain/orders/train";
import { HOTEL_ORDER_STATUS, hotelOrderLabel } from "../../src/domain/orders/hotel";
import type { FlightItem, FlightSeat } from "../../src/domain/travel/types";
import { maskCertNo } from "../../src/domain/people/certificates";
import type { OrderApplication, OrderSubject } from "../../src/domain/orders/business-types";
import { splitPayment } from "../../src/domain/policy/self-pay";
import { isParticipant } from "../approvals/views";
import { readJson } from "../policy/json";
import { applyFlightMove } from "./flight/moves";
import { SYSTEM_ACTOR, type Actor } from "./actor";
import { applyTrainMove } from "./train/moves";
import { applyHotelMove } from "./hotel/moves";

type WaitingAction = "approve" | "rejectApproval" | "expire" | "cancel";

interface WaitingProduct {
  /** The status of an order waiting for its approval. */
  approving: number;
  label(status: number): string;
  move(trx: Kysely<Database>, r: { orderId: number; action: WaitingAction; actor: Actor; note: string }): Promise<unknown>;
}

const PRODUCTS: Readonly<Record<string, WaitingProduct>> = {
  air: { approving: FLIGHT_ORDER_STATUS.approving, label: (s) => flightOrderLabel(s), move: applyFlightMove },
  train: { approving: TRAIN_ORDER_STATUS.approving, label: (s) => trainOrderLabel(s), move: applyTrainMove },
  hotel: { approving: HOTEL_ORDER_STATUS.approving, label: (s) => hotelOrderLabel(s), move: applyHotelMove },
};

/** The order an approval is about, while it waits for it. */
export async function waitingOrderOf(trx: Kysely<Database>, a: Pick<ApprovalRow, "id" | "subjectId">) {
  const order = await trx.selectFrom("orders").select(["id", "status", "product"]).where("id", "=", a.subjectId).where("approvalId", "=", a.id).executeTakeFirst();
  const product = order ? PRODUCTS[order.product] : undefined;
  return order && product && order.status === product.approving ? { ...order, move: product.move } : undefined;
}

registerApprovalSubject("order", {
  async afterTransition(trx, a, change) {
    if (a.status === "pending" || a.status === "draft") return;
    const order = await waitingOrderOf(trx, a);
    if (!order) return;
    const expired = change.action === "expire";
    if (a.status === "approved") {
      await order.move(trx, { orderId: order.id, action: "approve", actor: SYSTEM_ACTOR, note: say("orders.approvedPayWithinPaymentTime") });
    } else if (a.status === "rejected") {
      await order.move(trx, {
        orderId: order.id, action: expired ? "expire" : "rejectApproval", actor: SYSTEM_ACTOR,
        note: expired ? say("orders.fareExpiredBeforeApprovalFinished") : say("orders.approvalRejectedOrderCancelled"),
      });
    } else if (a.status === "withdrawn") {
      await order.move(trx, { orderId: order.id, action: "cancel", actor: { kind: "member", memberId: a.applicantMemberId, name: a.applicantName }, note: say("orders.approvalWithdrawn") });
    }
  },
});

/** Who reads an order's approval: the company's administrator sees every approval of the company, anyone else those they take part in. */
export interface ApprovalViewer {
  memberId: number;
  isAdmin: boolean;
}

/**
 * The trip application an order was booked under, as its approver may see it: the number, the
 * purpose, where and when (not the travellers' phones or the budget), and the application's own
 * approval when this viewer may open it. Only an application of the approval's own company.
 */
async function linkedApplication(db: Kysely<Database>, applyId: number | null, companyId: number, viewer: ApprovalViewer): Promise<OrderApplication | null> {
  if (!applyId) return null;
  const t = await db
    .selectFrom("trip_applications as t")
    .leftJoin("approvals as a", (j) => j.onRef("a.subjectId", "=", "t.id").on("a.subjectType", "=", "trip"))
    .select(["t.id", "t.noteNo", "t.purpose", "t.fromCity", "t.toCities", "t.startDate", "t.endDate", "a.id as approvalId", "a.companyId as approvalCompanyId"])
    .where("t.id", "=", applyId)
    .where("t.companyId", "=", companyId)
    .executeTakeFirst();
  if (!t) return null;
  const open = t.approvalId !== null && t.approvalCompanyId === companyId && (viewer.isAdmin || (await isParticipant(db, t.approvalId, viewer.memberId)));
  return {
    id: t.id, noteNo: t.noteNo, purpose: t.purpose, fromCity: t.fromCity, toCities: readJson<string[]>(t.toCities, []), startDate: t.startDate, endDate: t.endDate,
    approvalId: open ? t.approvalId : null,
  };
}

interface FlightSnapshot { flight: FlightItem; seat: FlightSeat; segments?: { flight: FlightItem; seat: FlightSeat }[] }

/**
 * What the approver sees of an order: what was booked (the flight, the train and seat, or the
 * hotel stay), the travellers (certificates masked), the amount and the standard's verdict, the
 * trip's purpose and application, and how a 超标自付 order is split between company and traveller.
 */
export async function orderSubjectView(db: Kysely<Database>, a: Pick<ApprovalRow, "id" | "subjectId" | "companyId">, viewer: ApprovalViewer): Promise<OrderSubject | null> {
  const o = await db.selectFrom("orders").selectAll().where("id", "=", a.subjectId).where("approvalId", "=", a.id).where("companyId", "=", a.companyId).executeTakeFirst();
  const product = o ? PRODUCTS[o.product] : undefined;
  if (!o || !product) return null;
  const application = await linkedApplication(db, o.applyId, a.companyId, viewer);
  // 超标自付: the traveller pays what is over the standard; the company's credit pays the rest.
  const selfPay = o.selfPayFen > 0 ? splitPayment(o.totalFen, o.selfPayFen) : null;
  const base: OrderSubject = {
    kind: "order",
    product: o.product as OrderSubject["product"],
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    statusLabel: product.label(o.status),
    approving: o.status === product.approving,
    expiresAt: o.expiresAt,
    payprice: o.totalFen,
    travelType: o.travelType,
    overStandard: o.overStandard,
    overReasons: o.overReasons,
    standardVerdict: o.standardVerdict,
    purpose: application?.purpose ?? null,
    selfPay,
    application,
    flight: null,
    train: null,
    hotel: null,
    passengers: [],
  };
  if (o.product === "air") {
    const snap = JSON.parse(o.snapshot) as FlightSnapshot;
    // One row per passenger: a round trip's or connection's second-segment tickets are the same people.
    const people = await db.selectFrom("order_passengers").select(["name", "psgType", "certType", "certNo"]).where("orderId", "=", o.id).where("segment", "=", 0).orderBy("id").execute();
    const leg = (x: Pick<FlightSnapshot, "flight" | "seat">) => ({
      flightNo: x.flight.flightNo, airlineName: x.flight.airlineName, depCityName: x.flight.depCityName, arrCityName: x.flight.arrCityName,
      depAirportName: x.flight.depAirportName, arrAirportName: x.flight.arrAirportName, depDate: x.flight.depDate, depTime: x.flight.depTime,
      arrTime: x.flight.arrTime, cabinClassName: x.seat.cabinClassName, cabinCode: x.seat.cabinCode, salePrice: x.seat.salePrice,
    });
    return {
      ...base,
      // A round trip or connection is approved as one order: the approver sees every leg.
      flight: { ...leg(snap), legs: (snap.segments ?? [snap]).map(leg) },
      passengers: people.map((p) => ({ name: p.name, type: p.psgType, certType: p.certType, certNo: maskCertNo(p.certNo) })),
    };
  }
  if (o.product === "train") {
    const [t, people] = await Promise.all([
      db.selectFrom("train_orders").select(["trainNo", "fromStation", "toStation", "depDate", "depTime", "arrTime", "seatName"]).where("orderId", "=", o.id).executeTakeFirstOrThrow(),
      db.selectFrom("train_order_passengers").select(["name", "passengerType", "certType", "certNo"]).where("orderId", "=", o.id).orderBy("id").execute(),
    ]);
    return { ...base, train: t, passengers: people.map((p) => ({ name: p.name, type: p.passengerType, certType: p.certType, certNo: maskCertNo(p.certNo) })) };
  }
  const [h, guests] = await Promise.all([
    db.selectFrom("hotel_orders").select(["hotelName", "cityName", "roomName", "checkIn", "checkOut", "nights", "roomCount"]).where("orderId", "=", o.id).executeTakeFirstOrThrow(),
    db.selectFrom("hotel_order_guests").select(["name"]).where("orderId", "=", o.id).orderBy("roomNo").execute(),
  ]);
  return { ...base, hotel: h, passengers: guests.map((g) => ({ name: g.name, type: null, certType: null, certNo: null })) };
}
