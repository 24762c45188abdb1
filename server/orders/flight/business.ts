// Business (因公) flight bookings against the travel standard (../business.ts): the fare's verdict
// reads the standard's cabins and fare limits, the lowest fare of the window around the chosen
// departure coming from the same search the booker saw; 超标自付 applies to a fare over the
// standard's price limit.
import { say } from "../../services/i18n/catalogue";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { flightVerdict, fullEconomyFen, lowestInWindowFen, type TravelType } from "../../../src/domain/policy";
import type { FlightItem, FlightSeat } from "../../../src/domain/travel/types";
import { chinaInstant } from "../../../src/domain/travel/dates";
import type { FlightSupplier, SupplierContext } from "../../suppliers/types";
import { businessPolicyOf, decideBusiness as decide, reasonRequired, tripPolicyOf, type BusinessFacts, type BusinessPolicy } from "../business";

export { APPLICATION_REQUIRED, BUSINESS_MEMBERS_ONLY, canBookOnBusiness, PRIVATE_FACTS, type BusinessFacts, type BusinessPolicy } from "../business";

const CHOSEN = say("flight.chosenFlight");
export const REASON_REQUIRED = reasonRequired(CHOSEN);

/** The standard's view of one fare for the traveller (the same for the page's check and the booking). */
export async function businessPolicy(
  db: Kysely<Database>,
  member: Member,
  flight: FlightItem,
  seat: FlightSeat,
  supplier: FlightSupplier,
  c: SupplierContext,
): Promise<BusinessPolicy> {
  const trip = await tripPolicyOf(db, member);
  const std = trip.standard?.flight ?? null;
  let lowest: number | null = null;
  if (std?.lowestFareHours) {
    // The window's lowest fare from the same search the booker saw; a search that fails only
    // leaves this one limit out.
    try {
      const list = await supplier.search({ depCity: flight.depCity, arrCity: flight.arrCity, depDate: flight.depDate, orderBy: "price", orderType: "asc" }, c);
      // Domestic flights: their times are China times.
      const window = list.list.map((f) => ({ depUtc: chinaInstant(f.depDate, f.depTime), seats: f.seats }));
      lowest = lowestInWindowFen(window, flight.depUtc, std.lowestFareHours, std.cabins);
    } catch {
      lowest = null;
    }
  }
  const verdict = flightVerdict(std, trip.overAction, {
    cabin: seat.cabinClass,
    priceFen: seat.salePrice,
    fullFareFen: fullEconomyFen(flight.seats ?? [seat]),
    lowestInWindowFen: lowest,
  });
  // The company's credit pays up to the standard's price limit; only a fare over that limit has
  // a part for the traveller to pay.
  const overOnPrice = verdict.over && verdict.limitFen !== null && verdict.reasons.some((r) => r.code !== "cabin");
  const refused = verdict.outcome === "forbidden";
  return businessPolicyOf(trip, verdict, trip.overSelfPay === 1 && overOnPrice && !refused ? verdict.limitFen : null);
}

/** A flight booking's business facts (see decideBusiness in ../business.ts). */
export function decideBusiness(
  db: Kysely<Database>,
  member: Member,
  input: { travelType?: TravelType; applyId?: number; overReason?: string },
  flight: FlightItem,
  seat: FlightSeat,
  supplier: FlightSupplier,
  c: SupplierContext,
): Promise<BusinessFacts> {
  return decide(db, member, input, { chosen: CHOSEN, date: flight.depDate, dateLabel: say("flight.flightDate") }, () => businessPolicy(db, member, flight, seat, supplier, c));
}
