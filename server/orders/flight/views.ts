// Reading flight orders: who may see one (the member who booked it; a company administrator
// also the company's), the paged list with its filters, and the detail with its timeline.
import type { ListFilter } from "../list-filter";
import { orderListRows, parsedPage, replyPage } from "../order-list";
import { prepareQuery } from "../../db/prepared";
import { givenIds, idParams, type GivenIds } from "../../db/given-ids";
import { inIdOrder } from "../../db/in-id-order";
import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database, Member } from "../../db/schema";
import { MSG } from "../../services/http/envelope";
import { DomainError } from "../../services/domain-error";
import type { Page, ReplyPage } from "../../services/http/paging";
import { memberTypeKey } from "../../../src/domain/member";
import { FLIGHT_ORDER_STATUS, memberActions } from "../../../src/domain/orders/flight";
import type { FlightOrderDetail, FlightOrderPassenger, FlightOrderRow } from "../../../src/domain/orders/flight-types";
import { disruptionFlags } from "../../disruptions/flags";
import { holdsTicket, partialTags, type TicketStatus } from "../../../src/domain/orders/flight-tickets";
import { ORDER_NOT_FOUND } from "../actor";
import { orderBusinessFacts, orderPeople } from "../business-view";
import { allowedActions } from "./after-sales";
import { maskOfficialCard } from "../../../src/domain/travel/gp-fares";
import { maskCertNo } from "../../../src/domain/people/certificates";
import { bookedSegment, type OrderSnapshot } from "./segments";
import { orderMoney, ticketMoney } from "./ticket-money";
import type { ChangeQuote, FlightChangeView, FlightRefundView, RefundLine } from "../../../src/domain/orders/flight-after-sales";

type OrderQuery = SelectQueryBuilder<Database, "orders", object>;

/**
 * The orders a member may see: those they are the member, booker or traveller of, and for a
 * company administrator the company's. For one order; the lists read the same rule through
 * order_parties (order-list.ts).
 */
export function visibleTo<Q extends OrderQuery>(q: Q, member: Member): Q {
  const admin = memberTypeKey(member) === "70" && member.creditMemberId > 0;
  return q.where((eb) =>
    eb.or([
      eb("orders.memberId", "=", member.id),
      eb("orders.bookerMemberId", "=", member.id),
      eb("orders.travellerMemberId", "=", member.id),
      ...(admin ? [eb("orders.companyId", "=", member.creditMemberId)] : []),
    ]),
  ) as Q;
}

export type { ListFilter };

/** International orders and round trips / connections keep every segment, the first being `flight` and `seat`. */
type Snapshot = OrderSnapshot;

type OrderRow = {
  id: number; orderNo: string; status: number; title: string; depDate: string; snapshot: string; totalFen: number; createTime: string; expiresAt: string | null;
  travelType: string | null; overStandard: number; international: number; gp: number;
};

function rowOf(o: OrderRow, people: readonly { name: string; ticketStatus: string; segment: number }[]): FlightOrderRow {
  const s = JSON.parse(o.snapshot) as Snapshot;
  // An itinerary reads as one trip: from the first segment's city to the last one's, every flight
  // number. A round trip ends where it began: its destination is the outbound's.
  const segments = s.segments ?? [{ flight: s.flight, seat: s.seat }];
  const trip = s.trip ?? "oneway";
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    title: o.title,
    flightNo: segments.map((x) => x.flight.flightNo).join("/"),
    depCityName: s.flight.depCityName,
    arrCityName: (trip === "rt" ? segments[0] : segments[segments.length - 1]).flight.arrCityName,
    depDate: o.depDate,
    depTime: s.flight.depTime,
    // Each passenger holds a ticket per segment: named once.
    passengerNames: people.filter((p) => p.segment === 0).map((p) => p.name),
    payprice: o.totalFen,
    createTime: o.createTime,
    expiresAt: o.expiresAt,
    travelType: o.travelType,
    overStandard: o.overStandard,
    international: o.international,
    gp: o.gp,
    segmentCount: segments.length,
    trip,
    partial: partialTags(people.map((p) => p.ticketStatus)),
  };
}

const ROW_COLUMNS = ["orders.id", "orders.orderNo", "orders.status", "orders.title", "orders.depDate", "orders.snapshot", "orders.totalFen", "orders.createTime", "orders.expiresAt", "orders.travelType", "orders.overStandard", "orders.international", "orders.gp"] as const;

// Built and compiled once per page length: building and compiling them cost the list more CPU
// than SQLite reading the page's rows.
const pageRows = prepareQuery(
  (db, p: GivenIds, n: number) => db.selectFrom("orders").select([...ROW_COLUMNS]).where("orders.id", "in", givenIds(p, n)),
  String,
);
// Each order's passengers in id order, read in the (orderId, id) index's order without a sort.
const pagePeople = prepareQuery(
  (db, p: GivenIds, n: number) =>
    db.selectFrom("order_passengers").select(["orderId", "name", "ticketStatus", "segment"]).where("orderId", "in", givenIds(p, n)).orderBy("orderId").orderBy("id"),
  String,
);

