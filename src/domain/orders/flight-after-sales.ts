// Refund and change of a ticketed domestic flight order: the quotes (the same functions price the
// estimate the member sees and the amount the server keeps or charges), the refund reasons, the
// inputs of the calls and what they answer. Money is integer fen.
import { m, trLazy } from "../tr";
import { z } from "zod";
import { zInt, zText } from "../zod";
import { changeFee, refundAmount, refundPercent, type FareTier } from "../travel/air-rules";
import type { FareBreakdown, PassengerType } from "../travel/air-fares";
import type { FlightItem, FlightSeat } from "../travel/types";
import { MAX_PASSENGERS } from "./flight-booking";
import { insuranceOnRefund } from "./insurance";
import { IN_FEN, type Fen } from "../money";

export const FLIGHT_AFTER_SALES_PATHS = {
  refundTip: "/order/getRefundTip",
  refundSubmit: "/order/AppNewRefundSubmitServlet",
  /** Quotes a change to another fare of the same route. */
  change: "/api/v1/trip_manager/air_ticket_domestic_order/change",
  /** Applies the quoted change: the new seats are held and the order waits for the change. */
  confirmChange: "/order/confirmChange",
  /** The one-way flight search a change picks its new fare from. */
  flightSearch: "/api/v1/trip_manager/air_ticket_domestic_flight/list",
} as const;

