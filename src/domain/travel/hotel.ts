import { type Fen } from "../money";
// Hotel rules: star grades, breakfast and cancellation policies, and what a stay costs.

export const HOTEL_STARS = [2, 3, 4, 5] as const;
export type HotelStar = (typeof HOTEL_STARS)[number];
export const HOTEL_STAR_LABELS: Record<HotelStar, string> = { 2: "经济型", 3: "舒适型", 4: "高档型", 5: "豪华型" };

export const BREAKFAST_LABELS: Record<0 | 1 | 2, string> = { 0: "无早", 1: "单早", 2: "双早" };

export type CancelPolicy = "free" | "limited" | "none";
export const CANCEL_POLICY_LABELS: Record<CancelPolicy, string> = { free: "免费取消", limited: "限时取消", none: "不可取消" };

/** Hour of the check-in day (China time) until which a "free" booking cancels without charge. */
export const FREE_CANCEL_HOUR = 18;

/**
 * What cancelling costs, given the hours left until check-in day's FREE_CANCEL_HOUR:
 * free → nothing while hours ≥ 0, then the first night; limited → nothing while at least
 * `limitHours` remain, then the first night; none → the whole stay.
 */
export function cancelPenalty(policy: CancelPolicy, nightly: readonly Fen[], hoursLeft: number, limitHours = 24): Fen {
  const first = nightly[0] ?? 0;
  if (policy === "none") return nightly.reduce((a, b) => a + b, 0);
  if (policy === "free") return hoursLeft >= 0 ? 0 : first;
  return hoursLeft >= limitHours ? 0 : first;
}

/**
 * The instant (epoch ms) until which cancelling a booking costs nothing: check-in day's
 * FREE_CANCEL_HOUR in China time for "free", `limitHours` before that for "limited", and never
 * for "none" (null).
 */
export function freeCancelUntil(policy: CancelPolicy, checkIn: string, limitHours = 24): number | null {
  if (policy === "none") return null;
  // China time is UTC+8 all year: the check-in day's FREE_CANCEL_HOUR is (FREE_CANCEL_HOUR − 8) h UTC.
  const deadline = Date.parse(`${checkIn}T00:00:00Z`) - 8 * 3_600_000 + FREE_CANCEL_HOUR * 3_600_000;
  return policy === "limited" ? deadline - limitHours * 3_600_000 : deadline;
}

/**
 * The fee for cancelling a paid booking at instant `at`: the rate's penalty (cancelPenalty, counted
 * from check-in day's FREE_CANCEL_HOUR) for each room, never more than what was paid. The supplier
 * charges it when the cancel is made and the order's cancel quote shows it beforehand, so the two
 * cannot disagree.
 */
export function hotelCancelFee(
  stay: { policy: CancelPolicy; nightly: readonly Fen[]; roomCount: number; checkIn: string; paidFen?: Fen },
  at: number,
): Fen {
  const deadline = Date.parse(`${stay.checkIn}T00:00:00Z`) - 8 * 3_600_000 + FREE_CANCEL_HOUR * 3_600_000;
  const fee = cancelPenalty(stay.policy, stay.nightly, (deadline - at) / 3_600_000) * stay.roomCount;
  return stay.paidFen === undefined ? fee : Math.min(stay.paidFen, fee);
}

export function cancelPolicyText(policy: CancelPolicy, limitHours = 24): string {
  if (policy === "free") return `入住当天 ${FREE_CANCEL_HOUR}:00 前可免费取消，逾期收取首晚房费`;
  if (policy === "limited") return `入住当天 ${FREE_CANCEL_HOUR}:00 前 ${limitHours} 小时可免费取消，逾期收取首晚房费`;
  return "预订成功后不可取消或修改";
}

/** Longest stay one booking may cover. */
export const MAX_STAY_NIGHTS = 28;
/** Most rooms one booking may hold. */
export const MAX_ROOMS = 10;

/** The stay's service fee per room per night. */
export const HOTEL_SERVICE_FEE: Fen = 0;
