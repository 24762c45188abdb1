// A passenger's flight insurance (航意险/延误险) follows its ticket: the insurer issues the policy
// when the ticket is issued, and a booking that never flies takes its policy application with it;
// a ticket refunded before its flight surrenders the policy (退保) and its premium goes back with
// the ticket money. One table of moves, as for orders; the server applies each with a conditional
// update on `from`.
import type { InsuranceStatus } from "../codes";
import type { FlightOrderAction } from "./flight";
import { type Fen } from "../money";

export const INSURANCE = {
  none: 0,
  insured: 1,
  /** Applied for with the booking, never issued: the booking was cancelled or not ticketed. */
  cancelled: 2,
  failed: 3,
  surrendered: 4,
  surrendering: 5,
} as const satisfies Record<string, InsuranceStatus>;

export type InsuranceAction = "issue" | "withdraw" | "surrender" | "finishSurrender" | "keep";

export interface InsuranceMove {
  from: InsuranceStatus;
  action: InsuranceAction;
  to: InsuranceStatus;
}

const I = INSURANCE;
export const INSURANCE_MOVES: readonly InsuranceMove[] = [
  { from: I.none, action: "issue", to: I.insured },
  { from: I.none, action: "withdraw", to: I.cancelled },
  // 退保: asked with the ticket's refund (退保中), done when the refund's money goes back (已退保).
  { from: I.insured, action: "surrender", to: I.surrendering },
  { from: I.surrendering, action: "finishSurrender", to: I.surrendered },
  // The refund declined: the policy was never surrendered and stays in force.
  { from: I.surrendering, action: "keep", to: I.insured },
];

export function insuranceMove(from: number, action: InsuranceAction): InsuranceMove | null {
  return INSURANCE_MOVES.find((m) => m.from === from && m.action === action) ?? null;
}

/**
 * What an order's move does to its passengers' policies: issued with the tickets; withdrawn when
 * the booking ends unticketed (cancelled, expired, rejected by the approver or the airline, or
 * its tickets could not be issued).
 */
export const INSURANCE_BY_ORDER_ACTION: Partial<Record<FlightOrderAction, InsuranceAction>> = {
  ticket: "issue",
  cancel: "withdraw",
  expire: "withdraw",
  rejectApproval: "withdraw",
  reject: "withdraw",
  fail: "withdraw",
};

/**
 * What a refunded ticket's policy gives back. A policy in force (已投保) of a flight that has not
 * left is surrendered whole: it covers that one flight and none of it has run, so its premium goes
 * back with the ticket (`surrender`). Once the flight has left the policy has covered it: no
 * surrender, the premium is kept (`kept`). A passenger without a policy in force: nothing either way.
 */
export function insuranceOnRefund(premium: Fen, status: number, hoursBeforeDeparture: number): { surrender: Fen; kept: Fen } {
  if (premium <= 0 || status !== INSURANCE.insured) return { surrender: 0, kept: 0 };
  return hoursBeforeDeparture > 0 ? { surrender: premium, kept: 0 } : { surrender: 0, kept: premium };
}
