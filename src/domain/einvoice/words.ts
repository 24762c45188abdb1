// An amount in Chinese capital numerals (人民币大写) as a document prints it beside the figures:
// 壹仟贰佰叁拾肆圆伍角陆分, 壹佰圆整, 壹仟零伍圆整, 壹拾万零叁佰圆整, 伍角, 陆分, 负壹佰圆整 (red letter).
// Whole yuan end with 整; an amount ending in 角 needs none. A run of zeros inside the yuan is
// read as one 零, and so is a zero 角 before a 分; zeros at the end of a group of four are silent.
import type { Fen } from "../money";

const DIGITS = "零壹贰叁肆伍陆柒捌玖";
const PLACES = ["", "拾", "佰", "仟"];
const GROUPS = ["", "万", "亿", "万亿"];

/** One group of four digits (0..9999), zeros inside it read as one 零, none at its end. */
function group(n: number): string {
  let out = "";
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const d = Math.floor(n / 10 ** place) % 10;
    if (d === 0) {
      zero = out !== "";
      continue;
    }
    if (zero) out += "零";
    zero = false;
    out += DIGITS[d] + PLACES[place];
  }
  return out;
}

function yuanWords(yuan: number): string {
  if (yuan === 0) return "";
  const groups: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
  let out = "";
  let gap = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i];
    if (g === 0) {
      gap = out !== "";
      continue;
    }
    // A zero group between two others, or a group under 1000 after a higher one, is read 零.
    if (out !== "" && (gap || g < 1000)) out += "零";
    gap = false;
    out += group(g) + GROUPS[i];
  }
  return out;
}

/** Fen in capital words; below zero for a red-letter document, prefixed 负. */
export function amountInWords(fen: Fen): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`amountInWords: ${fen}`);
  if (fen < 0) return `负${amountInWords(-fen)}`;
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const fenDigit = fen % 10;
  if (fen === 0) return "零圆整";
  let out = yuanWords(yuan);
  if (out) out += "圆";
  if (jiao === 0 && fenDigit === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (out) out += "零";
  if (fenDigit > 0) out += `${DIGITS[fenDigit]}分`;
  return out;
}
