// Each passenger's ticket on a flight order has its own status, so one traveller of a booking can
// be refunded or changed while the others keep theirs. The ticket moves are a table like the
// order's: the server applies each with a conditional update on the ticket's current status (two
// refunds of one ticket cannot both succeed), and the portal reads it to offer only the
// passengers whose ticket can still be refunded or changed. The order itself follows its own
// machine (flight.ts): an after-sales request that leaves no other passenger holding a ticket is
// the whole order's; any other is partial and leaves the order where it is.
import { codeTable, label, type CodeTable, type StatusColor } from "../codes";
import type { Lang } from "../messages";

export const TICKET_STATUSES = ["none", "ticketed", "refunding", "refunded", "changing", "changed"] as const;
/** none: not issued yet (unpaid, cancelled, being ticketed). */
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Labels: codes.ticketStatus.<status> in the locale files. */
export const TICKET_STATUS_LABELS: CodeTable<TicketStatus> = codeTable("ticketStatus", TICKET_STATUSES);
export const TICKET_STATUS_COLORS: Readonly<Record<TicketStatus, StatusColor>> = {
  none: "default", ticketed: "green", refunding: "purple", refunded: "default", changing: "blue", changed: "cyan",
};

export type TicketAction = "ticket" | "requestRefund" | "finishRefund" | "declineRefund" | "requestChange" | "confirmChange" | "declineChange";

export interface TicketMove {
  from: TicketStatus;
  action: TicketAction;
  to: TicketStatus;
  /** Only for a ticket that was (changed) or was not (unchanged) changed before: a declined change gives back what it had. */
  when?: "changed" | "unchanged";
}

const move = (from: TicketStatus, action: TicketAction, to: TicketStatus, when?: TicketMove["when"]): TicketMove => ({ from, action, to, ...(when ? { when } : {}) });

/** Every allowed move of one ticket; anything not listed is refused. */
export const TICKET_MOVES: readonly TicketMove[] = [
  move("none", "ticket", "ticketed"),
  move("ticketed", "requestRefund", "refunding"),
  move("changed", "requestRefund", "refunding"),
  move("refunding", "finishRefund", "refunded"),
  // A declined refund gives the ticket back as it was: changed before, or not.
  move("refunding", "declineRefund", "ticketed", "unchanged"),
  move("refunding", "declineRefund", "changed", "changed"),
  move("ticketed", "requestChange", "changing"),
  move("changed", "requestChange", "changing"),
  move("changing", "confirmChange", "changed"),
  move("changing", "declineChange", "ticketed", "unchanged"),
  move("changing", "declineChange", "changed", "changed"),
];

/** Where a ticket goes, or null when the action is not allowed from its status. `changedBefore`: it carries an earlier change. */
export function ticketMove(from: string, action: TicketAction, changedBefore = false): TicketStatus | null {
  const found = TICKET_MOVES.find((m) => m.from === from && m.action === action && (!m.when || (m.when === "changed") === changedBefore));
  return found?.to ?? null;
}

/** A ticket the member may refund or change now. */
export const holdsTicket = (status: string): boolean => ticketMove(status, "requestRefund") !== null;

export function ticketLabel(status: string, lang: Lang = "zh"): string {
  return label(TICKET_STATUS_LABELS, status, lang);
}

export interface PassengerTicket {
  id: number;
  name: string;
  ticketStatus: string;
}

/** input: the request names passengers wrongly; state: the tickets are not where the request needs them. */
export type TicketChoice = { chosen: PassengerTicket[]; whole: boolean } | { problem: string; kind: "input" | "state" };

/**
 * The passengers an after-sales request covers: the ones asked for (none asked: every passenger
 * still holding a ticket), each of the order and holding a ticket. It is the whole order's when no
 * passenger left out would still fly or is still being refunded or changed; otherwise partial.
 */
export function chooseTickets(passengers: readonly PassengerTicket[], ids: readonly number[] | undefined, what: "退票" | "改签"): TicketChoice {
  const holders = passengers.filter((p) => holdsTicket(p.ticketStatus));
  let chosen: PassengerTicket[];
  if (ids === undefined) {
    if (!holders.length) return { problem: `该订单没有可${what}的乘客`, kind: "state" };
    chosen = holders;
  } else {
    if (!ids.length) return { problem: `请选择${what}的乘客`, kind: "input" };
    chosen = [];
    for (const id of new Set(ids)) {
      const p = passengers.find((x) => x.id === id);
      if (!p) return { problem: "所选乘客不属于该订单", kind: "input" };
      if (!holdsTicket(p.ticketStatus)) return { problem: `乘客 ${p.name} 的机票${ticketLabel(p.ticketStatus)}，不能${what}`, kind: "state" };
      chosen.push(p);
    }
  }
  const whole = passengers.every((p) => chosen.some((c) => c.id === p.id) || p.ticketStatus === "refunded");
  return { chosen, whole };
}

/** What the order shows beside its status when only some of its tickets were refunded or changed. */
export type PartialTag = "partialRefund" | "partialChange";
export const PARTIAL_TAG_LABELS: CodeTable<PartialTag> = codeTable("ticketPartial", ["partialRefund", "partialChange"]);

export function partialTags(statuses: readonly string[]): PartialTag[] {
  const out = (s: string) => s === "refunding" || s === "refunded";
  const tags: PartialTag[] = [];
  if (statuses.some(out) && !statuses.every(out)) tags.push("partialRefund");
  if (statuses.includes("changed") && statuses.includes("ticketed")) tags.push("partialChange");
  return tags;
}

/**
 * The timeline events of a partial refund: the order does not move, so these are not order moves
 * (their event rows keep the order's status on both sides). Labels: codes.flightPartialMove.<action>.
 */
export const PARTIAL_REFUND_ACTIONS = ["partialRefund", "partialAccept", "partialFinish", "partialMoney", "partialDecline"] as const;
export type PartialRefundAction = (typeof PARTIAL_REFUND_ACTIONS)[number];
export const PARTIAL_REFUND_LABELS: CodeTable<PartialRefundAction> = codeTable("flightPartialMove", PARTIAL_REFUND_ACTIONS);

/**
 * The airline's rule for one booking holds on both sides of a split: the passengers moved off the
 * booking (refunded, or changed to another flight) and those left on it each need an adult for any
 * child or infant, and an adult per infant. Null when both sides are fine (a side may be empty).
 */
export function splitProblem(moved: readonly string[], left: readonly string[], what: "退票" | "改签"): string | null {
  const problem = (types: readonly string[]) => {
    if (!types.length) return null;
    const adults = types.filter((t) => t === "ADT").length;
    if (adults < 1) return "noAdult";
    if (types.filter((t) => t === "INF").length > adults) return "infants";
    return null;
  };
  const away = what === "退票" ? null : problem(moved);
  const stay = problem(left);
  if (away === "noAdult") return "改签的乘客中儿童和婴儿须由成人陪同，请同时选择同行的成人";
  if (away === "infants") return "改签的乘客中每名成人最多携带一名婴儿，请同时选择同行的成人";
  if (stay === "noAdult") return `${what}后剩余的儿童和婴儿须由成人陪同，请同时为他们${what}`;
  if (stay === "infants") return `${what}后每名成人最多携带一名婴儿，请同时为婴儿${what}`;
  return null;
}
