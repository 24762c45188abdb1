// The travel standard's verdict on one flight fare of a business booking, and what the booking
// does with it. Pure: the server decides with it inside the booking transaction, the order page
// shows the same verdict before the booker submits.
import type { OverAction } from "./codes";
import { checkFlight, overOutcome, type OverOutcome, type OverReason } from "./over-standard";
import type { FlightStandard } from "./standard";

export interface WindowFlight {
  /** Departure as an ISO instant. */
  depUtc: string;
  seats: readonly { cabinClass: string; salePrice: number; seatsLeft: number }[];
}

/**
 * The lowest adult fare of the cabins the standard allows among flights leaving within `hours`
 * either side of the chosen departure (seats still on sale); null when there is none to compare.
 */
export function lowestInWindowFen(flights: readonly WindowFlight[], depUtc: string, hours: number, cabins: readonly string[]): number | null {
  const at = Date.parse(depUtc);
  const span = hours * 3_600_000;
  let lowest: number | null = null;
  for (const f of flights) {
    if (Math.abs(Date.parse(f.depUtc) - at) > span) continue;
    for (const s of f.seats) {
      if (s.seatsLeft > 0 && cabins.includes(s.cabinClass) && (lowest === null || s.salePrice < lowest)) lowest = s.salePrice;
    }
  }
  return lowest;
}

/** The full economy fare the standard's discount is a percentage of: the flight's Y cabin, else none. */
export function fullEconomyFen(seats: readonly { cabinClass: string; parPrice: number }[]): number | null {
  return seats.find((s) => s.cabinClass === "Y")?.parPrice ?? null;
}

export interface FlightVerdict {
  /** A standard is set for the booker's trip level; without one nothing is over. */
  configured: boolean;
  over: boolean;
  reasons: OverReason[];
  overAction: OverAction;
  outcome: OverOutcome;
  /** One line for the order page and the order: 符合差旅标准, or 超标 with every reason. */
  text: string;
  /** The price limit the fare was held to (before the allowance); null when none applies. */
  limitFen: number | null;
}

export const WITHIN_TEXT = "符合差旅标准";
export const NO_STANDARD_TEXT = "未设置差旅标准";

export function flightVerdict(
  std: FlightStandard | null,
  overAction: OverAction,
  offer: { cabin: string; priceFen: number; fullFareFen: number | null; lowestInWindowFen: number | null },
): FlightVerdict {
  if (!std) return { configured: false, over: false, reasons: [], overAction, outcome: "within", text: NO_STANDARD_TEXT, limitFen: null };
  const r = checkFlight(std, { ...offer, cabin: offer.cabin as FlightStandard["cabins"][number] });
  return {
    configured: true,
    over: r.over,
    reasons: r.reasons,
    overAction,
    outcome: overOutcome(r, overAction),
    text: r.over ? `超标：${r.reasons.map((x) => x.text).join("；")}` : WITHIN_TEXT,
    limitFen: r.limitFen,
  };
}

/**
 * What a business booking does: refused (forbid), needs a reason, needs approval, or is booked.
 * A level whose every order is approved (everyOrderApproved) sends even a fare within the
 * standard for approval; an over fare whose action is "reason" needs the reason as well then.
 */
export function businessBookingSteps(v: Pick<FlightVerdict, "outcome">, everyOrderApproved: boolean): { refuse: boolean; needReason: boolean; needApproval: boolean } {
  return {
    refuse: v.outcome === "forbidden",
    needReason: v.outcome === "reasonRequired",
    needApproval: v.outcome === "approvalRequired" || (everyOrderApproved && v.outcome !== "forbidden"),
  };
}
