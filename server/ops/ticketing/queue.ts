// What the ticketing queue reads: paid orders waiting for their tickets (a flight paid or 出票中,
// a train 出票中), oldest first, with who holds each; the menu's count; one order in full. An order
// leaves the queue by moving on (ticketed, failed), so the queue is those statuses, read by the
// orders' status index, and the claims joined to them.
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database } from "../../db/schema";
import { isoAt, now } from "../../services/clock";
import { DomainError } from "../../services/domain-error";
import { ORDER_NOT_FOUND } from "../../orders/actor";
import { FLIGHT_ORDER_STATUS } from "../../../src/domain/orders/flight";
import { TRAIN_ORDER_STATUS } from "../../../src/domain/orders/train";
import type { OpsPage } from "../../../src/domain/ops/schemas";
import type { TicketingDetail, TicketingFilters, TicketingPassenger, TicketingProduct, TicketingRow } from "../../../src/domain/ops/ticketing";

/** The statuses in which each product's paid order waits for its tickets. */
export const WAITING: Readonly<Record<"air" | "train", readonly number[]>> = {
  air: [FLIGHT_ORDER_STATUS.paid, FLIGHT_ORDER_STATUS.ticketing],
  train: [TRAIN_ORDER_STATUS.ticketing],
};
const ALL_WAITING = [...new Set([...WAITING.air, ...WAITING.train])];

export function isWaiting(order: { product: string; status: number }): boolean {
  return (order.product === "air" || order.product === "train") && WAITING[order.product].includes(order.status);
}

type Q = SelectQueryBuilder<Database, "orders" | "ticketing_claims", object>;

function waitingOrders(db: Kysely<Database>): Q {
  return db
    .selectFrom("orders")
    .leftJoin("ticketing_claims", "ticketing_claims.orderId", "orders.id")
    .where("orders.status", "in", ALL_WAITING)
    .where((eb) =>
      eb.or([
        eb.and([eb("orders.product", "=", "air"), eb("orders.status", "in", [...WAITING.air])]),
        eb.and([eb("orders.product", "=", "train"), eb("orders.status", "in", [...WAITING.train])]),
      ]),
    ) as unknown as Q;
}

function filtered(db: Kysely<Database>, f: TicketingFilters, operatorId: number): Q {
  let q = waitingOrders(db);
  if (f.product === "train") q = q.where("orders.product", "=", "train");
  if (f.product === "air" || f.product === "intlAir") q = q.where("orders.product", "=", "air").where("orders.international", "=", f.product === "intlAir" ? 1 : 0);
  if (f.orderNo) q = q.where("orders.orderNo", "=", f.orderNo.toUpperCase());
  if (f.minWaitMinutes) q = q.where("orders.updateTime", "<=", isoAt(now() - f.minWaitMinutes * 60_000));
  if (f.taken === "me") q = q.where("ticketing_claims.operatorId", "=", operatorId);
  if (f.taken === "anyone") q = q.where("ticketing_claims.id", "is not", null);
  if (f.taken === "nobody") q = q.where("ticketing_claims.id", "is", null);
  return q;
}

const productOf = (o: { product: string; international: number }): TicketingProduct => (o.product === "train" ? "train" : o.international ? "intlAir" : "air");

async function rowsOf(db: Kysely<Database>, q: Q, operatorId: number): Promise<TicketingRow[]> {
  const rows = await q
    .innerJoin("members", "members.id", "orders.memberId")
    .leftJoin("companies", "companies.id", "orders.companyId")
    .leftJoin("operators", "operators.id", "ticketing_claims.operatorId")
    .select([
      "orders.id", "orders.orderNo", "orders.product", "orders.international", "orders.status", "orders.title", "orders.depDate", "orders.totalFen",
      "orders.updateTime", "members.realName", "members.mobilePhone", "companies.name as companyName",
      "ticketing_claims.operatorId", "ticketing_claims.takenAt", "operators.name as operatorName",
    ])
    .orderBy("orders.updateTime")
    .orderBy("orders.id")
    .execute();
  const names = await passengerNames(db, rows.map((r) => ({ id: r.id, product: r.product })));
  return rows.map((r) => ({
    id: r.id,
    orderNo: r.orderNo,
    product: productOf(r),
    status: r.status,
    memberName: r.realName || r.mobilePhone,
    memberMobile: r.mobilePhone,
    companyName: r.companyName ?? null,
    title: r.title,
    depDate: r.depDate,
    passengerNames: names.get(r.id) ?? [],
    amountFen: r.totalFen,
    waitingSince: r.updateTime,
    takenBy: r.operatorId ? { id: r.operatorId, name: r.operatorName ?? "" } : null,
    takenAt: r.takenAt ?? null,
    mine: r.operatorId === operatorId,
  }));
}

