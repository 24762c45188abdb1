// Monthly settlement: settings per company, statements, their lines and events (migration 071).
import type { Generated } from "kysely";

export interface SettlementSettingsTable {
  id: Generated<number>;
  companyId: number;
  settlementDay: number;
  confirmerIds: Generated<string>; // JSON array of member ids
  scheduledPeriodEnd: string | null;
  updateMemberId: number | null;
  createTime: string;
  updateTime: string;
}

export interface SettlementStatementsTable {
  id: Generated<number>;
  statementNo: string;
  companyId: number;
  periodStart: string;
  periodEnd: string;
  status: string;
  lineCount: number;
  amountFen: number;
  serviceFeeFen: number;
  adjustmentFen: number;
  totalFen: number;
  /** The instant the statement billed up to (UTC ISO): credit moved before it is on this statement or an earlier one. */
  cutoffTime: string;
  createTime: string;
  updateTime: string;
}

export interface SettlementLinesTable {
  id: Generated<number>;
  statementId: number;
  kind: string;
  paymentId: number | null;
  adjustsLineId: number | null;
  orderId: number | null;
  orderNo: string | null;
  title: string;
  travellerName: string;
  departmentName: string;
  paidTime: string | null;
  amountFen: number;
  serviceFeeFen: number;
  disputeStatus: Generated<string>;
  disputeReason: string | null;
  answerNote: string | null;
  /** Migration 102: the credit ledger row the line bills (a charge or a refund); null for adjustments. */
  ledgerId: number | null;
}

export interface SettlementEventsTable {
  id: Generated<number>;
  statementId: number;
  lineId: number | null;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  actorMemberId: number | null;
  actorName: string;
  note: string | null;
  createTime: string;
}
