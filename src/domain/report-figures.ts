// The figures reports and the workbench print: averages and shares rounded half up in integers
// (fen, permille, tenths of a day), and their texts (7.25折 / 27.5% off, 12.5%, 3.5).

/** a / b rounded half up, for a ≥ 0 and b > 0 (null when b is 0: no average of nothing). */
export function roundDiv(a: number, b: number): number | null {
  if (b <= 0) return null;
  return Math.floor((2 * a + b) / (2 * b));
}

/** part of whole in permille (‰), half up; null when the whole is 0. */
export function permille(part: number, whole: number): number | null {
  return roundDiv(part * 1000, whole);
}

/**
 * 725‰ of the full fare → "7.25折"; 1000‰ or more → "全价"; one decimal dropped when zero. In
 * English, where 折 means nothing, the same fare reads as what was taken off: "27.5% off".
 */
export function discountText(perMille: number | null, lang: "zh" | "en" = "zh"): string {
  if (perMille === null) return "—";
  if (perMille >= 1000) return lang === "en" ? "Full fare" : "全价";
  if (lang === "en") {
    const off = 1000 - perMille;
    return `${Math.floor(off / 10)}${off % 10 ? `.${off % 10}` : ""}% off`;
  }
  const whole = Math.floor(perMille / 100);
  const frac = String(perMille % 100).padStart(2, "0").replace(/0+$/, "");
  return `${whole}${frac ? `.${frac}` : ""}折`;
}

/** 125‰ → "12.5%". */
export function permilleText(perMille: number | null): string {
  if (perMille === null) return "—";
  const frac = perMille % 10;
  return `${Math.floor(perMille / 10)}${frac ? `.${frac}` : ""}%`;
}

/** Tenths of a day → "3.5 天" style number text ("3.5", "4"). */
export function tenthsText(tenths: number | null): string {
  if (tenths === null) return "—";
  const frac = tenths % 10;
  return `${Math.floor(tenths / 10)}${frac ? `.${frac}` : ""}`;
}
