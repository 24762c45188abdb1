// What refund and change share: the order as it stands now (its current flight, fare tier and
// each passenger's current ticket: the booked one, or the one of its last confirmed change), and
// the partner site's switches, which may turn either off for the partner's members.
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { BizError, RET } from "../../services/http/envelope";
import { siteConfigFor } from "../../../src/access/partners";
import { flightOrderLabel, flightOrderMove, type FlightOrderAction } from "../../../src/domain/orders/flight";
import type { ChangeQuote, TicketLine } from "../../../src/domain/orders/flight-after-sales";
import type { FlightOrderDetail } from "../../../src/domain/orders/flight-types";
import type { PassengerType } from "../../../src/domain/travel/air-fares";
import { ORDER_NOT_FOUND } from "./moves";

export interface Snapshot {
  flight: FlightOrderDetail["flight"];
  seat: FlightOrderDetail["seat"];
}

export interface CurrentTrip {
  order: { id: number; orderNo: string; status: number; holdId: string | null; fareKey: string; bookerMemberId: number; product: string; international: number };
  flight: Snapshot["flight"];
  seat: Snapshot["seat"];
  tickets: TicketLine[];
}

export async function currentTrip(db: Kysely<Database>, orderId: number): Promise<CurrentTrip> {
  const order = await db
    .selectFrom("orders")
    .select(["id", "orderNo", "status", "holdId", "fareKey", "bookerMemberId", "product", "snapshot", "international"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || order.product !== "air") throw new BizError(RET.NOT_FOUND, ORDER_NOT_FOUND);
  const [passengers, changed] = await Promise.all([
    db.selectFrom("order_passengers").select(["id", "name", "psgType", "tktPriceFen", "consTaxFen", "fuelTaxFen"]).where("orderId", "=", orderId).orderBy("id").execute(),
    db.selectFrom("flight_changes").select("quote").where("orderId", "=", orderId).where("status", "=", "confirmed").orderBy("id", "desc").executeTakeFirst(),
  ]);
  const changedLines = changed ? (JSON.parse(changed.quote) as ChangeQuote).lines : [];
  const tickets = passengers.map((p): TicketLine => {
    const c = changedLines.find((l) => l.passengerId === p.id);
    return c
      ? { passengerId: p.id, name: p.name, psgType: p.psgType as PassengerType, ticket: c.ticket, consTax: c.consTax, fuelTax: c.fuelTax }
      : { passengerId: p.id, name: p.name, psgType: p.psgType as PassengerType, ticket: p.tktPriceFen, consTax: p.consTaxFen, fuelTax: p.fuelTaxFen };
  });
  const s = JSON.parse(order.snapshot) as Snapshot;
  const { snapshot: _s, ...rest } = order;
  return { order: rest, flight: s.flight, seat: s.seat, tickets };
}

/** Refuses, changing nothing, a move the order's status does not allow. */
export function assertMove(status: number, action: FlightOrderAction, what: string): void {
  if (!flightOrderMove(status, action)) throw new BizError(RET.CONFLICT, `订单当前状态为「${flightOrderLabel(status)}」，不能${what}`);
}

/** Whether the member's partner site (if they came through one) lets them refund or change here. */
export function afterSalesAllowed(member: Pick<Member, "isThirdParty" | "thirdPartyName">, kind: "refund" | "change"): boolean {
  if (!member.isThirdParty) return true;
  const site = siteConfigFor(member.thirdPartyName);
  return !(kind === "refund" ? site?.disableRefund : site?.disableChange);
}

export function assertAfterSalesAllowed(member: Member, kind: "refund" | "change"): void {
  if (!afterSalesAllowed(member, kind)) {
    throw new BizError(RET.FORBIDDEN, kind === "refund" ? "当前渠道不支持在线退票，请联系您的服务商办理" : "当前渠道不支持在线改签，请联系您的服务商办理");
  }
}

/** The member's actions less those their partner site turns off. */
export function allowedActions(member: Member, actions: FlightOrderAction[]): FlightOrderAction[] {
  return actions.filter((a) => (a !== "requestRefund" || afterSalesAllowed(member, "refund")) && (a !== "requestChange" || afterSalesAllowed(member, "change")));
}
