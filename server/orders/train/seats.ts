// Seat numbers the railway prints on issued tickets, by seat class: a coach, then a row and letter
// on high-speed trains (二等座 A B C D F, 一等座 A C D F, 商务座 A C F), a berth on sleepers and
// a number on hard seats; a standing ticket has its coach only. One order's passengers sit
// together, side by side from a random start.
import crypto from "node:crypto";
import type { SeatClass } from "../../../src/domain/travel/train";

const LETTERS: Partial<Record<SeatClass, string>> = { "9": "ACF", M: "ACDF", O: "ABCDF" };
const BERTHS: Partial<Record<SeatClass, string[]>> = { "4": ["上铺", "下铺"], "3": ["上铺", "中铺", "下铺"] };
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function seatNumbers(seatClass: SeatClass, count: number): string[] {
  const coach = `${pad(crypto.randomInt(1, 17))}车`;
  const letters = LETTERS[seatClass];
  if (letters) {
    const start = crypto.randomInt(0, 15 * letters.length);
    return Array.from({ length: count }, (_, i) => {
      const k = start + i;
      return `${coach}${pad(Math.floor(k / letters.length) + 1)}${letters[k % letters.length]}号`;
    });
  }
  const berths = BERTHS[seatClass];
  if (berths) {
    const start = crypto.randomInt(0, 20 * berths.length);
    return Array.from({ length: count }, (_, i) => {
      const k = start + i;
      return `${coach}${pad(Math.floor(k / berths.length) + 1)}号${berths[k % berths.length]}`;
    });
  }
  if (seatClass === "1") {
    const start = crypto.randomInt(1, 100);
    return Array.from({ length: count }, (_, i) => `${coach}${pad(start + i, 3)}号`);
  }
  return Array.from({ length: count }, () => `${coach}无座`);
}
