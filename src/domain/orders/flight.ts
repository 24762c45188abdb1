// The domestic flight order's state machine: every status with its label and colour, and every
// allowed move as (from, action) → to with who may take it. The server applies a move with a
// conditional update on `from`; the portal asks the same table which buttons to show.
import { AIR_ORDER_STATUS, GREY, orderStatusColor, type StatusColor } from "../codes";
import type { Bilingual } from "../messages";

/**
 * The published status codes (0-11) plus 12 for an unpaid order that was cancelled or ran out
 * of time: the published table names no code for it, and 12 is the first code that has a colour
 * but no published meaning. 13 (the next free code) is a business order waiting for its approval.
 */
export const FLIGHT_ORDER_STATUS = {
  pendingPayment: 0,
  paid: 1,
  ticketed: 2,
  changed: 3,
  ticketRefunded: 4,
  voided: 5,
  moneyRefunded: 6,
  ticketing: 7,
  rejected: 8,
  refundRequested: 9,
  refundProcessing: 10,
  changeRequested: 11,
  cancelled: 12,
  /** A business order over the travel standard (or of a level whose every order is approved), waiting for its approval. */
  approving: 13,
} as const;

export type FlightOrderStatus = (typeof FLIGHT_ORDER_STATUS)[keyof typeof FLIGHT_ORDER_STATUS];
export const FLIGHT_ORDER_STATUS_CODES = Object.values(FLIGHT_ORDER_STATUS) as FlightOrderStatus[];

export const FLIGHT_ORDER_LABELS: Readonly<Record<FlightOrderStatus, Bilingual>> = {
  ...AIR_ORDER_STATUS,
  12: { zh: "已取消", en: "Cancelled" },
  13: { zh: "待审批", en: "Awaiting approval" },
};

/** Finished orders are grey; the others keep the colour of their published code. */
export function flightOrderColor(status: number): StatusColor {
  return status === FLIGHT_ORDER_STATUS.cancelled ? GREY : orderStatusColor(status);
}

export function flightOrderLabel(status: number, lang: "zh" | "en" = "zh"): string {
  return (FLIGHT_ORDER_LABELS as Record<number, Bilingual>)[status]?.[lang] ?? String(status);
}

export type FlightOrderAction =
  | "pay" | "cancel" | "expire" | "issue" | "ticket" | "reject" | "refundMoney"
  | "requestRefund" | "acceptRefund" | "finishRefund" | "declineRefund"
  | "requestChange" | "confirmChange" | "declineChange" | "void"
  | "approve" | "rejectApproval";

/** member: the booker (or their company's administrator); system: jobs, the supplier, payments. */
export type FlightOrderActor = "member" | "system";

export interface FlightOrderMove {
  from: FlightOrderStatus;
  action: FlightOrderAction;
  to: FlightOrderStatus;
  by: FlightOrderActor;
  label: Bilingual;
}

const S = FLIGHT_ORDER_STATUS;
const move = (from: FlightOrderStatus, action: FlightOrderAction, to: FlightOrderStatus, by: FlightOrderActor, zh: string, en: string): FlightOrderMove =>
  ({ from, action, to, by, label: { zh, en } });

/** Every allowed move; anything not listed is refused. */
export const FLIGHT_ORDER_MOVES: readonly FlightOrderMove[] = [
  // The approval decides; the payment window opens only once it is approved.
  move(S.approving, "approve", S.pendingPayment, "system", "审批通过", "Approved"),
  move(S.approving, "rejectApproval", S.cancelled, "system", "审批驳回", "Approval rejected"),
  move(S.approving, "cancel", S.cancelled, "member", "取消订单", "Cancel order"),
  move(S.approving, "expire", S.cancelled, "system", "超时取消", "Expire"),
  move(S.pendingPayment, "pay", S.paid, "system", "支付", "Pay"),
  move(S.pendingPayment, "cancel", S.cancelled, "member", "取消订单", "Cancel order"),
  move(S.pendingPayment, "expire", S.cancelled, "system", "超时取消", "Expire"),
  move(S.paid, "issue", S.ticketing, "system", "提交出票", "Start ticketing"),
  move(S.ticketing, "ticket", S.ticketed, "system", "出票完成", "Ticketed"),
  move(S.ticketing, "reject", S.rejected, "system", "拒单", "Reject"),
  move(S.rejected, "refundMoney", S.moneyRefunded, "system", "退款", "Refund money"),
  move(S.ticketed, "void", S.voided, "member", "作废", "Void"),
  move(S.voided, "refundMoney", S.moneyRefunded, "system", "退款", "Refund money"),
  move(S.ticketed, "requestRefund", S.refundRequested, "member", "申请退票", "Request refund"),
  move(S.changed, "requestRefund", S.refundRequested, "member", "申请退票", "Request refund"),
  move(S.refundRequested, "acceptRefund", S.refundProcessing, "system", "受理退票", "Accept refund"),
  move(S.refundRequested, "declineRefund", S.ticketed, "system", "拒绝退票", "Decline refund"),
  move(S.refundProcessing, "finishRefund", S.ticketRefunded, "system", "退票完成", "Refund done"),
  move(S.ticketRefunded, "refundMoney", S.moneyRefunded, "system", "退款", "Refund money"),
  move(S.ticketed, "requestChange", S.changeRequested, "member", "申请改签", "Request change"),
  move(S.changed, "requestChange", S.changeRequested, "member", "申请改签", "Request change"),
  move(S.changeRequested, "confirmChange", S.changed, "system", "改签完成", "Change done"),
  move(S.changeRequested, "declineChange", S.ticketed, "system", "拒绝改签", "Decline change"),
];

/** The move an action makes from a status, or null when it is not allowed there. */
export function flightOrderMove(from: number, action: FlightOrderAction): FlightOrderMove | null {
  return FLIGHT_ORDER_MOVES.find((m) => m.from === from && m.action === action) ?? null;
}

/** The actions a member may take on an order in this status (the detail page's buttons). */
export function memberActions(status: number): FlightOrderAction[] {
  return FLIGHT_ORDER_MOVES.filter((m) => m.from === status && m.by === "member").map((m) => m.action);
}

/** Statuses from which no move leads anywhere. */
export function isFinal(status: number): boolean {
  return !FLIGHT_ORDER_MOVES.some((m) => m.from === status);
}
