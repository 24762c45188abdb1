// Money in the travel rules is integer fen: 1 yuan = 100 fen. Fares are filed in whole yuan or
// tens of yuan; these helpers round in integers so no float ever decides a price.

/** An amount of money in fen (a non-negative or negative safe integer). */
export type Fen = number;

export const FEN_PER_YUAN = 100;

export function isFen(value: unknown): value is Fen {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/** Throws unless `value` is a non-negative integer amount: a wrong fare must never sell as 0. */
export function assertFen(value: unknown, what = "amount"): asserts value is Fen {
  if (!isFen(value) || value < 0) throw new RangeError(`${what}: not a non-negative fen amount: ${String(value)}`);
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

/** Decimal text of yuan ('25', '25.5', '25.50') to fen; null for anything else. */
export function yuanTextToFen(text: string | null | undefined): Fen | null {
  if (typeof text !== "string") return null;
  const m = /^\s*(\d{1,12})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

export function sumFen(...amounts: Fen[]): Fen {
  return amounts.reduce((a, b) => a + b, 0);
}

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Fen as yuan with thousand separators and exactly 2 decimals ('1,234.50'); integers only. */
export function formatFen(amount: Fen): string {
  const abs = Math.abs(amount);
  return `${amount < 0 ? "-" : ""}${groupThousands(Math.floor(abs / FEN_PER_YUAN))}.${String(abs % FEN_PER_YUAN).padStart(2, "0")}`;
}

/**
 * Fen as a price tag: whole yuan without decimals ('1,050'), otherwise the decimals it has
 * ('1,871.50'), as fares are filed in whole or half yuan and a list reads better without '.00'.
 */
export function priceText(amount: Fen): string {
  return amount % FEN_PER_YUAN === 0 ? `${amount < 0 ? "-" : ""}${groupThousands(Math.abs(amount) / FEN_PER_YUAN)}` : formatFen(amount);
}
