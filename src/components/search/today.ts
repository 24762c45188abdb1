// Today in China time, the day travel dates are counted from.
import { chinaDate } from "../../domain/travel/dates";

export function chinaToday(): string {
  return chinaDate(Date.now());
}
