// 超标自付: on a business flight over the standard's price limit, when the company asks for it, the
// traveller pays what each ticket costs above the limit and its 200-yuan allowance (the part the
// standard does not cover); the company's credit pays the rest of the order. Only the price is
// split: a cabin outside the standard has no price the standard would have paid, so it follows
// the level's over-standard action alone.
import { OVER_STANDARD_ALLOWANCE_FEN } from "./over-standard";

/** The traveller's part in fen: each ticket's excess over the limit plus the allowance. */
export function selfPayFen(ticketsFen: readonly number[], limitFen: number | null): number {
  if (limitFen === null) return 0;
  const covered = limitFen + OVER_STANDARD_ALLOWANCE_FEN;
  return ticketsFen.reduce((sum, t) => sum + Math.max(0, t - covered), 0);
}

/** How an order of `totalFen` is paid when the traveller pays `selfFen` of it. */
export function splitPayment(totalFen: number, selfFen: number): { selfFen: number; companyFen: number } {
  const self = Math.min(Math.max(0, selfFen), totalFen);
  return { selfFen: self, companyFen: totalFen - self };
}
