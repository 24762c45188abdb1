// Statements: generating one for a period from the company's unbilled credit ledger rows (and the
// accepted disputes of earlier statements, as adjustment lines), moving it through its state
// machine with conditional updates, disputing and answering lines, and reading it back. Every
// step writes an event row in the same transaction.
import { noticeDisputeAnswered, noticeStatementReady } from "../notifications/account-events";
import { say } from "../services/i18n/catalogue";
import { label, said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt, now } from "../services/clock";
import { inTransaction } from "../db/transaction";
import { toCount } from "../db";
import { addDays, chinaDate } from "../../src/domain/travel/dates";
import { periodCutoffIso } from "../../src/domain/settlement/period";
import {
  lineDisputable, lineMove, statementMove, statementStatusLabel,
  type LineAction, type StatementAction, type StatementStatus,
} from "../../src/domain/settlement/states";
import type { DepartmentTotal, StatementEvent, StatementLine, StatementRow } from "../../src/domain/settlement/schemas";
import { settleCredit } from "./credit";
import { companyById } from "./company";
import { firstUnbilledTime, unbilledCredit, type Unbilled } from "./unbilled";
import { isUniqueViolation } from "../db/unique";
import { formatFen } from "../../src/domain/money";
import { filedDocumentsOf } from "../einvoices/company-list";

export const UNASSIGNED_DEPARTMENT = say("routes.noDepartment");
export const STATEMENT_MISSING = said("settlement.statementFound");
export const LINE_MISSING = said("routes.statementLineFound");

export interface SettlementActorRef {
  memberId: number | null;
  name: string;
}
export const OPERATOR_ACTOR: SettlementActorRef = { memberId: null, name: say("settlement.operator") };
export const SYSTEM_SETTLEMENT_ACTOR: SettlementActorRef = { memberId: null, name: say("approvals.system") };

type Db = Kysely<Database>;

async function addEvent(db: Db, e: { statementId: number; lineId?: number | null; action: string; fromStatus: string | null; toStatus: string; actor: SettlementActorRef; note?: string | null }) {
  await db
    .insertInto("settlement_events")
    .values({
      statementId: e.statementId, lineId: e.lineId ?? null, action: e.action, fromStatus: e.fromStatus, toStatus: e.toStatus,
      actorMemberId: e.actor.memberId, actorName: e.actor.name, note: e.note ?? null, createTime: isoAt(),
    })
    .execute();
}

const statementNoOf = (companyId: number, periodEnd: string) => `ST${String(companyId).padStart(4, "0")}${periodEnd.replace(/-/g, "")}`;

/** Disputes accepted on earlier statements of the company that no statement has adjusted yet. */
async function pendingAdjustments(db: Db, companyId: number) {
  return db
    .selectFrom("settlement_lines as l")
    .innerJoin("settlement_statements as s", "s.id", "l.statementId")
    .leftJoin("settlement_lines as a", "a.adjustsLineId", "l.id")
    .select(["l.id", "l.orderId", "l.orderNo", "l.title", "l.travellerName", "l.departmentName", "l.amountFen", "l.serviceFeeFen", "s.statementNo"])
    .where("s.companyId", "=", companyId)
    .where("l.disputeStatus", "=", "accepted")
    .where("a.id", "is", null)
    .orderBy("l.id")
    .execute();
}

/** Who travelled (the passengers' names) and the department of the employee the order is for. */
async function describeOrders(db: Db, companyId: number, rows: Unbilled[]) {
  const orderIds = [...new Set(rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])))];
  const memberIds = [...new Set(rows.flatMap((r) => { const m = r.travellerMemberId ?? r.memberId; return m === null ? [] : [m]; }))];
  const [passengers, departments] = await Promise.all([
    orderIds.length ? db.selectFrom("order_passengers").select(["orderId", "name"]).where("orderId", "in", orderIds).where("segment", "=", 0).orderBy("id").execute() : [],
    memberIds.length
      ? db
          .selectFrom("employees as e")
          .leftJoin("departments as d", "d.id", "e.departmentId")
          .select(["e.memberId", "d.name"])
          .where("e.companyId", "=", companyId)
          .where("e.memberId", "in", memberIds)
          .execute()
      : [],
  ]);
  const names = new Map<number, string[]>();
  for (const p of passengers) names.set(p.orderId, [...(names.get(p.orderId) ?? []), p.name]);
  const deptOf = new Map<number, string>();
  for (const d of departments) if (d.memberId !== null && d.name) deptOf.set(d.memberId, d.name);
  return (r: Unbilled) => {
    const m = r.travellerMemberId ?? r.memberId;
    return {
      travellerName: (r.orderId === null ? [] : names.get(r.orderId) ?? []).join("、") || "—",
      departmentName: (m === null ? undefined : deptOf.get(m)) ?? UNASSIGNED_DEPARTMENT,
    };
  };
}

