// Each ticket's money as it stands now: its current fare (the booked one, or the last confirmed
// change's), what was paid for it (the booking's line and every change paid for it) and what went
// back (its lines of the refunds whose money was returned). The order's totals are their sums.
import type { ChangeQuote, RefundLine } from "../../../src/domain/orders/flight-after-sales";

interface PassengerRow {
  id: number;
  changeId: number | null;
  tktPriceFen: number;
  consTaxFen: number;
  fuelTaxFen: number;
  servFeeFen: number;
  insuPayPriceFen: number;
}

export interface TicketMoney {
  current: { tktPrice: number; consTax: number; fuelTax: number };
  paid: number;
  refunded: number;
}

export function ticketMoney(
  p: PassengerRow,
  changes: readonly { id: number; status: string; quote: string }[],
  refunds: readonly { status: string; passengers: string }[],
): TicketMoney {
  let current = { tktPrice: p.tktPriceFen, consTax: p.consTaxFen, fuelTax: p.fuelTaxFen };
  let paid = p.tktPriceFen + p.consTaxFen + p.fuelTaxFen + p.servFeeFen + p.insuPayPriceFen;
  for (const c of changes) {
    if (c.status !== "confirmed") continue;
    const line = (JSON.parse(c.quote) as ChangeQuote).lines.find((l) => l.passengerId === p.id);
    if (!line) continue;
    paid += line.total;
    if (c.id === p.changeId) current = { tktPrice: line.ticket, consTax: line.consTax, fuelTax: line.fuelTax };
  }
  let refunded = 0;
  for (const r of refunds) {
    if (r.status !== "refunded") continue;
    refunded += (JSON.parse(r.passengers) as RefundLine[]).filter((l) => l.passengerId === p.id).reduce((a, l) => a + l.refund, 0);
  }
  return { current, paid, refunded };
}

/** The order's 已付 and 已退 over its tickets. */
export function orderMoney(tickets: readonly TicketMoney[]): { paidTotal: number; refundedTotal: number } {
  return { paidTotal: tickets.reduce((a, t) => a + t.paid, 0), refundedTotal: tickets.reduce((a, t) => a + t.refunded, 0) };
}