export const REFUND_REASONS = ["自愿退票", "航班延误或取消", "其他"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** A passenger's ticket as priced now: the booked fare, or the fare of the last change. */
export interface TicketLine {
  passengerId: number;
  name: string;
  psgType: PassengerType;
  ticket: Fen;
  consTax: Fen;
  fuelTax: Fen;
  /** The passenger's insurance premium and policy status (insurance.ts), when they bought one. */
  insurance?: { premium: Fen; status: number };
}

export interface RefundLine {
  passengerId: number;
  name: string;
  psgType: PassengerType;
  ticket: Fen;
  feePercent: number;
  fee: Fen;
  taxes: Fen;
  /** The premium of the passenger's policy surrendered (退保) before the flight, part of `refund`. */
  insurance: Fen;
  /** The premium kept: the flight has left, so the policy covered it. */
  insuranceKept: Fen;
  refund: Fen;
  /** Whole hours left before this passenger's flight leaves (passengers may fly on different flights after a change of some). */
  hoursBeforeDeparture: number;
  /** The ticket's flight number and date (a round trip's or connection's passenger has a ticket per flight); absent in refunds stored before. */
  flight?: string;
}

export interface RefundQuote {
  lines: RefundLine[];
  fee: Fen;
  /** The premiums surrendered with the tickets (含保险退保), part of `refund`. */
  insurance: Fen;
  /** The premiums kept because the flights have left. */
  insuranceKept: Fen;
  refund: Fen;
  /** Whole hours left before the earliest departure among the lines when quoted. */
  hoursBeforeDeparture: number;
}

export const hoursUntil = (depUtc: string, now: number) => (Date.parse(depUtc) - now) / 3_600_000;

/**
 * Per passenger: the ticket less its fee for the tier and time left, plus the unused taxes back,
 * plus the premium of a policy surrendered before the flight (insuranceOnRefund).
 */
export function refundQuote(tickets: readonly TicketLine[], tier: FareTier, hoursBeforeDeparture: number): RefundQuote {
  const hours = Math.max(0, Math.floor(hoursBeforeDeparture));
  const lines = tickets.map((t): RefundLine => {
    const taxes = t.consTax + t.fuelTax;
    const { fee, refund } = refundAmount(t.ticket, taxes, tier, hoursBeforeDeparture);
    const policy = insuranceOnRefund(t.insurance?.premium ?? 0, t.insurance?.status ?? 0, hoursBeforeDeparture);
    return {
      passengerId: t.passengerId, name: t.name, psgType: t.psgType, ticket: t.ticket, feePercent: refundPercent(tier, hoursBeforeDeparture), fee, taxes,
      insurance: policy.surrender, insuranceKept: policy.kept, refund: refund + policy.surrender, hoursBeforeDeparture: hours,
    };
  });
  return refundTotals(lines);
}

/** A quote of these lines: the fees, premiums and refunds summed, the earliest departure's hours. */
export function refundTotals(lines: RefundLine[]): RefundQuote {
  return {
    lines,
    fee: lines.reduce((s, l) => s + l.fee, 0),
    // Lines kept from before insurance was surrendered have neither figure.
    insurance: lines.reduce((s, l) => s + (l.insurance ?? 0), 0),
    insuranceKept: lines.reduce((s, l) => s + (l.insuranceKept ?? 0), 0),
    refund: lines.reduce((s, l) => s + l.refund, 0),
    hoursBeforeDeparture: lines.length ? Math.min(...lines.map((l) => l.hoursBeforeDeparture)) : 0,
  };
}

/**
 * The quote of some of the passengers: each passenger's fee depends only on their own ticket, so
 * this is what quoting only them gives (the dialog totals the ticked passengers with it).
 */
export function pickRefund(quote: RefundQuote, passengerIds: readonly number[]): RefundQuote {
  return refundTotals(quote.lines.filter((l) => passengerIds.includes(l.passengerId)));
}

export interface ChangeLine {
  passengerId: number;
  name: string;
  psgType: PassengerType;
  /** The new fare's ticket and taxes (what a later refund or change starts from). */
  ticket: Fen;
  consTax: Fen;
  fuelTax: Fen;
  changeFee: Fen;
  changeSpread: Fen;
  changeFuelTaxSpread: Fen;
  changeServiceFee: Fen;
  total: Fen;
}

export interface ChangeQuote {
  lines: ChangeLine[];
  changeFee: Fen;
  changeSpread: Fen;
  changeFuelTaxSpread: Fen;
  changeServiceFee: Fen;
  /** What the member pays for the change; 0 means it is confirmed without payment. */
  total: Fen;
}

/**
 * Per passenger: the change fee of the current fare's tier at the time left, what the new ticket
 * and fuel tax cost above the current ones (a cheaper fare gives nothing back), and the agreed
 * service fee per ticket (infants hold no seat and pay none).
 */
export function changeQuote(
  tickets: readonly TicketLine[],
  tier: FareTier,
  hoursBeforeDeparture: number,
  next: FareBreakdown,
  serviceFee: Fen,
): ChangeQuote {
  const lines = tickets.map((t): ChangeLine => {
    const fare = next[t.psgType];
    const fee = changeFee(t.ticket, tier, hoursBeforeDeparture);
    const spread = Math.max(0, fare.ticket - t.ticket);
    const fuel = Math.max(0, fare.fuelTax - t.fuelTax);
    const service = t.psgType === "INF" ? 0 : serviceFee;
    return {
      passengerId: t.passengerId, name: t.name, psgType: t.psgType, ticket: fare.ticket, consTax: fare.airportTax, fuelTax: fare.fuelTax,
      changeFee: fee, changeSpread: spread, changeFuelTaxSpread: fuel, changeServiceFee: service, total: fee + spread + fuel + service,
    };
  });
  const sum = (k: "changeFee" | "changeSpread" | "changeFuelTaxSpread" | "changeServiceFee" | "total") => lines.reduce((s, l) => s + l[k], 0);
  return { lines, changeFee: sum("changeFee"), changeSpread: sum("changeSpread"), changeFuelTaxSpread: sum("changeFuelTaxSpread"), changeServiceFee: sum("changeServiceFee"), total: sum("total") };
}

export interface ChangeQuoteReply {
  quote: ChangeQuote;
  flight: Omit<FlightItem, "seats">;
  seat: Omit<FlightSeat, "insurance">;
  /** The change fee's percent of the current ticket now. */
  feePercent: number;
}

const orderId = zInt({ min: 1, max: 2_147_483_647, error: trLazy("订单编号不正确") });
const fareKey = zText({ min: 1, max: 64, trim: true, error: trLazy("请选择新的航班舱位") });

/**
 * The passengers a refund or change is for; left out, every passenger still holding a ticket (the
 * whole order, as before per-passenger after-sales existed). Whether each is of the order and
 * still holds a ticket only the server can tell (chooseTickets in flight-tickets.ts).
 */
const passengerIds = (what: "退票" | "改签") =>
  z
    .array(zInt({ min: 1, max: 2_147_483_647, error: trLazy("{what}乘客不正确", { what }) }), { error: trLazy("请选择{what}的乘客", { what }) })
    .min(1, m("请选择{what}的乘客", { what }))
    .max(MAX_PASSENGERS, m("{what}乘客不正确", { what }))
    .optional();

export const refundTipInput = z.object({ id: orderId, passengerIds: passengerIds("退票") }).strict();
export const refundSubmitInput = z.object({ id: orderId, reason: z.enum(REFUND_REASONS, m("请选择退票原因")), passengerIds: passengerIds("退票") }).strict();
export type RefundSubmitInput = z.infer<typeof refundSubmitInput>;
export const changeQuoteInput = z.object({ id: orderId, fareKey, passengerIds: passengerIds("改签") }).strict();
export type ChangeQuoteInput = z.infer<typeof changeQuoteInput>;
/** `total` is the amount the member saw: a different quote now is announced, not charged. */
export const confirmChangeInput = z
  .object({ id: orderId, fareKey, total: zInt({ min: 0, max: 100_000_000, error: trLazy("改签金额不正确") }).meta(IN_FEN), passengerIds: passengerIds("改签") })
  .strict();
export type ConfirmChangeInput = z.infer<typeof confirmChangeInput>;

/** A refund of an order: of all its remaining passengers (whole) or of some of them. */
export interface FlightRefundView {
  id: number;
  whole: boolean;
  reason: string;
  fee: Fen;
  refund: Fen;
  status: "requested" | "processing" | "ticketRefunded" | "refunded" | "rejected";
  /** wallet | credit | none (an order paid elsewhere) once the money went back. */
  toAccount: string | null;
  lines: RefundLine[];
  createTime: string;
  /** The estimate the member saw when asking (fee and refund may be adjusted since). */
  quotedFee?: Fen;
  quotedRefund?: Fen;
  /** The after-sales desk's decision, when a person made one: the fee adjusted, or the refund declined; with the reason. */
  decision?: "accepted" | "adjusted" | "rejected" | null;
  decisionReason?: string | null;
}

/** The order's latest change. */
export interface FlightChangeView {
  id: number;
  /** Whether the whole order moved to the new flight (else only the passengers of the quote's lines). */
  whole: boolean;
  status: "awaitingPayment" | "confirming" | "confirmed" | "declined";
  fromFlightNo: string;
  fromDepDate: string;
  toFlightNo: string;
  toDepDate: string;
  toDepTime: string;
  toCabin: string;
  quote: ChangeQuote;
  /** The time left to pay an amount due. */
  expiresAt: string | null;
  createTime: string;
  /** The after-sales desk's decision, when a person made one, with the reason of a declined change. */
  decision?: "accepted" | "rejected" | null;
  decisionReason?: string | null;
}

export interface ConfirmChangeReply {
  id: number;
  status: FlightChangeView["status"];
  total: Fen;
  expiresAt: string | null;
}
