// The tax on a reimbursement document, in integer fen. Prices are tax-inclusive, so the tax is
// carved out of the amount: tax = round(amount × rate / (1 + rate)), half away from zero, once
// per document over its taxable amount (never per line and summed, which could drift a fen).
// Rates are in basis points so that no float ever decides a fen.
import type { Fen } from "../money";
import type { EinvoiceKind } from "./kinds";

/** VAT rate of each kind in basis points: transport 9 %, accommodation and services 6 %. */
export const EINVOICE_TAX_RATE_BP: Readonly<Record<EinvoiceKind, number>> = {
  air: 900,
  rail: 900,
  hotel: 600,
  service: 600,
  refundFee: 600,
  changeFee: 600,
};

const BP = 10_000n;

/** The tax inside a tax-inclusive amount (negative for a negative amount, the same size as its positive). */
export function taxInside(amount: Fen, rateBp: number): Fen {
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(rateBp) || rateBp < 0) throw new RangeError(`taxInside: ${amount}, ${rateBp}`);
  // A red-letter amount's tax is its blue twin's below zero (never -0).
  if (amount < 0) return 0 - taxInside(-amount, rateBp);
  const a = BigInt(amount);
  const r = BigInt(rateBp);
  const den = BP + r;
  // round half up of a·r / (1 + r), in integers: floor((2·a·r + den) / (2·den)).
  return Number((2n * a * r + den) / (2n * den));
}

/** The money a document carries, split as it is printed. */
export interface EinvoiceAmounts {
  /** Everything the document is for (价税合计). */
  total: Fen;
  /** The taxable part, tax included. */
  taxable: Fen;
  /** The part outside VAT: 民航发展基金 on an air ticket. */
  exempt: Fen;
  /** The VAT inside `taxable`. */
  tax: Fen;
  /** `taxable` less its tax (金额). */
  net: Fen;
  rateBp: number;
}

/**
 * A document's amounts. On an air ticket the fare and the fuel surcharge (燃油附加费) are taxed
 * at 9 % and the civil aviation development fund (民航发展基金) is collected for the state
 * outside VAT; every other kind is wholly taxable at its own rate.
 */
export function einvoiceAmounts(kind: EinvoiceKind, parts: { taxable: Fen; exempt?: Fen }): EinvoiceAmounts {
  const exempt = kind === "air" ? (parts.exempt ?? 0) : 0;
  if (kind !== "air" && parts.exempt) throw new RangeError(`${kind}: only an air ticket carries an untaxed part`);
  const rateBp = EINVOICE_TAX_RATE_BP[kind];
  const tax = taxInside(parts.taxable, rateBp);
  return { total: parts.taxable + exempt, taxable: parts.taxable, exempt, tax, net: parts.taxable - tax, rateBp };
}

/** An air ticket's document: fare and fuel surcharge taxed, the development fund not. */
export function airTicketAmounts(ticket: { fare: Fen; fuelSurcharge: Fen; developmentFund: Fen }): EinvoiceAmounts {
  return einvoiceAmounts("air", { taxable: ticket.fare + ticket.fuelSurcharge, exempt: ticket.developmentFund });
}

/**
 * The red-letter document for what a refund gave back of an air ticket: the development fund
 * goes back whole first (it was collected for the state and is never kept as a fee), the rest is
 * the taxable part. Its amounts are the refunded amount below zero, to the fen.
 */
export function airRefundAmounts(original: Pick<EinvoiceAmounts, "exempt" | "total">, refunded: Fen): EinvoiceAmounts {
  if (refunded < 0 || refunded > original.total) throw new RangeError(`refund ${refunded} outside 0..${original.total}`);
  const exempt = Math.min(original.exempt, refunded);
  return einvoiceAmounts("air", { taxable: exempt - refunded, exempt: 0 - exempt });
}

/** A rate in basis points as printed: 900 → 9%. */
export function rateText(rateBp: number): string {
  return `${rateBp % 100 === 0 ? rateBp / 100 : (rateBp / 100).toFixed(2)}%`;
}
