// The settlement period rule. A company settles on one day of the month (1-31); in a month that
// has no such day (31 in a 30-day month, 29-31 in February) it settles on the month's last day.
// A period runs from the day after one settlement date through the next, both inclusive, in
// China dates ('YYYY-MM-DD').
import { addDays } from "../travel/dates";

export const SETTLEMENT_DAY_MIN = 1;
export const SETTLEMENT_DAY_MAX = 31;

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The settlement date of a month (month 1-12) for a settlement day, clamped to the month's end. */
export function settlementDateOf(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(Math.min(day, daysInMonth(year, month)))}`;
}

function ym(date: string): [number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
}

function shiftMonth(year: number, month: number, by: number): [number, number] {
  const index = year * 12 + (month - 1) + by;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/** The first settlement date on or after `date`. */
export function settlementDateOnOrAfter(day: number, date: string): string {
  const [y, m] = ym(date);
  const here = settlementDateOf(y, m, day);
  if (here >= date) return here;
  const [ny, nm] = shiftMonth(y, m, 1);
  return settlementDateOf(ny, nm, day);
}

/** The settlement date after `date` (strictly later). */
export function nextSettlementDate(day: number, date: string): string {
  return settlementDateOnOrAfter(day, addDays(date, 1));
}

/** The settlement date before `date` (strictly earlier). */
export function previousSettlementDate(day: number, date: string): string {
  const [y, m] = ym(date);
  const here = settlementDateOf(y, m, day);
  if (here < date) return here;
  const [py, pm] = shiftMonth(y, m, -1);
  return settlementDateOf(py, pm, day);
}

export interface SettlementPeriod {
  start: string;
  end: string;
}

/** The period that contains `date`: it ends on the first settlement date on or after it. */
export function settlementPeriodOf(day: number, date: string): SettlementPeriod {
  const end = settlementDateOnOrAfter(day, date);
  return { start: addDays(previousSettlementDate(day, end), 1), end };
}

/** The instant a period's last day ends in China (UTC ISO): payments before it belong to it. */
export function periodCutoffIso(end: string): string {
  return new Date(Date.parse(`${addDays(end, 1)}T00:00:00+08:00`)).toISOString();
}
