// Fare rules: passenger age bands, child fare, over-standard check (spec §5, §9).

import { compareYMD, toYMD, type YMD } from "./format";

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
 * Child fare: half the cabin price, rounded to tens, half up (1230 -> 615 -> 620; 1210 -> 605 ->
 * 610), as airline fares are filed. Computed in integer cents so no float error decides a
 * rounding. A price that is not a non-negative finite number throws: a wrong fare must never be
 * sold silently as 0.
 */
export function childFare(cabinPrice: number): number {
  if (typeof cabinPrice !== "number" || !Number.isFinite(cabinPrice) || cabinPrice < 0) {
    throw new RangeError(`childFare: invalid cabin price ${String(cabinPrice)}`);
  }
  const cents = Math.round(Number((cabinPrice * 100).toPrecision(15)));
  // half price in units of 10 yuan = cents / 2000; floor(x + 1/2) rounds half up.
  return Math.floor((cents + 1000) / 2000) * 10;
}

/** Spec §9: a fare is over the travel standard only beyond limitPrice + 200. */
export const OVER_STANDARD_ALLOWANCE = 200;

/** True when price exceeds limitPrice plus the allowance; no limit (not a number) is never over. */
export function isOverStandard(price: number, limitPrice: number | null | undefined): boolean {
  if (typeof limitPrice !== "number" || !Number.isFinite(limitPrice)) return false;
  return price > limitPrice + OVER_STANDARD_ALLOWANCE;
}
