// The travel standard's verdict on one flight fare of a business booking: the lowest fare of the
// window around the chosen departure and the full economy fare the standard's limits read, and
// the verdict (verdict.ts) of the fare against them.
import type { OverAction } from "./codes";
import { checkFlight } from "./over-standard";
import type { FlightStandard } from "./standard";
import { verdictOf, type StandardVerdict } from "./verdict";

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

/** A flight fare's verdict: the standard's verdict, its limit the fare's price limit. */
export type FlightVerdict = StandardVerdict;

export function flightVerdict(
  std: FlightStandard | null,
  overAction: OverAction,
  offer: { cabin: string; priceFen: number; fullFareFen: number | null; lowestInWindowFen: number | null },
): FlightVerdict {
  return verdictOf(std ? checkFlight(std, { ...offer, cabin: offer.cabin as FlightStandard["cabins"][number] }) : null, overAction);
}
