// Reading hotel orders: who may see one (the member who booked it; a company administrator also
// the company's), the paged list with its filters, and the detail with the nightly prices,
// guests, cancellation policy, timeline and, for a business order, its standard's verdict and
// approval.
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { MSG } from "../../services/http/envelope";
import { DomainError } from "../../services/domain-error";
import type { Page, ReplyPage } from "../../services/http/paging";
import { hotelMemberActions, isPaidStatus } from "../../../src/domain/orders/hotel";
import { BREAKFAST_LABELS, cancelPolicyText, freeCancelUntil, hotelCancelFee, type CancelPolicy } from "../../../src/domain/travel/hotel";
import type { HotelCancelQuote, HotelOrderDetail, HotelOrderRow } from "../../../src/domain/orders/hotel-types";
import { now } from "../../services/clock";
import { ORDER_NOT_FOUND } from "../actor";
import { visibleTo } from "../flight/views";
import type { ListFilter } from "../list-filter";
import { orderListRows, parsedPage, replyPage } from "../order-list";
import { prepareQuery } from "../../db/prepared";
import { givenIds, idParams, type GivenIds } from "../../db/given-ids";
import { inIdOrder } from "../../db/in-id-order";
import { BUSINESS_COLUMNS, orderBusinessFacts, orderPeople } from "../business-view";


const ROW_COLUMNS = [
  "orders.id", "orders.orderNo", "orders.status", "orders.totalFen", "orders.createTime", "orders.expiresAt",
  "h.hotelName", "h.roomName", "h.cityName", "h.checkIn", "h.checkOut", "h.nights", "h.roomCount",
] as const;

type RowOf = { id: number; orderNo: string; status: number; totalFen: number; createTime: string; expiresAt: string | null; hotelName: string; roomName: string; cityName: string; checkIn: string; checkOut: string; nights: number; roomCount: number };

function rowOf(o: RowOf, guestNames: string[]): HotelOrderRow {
  return {
    id: o.id, orderNo: o.orderNo, status: o.status, hotelName: o.hotelName, roomName: o.roomName, cityName: o.cityName,
    checkIn: o.checkIn, checkOut: o.checkOut, nights: o.nights, roomCount: o.roomCount, guestNames,
    payprice: o.totalFen, createTime: o.createTime, expiresAt: o.expiresAt,
  };
}

const base = (db: Kysely<Database>, member: Member) =>
  visibleTo(db.selectFrom("orders").innerJoin("hotel_orders as h", "h.orderId", "orders.id").where("orders.product", "=", "hotel"), member);

// The page's orders and their guests (in room order), compiled once per page length.
const pageRows = prepareQuery(
  (db, p: GivenIds, n: number) => db.selectFrom("orders").innerJoin("hotel_orders as h", "h.orderId", "orders.id").select([...ROW_COLUMNS]).where("orders.id", "in", givenIds(p, n)),
  String,
);
const pagePeople = prepareQuery((db, p: GivenIds, n: number) => db.selectFrom("hotel_order_guests").select(["orderId", "name"]).where("orderId", "in", givenIds(p, n)).orderBy("roomNo"), String);

/** The list rows of these orders, read from the orders, their hotel rows and guests (in the ids' order; an order gone is left out). */
export async function assembleHotelRows(db: Kysely<Database>, ids: number[]): Promise<HotelOrderRow[]> {
  if (!ids.length) return [];
  const given = idParams(ids);
  const [rows, guests] = await Promise.all([pageRows.all(db, given, ids.length), pagePeople.all(db, given, ids.length)]);
  return inIdOrder(ids, rows).map((r) => rowOf(r, guests.filter((g) => g.orderId === r.id).map((g) => g.name)));
}

const listed = (db: Kysely<Database>, member: Member, f: ListFilter) =>
  orderListRows(db, member, { product: "hotel", gp: 0, people: "hotel_order_guests" }, f, (ids) => assembleHotelRows(db, ids));

/** A page of the member's hotel orders as the reply sends it. */
export async function hotelOrderPage(db: Kysely<Database>, member: Member, f: ListFilter): Promise<ReplyPage<HotelOrderRow>> {
  return replyPage(await listed(db, member, f), f);
}

export async function listHotelOrders(db: Kysely<Database>, member: Member, f: ListFilter): Promise<Page<HotelOrderRow>> {
  return parsedPage(await listed(db, member, f), f);
}

