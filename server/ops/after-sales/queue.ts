// The after-sales queue's reads: flight refund and change requests, newest first, paged on the
// server with the console's filters, and the count of those waiting for a decision (the menu
// badge). A refund waits while 退票申请 (requested); a change while the airline has yet to confirm
// it with nothing to pay (confirming) — one with money to pay waits for the member, not the desk.
// Train refunds and changes complete at once when the member asks (the railway answers on the
// spot), so they never wait here: the train product filter answers an empty page.
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DomainError } from "../../services/domain-error";
import { said } from "../../services/i18n/text";
import type { ChangeQuote, RefundLine } from "../../../src/domain/orders/flight-after-sales";
import {
  WAITING_STATES, queueKey, type AfterSalesDecision, type AfterSalesDetail, type AfterSalesFilters, type AfterSalesItem, type AfterSalesKind, type AfterSalesState,
} from "../../../src/domain/ops/after-sales";
import type { OpsPage } from "../../../src/domain/ops/schemas";
import { refundLinesWithMax } from "../../orders/flight/refund-review";

interface Row {
  kind: string;
  recordId: number;
  orderId: number;
  orderNo: string;
  status: string;
  detail: string;
  reason: string | null;
  quotedFeeFen: number | null;
  quotedRefundFen: number | null;
  feeFen: number | null;
  refundFen: number | null;
  heldBy: number | null;
  decision: string | null;
  decisionReason: string | null;
  decidedBy: number | null;
  createTime: string;
}

function refunds(db: Kysely<Database>, f: Partial<AfterSalesFilters>) {
  // Typed as the change branch's columns are (nullable), so the two make one union.
  const nullable = <T>(column: string) => sql<T | null>`${sql.ref(column)}`;
  let q = db
    .selectFrom("flight_refunds as r")
    .innerJoin("orders as o", "o.id", "r.orderId")
    .select([
      sql<string>`'refund'`.as("kind"), "r.id as recordId", "r.orderId", "o.orderNo", "r.status", "r.passengers as detail", nullable<string>("r.reason").as("reason"),
      "r.quotedFeeFen", "r.quotedRefundFen", nullable<number>("r.feeFen").as("feeFen"), nullable<number>("r.refundFen").as("refundFen"), "r.heldBy", "r.decision",
      "r.decisionReason", "r.decidedBy", "r.createTime",
    ]);
  if (f.state) q = q.where("r.status", "=", f.state);
  if (f.orderNo) q = q.where("o.orderNo", "=", f.orderNo);
  if (f.since) q = q.where("r.createTime", ">=", `${f.since}T00:00:00.000Z`);
  return q;
}

type Branch = ReturnType<typeof refunds>;

function changes(db: Kysely<Database>, f: Partial<AfterSalesFilters>): Branch {
  const none = sql<number | null>`cast(null as integer)`;
  let q = db
    .selectFrom("flight_changes as c")
    .innerJoin("orders as o", "o.id", "c.orderId")
    .select([
      sql<string>`'change'`.as("kind"), "c.id as recordId", "c.orderId", "o.orderNo", "c.status", "c.quote as detail", sql<string | null>`cast(null as text)`.as("reason"),
      none.as("quotedFeeFen"), none.as("quotedRefundFen"), none.as("feeFen"), none.as("refundFen"), "c.heldBy", "c.decision", "c.decisionReason", "c.decidedBy", "c.createTime",
    ]);
  if (f.state) q = q.where("c.status", "=", f.state);
  if (f.orderNo) q = q.where("o.orderNo", "=", f.orderNo);
  if (f.since) q = q.where("c.createTime", ">=", `${f.since}T00:00:00.000Z`);
  // The same columns as a refund's, in the same order: one builder type for the union.
  return q as unknown as Branch;
}

/** The union of the branches the filters leave, or null when they leave none. */
function branches(db: Kysely<Database>, f: Partial<AfterSalesFilters>): Branch | null {
  if (f.product === "train") return null;
  const refundStates: readonly string[] = ["requested", "processing", "ticketRefunded", "refunded", "rejected"];
  const wantRefunds = f.kind !== "change" && (!f.state || refundStates.includes(f.state));
  const wantChanges = f.kind !== "refund" && (!f.state || !refundStates.includes(f.state));
  if (wantRefunds && wantChanges) return refunds(db, f).unionAll(changes(db, f));
  if (wantRefunds) return refunds(db, f);
  if (wantChanges) return changes(db, f);
  return null;
}

