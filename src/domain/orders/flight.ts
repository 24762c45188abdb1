// The domestic flight order's state machine: every status with its label and colour, and every
// allowed move as (from, action) → to with who may take it. The server applies a move with a
// conditional update on `from`; the portal asks the same table which buttons to show.
import { codeTable, GREY, label, orderStatusColor, type CodeTable, type StatusColor } from "../codes";
import type { Lang } from "../messages";

/**
 * The published status codes (0-11) plus 12 for an unpaid order that was cancelled or ran out
 * of time: the published table names no code for it, and 12 is the first code that has a colour
 * but no published meaning. 13 (the next free code) is a business order waiting for its approval;
 * 14 (the next) is an order whose tickets could not be issued (出票失败), its money paid back.
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
  /** 出票失败: the tickets could not be issued; the seats went back on sale and the whole price back where it was paid from. */
  ticketFailed: 14,
} as const;

export type FlightOrderStatus = (typeof FLIGHT_ORDER_STATUS)[keyof typeof FLIGHT_ORDER_STATUS];
export const FLIGHT_ORDER_STATUS_CODES = Object.values(FLIGHT_ORDER_STATUS) as FlightOrderStatus[];

/** The statuses' labels: codes.flightOrderStatus.<code> in the locale files. */
export const FLIGHT_ORDER_LABELS: CodeTable<FlightOrderStatus> = codeTable("flightOrderStatus", FLIGHT_ORDER_STATUS_CODES);

/** Finished orders are grey; the others keep the colour of their published code. */
export function flightOrderColor(status: number): StatusColor {
  return status === FLIGHT_ORDER_STATUS.cancelled ? GREY : orderStatusColor(status);
}

export function flightOrderLabel(status: number, lang: Lang = "zh"): string {
  return label(FLIGHT_ORDER_LABELS, status, lang);
}

export type FlightOrderAction =
  | "pay" | "cancel" | "expire" | "issue" | "ticket" | "reject" | "refundMoney"
  | "requestRefund" | "acceptRefund" | "finishRefund" | "declineRefund" | "declineChangedRefund"
  | "requestChange" | "confirmChange" | "declineChange" | "void"
  | "approve" | "rejectApproval" | "closeRefunded" | "fail";

/** member: the booker (or their company's administrator); system: jobs, the supplier, payments. */
export type FlightOrderActor = "member" | "system";

export interface FlightOrderMove {
  from: FlightOrderStatus;
  action: FlightOrderAction;
  to: FlightOrderStatus;
  by: FlightOrderActor;
}

const S = FLIGHT_ORDER_STATUS;
const move = (from: FlightOrderStatus, action: FlightOrderAction, to: FlightOrderStatus, by: FlightOrderActor): FlightOrderMove => ({ from, action, to, by });

/** Every allowed move; anything not listed is refused. */
export const FLIGHT_ORDER_MOVES: readonly FlightOrderMove[] = [
  // The approval decides; the payment window opens only once it is approved.
  move(S.approving, "approve", S.pendingPayment, "system"),
  move(S.approving, "rejectApproval", S.cancelled, "system"),
  move(S.approving, "cancel", S.cancelled, "member"),
  move(S.approving, "expire", S.cancelled, "system"),
  move(S.pendingPayment, "pay", S.paid, "system"),
  move(S.pendingPayment, "cancel", S.cancelled, "member"),
  move(S.pendingPayment, "expire", S.cancelled, "system"),
  move(S.paid, "issue", S.ticketing, "system"),
  move(S.ticketing, "ticket", S.ticketed, "system"),
  move(S.ticketing, "reject", S.rejected, "system"),
  // The tickets cannot be issued (the ticketing staff decide): the money goes back with the move.
  move(S.paid, "fail", S.ticketFailed, "system"),
  move(S.ticketing, "fail", S.ticketFailed, "system"),
  move(S.rejected, "refundMoney", S.moneyRefunded, "system"),
  move(S.ticketed, "void", S.voided, "member"),
  move(S.voided, "refundMoney", S.moneyRefunded, "system"),
  move(S.ticketed, "requestRefund", S.refundRequested, "member"),
  move(S.changed, "requestRefund", S.refundRequested, "member"),
  move(S.refundRequested, "acceptRefund", S.refundProcessing, "system"),
  move(S.refundRequested, "declineRefund", S.ticketed, "system"),
  // A refund declined (by the after-sales desk, with its reason) returns an order that had been
  // changed before the request to 已改签, not 已出票: each is the status it was requested from.
  move(S.refundRequested, "declineChangedRefund", S.changed, "system"),
  move(S.refundProcessing, "finishRefund", S.ticketRefunded, "system"),
  move(S.ticketRefunded, "refundMoney", S.moneyRefunded, "system"),
  // Passengers refunded one by one (partial refunds running side by side): the last one's money
  // back leaves no ticket on the order, which is then refunded without a whole-order request.
  move(S.ticketed, "closeRefunded", S.moneyRefunded, "system"),
  move(S.changed, "closeRefunded", S.moneyRefunded, "system"),
  move(S.ticketed, "requestChange", S.changeRequested, "member"),
  move(S.changed, "requestChange", S.changeRequested, "member"),
  move(S.changeRequested, "confirmChange", S.changed, "system"),
  move(S.changeRequested, "declineChange", S.ticketed, "system"),
];

/** How each action reads in the order's history: codes.flightOrderMove.<action> in the locale files. */
export const FLIGHT_ORDER_ACTIONS: CodeTable<FlightOrderAction> = codeTable("flightOrderMove", [...new Set(FLIGHT_ORDER_MOVES.map((m) => m.action))]);

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
