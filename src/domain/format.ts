// Date formats and the business constants. Money has its own module (money.ts).

// ---- constants ----

/**
 * The specification gives 40 s in one reading and 60 s in the other. 60 s: a booking or payment call on a
 * slow mobile network should not be abandoned (and then retried as a duplicate) too early.
 */
export const REQUEST_TIMEOUT_MS = 60_000;
/** How long an error message stays visible. */
export const ERROR_MESSAGE_SECONDS = 5;
/** SMS resend countdown: 60 s, and the label starts at 59 (the first tick after sending). */
export const SMS_COUNTDOWN_SECONDS = 60;
export const SMS_COUNTDOWN_FIRST_DISPLAY = SMS_COUNTDOWN_SECONDS - 1;
/** Alipay / WeChat QR payment status polling. */
export const PAY_POLL_INTERVAL_MS = 2_500;
/** Login dialog width in px. */
export const DIALOG_WIDTH = 640;
/** Server-side SMS rules: a code lives 5 minutes, one send per minute per phone. */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_MS = 60 * 1000;
/** Wrong guesses after which an SMS code is burnt (6 digits must not be brute-forced). */
export const SMS_MAX_WRONG_TRIES = 5;
/** Wrong passwords after which an account is locked for LOGIN_LOCK_MS. */
export const LOGIN_MAX_WRONG = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

// ---- times shown to people: always China time ----

/** China does not observe daylight saving: its time is always UTC+8, whatever the browser's zone. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/**
 * The one way the portal shows an instant: 'YYYY-MM-DD HH:mm' in China time (Asia/Shanghai),
 * so a person abroad or a browser set to UTC reads the same clock as the booking office.
 * Takes the server's ISO text (with its zone), epoch milliseconds or a Date. Missing or
 * unreadable values give '' (never 'Invalid Date'). One argument only, so it can be a table
 * column's render as it is.
 */
export function formatChinaTime(value: string | number | Date | null | undefined): string {
  if (value == null || value === "") return "";
  const ms = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return "";
  const text = new Date(ms + CHINA_OFFSET_MS).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}

// ---- dates (date format YYYY-M-D) ----

export interface YMD {
  year: number;
  month: number; // 1-12
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for a real calendar date (no 30 Feb, no month 13). */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** 'YYYY-M-D' (leading zeros optional) to its parts; null when the text is not a real date. */
export function parseYMD(text: unknown): YMD | null {
  if (typeof text !== "string") return null;
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

/** The local calendar date of a Date (the portal's users and dates are in China time). */
export function ymdOf(date: Date): YMD {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** Parts from a 'YYYY-M-D' string, a Date or parts; null if invalid. */
export function toYMD(value: string | Date | YMD | null | undefined): YMD | null {
  if (value == null) return null;
  if (typeof value === "string") return parseYMD(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : ymdOf(value);
  return isRealDate(value.year, value.month, value.day) ? { ...value } : null;
}

/** 'YYYY-MM-DD' (zero-padded, which every YYYY-M-D reader accepts); '' for an invalid date. */
export function formatYMD(value: string | Date | YMD | null | undefined): string {
  const ymd = toYMD(value);
  if (!ymd) return "";
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(ymd.year, 4)}-${pad(ymd.month, 2)}-${pad(ymd.day, 2)}`;
}

/** Negative when a is before b, 0 on the same day, positive after. */
export function compareYMD(a: YMD, b: YMD): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}
