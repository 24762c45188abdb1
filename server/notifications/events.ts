// What each change of an order or an approval tells whom. Each function is the one line a move
// module calls inside its transaction; it reads what the message needs, in that transaction, and
// writes the outbox rows. Orders tell the members who see them (the account, the booker and the
// traveller, each once); approvals tell the approvers of the step they wait at, and their
// decision the applicant and the booker.
import type { Kysely, Selectable } from "kysely";
import type { ApprovalsTable, Database } from "../db/schema";
import type { NoticeKind } from "../../src/domain/notifications";
import { writeNotice } from "./outbox";

/** pendingPayment is 0 in the flight, hotel and train machines alike. */
const PENDING_PAYMENT = 0;
const PRODUCTS = ["air", "hotel", "train"] as const;
type Product = (typeof PRODUCTS)[number];

/** Order moves that tell the order's members, by action. */
const ORDER_MOVE_NOTICES: Readonly<Record<string, NoticeKind>> = {
  approve: "orderAwaitingPayment",
  pay: "orderPaid",
  ticket: "orderTicketed",
  confirm: "hotelConfirmed",
  expire: "orderReleased",
  confirmChange: "changeConfirmed",
  payChange: "changeConfirmed",
  change: "changeConfirmed",
  freeChange: "changeConfirmed",
};

