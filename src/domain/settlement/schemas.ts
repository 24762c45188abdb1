// Inputs of the settlement calls, shared by the settings form and the server, and the shapes the
// server answers. Money is integer fen.
import { m, trLazy, type LazyText } from "../tr";
import { z } from "zod";
import { zInt, zText } from "../zod";
import { zIdList } from "../policy/fields";
import { SETTLEMENT_DAY_MAX, SETTLEMENT_DAY_MIN } from "./period";
import { STATEMENT_STATUSES, type LineDisputeStatus, type StatementAction, type StatementStatus } from "./states";

/** A company's credit line is at most 100 million yuan. */
export const CREDIT_LIMIT_MAX_FEN = 10_000_000_000;
export const CONFIRMERS_MAX = 20;
export const DISPUTE_REASON_MAX = 200;

export { SETTLEMENT_PATHS } from "./paths";

const zId = (error: LazyText) => zInt({ min: 1, max: 2_147_483_647, error });

/** The company the settings are of: optional, and when given it must be the caller's own. */
const zCompanyId = zId(trLazy("企业编号不正确")).optional();

const zCreditLimitFen = zInt({ min: 0, max: CREDIT_LIMIT_MAX_FEN, error: trLazy("授信额度须为 0 到 1 亿元之间的金额") });

/**
 * What the company's administrator sets: the settlement day and who may confirm statements. The
 * credit limit is not among them: credit is granted by the operator (operatorCreditLimitInput).
 */
export const settlementSettingsSchema = z
  .object({
    companyId: zCompanyId,
    settlementDay: zInt({ min: SETTLEMENT_DAY_MIN, max: SETTLEMENT_DAY_MAX, error: trLazy("结算日须为 {SETTLEMENT_DAY_MIN} 到 {SETTLEMENT_DAY_MAX} 之间的整数", { SETTLEMENT_DAY_MIN, SETTLEMENT_DAY_MAX }) }),
    confirmerIds: zIdList(trLazy("确认人不正确"), CONFIRMERS_MAX).refine((ids) => ids.length <= CONFIRMERS_MAX, m("确认人最多 {CONFIRMERS_MAX} 位", { CONFIRMERS_MAX })),
  })
  .strict();
export type SettlementSettingsForm = z.input<typeof settlementSettingsSchema>;
export type SettlementSettingsInput = z.output<typeof settlementSettingsSchema>;

/**
 * The settings call as the server reads it: a page loaded before the limit left the form still
 * sends creditLimitFen, accepted only while it is the limit the company already has.
 */
export const settlementSettingsInput = settlementSettingsSchema.extend({ creditLimitFen: zCreditLimitFen.optional() }).strict();
export type SettlementSettingsCall = z.output<typeof settlementSettingsInput>;

/** The operator grants a company its credit line: never below what it has already used. */
export const operatorCreditLimitInput = z.object({ companyId: zId(trLazy("企业编号不正确")), creditLimitFen: zCreditLimitFen }).strict();

export const settingsInput = z.object({ companyId: zCompanyId }).strict();
export const statementIdInput = z.object({ id: zId(trLazy("对账单编号不正确")) }).strict();
export const disputeInput = z
  .object({
    lineId: zId(trLazy("对账单明细编号不正确")),
    reason: zText({ min: 2, max: DISPUTE_REASON_MAX, trim: true, label: trLazy("异议原因"), typeError: trLazy("请填写异议原因") }),
  })
  .strict();
export const statementListFilters = { status: z.enum(STATEMENT_STATUSES, m("对账单状态不正确")).optional() };

export const operatorGenerateInput = z.object({ companyId: zId(trLazy("企业编号不正确")) }).strict();
export const operatorAnswerInput = z
  .object({
    lineId: zId(trLazy("对账单明细编号不正确")),
    decision: z.enum(["accept", "reject"], m("处理结果只能是 accept（异议成立）或 reject（驳回）")),
    reason: zText({ max: DISPUTE_REASON_MAX, trim: true, label: trLazy("处理说明") }).optional(),
  })
  .strict()
  .refine((v) => v.decision !== "reject" || (v.reason !== undefined && v.reason.length >= 2), { error: trLazy("驳回异议须说明理由（至少 2 个字）"), path: ["reason"] });

export interface ConfirmerOption {
  memberId: number;
  name: string;
  departmentName: string | null;
}

export interface SettlementSettingsView {
  companyId: number;
  companyName: string;
  configured: boolean;
  settlementDay: number | null;
  creditLimitFen: number;
  creditUsedFen: number;
  confirmerIds: number[];
  /** The next settlement date a statement is scheduled for. */
  nextSettlementDate: string | null;
  candidates: ConfirmerOption[];
}

export interface StatementRow {
  id: number;
  statementNo: string;
  periodStart: string;
  periodEnd: string;
  status: StatementStatus;
  lineCount: number;
  amountFen: number;
  serviceFeeFen: number;
  adjustmentFen: number;
  totalFen: number;
  openDisputes: number;
  createTime: string;
}

export interface StatementLine {
  id: number;
  kind: "order" | "refund" | "adjustment";
  orderNo: string | null;
  title: string;
  travellerName: string;
  departmentName: string;
  paidTime: string | null;
  amountFen: number;
  serviceFeeFen: number;
  disputeStatus: LineDisputeStatus;
  disputeReason: string | null;
  answerNote: string | null;
  /** The reimbursement documents issued on the line's order (blue ones), each opened by the finance user from the line. */
  documents: StatementDocument[];
}

export interface StatementDocument {
  id: number;
  number: string;
}

export interface DepartmentTotal {
  departmentName: string;
  lineCount: number;
  amountFen: number;
  serviceFeeFen: number;
}

export interface StatementEvent {
  id: number;
  lineId: number | null;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  actorName: string;
  note: string | null;
  createTime: string;
}

export interface StatementDetail extends StatementRow {
  companyName: string;
  lines: StatementLine[];
  departments: DepartmentTotal[];
  events: StatementEvent[];
  /** What the caller may do now. */
  actions: StatementAction[];
}
