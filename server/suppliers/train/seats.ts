// Seat numbers the railway prints on issued tickets, by seat class: a coach, then a row and letter
// on high-speed trains (二等座 A B C D F, 一等座 A C D F, 商务座 A C F), a berth on sleepers and
// a number on hard seats; a standing ticket has its coach only.
//
// The embedded railway's rule for 在线选座 (deterministic but for where the order sits): one
// order's passengers sit together in as few rows as they need (a row holds one seat of each
// letter; on a sleeper a numbered bay holds one berth of each kind), from a coach and row drawn at
// random. In passenger order, each passenger who chose a seat gets the first free seat of that
// letter or berth in those rows; when the passengers before them took every such seat there, the
// choice cannot be held and the passenger is given a free seat of the rows like those who chose
// nothing. So two of five passengers in 二等座 both asking for F: the first sits in F, the second
// is seated elsewhere in the row (and told so).
import { say } from "../../services/i18n/catalogue";
import crypto from "node:crypto";
import { SEAT_CHOICES } from "../../../src/domain/travel/train-seats";
import type { SeatClass } from "../../../src/domain/travel/train";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** One seat number per passenger, in passenger order; `choices[i]` is passenger i's choice or null. */
export function seatNumbers(seatClass: SeatClass, choices: readonly (string | null | undefined)[]): string[] {
  const count = choices.length;
  const coach = say("train.coach", { randomInt: pad(crypto.randomInt(1, 17)) });
  const kinds = SEAT_CHOICES[seatClass] ?? [];
  if (kinds.length) {
    const berth = kinds[0]!.endsWith(say("train.berth"));
    const rows = Math.ceil(count / kinds.length);
    const firstRow = crypto.randomInt(1, (berth ? 20 : 15) - rows + 2);
    // Slots row by row, each row its kinds in order.
    const slots = Array.from({ length: rows * kinds.length }, (_, k) => ({ row: firstRow + Math.floor(k / kinds.length), kind: kinds[k % kinds.length]!, taken: false }));
    const given: (typeof slots)[number][] = [];
    choices.forEach((choice, i) => {
      const slot = choice ? slots.find((s) => !s.taken && s.kind === choice) : undefined;
      if (slot) {
        slot.taken = true;
        given[i] = slot;
      }
    });
    choices.forEach((_, i) => {
      if (given[i]) return;
      const slot = slots.find((s) => !s.taken)!;
      slot.taken = true;
      given[i] = slot;
    });
    return given.map((s) => (berth ? say("train.seat", { coach, row: pad(s.row), kind: s.kind }) : say("train.seat2", { coach, row: pad(s.row), kind: s.kind })));
  }
  if (seatClass === "1") {
    const start = crypto.randomInt(1, 100);
    return Array.from({ length: count }, (_, i) => say("train.seat3", { coach, start: pad(start + i, 3) }));
  }
  return Array.from({ length: count }, () => say("train.standing", { coach }));
}
