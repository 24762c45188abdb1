// 在线选座 as 12306 offers it: the seats a passenger may ask for by seat class, and whether an
// issued seat number gave what was asked. High-speed classes choose a letter of the row
// (二等座 A B C D F, 一等座 A C D F, 商务座 A C F: A and F by the window, C and D by the aisle,
// B in the middle); sleepers choose a berth (硬卧 上铺 中铺 下铺, 软卧 上铺 下铺); 硬座 and 无座
// offer no choice.
import { SEAT_CLASS_LABELS, type SeatClass } from "./train";

export const SEAT_CHOICES: Record<SeatClass, readonly string[]> = {
  "9": ["A", "C", "F"],
  M: ["A", "C", "D", "F"],
  O: ["A", "B", "C", "D", "F"],
  "4": ["上铺", "下铺"],
  "3": ["上铺", "中铺", "下铺"],
  "1": [],
  WZ: [],
};

/** The longest choice (a berth name). */
export const SEAT_CHOICE_MAX = 2;

export const seatChoicesOf = (seatClass: string): readonly string[] => SEAT_CHOICES[seatClass as SeatClass] ?? [];

/** Null when `choice` may be asked on this class, else the refusal naming what may be. */
export function seatChoiceProblem(seatClass: string, choice: string): string | null {
  const choices = seatChoicesOf(seatClass);
  if (choices.includes(choice)) return null;
  const label = SEAT_CLASS_LABELS[seatClass as SeatClass] ?? "该席别";
  if (!choices.length) return `${label}不支持选座`;
  const isBerth = choices[0]!.endsWith("铺");
  return isBerth ? `${label}只能选择${choices.join("、")}` : `${label}只能选择 ${choices.join("、")} 座`;
}

/**
 * Whether an issued seat number ("05车12F号", "03车07号下铺") is the seat asked for: the letter
 * before 号, or the berth at the end.
 */
export function seatChoiceHeld(seatNo: string, choice: string): boolean {
  return choice.endsWith("铺") ? seatNo.endsWith(choice) : seatNo.endsWith(`${choice}号`);
}
