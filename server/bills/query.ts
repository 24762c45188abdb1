// Reading a bill: the filtered set of one bill for one caller, as a page with the totals of the
// whole filtered set, or as every row in the screen's order in keyset chunks for an export.
// Scoping comes first and is not a filter the caller can change: a company bill reads only the
// caller's company's orders, every other bill only the caller's own orders or ledger rows.
import { said } from "../services/i18n/text";
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { DomainError } from "../services/domain-error";
import { offsetOf } from "../services/http/paging";
import { memberTypeKey } from "../../src/domain/member";
import { flightOrderLabel } from "../../src/domain/orders/flight";
import {
  BILL_PRODUCTS, BILL_PRODUCT_LABELS, HOLDING_STATUSES, SOLD_STATUSES, LEDGER_ACCOUNT_LABELS, LEDGER_ENTRY_LABELS,
  type BillDefinition, type BillPage, type BillProduct, type LedgerBillRow, type LedgerEntryName, type OrderBillRow,
} from "../../src/domain/bills";
import { inChunks } from "../exports/xlsx";
import { summable, summaryQuery, summaryTotals, type BillScope, type SummableFilter } from "./summary";

export interface BillFilterInput extends SummableFilter {
  pageNum?: number;
  pageSize?: number;
  orderBy?: string;
  orderType?: "asc" | "desc";
  entry?: LedgerEntryName;
}

