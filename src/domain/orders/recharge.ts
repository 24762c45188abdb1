// The wallet recharge's state machine and its amount limits. A recharge is an order of product
// "recharge" (so the cashier, its trades and the gateways' notifications serve it like any order):
// it waits for its QR payment, is credited to the wallet when the payment settles, or closes when
// nobody paid within its time. The server applies a move with a conditional update on `from`;
// the pages read the same labels.
import { codeTable, GREY, label, type CodeTable, type StatusColor } from "../codes";
import type { Lang } from "../messages";

export const RECHARGE_PRODUCT = "recharge";
export const RECHARGE_TITLE = "账户充值";

export const RECHARGE_STATUS = {
  pendingPayment: 0,
  /** Paid and credited to the wallet. */
  credited: 1,
  /** Nobody paid within its time. */
  closed: 2,
} as const;

export type RechargeStatus = (typeof RECHARGE_STATUS)[keyof typeof RECHARGE_STATUS];
export const RECHARGE_STATUS_CODES = Object.values(RECHARGE_STATUS) as RechargeStatus[];

export const RECHARGE_LABELS: CodeTable<RechargeStatus> = codeTable("rechargeStatus", RECHARGE_STATUS_CODES);

const COLORS: Readonly<Record<RechargeStatus, StatusColor>> = { 0: "orange", 1: "green", 2: GREY };

export function rechargeLabel(status: number, lang: Lang = "zh"): string {
  return label(RECHARGE_LABELS, status, lang);
}

export function rechargeColor(status: number): StatusColor {
  return (COLORS as Record<number, StatusColor>)[status] ?? GREY;
}

export type RechargeAction = "pay" | "expire";

export interface RechargeMove {
  from: RechargeStatus;
  action: RechargeAction;
  to: RechargeStatus;
}

const S = RECHARGE_STATUS;

/**
 * Every allowed move; all are the system's (payments and the expiry job). A closed recharge
 * whose money still arrives is credited (closed → credited): a recharge holds no seat or room
 * that its deadline protects, and what the member wanted was the money in the wallet. How a move
 * reads is codes.rechargeMove.<from>_<action> in the locale files.
 */
export const RECHARGE_MOVES: readonly RechargeMove[] = [
  { from: S.pendingPayment, action: "pay", to: S.credited },
  { from: S.pendingPayment, action: "expire", to: S.closed },
  { from: S.closed, action: "pay", to: S.credited },
];

export function rechargeMove(from: number, action: RechargeAction): RechargeMove | null {
  return RECHARGE_MOVES.find((m) => m.from === from && m.action === action) ?? null;
}

/** The statuses in which money that arrives still credits the recharge. */
export const RECHARGE_PAYABLE_STATUSES: readonly number[] = RECHARGE_MOVES.filter((m) => m.action === "pay").map((m) => m.from);

/** An unpaid recharge closes after this long. */
export const RECHARGE_EXPIRY_MS = 30 * 60_000;

/** One recharge: 0.01 to 50,000.00 yuan, in fen. */
export const RECHARGE_MIN_FEN = 1;
export const RECHARGE_MAX_FEN = 5_000_000;

/** The form's quick amounts, in fen. */
export const RECHARGE_QUICK_FEN: readonly number[] = [10_000, 50_000, 100_000, 500_000];

export const RECHARGE_PATHS = {
  create: "/account/recharge/create",
  detail: "/account/recharge/detail",
  list: "/account/recharge/list",
} as const;

/** A recharge as the finish page and the record list read it. Money in fen. */
export interface RechargeView {
  id: number;
  orderNo: string;
  amount: number;
  status: RechargeStatus;
  statusName: string;
  createTime: string;
  /** When the wallet was credited; null until then. */
  creditedTime: string | null;
  /** The method of the trade that paid it (alipay | wechat); null until paid. */
  method: string | null;
  expiresAt: string | null;
}

export interface RechargeDetail extends RechargeView {
  /** The wallet balance right after this recharge was credited; null until then. */
  balanceAfter: number | null;
  /** The wallet balance now. */
  balance: number;
}

export interface RechargeCreated {
  id: number;
  orderNo: string;
  amount: number;
  expiresAt: string;
}
