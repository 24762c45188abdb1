// Money is integer fen (1 yuan = 100 fen) everywhere: in the database, in the rules and on the
// wire. Yuan appear only as text at the edges (a form's input, a payment gateway's field, what a
// person reads), and these are the only conversions between the two. They work on digits, never
// through a float, so no rounding error ever decides a fen.

/** An amount of money in fen: a safe integer, negative only where a rule says so. */
export type Fen = number;

export const FEN_PER_YUAN = 100;

/**
 * The largest amount any parse accepts unless told less: 13 digits of yuan and 2 of fen, well
 * inside what a double holds exactly, and far above any fare, balance or credit line.
 */
export const MAX_FEN: Fen = 999_999_999_999_999;

export function isFen(value: unknown): value is Fen {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/** Throws unless `value` is a non-negative integer amount: a wrong fare must never sell as 0. */
export function assertFen(value: unknown, what = "amount"): asserts value is Fen {
  if (!isFen(value) || value < 0) throw new RangeError(`${what}: not a non-negative fen amount: ${String(value)}`);
}

export interface ParseLimits {
  /** Smallest amount accepted, in fen (default 0; below 0 needs `negative`). */
  min?: Fen;
  /** Largest amount accepted, in fen (default MAX_FEN). */
  max?: Fen;
  /** Whether a leading '-' is read (a stored credit used below zero); default false. */
  negative?: boolean;
}

// A whole part without leading zeros (so '007' is not read as 7), at most 2 decimals, no sign
// but an optional '-', no exponent, no thousands separators.
const YUAN_TEXT = /^(-?)(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;

/**
 * Yuan as decimal text ('1280', '1280.5', '1280.50', '-3.20' with `negative`) to fen; null for
 * anything else or outside the limits. A number is read by its shortest decimal text, so 12.5
 * is 1250 fen while a float sum like 0.1 + 0.2 (0.30000000000000004) is refused, not rounded.
 */
export function parseYuan(value: unknown, limits: ParseLimits = {}): Fen | null {
  const text = typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : null;
  if (text === null) return null;
  const m = YUAN_TEXT.exec(text);
  if (!m) return null;
  if (m[1] && !limits.negative) return null;
  const abs = Number(m[2]) * FEN_PER_YUAN + Number((m[3] ?? "").padEnd(2, "0"));
  const fen = m[1] ? -abs : abs;
  if (fen === 0 && m[1]) return 0; // '-0.00' is zero, never -0
  if (fen < (limits.min ?? (limits.negative ? -MAX_FEN : 0)) || fen > (limits.max ?? MAX_FEN)) return null;
  return fen;
}

function sign(fen: Fen): string {
  return fen < 0 ? "-" : "";
}

function assertWhole(fen: Fen): void {
  // A fractional or unsafe fen is a bug upstream: showing it rounded would hide it.
  if (!isFen(fen)) throw new RangeError(`not an integer amount of fen: ${String(fen)}`);
}

/** 128050 → '1280.50', -5 → '-0.05': plain yuan text with 2 decimals, for gateways and files. */
export function fenToYuan(fen: Fen): string {
  assertWhole(fen);
  const abs = Math.abs(fen);
  return `${sign(fen)}${Math.floor(abs / FEN_PER_YUAN)}.${String(abs % FEN_PER_YUAN).padStart(2, "0")}`;
}

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** 123456789 → '1,234,567.89': thousands separators and exactly 2 decimals, the way amounts are shown. */
export function formatFen(fen: Fen): string {
  assertWhole(fen);
  const abs = Math.abs(fen);
  return `${sign(fen)}${groupThousands(Math.floor(abs / FEN_PER_YUAN))}.${String(abs % FEN_PER_YUAN).padStart(2, "0")}`;
}

/**
 * An amount as people read it, with its currency sign: 39600 → '¥396.00', -39600 → '-¥396.00'.
 * The minus goes before the sign, as a red-letter document or a refund prints it; '¥-396.00'
 * reads as a typo. Every screen and file that shows yuan with the sign goes through this.
 */
export function moneyText(fen: Fen): string {
  assertWhole(fen);
  return `${sign(fen)}¥${formatFen(Math.abs(fen))}`;
}

/**
 * Fen as a price tag: whole yuan without decimals ('1,050'), otherwise the decimals it has
 * ('1,871.50'), as fares are filed in whole or half yuan and a list reads better without '.00'.
 */
export function priceText(fen: Fen): string {
  assertWhole(fen);
  return fen % FEN_PER_YUAN === 0 ? `${sign(fen)}${groupThousands(Math.abs(fen) / FEN_PER_YUAN)}` : formatFen(fen);
}

/** Yuan without trailing zeros, for sentences and form values: 150000 → '1500', 128050 → '1280.5'. */
export function yuanText(fen: Fen): string {
  return fenToYuan(fen).replace(/\.?0+$/, "");
}

/** Rounds to a multiple of `unit` fen, halves up (unit 1000 = tens of yuan, 100 = whole yuan). */
export function roundHalfUp(amount: Fen, unit: Fen): Fen {
  return Math.floor((amount + unit / 2) / unit) * unit;
}

/** `amount` × `percent` / 100, rounded half up to `unit` fen. Integer arithmetic throughout. */
export function percentOf(amount: Fen, percent: number, unit: Fen = 1): Fen {
  // percent may carry one decimal (e.g. 4.5 %): scale by 10 to stay in integers.
  const tenths = Math.round(percent * 10);
  return roundHalfUp(Math.floor((amount * tenths + 500) / 1000), unit);
}

export function sumFen(...amounts: Fen[]): Fen {
  return amounts.reduce((a, b) => a + b, 0);
}

// ---- the unit a schema field documents (zod .meta(), read into the server's OpenAPI) ----

/** A field of integer fen. Fields named …Fen say so by their name and need no mark. */
export const IN_FEN = { "x-unit": "fen", description: "金额，单位：分（整数，1 元 = 100 分）" } as const;
/** A field of yuan as decimal text ('1280.50'): form inputs, and names an outside API fixes. */
export const IN_YUAN = { "x-unit": "yuan", description: "金额，单位：元（十进制文本，最多两位小数）" } as const;