const chinaDayStart = (date: string) => new Date(`${date}T00:00:00+08:00`).toISOString();
const chinaDayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`) + 86_400_000).toISOString();
/** Typed wildcards are dropped: an order number with _ must not match any character. */
const contains = (text: string) => `%${text.replace(/[%_\\]/g, "")}%`;

const NO_COMPANY = said("bills.accountLinkedCompanyViewCompany");
const FOREIGN_DEPARTMENT = said("bills.viewDepartmentSBills");

type OrdersDb = Database & { o: Database["orders"] };
type LedgerDb = Database & { l: Database["ledger"] };
type OrdersQ = SelectQueryBuilder<OrdersDb, "o", object>;
type LedgerQ = SelectQueryBuilder<LedgerDb, "l", object>;

/** The company a company bill reads: the administrator's own; anyone else has none. */
function companyOf(member: Member): number {
  if (memberTypeKey(member) !== "70" || !(member.creditMemberId > 0)) throw new DomainError("forbidden", NO_COMPANY);
  return member.creditMemberId;
}

/** Whose orders an orders bill reads (a company bill refuses anyone but the company's administrator). */
const billScope = (bill: BillDefinition, member: Member): BillScope =>
  bill.scope === "company" ? { kind: "company", id: companyOf(member) } : { kind: "member", id: member.id };

/** A department filter names a department of the caller's company, or is refused. */
async function assertDepartment(db: Kysely<Database>, companyId: number, departmentId: number): Promise<void> {
  const d = await db.selectFrom("departments").select("companyId").where("id", "=", departmentId).executeTakeFirst();
  if (!d || d.companyId !== companyId) throw new DomainError("forbidden", FOREIGN_DEPARTMENT);
}

// ---- orders-based bills ----

async function ordersScope(db: Kysely<Database>, bill: BillDefinition, member: Member, f: BillFilterInput): Promise<OrdersQ> {
  let q = db.selectFrom("orders as o") as OrdersQ;
  if (bill.scope === "company") {
    const companyId = companyOf(member);
    q = q.where("o.companyId", "=", companyId);
    if (f.departmentId !== undefined) await assertDepartment(db, companyId, f.departmentId);
  } else {
    q = q.where("o.memberId", "=", member.id);
  }
  // Only orders of a trip: a wallet recharge is an order row too, but no bill's business.
  q = bill.product ? q.where("o.product", "=", bill.product) : q.where("o.product", "in", [...BILL_PRODUCTS]);
  if (bill.statuses) q = q.where("o.status", "in", [...bill.statuses]);
  if (f.product) q = q.where("o.product", "=", f.product);
  // A bill is about money paid: an order never paid (unpaid, awaiting or refused approval,
  // cancelled) is listed only when the status filter asks for its status on purpose.
  if (f.status !== undefined) q = q.where("o.status", "=", f.status);
  else if (!bill.statuses) q = q.where("o.status", "in", [...SOLD_STATUSES]);
  if (f.startDate) q = q.where("o.createTime", ">=", chinaDayStart(f.startDate));
  if (f.endDate) q = q.where("o.createTime", "<", chinaDayAfter(f.endDate));
  if (f.orderNo) q = q.where("o.orderNo", "like", contains(f.orderNo));
  if (f.travellerName) {
    const pattern = contains(f.travellerName);
    // Each product keeps its travellers in its own table: flight passengers, hotel guests, train passengers.
    q = q.where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom("order_passengers as p").select("p.id").whereRef("p.orderId", "=", "o.id").where("p.name", "like", pattern)),
        eb.exists(eb.selectFrom("hotel_order_guests as hg").select("hg.id").whereRef("hg.orderId", "=", "o.id").where("hg.name", "like", pattern)),
        eb.exists(eb.selectFrom("train_order_passengers as tp").select("tp.id").whereRef("tp.orderId", "=", "o.id").where("tp.name", "like", pattern)),
      ]),
    );
  }
  if (f.departmentId !== undefined) {
    const departmentId = f.departmentId;
    // The traveller's department (the employee the order is for; the booker when booked for
    // themself): a trip booked for a colleague is the colleague's department's cost.
    q = q.where((eb) => eb.fn.coalesce("o.travellerMemberId", "o.bookerMemberId"), "in", (eb) =>
      eb.selectFrom("members as m").innerJoin("employees as e", "e.id", "m.creditEmployeeId").select("m.id").where("e.departmentId", "=", departmentId),
    );
  }
  return q;
}

type OrderEB = ExpressionBuilder<OrdersDb, "o">;
/** A company bill settles only the company's part: what the traveller paid themself is not the company's. */
const companyPaysOnly = (bill: BillDefinition) => bill.scope === "company";
const settledExpr = (eb: OrderEB, bill: BillDefinition) =>
  eb.case().when("o.status", "in", [...HOLDING_STATUSES]).then(companyPaysOnly(bill) ? eb("o.totalFen", "-", eb.ref("o.selfPayFen")) : eb.ref("o.totalFen")).else(sql.lit(0)).end();
const sumOf = (e: Parameters<OrderEB["fn"]["sum"]>[0], eb: OrderEB) => eb.fn.coalesce(eb.fn.sum(e), sql.lit(0));

async function orderTotals(q: OrdersQ, bill: BillDefinition): Promise<Record<string, number>> {
  const r = await q
    .select((eb) => [
      eb.fn.countAll().as("count"),
      sumOf("o.ticketFen", eb).as("ticketFen"),
      sumOf(eb("o.constructionFeeFen", "+", eb.ref("o.fuelSurchargeFen")), eb).as("taxFen"),
      sumOf("o.serviceFeeFen", eb).as("serviceFeeFen"),
      sumOf("o.insuranceFen", eb).as("insuranceFen"),
      sumOf("o.totalFen", eb).as("totalFen"),
      sumOf("o.selfPayFen", eb).as("selfPayFen"),
      sumOf(settledExpr(eb, bill), eb).as("settledFen"),
    ])
    .executeTakeFirst();
  // PostgreSQL answers sums and counts of integers as text (bigint).
  return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, toCount(v)]));
}

const ORDER_SORT_COLUMNS = { createTime: "o.createTime", depDate: "o.depDate", totalFen: "o.totalFen", orderNo: "o.orderNo" } as const;
type OrderSort = keyof typeof ORDER_SORT_COLUMNS;
/**
 * The sorts an index of the bill's scope reads in order: booking time and order number; for a
 * company's bill also trip date and amount. The others (a member's own orders by trip date or
 * amount) sort the member's filtered set.
 */
const INDEXED_ORDER_SORTS: ReadonlySet<string> = new Set([ORDER_SORT_COLUMNS.createTime, ORDER_SORT_COLUMNS.orderNo]);
const COMPANY_ORDER_SORTS: ReadonlySet<string> = new Set([...INDEXED_ORDER_SORTS, ORDER_SORT_COLUMNS.depDate, ORDER_SORT_COLUMNS.totalFen]);
const sortIndexed = (bill: BillDefinition, col: string) => (bill.scope === "company" ? COMPANY_ORDER_SORTS : INDEXED_ORDER_SORTS).has(col);

function orderRowsQuery(q: OrdersQ) {
  return q.select([
    "o.id", "o.orderNo", "o.product", "o.createTime", "o.title", "o.depDate", "o.status", "o.ticketFen", "o.constructionFeeFen", "o.fuelSurchargeFen",
    "o.serviceFeeFen", "o.insuranceFen", "o.totalFen", "o.selfPayFen", "o.bookerMemberId", "o.travellerMemberId",
  ]);
}
type OrderRaw = Awaited<ReturnType<ReturnType<typeof orderRowsQuery>["execute"]>>[number];

/**
 * The rows with their travellers' names, their booker's name, the traveller's department and,
 * on a hotel or train bill, the stay or train. A page or an export chunk has a handful of
 * people, so each is read once rather than joined to every order row (three lookups per row,
 * most of what a large export spent reading).
 */
async function withPeople(db: Kysely<Database>, bill: BillDefinition, rows: OrderRaw[]): Promise<OrderBillRow[]> {
  const ids = rows.map((r) => r.id);
  const personOf = (r: OrderRaw) => r.travellerMemberId ?? r.bookerMemberId;
  const names = new Map<number, string[]>();
  const people = new Map<number, { name: string; departmentName: string }>();
  const hotels = new Map<number, HotelFacts>();
  const trains = new Map<number, TrainFacts>();
  if (rows.length) {
    const [ps, ms, hs, ts] = await Promise.all([
      travellerNames(db, ids),
      db
        .selectFrom("members as bm")
        .leftJoin("employees as be", "be.id", "bm.creditEmployeeId")
        .leftJoin("departments as bd", "bd.id", "be.departmentId")
        .select(["bm.id", "bm.realName", "bm.mobilePhone", "bd.name as departmentName"])
        .where("bm.id", "in", [...new Set(rows.flatMap((r) => [r.bookerMemberId, personOf(r)]))])
        .execute(),
      bill.product === "hotel"
        ? db.selectFrom("hotel_orders").select(["orderId", "hotelName", "cityName", "checkIn", "checkOut", "nights", "roomCount"]).where("orderId", "in", ids).execute()
        : [],
      bill.product === "train"
        ? db.selectFrom("train_orders").select(["orderId", "trainNo", "fromStation", "toStation", "seatName", "depDate", "depTime"]).where("orderId", "in", ids).execute()
        : [],
    ]);
    for (const p of ps) {
      const list = names.get(p.orderId);
      if (list) list.push(p.name);
      else names.set(p.orderId, [p.name]);
    }
    for (const m of ms) people.set(m.id, { name: m.realName || m.mobilePhone || "", departmentName: m.departmentName ?? "" });
    for (const { orderId, ...h } of hs) hotels.set(orderId, h);
    for (const { orderId, depDate, depTime, ...t } of ts) trains.set(orderId, { ...t, departure: `${depDate} ${depTime}` });
  }
  return rows.map((r) => {
    const holding = HOLDING_STATUSES.includes(r.status);
    return {
      id: r.id,
      orderNo: r.orderNo,
      product: r.product,
      productName: BILL_PRODUCT_LABELS[r.product as BillProduct] ?? r.product,
      createTime: r.createTime,
      bookerName: people.get(r.bookerMemberId)?.name ?? "",
      departmentName: people.get(personOf(r))?.departmentName ?? "",
      passengerNames: (names.get(r.id) ?? []).join("、"),
      title: r.title,
      depDate: r.depDate,
      status: r.status,
      statusName: flightOrderLabel(r.status),
      ticketFen: r.ticketFen,
      taxFen: r.constructionFeeFen + r.fuelSurchargeFen,
      serviceFeeFen: r.serviceFeeFen,
      insuranceFen: r.insuranceFen,
      totalFen: r.totalFen,
      selfPayFen: r.selfPayFen,
      settledFen: holding ? r.totalFen - (companyPaysOnly(bill) ? r.selfPayFen : 0) : 0,
      ...hotels.get(r.id),
      ...trains.get(r.id),
    };
  });
}

type HotelFacts = Pick<OrderBillRow, "hotelName" | "cityName" | "checkIn" | "checkOut" | "nights" | "roomCount">;
type TrainFacts = Pick<OrderBillRow, "trainNo" | "fromStation" | "toStation" | "seatName" | "departure">;

/** Each order's travellers in booking order: flight passengers (each once, not per segment), hotel guests, train passengers. */
async function travellerNames(db: Kysely<Database>, ids: number[]): Promise<{ orderId: number; name: string }[]> {
  const [air, hotel, train] = await Promise.all([
    db.selectFrom("order_passengers").select(["orderId", "name"]).where("orderId", "in", ids).where("segment", "=", 0).orderBy("id").execute(),
    db.selectFrom("hotel_order_guests").select(["orderId", "name"]).where("orderId", "in", ids).orderBy("id").execute(),
    db.selectFrom("train_order_passengers").select(["orderId", "name"]).where("orderId", "in", ids).orderBy("id").execute(),
  ]);
  return [...air, ...hotel, ...train];
}

// ---- ledger-based bills ----

/**
 * The rows a ledger bill reads: the member's own; for a company's administrator, the transaction
 * bill adds every movement of the company's credit line (a credit payment, the company part of a
 * 超标自付 trade, a refund to the line), which are written on the paying employee's ledger.
 */
function ledgerScope(db: Kysely<Database>, bill: BillDefinition, member: Member, f: BillFilterInput): LedgerQ {
  const companyId = bill.name === "transactionBill" && memberTypeKey(member) === "70" && member.creditMemberId > 0 ? member.creditMemberId : null;
  let q = (db.selectFrom("ledger as l") as LedgerQ).where((eb) =>
    companyId === null
      ? eb("l.memberId", "=", member.id)
      : eb.or([
          eb("l.memberId", "=", member.id),
          eb.and([
            eb("l.account", "=", "credit"),
            eb("l.outTradeNo", "in", eb.selectFrom("payments as cp").innerJoin("orders as co", "co.id", "cp.orderId").select("cp.outTradeNo").where("co.companyId", "=", companyId)),
          ]),
        ]),
  );
  if (bill.entry) q = q.where("l.entry", "=", bill.entry);
  if (f.entry) q = q.where("l.entry", "=", f.entry);
  if (f.startDate) q = q.where("l.createTime", ">=", chinaDayStart(f.startDate));
  if (f.endDate) q = q.where("l.createTime", "<", chinaDayAfter(f.endDate));
  if (f.orderNo) q = q.where("l.orderNo", "like", contains(f.orderNo));
  return q;
}

async function ledgerTotals(q: LedgerQ): Promise<Record<string, number>> {
  const r = await q
    .select((eb) => {
      const side = (d: "in" | "out") => eb.fn.coalesce(eb.fn.sum(eb.case().when("l.direction", "=", d).then(eb.ref("l.amountFen")).else(sql.lit(0)).end()), sql.lit(0));
      return [eb.fn.countAll().as("count"), side("in").as("inFen"), side("out").as("outFen")];
    })
    .executeTakeFirst();
  return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, toCount(v)]));
}

const LEDGER_SORT_COLUMNS = { createTime: "l.createTime", amountFen: "l.amountFen" } as const;
type LedgerSort = keyof typeof LEDGER_SORT_COLUMNS;

const LEDGER_COLUMNS = ["l.id", "l.createTime", "l.orderNo", "l.outTradeNo", "l.account", "l.entry", "l.direction", "l.amountFen", "l.balanceAfterFen", "l.note"] as const;
type LedgerRaw = { id: number; createTime: string; orderNo: string | null; outTradeNo: string; account: string; entry: string; direction: string; amountFen: number; balanceAfterFen: number | null; note: string };

const ledgerRowOf = (r: LedgerRaw): LedgerBillRow => ({
  id: r.id,
  createTime: r.createTime,
  orderNo: r.orderNo ?? "",
  outTradeNo: r.outTradeNo,
  account: r.account,
  accountName: LEDGER_ACCOUNT_LABELS[r.account] ?? r.account,
  entry: r.entry,
  entryName: LEDGER_ENTRY_LABELS[r.entry as LedgerEntryName] ?? r.entry,
  inFen: r.direction === "in" ? r.amountFen : 0,
  outFen: r.direction === "out" ? r.amountFen : 0,
  balanceAfterFen: r.balanceAfterFen,
  note: r.note,
});

// ---- the bill API ----

export type BillRow = OrderBillRow | LedgerBillRow;

/**
 * An orders bill's count and totals: from the summary when it answers the filter; otherwise (a
 * name, order-number or department filter) summed from the orders of the bill's scope and date
 * range, which the scope's (…, booking time, id) index bounds.
 */
async function ordersTotals(db: Kysely<Database>, bill: BillDefinition, member: Member, f: BillFilterInput, scoped?: OrdersQ): Promise<Record<string, number>> {
  if (summable(f)) return summaryTotals(db, bill, billScope(bill, member), f);
  return orderTotals(scoped ?? (await ordersScope(db, bill, member, f)), bill);
}

export async function billCount(db: Kysely<Database>, bill: BillDefinition, member: Member, f: BillFilterInput): Promise<number> {
  if (bill.source === "orders") return (await ordersTotals(db, bill, member, f)).count;
  const q = ledgerScope(db, bill, member, f);
  const r = await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toCount(r?.n);
}

export async function billTotals(db: Kysely<Database>, bill: BillDefinition, member: Member, f: BillFilterInput): Promise<Record<string, number>> {
  return bill.source === "orders" ? ordersTotals(db, bill, member, f) : ledgerTotals(ledgerScope(db, bill, member, f));
}

/** One page of an orders bill's rows, in the screen's order. */
function orderPageOf(q: OrdersQ, f: BillFilterInput & { pageNum: number; pageSize: number }) {
  const dir = f.orderType ?? "desc";
  const col = ORDER_SORT_COLUMNS[(f.orderBy as OrderSort) ?? "createTime"] ?? ORDER_SORT_COLUMNS.createTime;
  return orderRowsQuery(q).orderBy(col, dir).orderBy("o.id", dir).limit(f.pageSize).offset(offsetOf(f));
}

/** The queries of an orders bill's page: its rows and, when the summary answers the filter, its totals (for reading their plans). */
export async function orderBillQueries(db: Kysely<Database>, bill: BillDefinition, member: Member, f: BillFilterInput & { pageNum: number; pageSize: number }) {
  const q = await ordersScope(db, bill, member, f);
  return { page: orderPageOf(q, f), totals: summable(f) ? summaryQuery(db, bill, billScope(bill, member), f) : null };
}

export async function billPage(db: Kysely<Database>, bill: BillDefinition, member: Member, f: BillFilterInput & { pageNum: number; pageSize: number }): Promise<BillPage<BillRow>> {
  const dir = f.orderType ?? "desc";
  if (bill.source === "orders") {
    const q = await ordersScope(db, bill, member, f);
    const [raw, totals] = await Promise.all([orderPageOf(q, f).execute(), ordersTotals(db, bill, member, f, q)]);
    const { count, ...money } = totals;
    return { list: await withPeople(db, bill, raw), total: count, pageNum: f.pageNum, pageSize: f.pageSize, totals: money };
  }
  const q = ledgerScope(db, bill, member, f);
  const col = LEDGER_SORT_COLUMNS[(f.orderBy as LedgerSort) ?? "createTime"] ?? LEDGER_SORT_COLUMNS.createTime;
  const [raw, totals] = await Promise.all([
    q.select([...LEDGER_COLUMNS]).orderBy(col, dir).orderBy("l.id", dir).limit(f.pageSize).offset(offsetOf(f)).execute(),
    ledgerTotals(q),
  ]);
  const { count, ...money } = totals;
  return { list: raw.map(ledgerRowOf), total: count, pageNum: f.pageNum, pageSize: f.pageSize, totals: money };
}

/**
 * Every row of the filtered set in the screen's order, read in keyset chunks on (sort column,
 * id): a chunk continues strictly after the last row of the one before, so a 100,000-row bill
 * is never held in memory and no row is read twice or skipped.
 */
/**
 * Rows per chunk when the sort column has no index: each chunk then sorts the rest of the
 * filtered set again, so fewer, larger chunks are much faster than the small default.
 */
const UNINDEXED_SORT_CHUNK = 2000;

export function billRows(db: Kysely<Database>, bill: BillDefinition, member: Member, f: BillFilterInput): AsyncIterable<BillRow> {
  const dir = f.orderType ?? "desc";
  const cmp = dir === "desc" ? "<" : ">";
  if (bill.source === "orders") {
    const key = (f.orderBy as OrderSort) ?? "createTime";
    const col = ORDER_SORT_COLUMNS[key] ?? ORDER_SORT_COLUMNS.createTime;
    return inChunks<OrderBillRow>(async (last, size) => {
      let q = orderRowsQuery(await ordersScope(db, bill, member, f));
      if (last) {
        const v = last[key in ORDER_SORT_COLUMNS ? key : "createTime"] as string | number;
        // A row-value comparison, which both databases answer from the (…, sort column, id) index.
        q = q.where((eb) => eb(eb.refTuple(col, "o.id"), cmp, eb.tuple(v, last.id)));
      }
      return withPeople(db, bill, await q.orderBy(col, dir).orderBy("o.id", dir).limit(size).execute());
    }, sortIndexed(bill, col) ? undefined : UNINDEXED_SORT_CHUNK);
  }
  const key = (f.orderBy as LedgerSort) ?? "createTime";
  const col = LEDGER_SORT_COLUMNS[key] ?? LEDGER_SORT_COLUMNS.createTime;
  return inChunks<LedgerBillRow & { amountFen?: number }>(async (last, size) => {
    let q = ledgerScope(db, bill, member, f).select([...LEDGER_COLUMNS]);
    if (last) {
      const v = (key === "amountFen" ? last.inFen + last.outFen : last.createTime) as string | number;
      q = q.where((eb) => eb(eb.refTuple(col, "l.id"), cmp, eb.tuple(v, last.id)));
    }
    return (await q.orderBy(col, dir).orderBy("l.id", dir).limit(size).execute()).map(ledgerRowOf);
  }, col === LEDGER_SORT_COLUMNS.createTime ? undefined : UNINDEXED_SORT_CHUNK);
}

