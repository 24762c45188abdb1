// Amounts of travel policy are integer fen. Forms show yuan; these convert exactly, by text, so
// no float ever decides a fen.

/** Upper bound of any policy amount: 10 million yuan. */
export const MAX_FEN = 1_000_000_000;

/** '1280', '1280.5', '1280.50' → 128050; null for anything else (negative, 3 decimals, text). */
export function yuanToFen(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const s = typeof text === "number" ? (Number.isFinite(text) ? String(text) : "") : text.trim();
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** 128050 → '1280.50'. */
export function fenToYuan(fen: number): string {
  const abs = Math.abs(fen);
  return `${fen < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 128050 → '1,280.50', the way amounts are shown. */
export function formatFen(fen: number): string {
  const [whole, frac] = fenToYuan(fen).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
}

/** Yuan without trailing zeros for texts: 150000 → '1500', 128050 → '1280.5'. */
export function yuanText(fen: number): string {
  return fenToYuan(fen).replace(/\.?0+$/, "");
}
