// The travel agency's settlement actions (generate, send, answer a dispute, settle, grant credit)
// and its reads across companies. Each action runs in one transaction with its operator audit
// row, so an action that fails leaves no row and a row never describes an action that did not
// happen. The caller is an operator of the console (its id) or, until every caller has moved to
// sessions, the holder of the operator key (null), which names no operator and leaves no row.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { inTransaction } from "../db/transaction";
import { DomainError } from "../services/domain-error";
import { auditLog, type AuditEntry } from "../ops/audit";
import type { OpsCompanyOption, OpsStatementFilters, OpsStatementRow } from "../../src/domain/ops/finance-schemas";
import type { OpsPage } from "../../src/domain/ops/schemas";
import type { StatementStatus } from "../../src/domain/settlement/states";
import { grantCreditLimit, type CreditLine } from "./credit";
import { LINE_MISSING, OPERATOR_ACTOR, STATEMENT_MISSING, answerLine, generateNow, lineById, moveStatement, settleStatement, statementById } from "./statements";

type Db = Kysely<Database>;

/** The operator behind an action, or null for a caller with the operator key. */
export type SettlementOperatorId = number | null;

async function audit(trx: Db, by: SettlementOperatorId, entry: Omit<AuditEntry, "operatorId">): Promise<void> {
  if (by !== null) await auditLog(trx, { ...entry, operatorId: by });
}

async function statusOf(trx: Db, statementId: number): Promise<{ companyId: number; status: string }> {
  const s = await statementById(trx, statementId);
  if (!s) throw new DomainError("notFound", STATEMENT_MISSING);
  return { companyId: s.companyId, status: s.status };
}

/** A statement of everything unbilled up to now; answers its id. */
export async function operatorGenerate(db: Db, by: SettlementOperatorId, companyId: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const id = await generateNow(trx, companyId);
    const s = await statusOf(trx, id);
    await audit(trx, by, { action: "settlement.generate", objectType: "statement", objectId: id, companyId: s.companyId, after: { status: s.status } });
    return id;
  });
}

/** generated → sent: the company is told its statement is ready. */
export async function operatorSend(db: Db, by: SettlementOperatorId, statementId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const { from, to } = await moveStatement(trx, statementId, "send", OPERATOR_ACTOR);
    const s = await statusOf(trx, statementId);
    await audit(trx, by, { action: "settlement.send", objectType: "statement", objectId: statementId, companyId: s.companyId, before: { status: from }, after: { status: to } });
  });
}

/** Answers one open dispute; answers the line's statement id. */
export async function operatorAnswer(db: Db, by: SettlementOperatorId, lineId: number, decision: "accept" | "reject", reason: string | null): Promise<number> {
  return inTransaction(db, async (trx) => {
    const line = await lineById(trx, lineId);
    if (!line) throw new DomainError("notFound", LINE_MISSING);
    await answerLine(trx, lineId, decision, reason);
    const s = await statusOf(trx, line.statementId);
    await audit(trx, by, {
      action: "settlement.answer", objectType: "statement-line", objectId: lineId, companyId: s.companyId,
      before: { disputeStatus: line.disputeStatus, disputeReason: line.disputeReason }, after: { decision, reason },
    });
    return line.statementId;
  });
}

/** confirmed → settled: the company paid; its credit line gets the billed amount back. */
export async function operatorSettle(db: Db, by: SettlementOperatorId, statementId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await statusOf(trx, statementId);
    await settleStatement(trx, statementId);
    const s = await statusOf(trx, statementId);
    await audit(trx, by, { action: "settlement.settle", objectType: "statement", objectId: statementId, companyId: s.companyId, before: { status: before.status }, after: { status: s.status } });
  });
}

/** The company's credit limit, never below what it has used. */
export async function operatorCreditLimit(db: Db, by: SettlementOperatorId, companyId: number, walletMemberId: number, limitFen: number): Promise<CreditLine> {
  return inTransaction(db, async (trx) => {
    const line = await grantCreditLimit(trx, walletMemberId, limitFen);
    await audit(trx, by, { action: "settlement.credit-limit", objectType: "company", objectId: companyId, companyId, after: { creditLimitFen: line.limitFen } });
    return line;
  });
}

// ---- reading across companies ----

const ROW_COLUMNS = [
  "s.id", "s.statementNo", "s.periodStart", "s.periodEnd", "s.status", "s.lineCount", "s.amountFen", "s.serviceFeeFen", "s.adjustmentFen", "s.totalFen", "s.createTime", "s.companyId",
] as const;

/** Every company's statements, newest period first, by company, status and the month the period ends in. */
export async function opsStatementPage(db: Db, f: OpsStatementFilters): Promise<OpsPage<OpsStatementRow>> {
  let q = db.selectFrom("settlement_statements as s");
  if (f.companyId !== undefined) q = q.where("s.companyId", "=", f.companyId);
  if (f.status) q = q.where("s.status", "=", f.status);
  if (f.month) q = q.where("s.periodEnd", ">=", `${f.month}-01`).where("s.periodEnd", "<=", `${f.month}-31`);
  const [rows, count] = await Promise.all([
    q
      .innerJoin("companies as c", "c.id", "s.companyId")
      .select([...ROW_COLUMNS, "c.name as companyName"])
      .select((eb) => eb.selectFrom("settlement_lines as l").select((e) => e.fn.countAll().as("n")).whereRef("l.statementId", "=", "s.id").where("l.disputeStatus", "=", "open").as("openDisputes"))
      .orderBy("s.periodEnd", "desc")
      .orderBy("s.id", "desc")
      .limit(f.pageSize)
      .offset((f.pageNum - 1) * f.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({ ...r, status: r.status as StatementStatus, openDisputes: toCount(r.openDisputes as number | string | null) })),
    total: toCount(count?.n),
    pageNum: f.pageNum,
    pageSize: f.pageSize,
  };
}

/**
 * The console's badge: statements with a dispute waiting for the operator's answer (a disputed
 * statement whose disputes are all answered waits for the company, not the operator).
 */
export async function disputedStatementCount(db: Db): Promise<{ count: number }> {
  const r = await db
    .selectFrom("settlement_statements as s")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("s.status", "=", "disputed")
    .where((eb) => eb.exists(eb.selectFrom("settlement_lines as l").select("l.id").whereRef("l.statementId", "=", "s.id").where("l.disputeStatus", "=", "open")))
    .executeTakeFirst();
  return { count: toCount(r?.n) };
}

/** Companies for the console's pickers, by name (or one by id, to show a chosen one's name). */
export async function companyOptions(db: Db, f: { pageNum: number; pageSize: number; keyword?: string; id?: number }): Promise<OpsPage<OpsCompanyOption>> {
  let q = db.selectFrom("companies");
  if (f.id !== undefined) q = q.where("id", "=", f.id);
  if (f.keyword) q = q.where("name", "like", `%${f.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
  const [list, count] = await Promise.all([
    q.select(["id", "name"]).orderBy("id").limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { list, total: toCount(count?.n), pageNum: f.pageNum, pageSize: f.pageSize };
}
