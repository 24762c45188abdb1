// A passenger's flight insurance (航意险/延误险) follows its ticket: the insurer issues the policy
// when the ticket is issued, and a booking that never flies takes its policy application with it.
// One table of moves, as for orders; the server applies each with a conditional update on `from`.
import type { InsuranceStatus } from "../codes";
import type { FlightOrderAction } from "./flight";

export const INSURANCE = {
  none: 0,
  insured: 1,
  /** Applied for with the booking, never issued: the booking was cancelled or not ticketed. */
  cancelled: 2,
  failed: 3,
  surrendered: 4,
  surrendering: 5,
} as const satisfies Record<string, InsuranceStatus>;

export type InsuranceAction = "issue" | "withdraw";

export interface InsuranceMove {
  from: InsuranceStatus;
  action: InsuranceAction;
  to: InsuranceStatus;
}

const I = INSURANCE;
export const INSURANCE_MOVES: readonly InsuranceMove[] = [
  { from: I.none, action: "issue", to: I.insured },
  { from: I.none, action: "withdraw", to: I.cancelled },
];

export function insuranceMove(from: number, action: InsuranceAction): InsuranceMove | null {
  return INSURANCE_MOVES.find((m) => m.from === from && m.action === action) ?? null;
}

/**
 * What an order's move does to its passengers' policies: issued with the tickets; withdrawn when
 * the booking ends unticketed (cancelled, expired, rejected by the approver or the airline).
 */
export const INSURANCE_BY_ORDER_ACTION: Partial<Record<FlightOrderAction, InsuranceAction>> = {
  ticket: "issue",
  cancel: "withdraw",
  expire: "withdraw",
  rejectApproval: "withdraw",
  reject: "withdraw",
};
