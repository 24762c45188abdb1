// What a document can be asked for on an order, by product: each ticket of a flight held (issued
// or re-issued by a change), each passenger's ticket of a train order the railway issued, and the
// stay of a completed hotel order (one document for its rooms, made out with its first guest's
// name). Each subject prices its own document and, when the order carries the portal's service
// fee, that fee's separate document: a flight's per ticket, a train's split evenly over its
// tickets (it is charged per ticket), a hotel's for the whole stay.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { say } from "../services/i18n/catalogue";
import { DomainError } from "../services/domain-error";
import { currentTrip } from "../orders/flight/after-sales";
import { TRAIN_ORDER_STATUS } from "../../src/domain/orders/train";
import { HOTEL_ORDER_STATUS } from "../../src/domain/orders/hotel";
import { airTicketAmounts, einvoiceAmounts, type EinvoiceAmounts } from "../../src/domain/einvoice/tax";
import { EINVOICE_ITEM_LABELS, type EinvoiceKind } from "../../src/domain/einvoice/kinds";
import type { EinvoiceDetail } from "./issuer/types";
import { airDetail } from "./detail";

export interface Priced {
  kind: EinvoiceKind;
  amounts: EinvoiceAmounts;
  detail: EinvoiceDetail;
}

export interface Subject {
  passengerId: number;
  passengerName: string;
  certNo: string;
  ticketNo: string;
  subjectKey: string;
  ticket: Priced;
  service: Priced | null;
}

export interface OrderFacts {
  id: number;
  orderNo: string;
  product: string;
  status: number;
  serviceFeeFen: number;
}

/** Tickets a flight document can be asked for: issued, or re-issued by a change. */
const HOLDS_TICKET = new Set(["ticketed", "changed"]);
/** A train order whose tickets stand: issued, changed, or waiting for a dearer change (the original is still valid). */
const RAIL_HOLDS = new Set<number>([TRAIN_ORDER_STATUS.ticketed, TRAIN_ORDER_STATUS.changed, TRAIN_ORDER_STATUS.changePending]);

export const flightSubjectKey = (passengerId: number, ticketNo: string) => `flight:${passengerId}:${ticketNo}`;
export const railSubjectKey = (passengerId: number, ticketNo: string) => `rail:${passengerId}:${ticketNo}`;
export const hotelSubjectKey = (orderId: number) => `hotel:${orderId}`;