export interface GenerateRequest {
  companyId: number;
  periodStart: string;
  periodEnd: string;
  actor: SettlementActorRef;
  /** An empty period makes no statement (the scheduled run) or is refused (on request). */
  whenEmpty: "skip" | "refuse";
  /**
   * The instant billed up to (UTC ISO); by default the end of the period's last day in China. A
   * statement made on request before its last day is over bills up to when it is made, so what
   * moves later that day is left to the next statement rather than falling into a closed one.
   */
  cutoffIso?: string;
  /**
   * On request, a statement of the same period end may be made again: what was paid after the
   * last one's cutoff is billed on a new statement (numbered -2, -3 …); with nothing new, the
   * last one is answered. Scheduled runs make each period's statement once.
   */
  again?: boolean;
}

/**
 * Creates the statement of one period, once (on request, again when something new is unbilled).
 * Lines: every unbilled credit ledger row (charge +, refund −) written before the cutoff, then one
 * adjustment per dispute accepted earlier (the disputed amount given back). Two requests racing
 * for the same rows: the second finds them on a line (unique per ledger row) and is refused.
 */
export async function generateStatement(db: Db, r: GenerateRequest): Promise<number | null> {
  try {
    return await inTransaction(db, (trx) => generateIn(trx, r));
  } catch (e) {
    if (isUniqueViolation(e)) throw new DomainError("conflict", said("settlement.statementBeingGeneratedRefreshLater"));
    throw e;
  }
}

