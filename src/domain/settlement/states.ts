// The monthly statement's state machine and its lines' dispute machine, as data. The server
// applies a move with a conditional update on `from` (zero rows updated: refused); the portal
// asks the same tables which buttons to show.
import { codeTable, label, type CodeTable } from "../codes";
import type { Lang } from "../messages";

export const STATEMENT_STATUSES = ["generated", "sent", "disputed", "confirmed", "settled"] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const STATEMENT_STATUS_LABELS: CodeTable<StatementStatus> = codeTable("statementStatus", STATEMENT_STATUSES);

export const STATEMENT_STATUS_COLORS: Readonly<Record<StatementStatus, string>> = {
  generated: "default",
  sent: "processing",
  disputed: "warning",
  confirmed: "success",
  settled: "green",
};

export type StatementAction = "send" | "dispute" | "confirm" | "settle";
/** company: the company's administrator or a member it named to confirm; operator: the travel agency. */
export type SettlementActor = "company" | "operator" | "system";
/** A condition the server checks in the same conditional update as the status. */
export type StatementGuard = "noOpenDisputes";

export interface StatementMove {
  from: StatementStatus;
  action: StatementAction;
  to: StatementStatus;
  by: SettlementActor;
  guard?: StatementGuard;
}

const move = (from: StatementStatus, action: StatementAction, to: StatementStatus, by: SettlementActor, guard?: StatementGuard): StatementMove =>
  ({ from, action, to, by, ...(guard ? { guard } : {}) });

/** Every allowed move; anything not listed is refused. */
export const STATEMENT_MOVES: readonly StatementMove[] = [
  move("generated", "send", "sent", "operator"),
  move("sent", "dispute", "disputed", "company"),
  // More lines may be disputed while earlier ones wait for their answers.
  move("disputed", "dispute", "disputed", "company"),
  move("sent", "confirm", "confirmed", "company", "noOpenDisputes"),
  move("disputed", "confirm", "confirmed", "company", "noOpenDisputes"),
  move("confirmed", "settle", "settled", "operator"),
];

export function statementMove(from: string, action: StatementAction): StatementMove | undefined {
  return STATEMENT_MOVES.find((m) => m.from === from && m.action === action);
}

export function statementActions(from: string, by: SettlementActor): StatementAction[] {
  return STATEMENT_MOVES.filter((m) => m.from === from && m.by === by).map((m) => m.action);
}

export function statementStatusLabel(status: string, lang: Lang = "zh"): string {
  return label(STATEMENT_STATUS_LABELS, status, lang);
}

// ---- one line's dispute ----

export const LINE_DISPUTE_STATUSES = ["none", "open", "accepted", "rejected"] as const;
export type LineDisputeStatus = (typeof LINE_DISPUTE_STATUSES)[number];

export const LINE_DISPUTE_LABELS: CodeTable<LineDisputeStatus> = codeTable("lineDispute", LINE_DISPUTE_STATUSES);

export type LineAction = "dispute" | "accept" | "reject";

export interface LineMove {
  from: LineDisputeStatus;
  action: LineAction;
  to: LineDisputeStatus;
  by: SettlementActor;
  /** The statement statuses in which the move may be taken. */
  statementIn: readonly StatementStatus[];
}

export const LINE_MOVES: readonly LineMove[] = [
  { from: "none", action: "dispute", to: "open", by: "company", statementIn: ["sent", "disputed"] },
  { from: "open", action: "accept", to: "accepted", by: "operator", statementIn: ["disputed"] },
  { from: "open", action: "reject", to: "rejected", by: "operator", statementIn: ["disputed"] },
];

export function lineMove(from: string, action: LineAction, statementStatus: string): LineMove | undefined {
  return LINE_MOVES.find((m) => m.from === from && m.action === action && (m.statementIn as readonly string[]).includes(statementStatus));
}

export function lineDisputeLabel(status: string, lang: Lang = "zh"): string {
  return label(LINE_DISPUTE_LABELS, status, lang);
}

/**
 * The lines the company may dispute: a charge (order) and a refund given back (refund) alike,
 * through the same dispute states; an accepted dispute is reversed on the next statement either
 * way. An adjustment is itself the answer to an earlier dispute and is not disputed again.
 */
export function lineDisputable(kind: string): boolean {
  return kind === "order" || kind === "refund";
}

/** A statement may be confirmed only when none of its lines waits for an answer. */
export function canConfirm(status: string, lineStatuses: readonly string[]): boolean {
  return statementMove(status, "confirm") !== undefined && !lineStatuses.includes("open");
}
