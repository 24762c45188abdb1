// The hotel order's state machine: every status with its label and colour, and every allowed
// move as (from, action) → to with who may take it. The server applies a move with a conditional
// update on `from`; the portal asks the same table which buttons to show.
import { codeTable, GREY, label, type CodeTable, type StatusColor } from "../codes";
import type { Lang } from "../messages";

export const HOTEL_ORDER_STATUS = {
  pendingPayment: 0,
  /** Paid; the hotel has not confirmed the booking yet. */
  pendingConfirm: 1,
  confirmed: 2,
  checkedIn: 3,
  completed: 4,
  cancelled: 5,
  refunded: 6,
  /** A business order over the travel standard (or of a level whose every order is approved), waiting for its approval. */
  approving: 7,
} as const;

export type HotelOrderStatus = (typeof HOTEL_ORDER_STATUS)[keyof typeof HOTEL_ORDER_STATUS];
export const HOTEL_ORDER_STATUS_CODES = Object.values(HOTEL_ORDER_STATUS) as HotelOrderStatus[];

/** The statuses' labels: codes.hotelOrderStatus.<code> in the locale files. */
export const HOTEL_ORDER_LABELS: CodeTable<HotelOrderStatus> = codeTable("hotelOrderStatus", HOTEL_ORDER_STATUS_CODES);

const COLORS: Readonly<Record<HotelOrderStatus, StatusColor>> = {
  0: "orange",
  1: "gold",
  2: "blue",
  3: "cyan",
  4: "green",
  5: GREY,
  6: "purple",
  7: "volcano",
};

export function hotelOrderColor(status: number): StatusColor {
  return (COLORS as Record<number, StatusColor>)[status] ?? GREY;
}

export function hotelOrderLabel(status: number, lang: Lang = "zh"): string {
  return label(HOTEL_ORDER_LABELS, status, lang);
}

export type HotelOrderAction = "pay" | "cancel" | "expire" | "confirm" | "checkIn" | "complete" | "refund" | "modify" | "approve" | "rejectApproval";

/** member: the booker (or their company's administrator); system: jobs, the supplier, payments. */
export type HotelOrderActor = "member" | "system";

export interface HotelOrderMove {
  from: HotelOrderStatus;
  action: HotelOrderAction;
  to: HotelOrderStatus;
  by: HotelOrderActor;
}

const S = HOTEL_ORDER_STATUS;
const move = (from: HotelOrderStatus, action: HotelOrderAction, to: HotelOrderStatus, by: HotelOrderActor): HotelOrderMove => ({ from, action, to, by });

/**
 * Every allowed move; anything not listed is refused. Cancelling a paid booking (pending
 * confirmation or confirmed) is the member's move only where the rate's cancellation policy
 * lets it be cancelled; the system's refund follows it at once. Until check-in the member may
 * modify the booking's guests, contact, arrival time and requests: the order stays where it is.
 */
export const HOTEL_ORDER_MOVES: readonly HotelOrderMove[] = [
  // The approval decides; the payment window opens only once it is approved.
  move(S.approving, "approve", S.pendingPayment, "system"),
  move(S.approving, "rejectApproval", S.cancelled, "system"),
  move(S.approving, "cancel", S.cancelled, "member"),
  move(S.approving, "expire", S.cancelled, "system"),
  move(S.pendingPayment, "pay", S.pendingConfirm, "system"),
  move(S.pendingPayment, "cancel", S.cancelled, "member"),
  move(S.pendingPayment, "expire", S.cancelled, "system"),
  move(S.pendingConfirm, "confirm", S.confirmed, "system"),
  move(S.pendingConfirm, "cancel", S.cancelled, "member"),
  move(S.confirmed, "cancel", S.cancelled, "member"),
  move(S.confirmed, "checkIn", S.checkedIn, "system"),
  move(S.checkedIn, "complete", S.completed, "system"),
  move(S.cancelled, "refund", S.refunded, "system"),
  move(S.pendingPayment, "modify", S.pendingPayment, "member"),
  move(S.pendingConfirm, "modify", S.pendingConfirm, "member"),
  move(S.confirmed, "modify", S.confirmed, "member"),
];

/** How each action reads in the order's history: codes.hotelOrderMove.<action> in the locale files. */
export const HOTEL_ORDER_ACTIONS: CodeTable<HotelOrderAction> = codeTable("hotelOrderMove", [...new Set(HOTEL_ORDER_MOVES.map((m) => m.action))]);

export function hotelOrderMove(from: number, action: HotelOrderAction): HotelOrderMove | null {
  return HOTEL_ORDER_MOVES.find((m) => m.from === from && m.action === action) ?? null;
}

/** Whether an order in this status has been paid (a cancel from it must refund). */
export const isPaidStatus = (status: number) => status === S.pendingConfirm || status === S.confirmed;

/**
 * The actions a member may take on an order in this status (the detail page's buttons). A paid
 * booking whose rate cannot be cancelled offers no cancel.
 */
export function hotelMemberActions(status: number, cancelPolicy?: string): HotelOrderAction[] {
  return HOTEL_ORDER_MOVES.filter((m) => m.from === status && m.by === "member")
    .filter((m) => !(m.action === "cancel" && isPaidStatus(status) && cancelPolicy === "none"))
    .map((m) => m.action);
}

export function isHotelFinal(status: number): boolean {
  return !HOTEL_ORDER_MOVES.some((m) => m.from === status);
}
