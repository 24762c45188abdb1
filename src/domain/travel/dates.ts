// Travel dates: 'YYYY-MM-DD' text in China time. Searches reach from today to the end of the
// sales window (today + 60 days, the span the inventory is built for).
import { CHINA_OFFSET_MS, formatYMD, parseYMD } from "../format";

export const SALES_WINDOW_DAYS = 60;
const DAY_MS = 86_400_000;
export { CHINA_OFFSET_MS };

/** The calendar date in China at instant `ms`. */
export function chinaDate(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}


/** The instant (ISO, UTC) of a China date and 'HH:mm' time. */
export function chinaInstant(date: string, time: string): string {
  return new Date(Date.parse(`${date}T${time}:00Z`) - CHINA_OFFSET_MS).toISOString();
}

/** Minutes since China midnight at instant `ms`. */
export function chinaMinutes(ms: number): number {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}

// A search prices every room night and seat with these, so the same few hundred dates are read
// thousands of times a second: each text's day number and each day's text are kept once parsed
// (cleared when the table fills).
const DATE_MEMO_MAX = 4096;
const dayNumbers = new Map<string, number>();
const dayTexts = new Map<number, string>();

/** Days since 1970-01-01 (NaN for text that is not a date). */
function dayNumber(date: string): number {
  let n = dayNumbers.get(date);
  if (n === undefined) {
    n = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
    if (dayNumbers.size >= DATE_MEMO_MAX) dayNumbers.clear();
    dayNumbers.set(date, n);
  }
  return n;
}

function dayText(n: number): string {
  let text = dayTexts.get(n);
  if (text === undefined) {
    text = new Date(n * DAY_MS).toISOString().slice(0, 10);
    if (dayTexts.size >= DATE_MEMO_MAX) dayTexts.clear();
    dayTexts.set(n, text);
  }
  return text;
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

export function addDays(date: string, days: number): string {
  return dayText(dayNumber(date) + days);
}

/** 0 Sunday … 6 Saturday (day 0, 1970-01-01, was a Thursday). */
export function weekday(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** 'YYYY-M-D' or 'YYYY-MM-DD' to zero-padded 'YYYY-MM-DD'; null when not a real date. */
export function normaliseDate(text: unknown): string | null {
  const ymd = parseYMD(text);
  return ymd ? formatYMD(ymd) : null;
}

/** 'HH:mm' for minutes since midnight (values past 24 h wrap). */
export function hhmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** Minutes since midnight of 'HH:mm'; null for anything else. */
export function minutesOf(text: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * Why a travel date cannot be searched, or null when it can: not before today, not past the
 * sales window. The message names the window so the person knows what to pick instead.
 */
export function travelDateProblem(date: string, today: string, label = "出发日期"): string | null {
  const d = daysBetween(today, date);
  if (d < 0) return `${label}不能早于今天`;
  if (d > SALES_WINDOW_DAYS) return `${label}只能选择今天起 ${SALES_WINDOW_DAYS} 天内`;
  return null;
}