async function orderFacts(trx: Kysely<Database>, orderId: number) {
  const o = await trx
    .selectFrom("orders")
    .select(["id", "orderNo", "product", "title", "status", "totalFen", "expiresAt", "memberId", "bookerMemberId", "travellerMemberId", "snapshot"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!o || !(PRODUCTS as readonly string[]).includes(o.product)) return null;
  return { ...o, product: o.product as Product, to: [o.memberId, o.bookerMemberId, o.travellerMemberId], base: { orderNo: o.orderNo, title: o.title.slice(0, 200), product: o.product as Product } };
}

/** A booking that waits for payment (not one that waits for its approval first). */
export async function noticeBooked(trx: Kysely<Database>, orderId: number): Promise<void> {
  const o = await orderFacts(trx, orderId);
  if (!o || o.status !== PENDING_PAYMENT || !o.expiresAt) return;
  await writeNotice(trx, { kind: "orderAwaitingPayment", to: o.to, params: { ...o.base, amountFen: o.totalFen, deadline: o.expiresAt }, subject: { type: "order", id: o.id } });
}

/** A recorded order move; most moves tell nobody. */
export async function noticeOrderMove(trx: Kysely<Database>, orderId: number, move: { from: number; to: number }, action: string): Promise<void> {
  const kind = ORDER_MOVE_NOTICES[action];
  // Only an unpaid order's expiry releases what it held; one waiting for approval ends with its approval's notice.
  if (!kind || (action === "expire" && move.from !== PENDING_PAYMENT)) return;
  const o = await orderFacts(trx, orderId);
  if (!o) return;
  const subject = { type: "order" as const, id: o.id };
  if (kind === "orderAwaitingPayment") {
    if (o.expiresAt) await writeNotice(trx, { kind, to: o.to, params: { ...o.base, amountFen: o.totalFen, deadline: o.expiresAt }, subject });
  } else if (kind === "orderPaid") {
    await writeNotice(trx, { kind, to: o.to, params: { ...o.base, amountFen: o.totalFen }, subject });
  } else if (kind === "orderTicketed") {
    await writeNotice(trx, { kind, to: o.to, params: { ...o.base, ...(await ticketsOf(trx, o.id, o.product, o.snapshot)) }, subject });
  } else {
    await writeNotice(trx, { kind: kind as "hotelConfirmed", to: o.to, params: o.base, subject });
  }
}

/** What a ticketed message names: each passenger's ticket number (flights) or seat (trains), and the departure terminal. */
async function ticketsOf(trx: Kysely<Database>, orderId: number, product: Product, snapshot: string) {
  const cut = (s: string | null | undefined, n: number) => (s ? s.slice(0, n) : null);
  if (product === "train") {
    const rows = await trx.selectFrom("train_order_passengers").select(["name", "seatNo"]).where("orderId", "=", orderId).orderBy("id").limit(20).execute();
    return { tickets: rows.map((r) => ({ name: r.name.slice(0, 60), ticketNo: null, seat: cut(r.seatNo, 40) })) };
  }
  if (product !== "air") return {};
  const rows = await trx.selectFrom("order_passengers").select(["name", "ticketNo"]).where("orderId", "=", orderId).orderBy("id").limit(20).execute();
  let terminal: string | null;
  try {
    terminal = cut((JSON.parse(snapshot) as { flight?: { depTerminal?: string } }).flight?.depTerminal, 40);
  } catch {
    terminal = null;
  }
  return { tickets: rows.map((r) => ({ name: r.name.slice(0, 60), ticketNo: cut(r.ticketNo, 40), seat: null })), terminal };
}

/** The airline (or hotel, railway) accepted a refund: how much is expected back. */
export async function noticeRefundAccepted(trx: Kysely<Database>, r: { orderId: number; amountFen: number }): Promise<void> {
  const o = await orderFacts(trx, r.orderId);
  if (!o) return;
  await writeNotice(trx, { kind: "refundAccepted", to: o.to, subject: { type: "order", id: o.id }, params: { orderNo: o.orderNo, product: o.product, amountFen: Math.max(0, r.amountFen) } });
}

/**
 * The after-sales desk declined a refund or change request: the member reads why, as they read
 * an accepted one's outcome (the order is back where it was before the request).
 */
export async function noticeAfterSalesDeclined(trx: Kysely<Database>, r: { orderId: number; request: "refund" | "change"; reason: string }): Promise<void> {
  const o = await orderFacts(trx, r.orderId);
  if (!o) return;
  await writeNotice(trx, {
    kind: r.request === "refund" ? "refundDeclined" : "changeDeclined", to: o.to, subject: { type: "order", id: o.id },
    params: { orderNo: o.orderNo, product: o.product, reason: r.reason.slice(0, 200) },
  });
}

/** Money of an order paid back, and where it went ("none": nothing was paid, nothing to say). */
export async function noticePaidBack(trx: Kysely<Database>, r: { orderId: number; amountFen: number }, back: { to: string }): Promise<void> {
  if (back.to === "none" || r.amountFen <= 0) return;
  const o = await orderFacts(trx, r.orderId);
  if (!o) return;
  await writeNotice(trx, {
    kind: "refundPaid", to: o.to, subject: { type: "order", id: o.id },
    params: { orderNo: o.orderNo, product: o.product, amountFen: r.amountFen, to: back.to as "wallet" },
  });
}

type ApprovalRow = Selectable<ApprovalsTable>;

const DECIDED: Readonly<Record<string, "approved" | "rejected" | "expired">> = { approved: "approved", rejected: "rejected" };

/** An approval moved: a step now waiting tells its approvers, a decision the applicant and booker. */
export async function noticeApprovalMove(trx: Kysely<Database>, a: ApprovalRow, from: { status: string; level: number }, action: string): Promise<void> {
  const subject = { type: "approval" as const, id: a.id };
  const about = a.subjectType === "order" ? ("order" as const) : ("trip" as const);
  const title = a.title.slice(0, 200);
  if (a.status === "pending" && (from.status !== "pending" || from.level !== a.level || action === "escalate")) {
    const approvers = await trx.selectFrom("approval_assignees").select("memberId").where("approvalId", "=", a.id).where("level", "=", a.level).execute();
    const deadlines = [a.fareDeadline, a.levelDeadline].filter((d): d is string => Boolean(d)).sort();
    await writeNotice(trx, {
      kind: "approvalWaiting", to: approvers.map((r) => r.memberId), subject,
      params: { title, applicantName: (a.applicantName || "—").slice(0, 60), level: a.level, deadline: deadlines[0] ?? null, subject: about },
    });
    return;
  }
  const decided = DECIDED[a.status];
  if (from.status !== "pending" || !decided) return;
  const booker = about === "order" ? await trx.selectFrom("orders").select("bookerMemberId").where("id", "=", a.subjectId).where("approvalId", "=", a.id).executeTakeFirst() : undefined;
  await writeNotice(trx, {
    kind: "approvalDecided", to: [a.applicantMemberId, booker?.bookerMemberId], subject,
    params: { title, decision: action === "expire" ? "expired" : decided, subject: about },
  });
}
