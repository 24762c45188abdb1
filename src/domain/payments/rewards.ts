// Rewards (推荐收益 and 分润收益): what a referrer earns when an order of a member it recommended
// is completed, and what a later refund of that order takes back. One place for the rates, who
// earns and the rounding, shared by the server (which credits the rewards account in the order's
// own move) and the portal (which shows the rates and the kinds). Money is integer fen.
import { codeTable, type CodeTable } from "../codes";
import { memberTypeKey, type MemberTypeFacts, type MemberTypeKey } from "../member";

export const REWARD_KINDS = ["recommend", "share"] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const REWARD_KIND_LABELS: CodeTable<RewardKind> = codeTable("rewardKind", REWARD_KINDS);

/** earn: credited on completion; reverse: taken back after a refund; transfer: moved to the wallet. */
export const REWARD_EVENTS = ["earn", "reverse", "transfer"] as const;
export type RewardEvent = (typeof REWARD_EVENTS)[number];
export const REWARD_EVENT_LABELS: CodeTable<RewardEvent> = codeTable("rewardEvent", REWARD_EVENTS);

/**
 * Rates in basis points (1/10 000), so the arithmetic stays in integers:
 * - recommendation income: 1 % of the order's ticket amount (机票票面 / 车票 / 房费, without
 *   taxes, insurance or service fee);
 * - share income: 30 % of the order's service fee.
 * Both are rounded down to the fen: a reward never pays a fraction the order did not earn.
 */
export const RECOMMEND_RATE_BP = 100;
export const SHARE_RATE_BP = 3000;
const BP = 10_000;

/** Member types that may earn rewards at all: 10–50 and company employees (7_0); not a company itself (70). */
export const EARNING_TYPES: readonly MemberTypeKey[] = ["10", "20", "30", "40", "50", "7_0"];
/** Agents of the network (distribution service provider 40, city operator 50) also earn share income. */
export const SHARE_TYPES: readonly MemberTypeKey[] = ["40", "50"];

/** `amountFen` × `bp` / 10 000, rounded down to the fen (amounts are never negative here). */
export function rateOf(amountFen: number, bp: number): number {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return 0;
  return Math.floor((amountFen * bp) / BP);
}

export interface RewardLine {
  kind: RewardKind;
  /** The amount the rate applies to. */
  baseFen: number;
  amountFen: number;
}

/**
 * What the referrer of an order's member earns when the order is completed: nothing when the
 * referrer's type may not earn; recommendation income always, share income for an agent. A line
 * that rounds to 0 fen is left out.
 */
export function rewardLinesFor(referrer: MemberTypeFacts, order: { ticketFen: number; serviceFeeFen: number }): RewardLine[] {
  const key = memberTypeKey(referrer);
  if (!EARNING_TYPES.includes(key)) return [];
  const lines: RewardLine[] = [{ kind: "recommend", baseFen: order.ticketFen, amountFen: rateOf(order.ticketFen, RECOMMEND_RATE_BP) }];
  if (SHARE_TYPES.includes(key)) lines.push({ kind: "share", baseFen: order.serviceFeeFen, amountFen: rateOf(order.serviceFeeFen, SHARE_RATE_BP) });
  return lines.filter((l) => l.amountFen > 0);
}

/**
 * The moves that complete an order (the reward is earned) and those that give its money back
 * after completion (the reward is reversed), per product, as (from → to) status codes of the
 * order state machines (src/domain/orders/*). Flight: 出票中 7 → 已出票 2; money refunded 6 from
 * ticket refunded 4 or voided 5, or from ticketed 2 / changed 3 when its passengers were refunded
 * one request at a time. Train: 出票中 1 → 已出票 2; refunded 4 from ticketed 2 or changed
 * 3. Hotel: 已入住 3 → 已完成 4 (a completed stay cannot be refunded).
 */
export const EARN_MOVES: Readonly<Record<string, readonly [number, number][]>> = {
  air: [[7, 2]],
  train: [[1, 2]],
  hotel: [[3, 4]],
};
const REVERSE_MOVES: Readonly<Record<string, readonly [number, number][]>> = {
  air: [[4, 6], [5, 6], [2, 6], [3, 6]],
  train: [[2, 4], [3, 4]],
  hotel: [],
};

/** The statuses some product's reward move lands on: only these make the server look further. */
export const REWARD_MOVE_TARGETS: readonly number[] = [...new Set(
  [...Object.values(EARN_MOVES), ...Object.values(REVERSE_MOVES)].flatMap((moves) => moves.map(([, to]) => to)),
)];

export function rewardEventOfMove(product: string, from: number, to: number): "earn" | "reverse" | null {
  const has = (table: Readonly<Record<string, readonly [number, number][]>>) => (table[product] ?? []).some(([f, t]) => f === from && t === to);
  if (has(EARN_MOVES)) return "earn";
  if (has(REVERSE_MOVES)) return "reverse";
  return null;
}

/**
 * What a refund takes back of one earned reward: all of it, but never more than was earned, nor
 * more than is left in that kind's rewards balance (the balance never goes negative; what the
 * referrer already moved to its wallet stays there).
 */
export function reversalFen(earnedFen: number, balanceFen: number): number {
  return Math.max(0, Math.min(earnedFen, balanceFen));
}

/**
 * How a transfer of `amountFen` is taken from the kinds' balances: recommendation income first,
 * then share income. Null when the balances together do not cover it.
 */
export function splitTransfer(amountFen: number, balances: Readonly<Record<RewardKind, number>>): { kind: RewardKind; amountFen: number }[] | null {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return null;
  if (balances.recommend + balances.share < amountFen) return null;
  const fromRecommend = Math.min(amountFen, balances.recommend);
  const parts: { kind: RewardKind; amountFen: number }[] = [];
  if (fromRecommend > 0) parts.push({ kind: "recommend", amountFen: fromRecommend });
  if (amountFen - fromRecommend > 0) parts.push({ kind: "share", amountFen: amountFen - fromRecommend });
  return parts;
}

export const REWARDS_PATHS = {
  summary: "/rewards/summary",
  detail: "/rewards/detail",
  transfer: "/rewards/transferOut",
} as const;

export interface RewardsSummary {
  /** What may be moved to the wallet now (fen). */
  balance: number;
  balances: Record<RewardKind, number>;
  /** Earned this China calendar month, less what refunds took back this month. */
  monthEarned: number;
  /** Earned since the start, less what refunds took back. */
  totalEarned: number;
  /** Moved to the wallet since the start. */
  transferred: number;
}

export interface RewardRow {
  id: number;
  kind: RewardKind;
  event: RewardEvent;
  /** Signed: positive credits the rewards balance, negative takes from it. */
  amount: number;
  balanceAfter: number;
  orderNo: string | null;
  product: string | null;
  /** The recommended member whose order it was (name or masked mobile). */
  sourceName: string | null;
  base: number | null;
  outTradeNo: string | null;
  note: string;
  createTime: string;
}

export interface RewardsTransferResult {
  outTradeNo: string;
  amount: number;
  balance: number;
  walletBalance: number;
}