/** Each order's passengers' names, once per person (a round trip's tickets name them twice). */
async function passengerNames(db: Kysely<Database>, orders: { id: number; product: string }[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const add = (orderId: number, name: string) => {
    const list = out.get(orderId) ?? [];
    if (!list.includes(name)) list.push(name);
    out.set(orderId, list);
  };
  const air = orders.filter((o) => o.product === "air").map((o) => o.id);
  const train = orders.filter((o) => o.product === "train").map((o) => o.id);
  if (air.length) for (const p of await db.selectFrom("order_passengers").select(["orderId", "name"]).where("orderId", "in", air).orderBy("id").execute()) add(p.orderId, p.name);
  if (train.length) for (const p of await db.selectFrom("train_order_passengers").select(["orderId", "name"]).where("orderId", "in", train).orderBy("id").execute()) add(p.orderId, p.name);
  return out;
}

export async function ticketingPage(db: Kysely<Database>, f: TicketingFilters, operatorId: number): Promise<OpsPage<TicketingRow>> {
  const q = filtered(db, f, operatorId);
  const total = await q.select(sql<number | string>`count(*)`.as("n")).executeTakeFirstOrThrow();
  const list = await rowsOf(db, q.limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize) as Q, operatorId);
  return { list, total: Number(total.n), pageNum: f.pageNum, pageSize: f.pageSize };
}

/** The menu's badge: what the caller can act on (waiting, held by nobody or by the caller). */
export async function ticketingCount(db: Kysely<Database>, operatorId: number): Promise<{ count: number }> {
  const row = await waitingOrders(db)
    .where((eb) => eb.or([eb("ticketing_claims.id", "is", null), eb("ticketing_claims.operatorId", "=", operatorId)]))
    .select(sql<number | string>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return { count: Number(row.n) };
}

/** One order of the queue with its passengers and timeline; an order no longer waiting is still shown (it just moved on). */
export async function ticketingDetail(db: Kysely<Database>, orderId: number, operatorId: number): Promise<TicketingDetail> {
  const base = db
    .selectFrom("orders")
    .leftJoin("ticketing_claims", "ticketing_claims.orderId", "orders.id")
    .where("orders.id", "=", orderId)
    .where("orders.product", "in", ["air", "train"]) as unknown as Q;
  const [row] = await rowsOf(db, base, operatorId);
  if (!row) throw new DomainError("notFound", ORDER_NOT_FOUND);
  let passengers: TicketingPassenger[];
  let eTicketNo: string | null = null;
  if (row.product === "train") {
    const rows = await db.selectFrom("train_order_passengers").select(["id", "name", "passengerType", "seatNo"]).where("orderId", "=", orderId).orderBy("id").execute();
    const train = await db.selectFrom("train_orders").select(["trainNo", "ticketNo"]).where("orderId", "=", orderId).executeTakeFirst();
    eTicketNo = train?.ticketNo ?? null;
    passengers = rows.map((p) => ({ id: p.id, name: p.name, psgType: p.passengerType, segment: 0, flightNo: train?.trainNo ?? null, ticketNo: null, seatNo: p.seatNo }));
  } else {
    const rows = await db.selectFrom("order_passengers").select(["id", "name", "psgType", "segment", "ticketNo"]).where("orderId", "=", orderId).orderBy("segment").orderBy("id").execute();
    const flights = segmentFlights(await db.selectFrom("orders").select("snapshot").where("id", "=", orderId).executeTakeFirstOrThrow());
    passengers = rows.map((p) => ({ id: p.id, name: p.name, psgType: p.psgType, segment: p.segment, flightNo: flights[p.segment] ?? flights[0] ?? null, ticketNo: p.ticketNo, seatNo: null }));
  }
  const events = await db
    .selectFrom("order_events")
    .select(["action", "toStatus", "actorName", "note", "createTime"])
    .where("orderId", "=", orderId)
    .orderBy("id")
    .execute();
  return { ...row, passengers, eTicketNo, events };
}

/** The flight number of each segment, as the booking's snapshot keeps them. */
function segmentFlights(order: { snapshot: string }): string[] {
  try {
    const s = JSON.parse(order.snapshot) as { flight?: { flightNo?: string }; segments?: { flight?: { flightNo?: string } }[] };
    const own = (s.segments ?? []).map((x) => x.flight?.flightNo ?? "");
    return own.length ? own : [s.flight?.flightNo ?? ""];
  } catch {
    return [];
  }
}