async function operatorNames(db: Kysely<Database>, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom("operators").select(["id", "name"]).where("id", "in", wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

function itemOf(r: Row, names: Map<number, string>): AfterSalesItem {
  const kind = r.kind as AfterSalesKind;
  const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  let passengers: string;
  let estimate: AfterSalesItem["estimate"];
  let current: AfterSalesItem["current"];
  if (kind === "refund") {
    passengers = (JSON.parse(r.detail) as RefundLine[]).map((l) => l.name).join("、");
    current = { fee: r.feeFen ?? 0, amount: r.refundFen ?? 0 };
    estimate = { fee: r.quotedFeeFen ?? current.fee, amount: r.quotedRefundFen ?? current.amount };
  } else {
    const quote = JSON.parse(r.detail) as ChangeQuote;
    passengers = quote.lines.map((l) => l.name).join("、");
    estimate = current = { fee: quote.changeFee, amount: quote.total };
  }
  return {
    id: queueKey(kind, r.recordId), kind, product: "air", recordId: r.recordId, orderId: r.orderId, orderNo: r.orderNo, state: r.status as AfterSalesState,
    passengers, reason: r.reason, estimate, current, heldBy: r.heldBy, heldByName: name(r.heldBy), decision: r.decision as AfterSalesDecision | null,
    decisionReason: r.decisionReason, decidedByName: name(r.decidedBy), createTime: r.createTime,
  };
}

export async function afterSalesPage(db: Kysely<Database>, f: AfterSalesFilters): Promise<OpsPage<AfterSalesItem>> {
  const union = branches(db, f);
  if (!union) return { list: [], total: 0, pageNum: f.pageNum, pageSize: f.pageSize };
  const total = await db.selectFrom(union.as("q")).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const rows = (await db
    .selectFrom(union.as("q"))
    .selectAll()
    .orderBy("q.createTime", "desc")
    .orderBy("q.recordId", "desc")
    .orderBy("q.kind")
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize)
    .execute()) as Row[];
  const names = await operatorNames(db, rows.flatMap((r) => [r.heldBy, r.decidedBy]));
  return { list: rows.map((r) => itemOf(r, names)), total: Number(total.n), pageNum: f.pageNum, pageSize: f.pageSize };
}

/** Requests waiting for a decision, held or not. */
export async function afterSalesCount(db: Kysely<Database>): Promise<{ count: number }> {
  const [r, c] = await Promise.all([
    db.selectFrom("flight_refunds").select((eb) => eb.fn.countAll<number | string>().as("n")).where("status", "=", "requested").executeTakeFirstOrThrow(),
    db.selectFrom("flight_changes").select((eb) => eb.fn.countAll<number | string>().as("n")).where("status", "=", "confirming").executeTakeFirstOrThrow(),
  ]);
  return { count: Number(r.n) + Number(c.n) };
}

/** One request with, for a refund, each passenger's line and the most the fare's rules let it keep. */
export async function afterSalesDetail(db: Kysely<Database>, kind: AfterSalesKind, id: number): Promise<AfterSalesDetail> {
  // The change branch is typed as a refund's, so its id column is named through sql.ref.
  const q = kind === "refund" ? refunds(db, {}).where("r.id", "=", id) : changes(db, {}).where(sql.ref("c.id"), "=", id);
  const row = (await q.executeTakeFirst()) as Row | undefined;
  if (!row) throw new DomainError("notFound", said("afterSales.notFound"));
  const item = itemOf(row, await operatorNames(db, [row.heldBy, row.decidedBy]));
  if (kind === "change") return { ...item, lines: [], maxFee: 0 };
  const lines = await refundLinesWithMax(db, row.orderId, row.detail);
  return { ...item, lines, maxFee: lines.reduce((s, l) => s + l.maxFee, 0) };
}

export const isWaiting = (state: string): boolean => (WAITING_STATES as readonly string[]).includes(state);