/** The hotel order with this number if the member may see it: 404 when there is none, 403 when it is someone else's. */
export async function visibleHotelOrderId(db: Kysely<Database>, member: Member, orderNo: string): Promise<number> {
  const exists = await db.selectFrom("orders").select("id").where("orderNo", "=", orderNo).where("product", "=", "hotel").executeTakeFirst();
  if (!exists) throw new DomainError("notFound", ORDER_NOT_FOUND);
  const mine = await visibleTo(db.selectFrom("orders").select("orders.id").where("orders.id", "=", exists.id), member).executeTakeFirst();
  if (!mine) throw new DomainError("forbidden", MSG.forbidden);
  return exists.id;
}

export async function hotelOrderDetail(db: Kysely<Database>, member: Member, orderNo: string): Promise<HotelOrderDetail> {
  const id = await visibleHotelOrderId(db, member, orderNo);
  const o = await base(db, member)
    .select([...ROW_COLUMNS, ...BUSINESS_COLUMNS, "orders.bookerMemberId", "orders.travellerMemberId", "orders.contactName", "orders.contactMobile", "orders.serviceFeeFen", "h.hotelId", "h.roomTypeId", "h.address", "h.phone", "h.bedType", "h.breakfast", "h.cancelPolicy", "h.arrivalTime", "h.remark", "h.confirmNo", "h.penaltyFen", "h.refundFen"])
    .where("orders.id", "=", id)
    .executeTakeFirstOrThrow();
  const [nights, guests, events, business, people] = await Promise.all([
    db.selectFrom("hotel_order_nights").select(["night", "priceFen", "rooms"]).where("orderId", "=", id).orderBy("night").execute(),
    db.selectFrom("hotel_order_guests").select(["roomNo", "name"]).where("orderId", "=", id).orderBy("roomNo").execute(),
    db.selectFrom("order_events").select(["id", "action", "fromStatus", "toStatus", "actorName", "note", "createTime"]).where("orderId", "=", id).orderBy("id").execute(),
    orderBusinessFacts(db, o),
    orderPeople(db, o),
  ]);
  const policy = o.cancelPolicy as CancelPolicy;
  const actions = hotelMemberActions(o.status, policy);
  return {
    ...rowOf(o, guests.map((g) => g.name)),
    ...business,
    ...people,
    hotelId: o.hotelId,
    roomTypeId: o.roomTypeId,
    address: o.address,
    phone: o.phone,
    bedType: o.bedType,
    breakfastLabel: BREAKFAST_LABELS[o.breakfast as 0 | 1 | 2] ?? "",
    cancelPolicy: policy,
    cancelText: cancelPolicyText(policy),
    arrivalTime: o.arrivalTime,
    remark: o.remark,
    contactName: o.contactName,
    contactMobile: o.contactMobile,
    confirmNo: o.confirmNo,
    serviceFee: o.serviceFeeFen,
    penalty: o.penaltyFen,
    refundAmount: o.refundFen,
    nightly: nights.map((n) => ({ night: n.night, price: n.priceFen, rooms: n.rooms })),
    guests,
    events,
    actions,
    cancelQuote: actions.includes("cancel") ? cancelQuoteOf({ status: o.status, totalFen: o.totalFen, policy, nightly: nights.map((n) => n.priceFen), roomCount: o.roomCount, checkIn: o.checkIn }) : null,
  };
}

/**
 * What cancelling now would do, by the rule the cancel applies: an unpaid order only gives its
 * rooms back; a paid one keeps the rate's fee (hotelCancelFee, capped at what was paid) and
 * refunds the rest.
 */
export function cancelQuoteOf(o: { status: number; totalFen: number; policy: CancelPolicy; nightly: number[]; roomCount: number; checkIn: string }, at = now()): HotelCancelQuote {
  const until = freeCancelUntil(o.policy, o.checkIn);
  const freeUntil = until === null ? null : new Date(until).toISOString();
  if (!isPaidStatus(o.status)) return { paidFen: 0, feeFen: 0, refundFen: 0, freeUntil };
  const feeFen = hotelCancelFee({ policy: o.policy, nightly: o.nightly, roomCount: o.roomCount, checkIn: o.checkIn, paidFen: o.totalFen }, at);
  return { paidFen: o.totalFen, feeFen, refundFen: o.totalFen - feeFen, freeUntil };
}
