// Reading train orders: who may see one (the member who booked it; a company administrator also
// the company's), the paged list with its filters, and the detail with passengers, seats, money,
// timeline, a dearer change waiting for its difference and, for a business order, its standard's
// verdict and approval.
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { MSG } from "../../services/http/envelope";
import { DomainError } from "../../services/domain-error";
import type { Page, ReplyPage } from "../../services/http/paging";
import { trainMemberActions } from "../../../src/domain/orders/train";
import { maskCertNo } from "../../../src/domain/people/certificates";
import { disruptionFlags } from "../../disruptions/flags";
import type { TrainOrderDetail, TrainOrderRow, TrainPassengerType } from "../../../src/domain/orders/train-types";
import type { SeatClass } from "../../../src/domain/travel/train";
import { seatChoiceHeld } from "../../../src/domain/travel/train-seats";
import { ORDER_NOT_FOUND } from "../actor";
import { visibleTo } from "../flight/views";
import type { ListFilter } from "../list-filter";
import { orderListRows, parsedPage, replyPage } from "../order-list";
import { prepareQuery } from "../../db/prepared";
import { givenIds, idParams, type GivenIds } from "../../db/given-ids";
import { inIdOrder } from "../../db/in-id-order";
import { BUSINESS_COLUMNS, orderBusinessFacts, orderPeople } from "../business-view";
import { pendingChangeView } from "./change";

const ROW_COLUMNS = [
  "orders.id", "orders.orderNo", "orders.status", "orders.totalFen", "orders.createTime", "orders.expiresAt",
  "t.trainNo", "t.fromStation", "t.toStation", "t.depDate", "t.depTime", "t.arrDate", "t.arrTime", "t.seatClass", "t.seatName", "t.channel", "t.account12306",
] as const;

type RowOf = {
  id: number; orderNo: string; status: number; totalFen: number; createTime: string; expiresAt: string | null;
  trainNo: string; fromStation: string; toStation: string; depDate: string; depTime: string; arrDate: string; arrTime: string; seatClass: string; seatName: string;
  channel: string | null; account12306: string | null;
};

function rowOf(o: RowOf, passengerNames: string[]): TrainOrderRow {
  return {
    id: o.id, orderNo: o.orderNo, status: o.status, trainNo: o.trainNo, fromStation: o.fromStation, toStation: o.toStation,
    depDate: o.depDate, depTime: o.depTime, arrDate: o.arrDate, arrTime: o.arrTime, seatClass: o.seatClass as SeatClass, seatName: o.seatName,
    passengerNames, payprice: o.totalFen, createTime: o.createTime, expiresAt: o.expiresAt,
    channel: o.channel === "ab" || o.channel === "nab" ? o.channel : null, account12306: o.account12306,
  };
}

const base = (db: Kysely<Database>, member: Member) =>
  visibleTo(db.selectFrom("orders").innerJoin("train_orders as t", "t.orderId", "orders.id").where("orders.product", "=", "train"), member);

// The page's orders and their passengers (each order's in id order, read in the (orderId, id) index's order without a sort), compiled once per page length.
const pageRows = prepareQuery(
  (db, p: GivenIds, n: number) => db.selectFrom("orders").innerJoin("train_orders as t", "t.orderId", "orders.id").select([...ROW_COLUMNS]).where("orders.id", "in", givenIds(p, n)),
  String,
);
const pagePeople = prepareQuery((db, p: GivenIds, n: number) => db.selectFrom("train_order_passengers").select(["orderId", "name"]).where("orderId", "in", givenIds(p, n)).orderBy("orderId").orderBy("id"), String);

/** The list rows of these orders, read from the orders, their train rows and passengers (in the ids' order; an order gone is left out). */
export async function assembleTrainRows(db: Kysely<Database>, ids: number[]): Promise<TrainOrderRow[]> {
  if (!ids.length) return [];
  const given = idParams(ids);
  const [rows, people, flags] = await Promise.all([pageRows.all(db, given, ids.length), pagePeople.all(db, given, ids.length), disruptionFlags(db, ids)]);
  return inIdOrder(ids, rows).map((r) => ({ ...rowOf(r, people.filter((p) => p.orderId === r.id).map((p) => p.name)), disruption: flags.get(r.id) ?? null }));
}

