// The over-standard decision, in integer fen. A flight fare is over the standard only beyond its
// limit plus an allowance of 200 yuan (a seat's limitPrice + 200); a hotel's nightly cap is a
// hard cap, and cabin or seat classes are allowed or not.
import { label } from "../codes";
import { CABIN_CLASSES, SEAT_CLASSES, type CabinClass, type CityTier, type OverAction, type SeatClass, CITY_TIERS } from "./codes";
import type { FlightStandard, HotelStandard, TrainStandard } from "./standard";
import { yuanText } from "../money";

/** 200 yuan above the flight limit is still within the standard. */
export const OVER_STANDARD_ALLOWANCE_FEN = 20_000;

/** True when the price exceeds the limit plus the allowance; no limit (null) is never over. */
export function isOverLimitFen(priceFen: number, limitFen: number | null | undefined): boolean {
  if (typeof limitFen !== "number" || !Number.isSafeInteger(limitFen)) return false;
  return priceFen > limitFen + OVER_STANDARD_ALLOWANCE_FEN;
}

export interface OverReason {
  code: "cabin" | "discount" | "price" | "lowestFare" | "hotelCap" | "seat";
  text: string;
}

export interface OverResult {
  over: boolean;
  reasons: OverReason[];
  /** The price limit the fare was held to (before the allowance); null when none applies. */
  limitFen: number | null;
}

export interface FlightOffer {
  cabin: CabinClass;
  priceFen: number;
  /** The full economy fare of the flight, which the discount is a percentage of. */
  fullFareFen?: number | null;
  /** The lowest fare within the standard's window around the chosen departure. */
  lowestInWindowFen?: number | null;
}

function must(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer of fen, got ${String(value)}`);
}

/**
 * The fare limit of a flight: the lowest of the maximum price, the maximum discount of the full
 * fare (rounded half up to the fen) and the lowest fare in the window, whichever the standard sets.
 */
export function flightLimitFen(std: FlightStandard, offer: Pick<FlightOffer, "fullFareFen" | "lowestInWindowFen">): { limitFen: number | null; by: OverReason["code"] | null } {
  const candidates: [number, OverReason["code"]][] = [];
  if (std.maxPriceFen !== null) candidates.push([std.maxPriceFen, "price"]);
  if (std.maxDiscount !== null && typeof offer.fullFareFen === "number") {
    must(offer.fullFareFen, "fullFareFen");
    candidates.push([Math.floor((offer.fullFareFen * std.maxDiscount + 50) / 100), "discount"]);
  }
  if (std.lowestFareHours !== null && typeof offer.lowestInWindowFen === "number") {
    must(offer.lowestInWindowFen, "lowestInWindowFen");
    candidates.push([offer.lowestInWindowFen, "lowestFare"]);
  }
  if (!candidates.length) return { limitFen: null, by: null };
  const [limitFen, by] = candidates.reduce((a, b) => (b[0] < a[0] ? b : a));
  return { limitFen, by };
}

const LIMIT_TEXT: Record<"price" | "discount" | "lowestFare", string> = {
  price: "最高票价",
  discount: "最高折扣",
  lowestFare: "前后时段最低价",
};

export function checkFlight(std: FlightStandard, offer: FlightOffer): OverResult {
  must(offer.priceFen, "priceFen");
  const reasons: OverReason[] = [];
  if (!std.cabins.includes(offer.cabin)) {
    reasons.push({ code: "cabin", text: `舱位超标：可乘坐${std.cabins.map((c) => label(CABIN_CLASSES, c)).join("、")}，所选为${label(CABIN_CLASSES, offer.cabin)}` });
  }
  const { limitFen, by } = flightLimitFen(std, offer);
  if (by && isOverLimitFen(offer.priceFen, limitFen)) {
    const key = by as keyof typeof LIMIT_TEXT;
    reasons.push({
      code: key,
      text: `票价超标：${LIMIT_TEXT[key]}为 ${yuanText(limitFen!)} 元（另可浮动 ${yuanText(OVER_STANDARD_ALLOWANCE_FEN)} 元），所选为 ${yuanText(offer.priceFen)} 元`,
    });
  }
  return { over: reasons.length > 0, reasons, limitFen };
}

export interface HotelOffer {
  tier: CityTier;
  /** Price of one night in fen (the highest night when prices differ). */
  nightlyFen: number;
}

export function checkHotel(std: HotelStandard, offer: HotelOffer): OverResult {
  must(offer.nightlyFen, "nightlyFen");
  const cap = std.capsFen[offer.tier];
  if (cap === null || offer.nightlyFen <= cap) return { over: false, reasons: [], limitFen: cap };
  return {
    over: true,
    reasons: [{ code: "hotelCap", text: `房价超标：${label(CITY_TIERS, offer.tier)}每晚限额 ${yuanText(cap)} 元，所选为 ${yuanText(offer.nightlyFen)} 元` }],
    limitFen: cap,
  };
}

export function checkTrain(std: TrainStandard, seat: SeatClass): OverResult {
  if (std.seats.includes(seat)) return { over: false, reasons: [], limitFen: null };
  return {
    over: true,
    reasons: [{ code: "seat", text: `席别超标：可乘坐${std.seats.map((s) => label(SEAT_CLASSES, s)).join("、")}，所选为${label(SEAT_CLASSES, seat)}` }],
    limitFen: null,
  };
}

/** What the booking page does with a result: book, refuse, ask for a reason, or send for approval. */
export type OverOutcome = "within" | "forbidden" | "reasonRequired" | "approvalRequired";

export function overOutcome(result: Pick<OverResult, "over">, action: OverAction): OverOutcome {
  if (!result.over) return "within";
  return action === "forbid" ? "forbidden" : action === "reason" ? "reasonRequired" : "approvalRequired";
}