/** The order centre's filters, and which of its two flight tabs: 政府采购 orders (gpFlag) or the others. */
export type FlightListFilter = ListFilter & { gpFlag?: boolean };

/** The list rows of these orders, read from the orders and their passengers (in the ids' order; an order gone is left out). */
export async function assembleFlightRows(db: Kysely<Database>, ids: number[]): Promise<FlightOrderRow[]> {
  if (!ids.length) return [];
  const given = idParams(ids);
  const [rows, people, flags] = await Promise.all([pageRows.all(db, given, ids.length), pagePeople.all(db, given, ids.length), disruptionFlags(db, ids)]);
  return inIdOrder(ids, rows).map((r) => ({ ...rowOf(r, people.filter((p) => p.orderId === r.id)), disruption: flags.get(r.id) ?? null }));
}

const listed = (db: Kysely<Database>, member: Member, f: FlightListFilter) =>
  orderListRows(db, member, { product: "air", gp: f.gpFlag ? 1 : 0, people: "order_passengers" }, f, (ids) => assembleFlightRows(db, ids));

/** A page of the member's flight orders as the reply sends it. */
export async function flightOrderPage(db: Kysely<Database>, member: Member, f: FlightListFilter): Promise<ReplyPage<FlightOrderRow>> {
  return replyPage(await listed(db, member, f), f);
}

export async function listFlightOrders(db: Kysely<Database>, member: Member, f: FlightListFilter): Promise<Page<FlightOrderRow>> {
  return parsedPage(await listed(db, member, f), f);
}

/**
 * The order if the member may see it: 404 when there is none (of this product; null: any
 * product, as the cashier pays every kind), 403 when it is someone else's.
 */
export async function visibleOrderId(db: Kysely<Database>, member: Member, id: number, product: string | null = "air"): Promise<number> {
  let found = db.selectFrom("orders").select("id").where("id", "=", id);
  if (product) found = found.where("product", "=", product);
  const exists = await found.executeTakeFirst();
  if (!exists) throw new DomainError("notFound", ORDER_NOT_FOUND);
  const mine = await visibleTo(db.selectFrom("orders").select("orders.id").where("orders.id", "=", id), member).executeTakeFirst();
  if (!mine) throw new DomainError("forbidden", MSG.forbidden);
  return id;
}

