// The train order's state machine: every status with its label and colour, and every allowed
// move as (from, action) → to with who may take it. The server applies a move with a conditional
// update on `from`; the portal asks the same table which buttons to show.
import { GREY, type StatusColor } from "../codes";
import type { Bilingual } from "../messages";

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
} as const;

export type TrainOrderStatus = (typeof TRAIN_ORDER_STATUS)[keyof typeof TRAIN_ORDER_STATUS];
export const TRAIN_ORDER_STATUS_CODES = Object.values(TRAIN_ORDER_STATUS) as TrainOrderStatus[];

export const TRAIN_ORDER_LABELS: Readonly<Record<TrainOrderStatus, Bilingual>> = {
  0: { zh: "待支付", en: "Pending payment" },
  1: { zh: "出票中", en: "Ticketing" },
  2: { zh: "已出票", en: "Ticketed" },
  3: { zh: "已改签", en: "Changed" },
  4: { zh: "已退票", en: "Refunded" },
  5: { zh: "已取消", en: "Cancelled" },
  6: { zh: "出票失败", en: "Ticketing failed" },
};

const COLORS: Readonly<Record<TrainOrderStatus, StatusColor>> = {
  0: "orange",
  1: "gold",
  2: "green",
  3: "cyan",
  4: "purple",
  5: GREY,
  6: "red",
};

export function trainOrderColor(status: number): StatusColor {
  return (COLORS as Record<number, StatusColor>)[status] ?? GREY;
}

export function trainOrderLabel(status: number, lang: "zh" | "en" = "zh"): string {
  return (TRAIN_ORDER_LABELS as Record<number, Bilingual>)[status]?.[lang] ?? String(status);
}

export type TrainOrderAction = "pay" | "cancel" | "expire" | "ticket" | "fail" | "refund" | "change";

/** member: the booker (or their company's administrator); system: jobs, the railway, payments. */
export type TrainOrderActor = "member" | "system";

export interface TrainOrderMove {
  from: TrainOrderStatus;
  action: TrainOrderAction;
  to: TrainOrderStatus;
  by: TrainOrderActor;
  label: Bilingual;
}

const S = TRAIN_ORDER_STATUS;
const move = (from: TrainOrderStatus, action: TrainOrderAction, to: TrainOrderStatus, by: TrainOrderActor, zh: string, en: string): TrainOrderMove =>
  ({ from, action, to, by, label: { zh, en } });

/**
 * Every allowed move; anything not listed is refused. A ticket is changed once, as on the railway;
 * a changed ticket may still be refunded. Nothing is cancelled while the railway is issuing.
 */
export const TRAIN_ORDER_MOVES: readonly TrainOrderMove[] = [
  move(S.pendingPayment, "pay", S.ticketing, "system", "支付", "Pay"),
  move(S.pendingPayment, "cancel", S.cancelled, "member", "取消订单", "Cancel order"),
  move(S.pendingPayment, "expire", S.cancelled, "system", "超时取消", "Expire"),
  move(S.ticketing, "ticket", S.ticketed, "system", "出票", "Ticketed"),
  move(S.ticketing, "fail", S.ticketFailed, "system", "出票失败", "Ticketing failed"),
  move(S.ticketed, "refund", S.refunded, "member", "退票", "Refund"),
  move(S.ticketed, "change", S.changed, "member", "改签", "Change"),
  move(S.changed, "refund", S.refunded, "member", "退票", "Refund"),
];

export function trainOrderMove(from: number, action: TrainOrderAction): TrainOrderMove | null {
  return TRAIN_ORDER_MOVES.find((m) => m.from === from && m.action === action) ?? null;
}

/** The actions a member may take on an order in this status (the detail page's buttons). */
export function trainMemberActions(status: number): TrainOrderAction[] {
  return TRAIN_ORDER_MOVES.filter((m) => m.from === status && m.by === "member").map((m) => m.action);
}

export function isTrainFinal(status: number): boolean {
  return !TRAIN_ORDER_MOVES.some((m) => m.from === status);
}