const listed = (db: Kysely<Database>, member: Member, f: ListFilter) =>
  orderListRows(db, member, { product: "train", gp: 0, people: "train_order_passengers" }, f, (ids) => assembleTrainRows(db, ids));

/** A page of the member's train orders as the reply sends it. */
export async function trainOrderPage(db: Kysely<Database>, member: Member, f: ListFilter): Promise<ReplyPage<TrainOrderRow>> {
  return replyPage(await listed(db, member, f), f);
}

export async function listTrainOrders(db: Kysely<Database>, member: Member, f: ListFilter): Promise<Page<TrainOrderRow>> {
  return parsedPage(await listed(db, member, f), f);
}

/** The train order with this id if the member may see it: 404 when there is none, 403 when it is someone else's. */
export async function visibleTrainOrderId(db: Kysely<Database>, member: Member, orderId: number): Promise<number> {
  const exists = await db.selectFrom("orders").select("id").where("id", "=", orderId).where("product", "=", "train").executeTakeFirst();
  if (!exists) throw new DomainError("notFound", ORDER_NOT_FOUND);
  const mine = await visibleTo(db.selectFrom("orders").select("orders.id").where("orders.id", "=", exists.id), member).executeTakeFirst();
  if (!mine) throw new DomainError("forbidden", MSG.forbidden);
  return exists.id;
}

export async function trainOrderDetail(db: Kysely<Database>, member: Member, orderId: number): Promise<TrainOrderDetail> {
  const id = await visibleTrainOrderId(db, member, orderId);
  const o = await base(db, member)
    .select([...ROW_COLUMNS, ...BUSINESS_COLUMNS, "orders.bookerMemberId", "orders.travellerMemberId", "orders.contactName", "orders.contactMobile", "orders.serviceFeeFen", "orders.ticketFen", "t.trainKey", "t.trainTypeName", "t.durationMin", "t.ticketNo", "t.changedFrom", "t.feeFen", "t.refundFen"])
    .where("orders.id", "=", id)
    .executeTakeFirstOrThrow();
  const [people, events, business, bookedBy, changes] = await Promise.all([
    db.selectFrom("train_order_passengers").selectAll().where("orderId", "=", id).orderBy("id").execute(),
    db.selectFrom("order_events").select(["id", "action", "fromStatus", "toStatus", "actorName", "note", "createTime"]).where("orderId", "=", id).orderBy("id").execute(),
    orderBusinessFacts(db, o),
    orderPeople(db, o),
    db.selectFrom("train_changes").select(["status", "snapshot", "quote", "payFen", "expiresAt"]).where("orderId", "=", id).where("status", "in", ["awaitingPayment", "confirmed"]).orderBy("id").execute(),
  ]);
  const pending = changes.find((c) => c.status === "awaitingPayment");
  return {
    ...rowOf(o, people.map((p) => p.name)),
    ...business,
    ...bookedBy,
    trainKey: o.trainKey,
    trainTypeName: o.trainTypeName,
    durationMin: o.durationMin,
    contactName: o.contactName,
    contactMobile: o.contactMobile,
    ticketNo: o.ticketNo,
    ticketTotal: o.ticketFen,
    serviceFee: o.serviceFeeFen,
    refundFee: o.feeFen,
    refundAmount: o.refundFen,
    changedFrom: o.changedFrom,
    changePaid: changes.filter((c) => c.status === "confirmed").reduce((sum, c) => sum + c.payFen, 0),
    pendingChange: pending ? pendingChangeView(pending) : null,
    passengers: people.map((p) => ({
      id: p.id, name: p.name, certType: p.certType, certNo: maskCertNo(p.certNo), passengerType: p.passengerType as TrainPassengerType,
      fare: p.fareFen, seatNo: p.seatNo, refundFee: p.refundFeeFen,
      seatChoice: p.seatChoice, seatChoiceHeld: p.seatChoice && p.seatNo ? seatChoiceHeld(p.seatNo, p.seatChoice) : null,
    })),
    events,
    actions: trainMemberActions(o.status),
  };
}