export async function flightOrderDetail(db: Kysely<Database>, member: Member, id: number): Promise<FlightOrderDetail> {
  await visibleOrderId(db, member, id);
  const o = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const [passengers, events, refunds, changes] = await Promise.all([
    db.selectFrom("order_passengers").selectAll().where("orderId", "=", id).orderBy("segment").orderBy("id").execute(),
    db.selectFrom("order_events").select(["id", "action", "fromStatus", "toStatus", "actorName", "note", "createTime"]).where("orderId", "=", id).orderBy("id").execute(),
    db.selectFrom("flight_refunds").selectAll().where("orderId", "=", id).orderBy("id").execute(),
    db.selectFrom("flight_changes").selectAll().where("orderId", "=", id).orderBy("id").execute(),
  ]);
  const change = changes.at(-1);
  // A passenger changed apart from the others flies on that change's flight, not the order's.
  const changedTo = (changeId: number | null): FlightOrderPassenger["changedTo"] => {
    const c = changeId === null ? undefined : changes.find((x) => x.id === changeId);
    if (!c || c.toFareKey === o.fareKey) return null;
    const cs = JSON.parse(c.snapshot) as Snapshot;
    return { fareKey: c.toFareKey, flightNo: cs.flight.flightNo, depDate: cs.flight.depDate, depTime: cs.flight.depTime, cabinClass: cs.seat.cabinClass, cabinCode: cs.seat.cabinCode };
  };
  const s = JSON.parse(o.snapshot) as Snapshot;
  // The flight each passenger's ticket is for now: its confirmed change's, or its segment's booked one.
  const ticketFlight = (p: { changeId: number | null; segment: number }): FlightOrderPassenger["ticketFlight"] => {
    const c = p.changeId === null ? undefined : changes.find((x) => x.id === p.changeId);
    const f = c ? { ...(JSON.parse(c.snapshot) as Snapshot), fareKey: c.toFareKey } : bookedSegment(o, s, p.segment);
    return {
      fareKey: f.fareKey, flightNo: f.flight.flightNo, depDate: f.flight.depDate, depTime: f.flight.depTime, depCity: f.flight.depCity, arrCity: f.flight.arrCity,
      depCityName: f.flight.depCityName, arrCityName: f.flight.arrCityName, cabinClass: f.seat.cabinClass, cabinCode: f.seat.cabinCode,
    };
  };
  // An order never paid (waiting for payment or approval, or cancelled unpaid) has nothing paid for its tickets.
  const unpaid = ([FLIGHT_ORDER_STATUS.pendingPayment, FLIGHT_ORDER_STATUS.approving, FLIGHT_ORDER_STATUS.cancelled] as number[]).includes(o.status);
  // 出票失败 paid the whole price back (ticketing-failed.ts) without a refund record: every
  // ticket's money went back in full.
  const failed = o.status === FLIGHT_ORDER_STATUS.ticketFailed;
  const moneyOf = (p: (typeof passengers)[number]) => {
    const m = ticketMoney(p, changes, refunds);
    return unpaid ? { ...m, paid: 0 } : failed ? { ...m, refunded: m.paid } : m;
  };
  const [business, people] = await Promise.all([orderBusinessFacts(db, o), orderPeople(db, o)]);
  return {
    ...rowOf(o, passengers),
    ...business,
    ...people,
    contactName: o.contactName,
    contactMobile: o.contactMobile,
    fareKey: o.fareKey,
    flight: s.flight,
    seat: s.seat,
    segments: (s.segments ?? [{ flight: s.flight, seat: s.seat }]).map((x) => ({ flight: x.flight, seat: x.seat })),
    ticket: o.ticketFen,
    consTax: o.constructionFeeFen,
    fuelTax: o.fuelSurchargeFen,
    totalServFee: o.serviceFeeFen,
    insurance: o.insuranceFen,
    ...orderMoney(passengers.map(moneyOf)),
    passengers: passengers.map((p) => {
      const money = moneyOf(p);
      return {
        id: p.id,
        name: p.name,
        psgType: p.psgType as "ADT" | "CHD" | "INF",
        certType: p.certType,
        // The whole number stays on the server, as the train detail's: the detail shows it masked.
        certNo: maskCertNo(p.certNo),
        birthday: p.birthday,
        mobile: p.mobile,
        segment: p.segment,
        tktPrice: p.tktPriceFen,
        consTax: p.consTaxFen,
        fuelTax: p.fuelTaxFen,
        current: money.current,
        servFee: p.servFeeFen,
        insuType: p.insuType,
        insuPayPrice: p.insuPayPriceFen,
        insuStatus: p.insuStatus,
        ticketNo: p.ticketNo,
        englishName: p.englishName ?? null,
        nationality: p.nationality ?? null,
        certExpiry: p.certExpiry ?? null,
        budgetUnit: p.budgetUnit ?? null,
        // The whole number stays on the server: every reply shows the last four digits only.
        officialCardMasked: p.officialCard ? maskOfficialCard(p.officialCard) : null,
        ticketStatus: p.ticketStatus as TicketStatus,
        changedTo: changedTo(p.changeId),
        ticketFlight: ticketFlight(p),
        paid: money.paid,
        refunded: money.refunded,
      };
    }),
    events,
    // An itinerary is changed by the airline desk, not online: its change would take one segment for the whole trip.
    actions: allowedActions(member, memberActions(o.status))
      .filter((a) => !(o.international && a === "requestChange"))
      // Refund and change are per ticket: offered while a passenger still holds one.
      .filter((a) => (a !== "requestRefund" && a !== "requestChange") || passengers.some((p) => holdsTicket(p.ticketStatus))),
    refund: refunds.length ? refundView(refunds[refunds.length - 1]) : null,
    refunds: refunds.map(refundView),
    partial: partialTags(passengers.map((p) => p.ticketStatus)),
    change: change ? changeView(change) : null,
  };
}

interface RefundRecord {
  id: number; wholeOrder: number; reason: string; feeFen: number; refundFen: number; status: string; toAccount: string | null; passengers: string; createTime: string;
  quotedFeeFen: number | null; quotedRefundFen: number | null; decision: string | null; decisionReason: string | null;
}

function refundView(r: RefundRecord): FlightRefundView {
  return {
    id: r.id, whole: r.wholeOrder === 1, reason: r.reason, fee: r.feeFen, refund: r.refundFen, status: r.status as FlightRefundView["status"], toAccount: r.toAccount,
    lines: JSON.parse(r.passengers) as RefundLine[], createTime: r.createTime,
    // Refunds asked before the estimate was kept apart were never adjusted: the figures are the estimate.
    quotedFee: r.quotedFeeFen ?? r.feeFen, quotedRefund: r.quotedRefundFen ?? r.refundFen,
    decision: r.decision as FlightRefundView["decision"], decisionReason: r.decisionReason,
  };
}

function changeView(c: { id: number; wholeOrder: number; status: string; fromFareKey: string; snapshot: string; quote: string; expiresAt: string | null; createTime: string; decision: string | null; decisionReason: string | null }): FlightChangeView {
  const s = JSON.parse(c.snapshot) as Snapshot;
  const [fromDepDate, fromFlightNo] = c.fromFareKey.split("|")[0].split(":");
  return {
    id: c.id, whole: c.wholeOrder === 1, status: c.status as FlightChangeView["status"], fromFlightNo, fromDepDate,
    toFlightNo: s.flight.flightNo, toDepDate: s.flight.depDate, toDepTime: s.flight.depTime, toCabin: `${s.seat.cabinClassName}${s.seat.cabinCode}`,
    quote: JSON.parse(c.quote) as ChangeQuote, expiresAt: c.expiresAt, createTime: c.createTime,
    decision: c.decision as FlightChangeView["decision"], decisionReason: c.decisionReason,
  };
}
