// The train order's state machine: every status with its label and colour, and every allowed
// move as (from, action) → to with who may take it. The server applies a move with a conditional
// update on `from`; the portal asks the same table which buttons to show.
import { codeTable, GREY, label, type CodeTable, type StatusColor } from "../codes";
import type { Lang } from "../messages";

export const TRAIN_ORDER_STATUS = {
  pendingPayment: 0,
  /** Paid; the railway has not issued the tickets yet. */
  ticketing: 1,
  ticketed: 2,
  /** Changed to another train (or seat) and ticketed again. */
  changed: 3,
  refunded: 4,
  /** Cancelled or expired before payment. */
  cancelled: 5,
  /** The railway could not issue the tickets; the money went back. */
  ticketFailed: 6,
  /** A business order over the travel standard (or of a level whose every order is approved), waiting for its approval. */
  approving: 7,
  /**
   * 改签待支付: a change to a dearer train or seat, its new seats held until the difference is paid;
   * the original ticket stays valid meanwhile and again if the change is declined or withdrawn.
   */
  changePending: 8,
} as const;

export type TrainOrderStatus = (typeof TRAIN_ORDER_STATUS)[keyof typeof TRAIN_ORDER_STATUS];
export const TRAIN_ORDER_STATUS_CODES = Object.values(TRAIN_ORDER_STATUS) as TrainOrderStatus[];

/** The statuses' labels: codes.trainOrderStatus.<code> in the locale files. */
export const TRAIN_ORDER_LABELS: CodeTable<TrainOrderStatus> = codeTable("trainOrderStatus", TRAIN_ORDER_STATUS_CODES);

const COLORS: Readonly<Record<TrainOrderStatus, StatusColor>> = {
  0: "orange",
  1: "gold",
  2: "green",
  3: "cyan",
  4: "purple",
  5: GREY,
  6: "red",
  7: "volcano",
  8: "orange",
};

export function trainOrderColor(status: number): StatusColor {
  return (COLORS as Record<number, StatusColor>)[status] ?? GREY;
}

export function trainOrderLabel(status: number, lang: Lang = "zh"): string {
  return label(TRAIN_ORDER_LABELS, status, lang);
}

export type TrainOrderAction =
  | "pay" | "cancel" | "expire" | "ticket" | "fail" | "refund" | "change" | "approve" | "rejectApproval"
  | "requestChange" | "payChange" | "declineChange" | "cancelChange" | "freeChange";

/** member: the booker (or their company's administrator); system: jobs, the railway, payments. */
export type TrainOrderActor = "member" | "system";

export interface TrainOrderMove {
  from: TrainOrderStatus;
  action: TrainOrderAction;
  to: TrainOrderStatus;
  by: TrainOrderActor;
}

const S = TRAIN_ORDER_STATUS;
const move = (from: TrainOrderStatus, action: TrainOrderAction, to: TrainOrderStatus, by: TrainOrderActor): TrainOrderMove => ({ from, action, to, by });

/**
 * Every allowed move; anything not listed is refused. A ticket is changed once, as on the railway;
 * a changed ticket may still be refunded. Nothing is cancelled while the railway is issuing.
 * A change no dearer completes at once (change); a dearer one waits for the difference
 * (requestChange), completes when it is paid (payChange), and otherwise leaves the original ticket
 * as it was: declined when the payment window runs out, or withdrawn by the member. A free change
 * after the railway changed or stopped the train (航变, freeChange) is the railway's doing, not the
 * traveller's: it is open to a ticket already changed once, and costs nothing either way.
 */
export const TRAIN_ORDER_MOVES: readonly TrainOrderMove[] = [
  // The approval decides; the payment window opens only once it is approved.
  move(S.approving, "approve", S.pendingPayment, "system"),
  move(S.approving, "rejectApproval", S.cancelled, "system"),
  move(S.approving, "cancel", S.cancelled, "member"),
  move(S.approving, "expire", S.cancelled, "system"),
  move(S.pendingPayment, "pay", S.ticketing, "system"),
  move(S.pendingPayment, "cancel", S.cancelled, "member"),
  move(S.pendingPayment, "expire", S.cancelled, "system"),
  move(S.ticketing, "ticket", S.ticketed, "system"),
  move(S.ticketing, "fail", S.ticketFailed, "system"),
  move(S.ticketed, "refund", S.refunded, "member"),
  move(S.ticketed, "change", S.changed, "member"),
  move(S.changed, "refund", S.refunded, "member"),
  move(S.ticketed, "requestChange", S.changePending, "member"),
  move(S.changePending, "payChange", S.changed, "system"),
  move(S.changePending, "declineChange", S.ticketed, "system"),
  move(S.changePending, "cancelChange", S.ticketed, "member"),
  move(S.ticketed, "freeChange", S.changed, "member"),
  move(S.changed, "freeChange", S.changed, "member"),
];

/** Offered only by the order's 航变 section, never as one of the detail page's own buttons. */
const DISRUPTION_ONLY: readonly TrainOrderAction[] = ["freeChange"];

/** How each action reads in the order's history: codes.trainOrderMove.<action> in the locale files. */
export const TRAIN_ORDER_ACTIONS: CodeTable<TrainOrderAction> = codeTable("trainOrderMove", [...new Set(TRAIN_ORDER_MOVES.map((m) => m.action))]);

export function trainOrderMove(from: number, action: TrainOrderAction): TrainOrderMove | null {
  return TRAIN_ORDER_MOVES.find((m) => m.from === from && m.action === action) ?? null;
}

/** The actions a member may take on an order in this status (the detail page's buttons). */
export function trainMemberActions(status: number): TrainOrderAction[] {
  return TRAIN_ORDER_MOVES.filter((m) => m.from === status && m.by === "member" && !DISRUPTION_ONLY.includes(m.action)).map((m) => m.action);
}

export function isTrainFinal(status: number): boolean {
  return !TRAIN_ORDER_MOVES.some((m) => m.from === status);
}