async function generateIn(trx: Db, r: GenerateRequest): Promise<number | null> {
  const sameEnd = await trx.selectFrom("settlement_statements").select("id").where("companyId", "=", r.companyId).where("periodEnd", "=", r.periodEnd).orderBy("id", "desc").execute();
  if (sameEnd.length && !r.again) return sameEnd[0].id;
  const company = await companyById(trx, r.companyId);
  const cutoffTime = r.cutoffIso ?? periodCutoffIso(r.periodEnd);
  const payments = await unbilledCredit(trx, r.companyId, company?.walletMemberId ?? null, cutoffTime);
  const adjustments = await pendingAdjustments(trx, r.companyId);
  if (!payments.length && !adjustments.length) {
    // Asked again with nothing new: the statement already made answers.
    if (sameEnd.length) return sameEnd[0].id;
    if (r.whenEmpty === "skip") return null;
    throw new DomainError("conflict", said("settlement.nothingSettlePeriodNoCredit"));
  }
  const statementNo = statementNoOf(r.companyId, r.periodEnd) + (sameEnd.length ? `-${sameEnd.length + 1}` : "");
  const describe = await describeOrders(trx, r.companyId, payments);
  const amountFen = payments.reduce((a, p) => a + p.amountFen, 0);
  const serviceFeeFen = payments.reduce((a, p) => a + p.serviceFeeFen, 0) - adjustments.reduce((a, l) => a + l.serviceFeeFen, 0);
  const adjustmentFen = -adjustments.reduce((a, l) => a + l.amountFen, 0);
  const at = isoAt();
  const statementId = (
    await trx
      .insertInto("settlement_statements")
      .values({
        statementNo, companyId: r.companyId, periodStart: r.periodStart, periodEnd: r.periodEnd,
        status: "generated", lineCount: payments.length + adjustments.length, amountFen, serviceFeeFen, adjustmentFen,
        totalFen: amountFen + adjustmentFen, cutoffTime, createTime: at, updateTime: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  for (const p of payments) {
    await trx
      .insertInto("settlement_lines")
      .values({
        statementId, kind: p.amountFen < 0 ? "refund" : "order", paymentId: p.paymentId, ledgerId: p.ledgerId, adjustsLineId: null, orderId: p.orderId, orderNo: p.orderNo, title: p.title,
        ...describe(p), paidTime: p.paidTime, amountFen: p.amountFen, serviceFeeFen: p.serviceFeeFen,
      })
      .execute();
  }
  for (const l of adjustments) {
    await trx
      .insertInto("settlement_lines")
      .values({
        statementId, kind: "adjustment", paymentId: null, ledgerId: null, adjustsLineId: l.id, orderId: l.orderId, orderNo: l.orderNo,
        title: say("settlement.adjustmentDisputeUpheld", { title: l.title, statementNo: l.statementNo }).slice(0, 200), travellerName: l.travellerName, departmentName: l.departmentName,
        paidTime: null, amountFen: -l.amountFen, serviceFeeFen: -l.serviceFeeFen,
      })
      .execute();
  }
  await addEvent(trx, { statementId, action: "generate", fromStatus: null, toStatus: "generated", actor: r.actor, note: say("settlement.periodItems", { periodStart: r.periodStart, periodEnd: r.periodEnd, adjustmentsCount: payments.length + adjustments.length }) });
  return statementId;
}

/** The start of the period that ends on `periodEnd`: the day after the company's last statement. */
export async function periodStartFor(db: Db, companyId: number, periodEnd: string, fallback: string): Promise<string> {
  const last = await db
    .selectFrom("settlement_statements")
    .select("periodEnd")
    .where("companyId", "=", companyId)
    .where("periodEnd", "<", periodEnd)
    .orderBy("periodEnd", "desc")
    .executeTakeFirst();
  return last ? addDays(last.periodEnd, 1) : fallback;
}

/** An operator's statement on request: everything unbilled up to this moment, as the period ending today. */
export async function generateNow(db: Db, companyId: number): Promise<number> {
  const company = await companyById(db, companyId);
  if (!company) throw new DomainError("notFound", said("routes.companyFound"));
  const at = now();
  const today = chinaDate(at);
  const firstTime = await firstUnbilledTime(db, companyId, company.walletMemberId);
  const fallback = firstTime ? chinaDate(Date.parse(firstTime)) : today;
  // A second statement of the day covers only the day: the earlier one billed what came before.
  const endsToday = await db.selectFrom("settlement_statements").select("id").where("companyId", "=", companyId).where("periodEnd", "=", today).executeTakeFirst();
  const start = endsToday ? today : await periodStartFor(db, companyId, today, fallback < today ? fallback : today);
  // The cutoff is exclusive: a millisecond on, so what was written in this very millisecond is billed too.
  const id = await generateStatement(db, { companyId, periodStart: start, periodEnd: today, actor: OPERATOR_ACTOR, whenEmpty: "refuse", cutoffIso: isoAt(at + 1), again: true });
  return id!;
}

// ---- moves ----

export async function statementById(db: Db, id: number) {
  return db.selectFrom("settlement_statements").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Applies one statement move: `where status = from` (and, for a confirm, no open dispute in the
 * same statement), so of two concurrent actions only one lands; zero rows updated is a refusal.
 */
export async function moveStatement(db0: Db, statementId: number, action: StatementAction, actor: SettlementActorRef, note: string | null = null, lineId: number | null = null): Promise<{ from: StatementStatus; to: StatementStatus }> {
  return inTransaction(db0, (db) => moveStatementIn(db, statementId, action, actor, note, lineId));
}

async function moveStatementIn(db: Db, statementId: number, action: StatementAction, actor: SettlementActorRef, note: string | null, lineId: number | null): Promise<{ from: StatementStatus; to: StatementStatus }> {
  const s = await statementById(db, statementId);
  if (!s) throw new DomainError("notFound", STATEMENT_MISSING);
  const m = statementMove(s.status, action);
  if (!m) throw new DomainError("conflict", said("settlement.statementSStatus", { status: label(statementStatusLabel, s.status), action: actionText[action] }));
  let q = db.updateTable("settlement_statements").set({ status: m.to, updateTime: isoAt() }).where("id", "=", statementId).where("status", "=", m.from);
  if (m.guard === "noOpenDisputes") {
    q = q.where((eb) => eb.not(eb.exists(eb.selectFrom("settlement_lines").select("id").where("statementId", "=", statementId).where("disputeStatus", "=", "open"))));
  }
  const done = await q.executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) {
    if (m.guard === "noOpenDisputes" && (await openDisputes(db, statementId)) > 0) throw new DomainError("conflict", said("settlement.disputesAreStillOpenStatement"));
    throw new DomainError("conflict", said("settlement.statementSStatusHasChanged"));
  }
  await addEvent(db, { statementId, lineId, action, fromStatus: m.from, toStatus: m.to, actor, note });
  if (action === "send") await noticeStatementReady(db, statementId);
  return { from: m.from, to: m.to };
}

const actionText: Record<StatementAction, string> = { send: say("settlement.sent"), dispute: say("settlement.disputed"), confirm: say("settlement.confirmed"), settle: say("settlement.settled") };

async function openDisputes(db: Db, statementId: number): Promise<number> {
  const r = await db.selectFrom("settlement_lines").select((eb) => eb.fn.countAll().as("n")).where("statementId", "=", statementId).where("disputeStatus", "=", "open").executeTakeFirst();
  return toCount(r?.n);
}

export async function lineById(db: Db, lineId: number) {
  return db.selectFrom("settlement_lines").selectAll().where("id", "=", lineId).executeTakeFirst();
}

async function moveLine(db: Db, lineId: number, action: LineAction, statementStatus: string, set: { disputeReason?: string; answerNote?: string | null }) {
  const line = await lineById(db, lineId);
  if (!line) throw new DomainError("notFound", LINE_MISSING);
  const m = lineMove(line.disputeStatus, action, statementStatus);
  if (!m) {
    if (action === "dispute" && line.disputeStatus !== "none") throw new DomainError("conflict", said("settlement.lineHasAlreadyBeenDisputed"));
    if (action !== "dispute" && line.disputeStatus !== "open") throw new DomainError("conflict", said("settlement.lineHasNoOpenDispute"));
    throw new DomainError("conflict", said("settlement.statementSStatusLineHandled", { statementStatus: label(statementStatusLabel, statementStatus) }));
  }
  const done = await db
    .updateTable("settlement_lines")
    .set({ disputeStatus: m.to, ...set })
    .where("id", "=", lineId)
    .where("disputeStatus", "=", m.from)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", said("settlement.lineSStatusHasChanged"));
  return { line, from: m.from, to: m.to };
}

/** The company marks one line (a charge or a refund) disputed: the statement moves to disputed in the same transaction. */
export async function disputeLine(db: Db, lineId: number, reason: string, actor: SettlementActorRef): Promise<void> {
  await inTransaction(db, async (trx) => {
    const line = await lineById(trx, lineId);
    if (!line) throw new DomainError("notFound", LINE_MISSING);
    if (!lineDisputable(line.kind)) throw new DomainError("conflict", said("settlement.adjustmentLinesDisputed"));
    // The statement first: it is the row a concurrent confirm updates, so one of the two waits.
    await moveStatement(trx, line.statementId, "dispute", actor, reason, lineId);
    await moveLine(trx, lineId, "dispute", "disputed", { disputeReason: reason });
  });
}

/** The operator answers one open dispute; an accepted one is adjusted in the next statement. */
export async function answerLine(db: Db, lineId: number, decision: "accept" | "reject", note: string | null): Promise<void> {
  await inTransaction(db, async (trx) => {
    const line = await lineById(trx, lineId);
    if (!line) throw new DomainError("notFound", LINE_MISSING);
    const s = (await statementById(trx, line.statementId))!;
    // Locks the statement row against a concurrent confirm while the line changes.
    const touched = await trx.updateTable("settlement_statements").set({ updateTime: isoAt() }).where("id", "=", s.id).where("status", "=", s.status).executeTakeFirst();
    if (Number(touched.numUpdatedRows) !== 1) throw new DomainError("conflict", said("settlement.statementSStatusHasChanged"));
    const { from, to } = await moveLine(trx, lineId, decision, s.status, { answerNote: note });
    await addEvent(trx, { statementId: s.id, lineId, action: decision, fromStatus: from, toStatus: to, actor: OPERATOR_ACTOR, note });
    await noticeDisputeAnswered(trx, s.id, decision, note);
  });
}

/**
 * confirmed → settled: the company paid the statement's charges less its refunds, so the credit
 * line gets exactly that back (refunds gave theirs back when they happened; an accepted dispute's
 * adjustment is money between the company and the operator, outside the line).
 */
export async function settleStatement(db: Db, statementId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const s = await statementById(trx, statementId);
    if (!s) throw new DomainError("notFound", STATEMENT_MISSING);
    const company = await companyById(trx, s.companyId);
    const billed = await trx
      .selectFrom("settlement_lines")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amountFen"), eb.lit(0)).as("fen"))
      .where("statementId", "=", statementId)
      .where("kind", "in", ["order", "refund"])
      .executeTakeFirst();
    const fen = Number(billed?.fen ?? 0);
    await moveStatement(trx, statementId, "settle", OPERATOR_ACTOR, say("settlement.creditRestored", { fen: formatFen(fen) }));
    await settleCredit(trx, company?.walletMemberId ?? null, fen);
  });
}

// ---- reading ----

const ROW_COLUMNS = ["id", "statementNo", "periodStart", "periodEnd", "status", "lineCount", "amountFen", "serviceFeeFen", "adjustmentFen", "totalFen", "createTime"] as const;

export async function statementRows(db: Db, companyId: number, q: { status?: string; pageNum: number; pageSize: number; orderBy?: "periodEnd" | "createTime"; orderType: "asc" | "desc" }) {
  let base = db.selectFrom("settlement_statements").where("companyId", "=", companyId);
  if (q.status) base = base.where("status", "=", q.status);
  const [rows, count] = await Promise.all([
    base
      .select([...ROW_COLUMNS])
      .select((eb) => eb.selectFrom("settlement_lines").select((e) => e.fn.countAll().as("n")).whereRef("settlement_lines.statementId", "=", "settlement_statements.id").where("disputeStatus", "=", "open").as("openDisputes"))
      .orderBy(q.orderBy ?? "periodEnd", q.orderType)
      .orderBy("id", q.orderType)
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  const list: StatementRow[] = rows.map((r) => ({ ...r, status: r.status as StatementStatus, openDisputes: toCount(r.openDisputes as number | string | null) }));
  return { list, total: toCount(count?.n), pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function statementParts(db: Db, statementId: number) {
  const [lines, events] = await Promise.all([
    db
      .selectFrom("settlement_lines")
      .select(["id", "kind", "orderId", "orderNo", "title", "travellerName", "departmentName", "paidTime", "amountFen", "serviceFeeFen", "disputeStatus", "disputeReason", "answerNote"])
      .where("statementId", "=", statementId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("settlement_events")
      .select(["id", "lineId", "action", "fromStatus", "toStatus", "actorName", "note", "createTime"])
      .where("statementId", "=", statementId)
      .orderBy("id")
      .execute(),
  ]);
  const byDept = new Map<string, DepartmentTotal>();
  for (const l of lines) {
    const d = byDept.get(l.departmentName) ?? { departmentName: l.departmentName, lineCount: 0, amountFen: 0, serviceFeeFen: 0 };
    d.lineCount += 1;
    d.amountFen += l.amountFen;
    d.serviceFeeFen += l.serviceFeeFen;
    byDept.set(l.departmentName, d);
  }
  const documents = await filedDocumentsOf(db, lines.flatMap((l) => (l.orderId === null ? [] : [l.orderId])));
  return {
    lines: lines.map(({ orderId, ...l }) => ({ ...l, documents: (orderId !== null && documents.get(orderId)) || [] })) as StatementLine[],
    events: events as StatementEvent[],
    departments: [...byDept.values()].sort((a, b) => b.amountFen - a.amountFen || a.departmentName.localeCompare(b.departmentName)),
    openDisputes: lines.filter((l) => l.disputeStatus === "open").length,
  };
}
