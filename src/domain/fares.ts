// Fare rules: passenger age bands (under 2 infant, 2 to under 12 child, 12 and over adult), the
// child fare and the over-standard check. Money is integer fen.

import { compareYMD, toYMD, type YMD } from "./format";
import { assertFen, type Fen, isFen } from "./money";

export type AgeBand = "INF" | "CHD" | "ADT";

type DateInput = string | Date | YMD | null | undefined;

/**
 * Completed years on `on`. A birthday falling on `on` counts as completed; a 29 Feb birthday is
 * completed on 1 Mar in common years. Null for invalid dates or a birth after `on`.
 */
export function ageOn(birthDate: DateInput, on: DateInput): number | null {
  const birth = toYMD(birthDate);
  const day = toYMD(on);
  if (!birth || !day || compareYMD(birth, day) > 0) return null;
  const beforeBirthday = day.month < birth.month || (day.month === birth.month && day.day < birth.day);
  return day.year - birth.year - (beforeBirthday ? 1 : 0);
}

/** Airline age band on the travel date: under 2 INF, 2 to under 12 CHD, 12 and over ADT. */
export function passengerAgeBand(birthDate: DateInput, travelDate: DateInput): AgeBand | null {
  const age = ageOn(birthDate, travelDate);
  if (age === null) return null;
  if (age < 2) return "INF";
  if (age < 12) return "CHD";
  return "ADT";
}

/**
 * Child fare: half the cabin price, rounded to tens of yuan, half up (1230 yuan -> 615 -> 620;
 * 1210 -> 605 -> 610), as airline fares are filed. Prices are integer fen. A price that is not a
 * non-negative integer throws: a wrong fare must never be sold silently as 0.
 */
export function childFare(cabinPrice: Fen): Fen {
  assertFen(cabinPrice, "childFare: cabin price");
  // Half of the price in units of 10 yuan (1000 fen) = price / 2000; floor(x + 1/2) rounds half up.
  return Math.floor((cabinPrice + 1000) / 2000) * 1000;
}

/** A fare is over the travel standard only beyond limitPrice plus this allowance (200 yuan). */
export const OVER_STANDARD_ALLOWANCE: Fen = 20_000;

/** True when price exceeds limitPrice plus the allowance (fen); no limit is never over. */
export function isOverStandard(price: Fen, limitPrice: Fen | null | undefined): boolean {
  if (!isFen(limitPrice)) return false;
  return price > limitPrice + OVER_STANDARD_ALLOWANCE;
}
