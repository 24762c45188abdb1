// Refund and change rules of a fare, by how deep its discount is and how long before departure
// the request comes. Fees are a percent of the ticket price, rounded to whole yuan; unused taxes
// are always refunded. The portal shows the same table the supplier charges by.
import { tr, trLabels } from "../tr";
import type { CabinClass } from "./air-fares";
import { GP_FEE_TABLE, GP_TIER_LABEL } from "./gp-fares";
import { type Fen, percentOf } from "../money";

/** The public fares' tiers by discount depth, and 政府采购 (GP) fares' own (see gp-fares.ts). */
export type PublicFareTier = "full" | "flex" | "discount" | "promo";
export type FareTier = PublicFareTier | "gp";
export const PUBLIC_FARE_TIERS: readonly PublicFareTier[] = ["full", "flex", "discount", "promo"];

// Read in the reader's language when looked up (trLabels).
export const FARE_TIER_LABELS: Readonly<Record<FareTier, string>> = trLabels({ full: "全价舱", flex: "灵活舱", discount: "折扣舱", promo: "特价舱", gp: GP_TIER_LABEL });

/** Hours before departure that start each fee window: ≥168 h, ≥48 h, ≥4 h, then under 4 h. */
export const FEE_WINDOW_HOURS = [168, 48, 4] as const;
const WINDOW_LABELS = ["起飞前7天(含)以上", "起飞前48小时(含)至7天", "起飞前4小时(含)至48小时", "起飞前4小时内及起飞后"];

const TABLE: Record<FareTier, { refund: readonly number[]; change: readonly number[] }> = {
  full: { refund: [5, 10, 20, 30], change: [0, 5, 10, 20] },
  flex: { refund: [10, 20, 30, 40], change: [5, 10, 20, 30] },
  discount: { refund: [20, 30, 50, 70], change: [10, 20, 30, 40] },
  promo: { refund: [40, 50, 70, 90], change: [20, 30, 50, 60] },
  gp: GP_FEE_TABLE,
};

/** The tier of a public booking class: premium cabins and full fares are full; then by discount depth. */
export function fareTier(cabin: CabinClass, percent: number): PublicFareTier {
  if (percent >= 100) return "full";
  if (cabin !== "Y" || percent >= 70) return "flex";
  if (percent >= 45) return "discount";
  return "promo";
}

export function feeWindow(hoursBeforeDeparture: number): number {
  const i = FEE_WINDOW_HOURS.findIndex((h) => hoursBeforeDeparture >= h);
  return i === -1 ? FEE_WINDOW_HOURS.length : i;
}

/** The refund fee's percent of the ticket price for a tier at this time before departure. */
export function refundPercent(tier: FareTier, hoursBeforeDeparture: number): number {
  return TABLE[tier].refund[feeWindow(hoursBeforeDeparture)];
}

/** The change fee's percent of the ticket price for a tier at this time before departure. */
export function changePercent(tier: FareTier, hoursBeforeDeparture: number): number {
  return TABLE[tier].change[feeWindow(hoursBeforeDeparture)];
}

export function refundFee(ticket: Fen, tier: FareTier, hoursBeforeDeparture: number): Fen {
  return percentOf(ticket, refundPercent(tier, hoursBeforeDeparture), 100);
}

export function changeFee(ticket: Fen, tier: FareTier, hoursBeforeDeparture: number): Fen {
  return percentOf(ticket, changePercent(tier, hoursBeforeDeparture), 100);
}

/**
 * The most a refund may keep of a ticket under its fare's rules: the tier's highest refund
 * percent (the last window's), whatever the time of the request. An operator reviewing a refund
 * may set its fee anywhere from nothing up to this, never above.
 */
export function maxRefundFee(ticket: Fen, tier: FareTier): Fen {
  return Math.min(ticket, percentOf(ticket, Math.max(...TABLE[tier].refund), 100));
}

/** What a refund gives back for one passenger: the ticket less its fee, plus the unused taxes. */
export function refundAmount(ticket: Fen, taxes: Fen, tier: FareTier, hoursBeforeDeparture: number): { fee: Fen; refund: Fen } {
  const fee = refundFee(ticket, tier, hoursBeforeDeparture);
  return { fee, refund: ticket - fee + taxes };
}

export interface RuleLine {
  window: string;
  refundPercent: number;
  changePercent: number;
}

/** The rule table of a tier: a fare's detail and verify answer it, the 退改签 popover shows it. */
export function ruleLines(tier: FareTier): RuleLine[] {
  return WINDOW_LABELS.map((label, i) => ({ window: tr(label), refundPercent: TABLE[tier].refund[i], changePercent: TABLE[tier].change[i] }));
}

/** Free checked baggage (kg) per cabin; international fares allow pieces of 23 kg instead. */
export const BAGGAGE_KG: Record<CabinClass, number> = { F: 40, C: 30, Y: 20 };
export const INTERNATIONAL_BAGGAGE_PIECES: Record<CabinClass, number> = { F: 3, C: 2, Y: 1 };

export function baggageText(cabin: CabinClass, international: boolean): string {
  return international ? tr("免费托运 {n} 件，每件 23 公斤", { n: INTERNATIONAL_BAGGAGE_PIECES[cabin] }) : tr("免费托运 {n} 公斤", { n: BAGGAGE_KG[cabin] });
}
