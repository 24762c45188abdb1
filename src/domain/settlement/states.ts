// The monthly statement's state machine and its lines' dispute machine, as data. The server
// applies a move with a conditional update on `from` (zero rows updated: refused); the portal
// asks the same tables which buttons to show.
import type { Bilingual } from "../messages";

export const STATEMENT_STATUSES = ["generated", "sent", "disputed", "confirmed", "settled"] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const STATEMENT_STATUS_LABELS: Readonly<Record<StatementStatus, Bilingual>> = {
  generated: { zh: "已生成", en: "Generated" },
  sent: { zh: "待确认", en: "Sent" },
  disputed: { zh: "有异议", en: "Disputed" },
  confirmed: { zh: "已确认", en: "Confirmed" },
  settled: { zh: "已结清", en: "Settled" },
};

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
  label: Bilingual;
}

const move = (from: StatementStatus, action: StatementAction, to: StatementStatus, by: SettlementActor, zh: string, en: string, guard?: StatementGuard): StatementMove =>
  ({ from, action, to, by, label: { zh, en }, ...(guard ? { guard } : {}) });

/** Every allowed move; anything not listed is refused. */
export const STATEMENT_MOVES: readonly StatementMove[] = [
  move("generated", "send", "sent", "operator", "发送对账单", "Send"),
  move("sent", "dispute", "disputed", "company", "提出异议", "Dispute a line"),
  // More lines may be disputed while earlier ones wait for their answers.
  move("disputed", "dispute", "disputed", "company", "提出异议", "Dispute a line"),
  move("sent", "confirm", "confirmed", "company", "确认对账单", "Confirm", "noOpenDisputes"),
  move("disputed", "confirm", "confirmed", "company", "确认对账单", "Confirm", "noOpenDisputes"),
  move("confirmed", "settle", "settled", "operator", "结清", "Settle"),
];

export function statementMove(from: string, action: StatementAction): StatementMove | undefined {
  return STATEMENT_MOVES.find((m) => m.from === from && m.action === action);
}

export function statementActions(from: string, by: SettlementActor): StatementAction[] {
  return STATEMENT_MOVES.filter((m) => m.from === from && m.by === by).map((m) => m.action);
}

export function statementStatusLabel(status: string, lang: "zh" | "en" = "zh"): string {
  return (STATEMENT_STATUS_LABELS as Record<string, Bilingual>)[status]?.[lang] ?? status;
}

// ---- one line's dispute ----

export const LINE_DISPUTE_STATUSES = ["none", "open", "accepted", "rejected"] as const;
export type LineDisputeStatus = (typeof LINE_DISPUTE_STATUSES)[number];

export const LINE_DISPUTE_LABELS: Readonly<Record<LineDisputeStatus, Bilingual>> = {
  none: { zh: "无异议", en: "No dispute" },
  open: { zh: "异议待处理", en: "Disputed" },
  accepted: { zh: "异议成立（下期调整）", en: "Accepted (adjusted next period)" },
  rejected: { zh: "异议驳回", en: "Rejected" },
};

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

export function lineDisputeLabel(status: string, lang: "zh" | "en" = "zh"): string {
  return (LINE_DISPUTE_LABELS as Record<string, Bilingual>)[status]?.[lang] ?? status;
}

/** A statement may be confirmed only when none of its lines waits for an answer. */
export function canConfirm(status: string, lineStatuses: readonly string[]): boolean {
  return statementMove(status, "confirm") !== undefined && !lineStatuses.includes("open");
}