/** Every passenger of the order with whether a document may be asked for now, and the subject when it may. */
async function candidates(db: Kysely<Database>, order: OrderFacts): Promise<{ passengerId: number; subject: Subject | null; refusal: string }[]> {
  if (order.product === "air") {
    const rows = await db.selectFrom("order_passengers").select(["id", "name", "certNo", "ticketNo", "ticketStatus", "servFeeFen"]).where("orderId", "=", order.id).orderBy("id").execute();
    const holds = (r: (typeof rows)[number]) => Boolean(r.ticketNo) && HOLDS_TICKET.has(r.ticketStatus);
    const trip = rows.some(holds) ? await currentTrip(db, order.id) : null;
    return rows.map((r) => {
      if (!holds(r) || !trip) return { passengerId: r.id, subject: null, refusal: say("einvoice.notTicketed") };
      const t = trip.passengers.find((p) => p.id === r.id)!;
      const ticketNo = r.ticketNo!;
      return {
        passengerId: r.id,
        refusal: "",
        subject: {
          passengerId: r.id, passengerName: r.name, certNo: r.certNo, ticketNo, subjectKey: flightSubjectKey(r.id, ticketNo),
          ticket: { kind: "air", amounts: airTicketAmounts({ fare: t.ticket, fuelSurcharge: t.fuelTax, developmentFund: t.consTax }), detail: airDetail(t, ticketNo, "air") },
          service: r.servFeeFen > 0 ? { kind: "service", amounts: einvoiceAmounts("service", { taxable: r.servFeeFen }), detail: airDetail(t, ticketNo, "service") } : null,
        },
      };
    });
  }
  if (order.product === "train") {
    const t = await db.selectFrom("train_orders").selectAll().where("orderId", "=", order.id).executeTakeFirst();
    const rows = await db.selectFrom("train_order_passengers").select(["id", "name", "certNo", "fareFen", "seatNo"]).where("orderId", "=", order.id).orderBy("id").execute();
    const stands = Boolean(t?.ticketNo) && RAIL_HOLDS.has(order.status);
    // The fee is charged per ticket, so it splits evenly; an uneven total (never booked so) is not guessed at.
    const feeEach = rows.length && order.serviceFeeFen % rows.length === 0 ? order.serviceFeeFen / rows.length : 0;
    return rows.map((r) => {
      if (!stands || !t) return { passengerId: r.id, subject: null, refusal: say("einvoice.notTicketed") };
      const ticketNo = t.ticketNo!;
      const trip = { ticketNo, trainNo: t.trainNo, from: t.fromStation, to: t.toStation, depDate: t.depDate, depTime: t.depTime, seat: [t.seatName, r.seatNo].filter(Boolean).join(" ") };
      return {
        passengerId: r.id,
        refusal: "",
        subject: {
          passengerId: r.id, passengerName: r.name, certNo: r.certNo, ticketNo, subjectKey: railSubjectKey(r.id, ticketNo),
          ticket: { kind: "rail", amounts: einvoiceAmounts("rail", { taxable: r.fareFen }), detail: { item: EINVOICE_ITEM_LABELS.rail, ...trip } },
          service: feeEach > 0 ? { kind: "service", amounts: einvoiceAmounts("service", { taxable: feeEach }), detail: { item: EINVOICE_ITEM_LABELS.service, ...trip } } : null,
        },
      };
    });
  }
  if (order.product === "hotel") {
    const h = await db.selectFrom("hotel_orders").selectAll().where("orderId", "=", order.id).executeTakeFirst();
    const guest = await db.selectFrom("hotel_order_guests").select(["id", "name"]).where("orderId", "=", order.id).orderBy("id").executeTakeFirst();
    const room = await db.selectFrom("orders").select("ticketFen").where("id", "=", order.id).executeTakeFirstOrThrow();
    if (!h || !guest) return [];
    if (order.status !== HOTEL_ORDER_STATUS.completed) return [{ passengerId: guest.id, subject: null, refusal: say("einvoice.stayNotCompleted") }];
    const ticketNo = h.confirmNo ?? order.orderNo;
    const stay = { ticketNo, hotel: h.hotelName, room: h.roomName, from: h.cityName, checkIn: h.checkIn, checkOut: h.checkOut, nights: h.nights, rooms: h.roomCount };
    return [{
      passengerId: guest.id,
      refusal: "",
      subject: {
        passengerId: guest.id, passengerName: guest.name, certNo: "", ticketNo, subjectKey: hotelSubjectKey(order.id),
        ticket: { kind: "hotel", amounts: einvoiceAmounts("hotel", { taxable: room.ticketFen - h.refundFen }), detail: { item: EINVOICE_ITEM_LABELS.hotel, ...stay } },
        service: order.serviceFeeFen > 0 ? { kind: "service", amounts: einvoiceAmounts("service", { taxable: order.serviceFeeFen }), detail: { item: EINVOICE_ITEM_LABELS.service, ...stay } } : null,
      },
    }];
  }
  return [];
}

/** The subjects a document may be asked for now, in passenger order. */
export async function subjectsOf(db: Kysely<Database>, order: OrderFacts): Promise<Subject[]> {
  return (await candidates(db, order)).flatMap((c) => (c.subject ? [c.subject] : []));
}

/** One passenger's (guest's) subject, or the reason none can be asked for. */
export async function subjectOf(db: Kysely<Database>, order: OrderFacts, passengerId: number): Promise<Subject> {
  if (!["air", "train", "hotel"].includes(order.product)) throw new DomainError("badInput", say("einvoice.onlyTravel"));
  const c = (await candidates(db, order)).find((x) => x.passengerId === passengerId);
  if (!c) throw new DomainError("notFound", say("einvoice.passengerNotFound"), { errors: { passengerId: say("einvoice.passengerNotFound") } });
  if (!c.subject) throw new DomainError("conflict", c.refusal);
  return c.subject;
}
