// The travel standard's verdict on one business booking, whatever the product, and what the
// booking does with it. Pure: the server decides with it inside the booking transaction, the
// order page shows the same verdict before the booker submits. Flights add their fare limits
// (flight-verdict.ts); a train seat is held to the standard's seat classes, a hotel room to the
// nightly cap of its city's tier.
import type { SeatClass as RailSeatClass } from "../travel/train";
import type { CityTier, OverAction, SeatClass } from "./codes";
import { checkHotel, checkTrain, overOutcome, type OverOutcome, type OverReason, type OverResult } from "./over-standard";
import { tierOfCity, type CityTiers, type HotelStandard, type TrainStandard } from "./standard";

export interface StandardVerdict {
  /** A standard is set for the booker's trip level; without one nothing is over. */
  configured: boolean;
  over: boolean;
  reasons: OverReason[];
  overAction: OverAction;
  outcome: OverOutcome;
  /** One line for the order page and the order: 符合差旅标准, or 超标 with every reason. */
  text: string;
  /** The price limit the offer was held to; null when none applies. */
  limitFen: number | null;
}

export const WITHIN_TEXT = "符合差旅标准";
export const NO_STANDARD_TEXT = "未设置差旅标准";

/** The verdict of a check's result (null: no standard is set, so nothing is over). */
export function verdictOf(result: OverResult | null, overAction: OverAction): StandardVerdict {
  if (!result) return { configured: false, over: false, reasons: [], overAction, outcome: "within", text: NO_STANDARD_TEXT, limitFen: null };
  return {
    configured: true,
    over: result.over,
    reasons: result.reasons,
    overAction,
    outcome: overOutcome(result, overAction),
    text: result.over ? `超标：${result.reasons.map((x) => x.text).join("；")}` : WITHIN_TEXT,
    limitFen: result.limitFen,
  };
}

/**
 * What a business booking does: refused (forbid), needs a reason, needs approval, or is booked.
 * A level whose every order is approved (everyOrderApproved) sends even a booking within the
 * standard for approval; an over booking whose action is "reason" needs the reason as well then.
 */
export function businessBookingSteps(v: Pick<StandardVerdict, "outcome">, everyOrderApproved: boolean): { refuse: boolean; needReason: boolean; needApproval: boolean } {
  return {
    refuse: v.outcome === "forbidden",
    needReason: v.outcome === "reasonRequired",
    needApproval: v.outcome === "approvalRequired" || (everyOrderApproved && v.outcome !== "forbidden"),
  };
}

// ---- trains ----

/** The standard's seat class of each of the railway's seat codes. */
export const POLICY_SEAT_OF_RAIL: Readonly<Record<RailSeatClass, SeatClass>> = {
  "9": "business",
  M: "first",
  O: "second",
  "4": "softSleeper",
  "3": "hardSleeper",
  "1": "hardSeat",
  WZ: "noSeat",
};

export function trainVerdict(std: TrainStandard | null, overAction: OverAction, railSeat: RailSeatClass): StandardVerdict {
  return verdictOf(std ? checkTrain(std, POLICY_SEAT_OF_RAIL[railSeat]) : null, overAction);
}

// ---- hotels ----

/** The price a hotel stay is held to: its dearest night (a stay is over when any night is). */
export function highestNightFen(nightly: readonly { price: number }[]): number {
  if (!nightly.length) throw new RangeError("a stay has at least one night");
  return nightly.reduce((max, n) => (n.price > max ? n.price : max), nightly[0].price);
}

export interface HotelVerdict extends StandardVerdict {
  /** The tier of the hotel's city in the company's lists. */
  tier: CityTier;
}

/** A room for a stay in a city: the city's tier in the company's lists sets the nightly cap. */
export function hotelVerdict(
  std: HotelStandard | null,
  overAction: OverAction,
  tiers: CityTiers,
  stay: { city: { code?: string | null; name?: string | null }; nightly: readonly { price: number }[] },
): HotelVerdict {
  const tier = tierOfCity(tiers, stay.city);
  const result = std ? checkHotel(std, { tier, nightlyFen: highestNightFen(stay.nightly) }) : null;
  return { ...verdictOf(result, overAction), tier };
}
