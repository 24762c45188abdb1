// Revenue management of the embedded airline: which booking classes are open on a flight today
// and how many seats each offers. Deeper discounts far out and on quiet days, higher classes
// close to departure, at busy hours, on weekends and holidays, and as the cabin fills.
// A pure function of (seed, flight, today) and the stored seat counts of the cabins and classes.
import {
  AIR_INSURANCE, CABIN_LABELS, childCabinPrice, discountLabel, domesticTaxes, fareBreakdown, infantFare,
  internationalTaxes, SERVICE_FEE, subclassesOf, subclassPrice, type CabinClass, type Taxes,
} from "../../../src/domain/travel/air-fares";
import { baggageText, FARE_TIER_LABELS, fareTier } from "../../../src/domain/travel/air-rules";
import { daysBetween, minutesOf } from "../../../src/domain/travel/dates";
import type { FlightSeat } from "../../../src/domain/travel/types";
import type { AirFlightsTable } from "../../db/schema";
import { demandLevel, soldElsewhere } from "../demand";
import type { Places } from "../places";
import { unit } from "../random";
import { type Fen } from "../../../src/domain/money";

export interface PricingInput {
  seed: string;
  today: string;
  places: Places;
  /** What the caller pays per ticket instead of the portal's fee (a company's agreed fee). */
  agreedServiceFee: Fen | null;
  /** The company's own fee per international ticket, where it agreed one apart from agreedServiceFee. */
  agreedIntlServiceFee?: Fen | null;
}

/** One cabin's stock on a flight, read from the flight's per-cabin columns. */
export interface CabinStock {
  cabinClass: CabinClass;
  parPrice: Fen;
  total: number;
  remaining: number;
}

/** The column holding a cabin's remaining seats (the only columns a hold may change). */
export const REMAINING_COLUMN = { F: "fRemaining", C: "cRemaining", Y: "yRemaining" } as const;

export function cabinsOf(f: AirFlightsTable): CabinStock[] {
  const all: CabinStock[] = [
    { cabinClass: "F", parPrice: f.fPar, total: f.fTotal, remaining: f.fRemaining },
    { cabinClass: "C", parPrice: f.cPar, total: f.cTotal, remaining: f.cRemaining },
    { cabinClass: "Y", parPrice: f.yPar, total: f.yTotal, remaining: f.yRemaining },
  ];
  return all.filter((c) => c.total > 0);
}

/** Seats of a cabin that can still be sold today: stored remaining less other channels' sales. */
export function availableSeats(seed: string, today: string, flight: Pick<AirFlightsTable, "flightKey" | "flightDate">, seat: CabinStock): number {
  const sold = soldElsewhere(seed, `${flight.flightKey}|${seat.cabinClass}`, flight.flightDate, today, seat.total, seat.cabinClass !== "Y");
  return Math.max(0, seat.remaining - sold);
}

/**
 * Seats a discount booking class (index > 0 into its cabin's classes) may sell on a flight: small
 * for the deepest discounts, more for each class up. Fixed per flight and class, so what a class
 * has sold counts against the same number every day.
 */
export function classAllotment(seed: string, flightKey: string, cabin: CabinClass, index: number): number {
  const classes = subclassesOf(cabin);
  return 2 + Math.floor(unit(seed, "bucket", flightKey, cabin, classes[index].code) * 8) + 4 * (classes.length - 1 - index);
}

/** Seats left in each discount class that has been held at least once, keyed `${cabin}|${code}`. */
export type ClassSeatsLeft = ReadonlyMap<string, number>;

export const classSeatKey = (cabin: string, code: string) => `${cabin}|${code}`;

/**
 * Seats a booking class can sell now. Classes nest inside their cabin: the full fare can sell
 * the whole cabin; a discount class at most what is left of its allotment, and never more than
 * the cabin has left.
 */
export function classSeatsLeft(seed: string, flightKey: string, cabin: CabinClass, index: number, cabinLeft: number, held: ClassSeatsLeft): number {
  if (index === 0) return cabinLeft;
  const left = held.get(classSeatKey(cabin, subclassesOf(cabin)[index].code)) ?? classAllotment(seed, flightKey, cabin, index);
  return Math.max(0, Math.min(cabinLeft, left));
}

/** Index into the cabin's classes of the lowest one open today (0 is the full fare). */
export function lowestOpenClass(seed: string, today: string, flight: AirFlightsTable, cabin: CabinClass, loadFactor: number): number {
  const classes = subclassesOf(cabin);
  const daysOut = Math.max(0, daysBetween(today, flight.flightDate));
  if (cabin !== "Y") {
    const open = daysOut >= 14 && loadFactor < 0.5 && demandLevel(flight.flightDate) < 2;
    return open ? classes.length - 1 : 0;
  }
  const base = daysOut >= 45 ? 11 : daysOut >= 30 ? 10 : daysOut >= 21 ? 9 : daysOut >= 14 ? 8 : daysOut >= 7 ? 6 : daysOut >= 3 ? 4 : daysOut >= 1 ? 2 : 1;
  const hour = Math.floor((minutesOf(flight.depTime) ?? 0) / 60);
  const peak = (hour >= 7 && hour <= 9) || (hour >= 17 && hour <= 20) ? 1 : 0;
  const load = loadFactor > 0.85 ? 3 : loadFactor > 0.7 ? 2 : loadFactor > 0.55 ? 1 : 0;
  const jitter = Math.floor(unit(seed, "rm", flight.flightKey, today) * 3) - 1;
  return Math.max(0, Math.min(classes.length - 1, base - demandLevel(flight.flightDate) - peak - load + jitter));
}

/** The fuel surcharge level of a month (re-published monthly with the oil price). */
export function fuelLevel(seed: string, date: string): number {
  return Math.floor(unit(seed, "fuel", date.slice(0, 7)) * 3);
}

export function taxesOf(input: PricingInput, flight: AirFlightsTable): Taxes {
  if (!flight.international) return domesticTaxes(flight.distanceKm, fuelLevel(input.seed, flight.flightDate));
  const dep = input.places.airports.get(flight.depAirport)!;
  const arr = input.places.airports.get(flight.arrAirport)!;
  return internationalTaxes(flight.distanceKm, (arr.international ? arr.charges : dep.charges) ?? 0);
}

/**
 * The service fee per ticket a company agreed for this scope: its international one for an
 * international ticket where it agreed one apart, else its domestic one; null without a company.
 * The one rule every price of a ticket (booking, change) reads the agreed fee through.
 */
export function agreedFeeFor(c: { agreedServiceFee: Fen | null; agreedIntlServiceFee?: Fen | null }, scope: "domestic" | "international"): Fen | null {
  if (scope === "international" && c.agreedIntlServiceFee !== undefined && c.agreedIntlServiceFee !== null) return c.agreedIntlServiceFee;
  return c.agreedServiceFee;
}

/** The service fee per ticket a caller pays: their company's agreed fee (agreedFeeFor), else the portal's. */
export function callerServiceFee(agreedServiceFee: Fen | null, scope: "domestic" | "international", agreedIntlServiceFee: Fen | null = null): Fen {
  return agreedFeeFor({ agreedServiceFee, agreedIntlServiceFee }, scope) ?? SERVICE_FEE[scope];
}

/** Every fare on sale on a flight, cheapest first, each with its full fee breakdown. */
export function seatOffers(input: PricingInput, flight: AirFlightsTable, seats: CabinStock[], held: ClassSeatsLeft = new Map()): FlightSeat[] {
  const international = Boolean(flight.international);
  const scope = international ? "international" : "domestic";
  const taxes = taxesOf(input, flight);
  const serviceFee = SERVICE_FEE[scope];
  const discountServiceFee = callerServiceFee(input.agreedServiceFee, scope, input.agreedIntlServiceFee ?? null);
  const yPar = seats.find((s) => s.cabinClass === "Y")?.parPrice ?? seats[0]?.parPrice ?? 0;
  const offers: FlightSeat[] = [];
  for (const seat of seats) {
    const cabin = seat.cabinClass;
    const available = availableSeats(input.seed, input.today, flight, seat);
    if (available <= 0) continue;
    const classes = subclassesOf(cabin);
    const left = (i: number) => classSeatsLeft(input.seed, flight.flightKey, cabin, i, available, held);
    // A class whose seats are sold closes: the next one up takes its place.
    const openFrom = (i: number) => {
      while (i > 0 && left(i) <= 0) i--;
      return i;
    };
    const lowest = openFrom(lowestOpenClass(input.seed, input.today, flight, cabin, 1 - available / seat.total));
    // On sale: the lowest open class, a flexible one three steps up, and the full fare.
    const shown = [...new Set([lowest, openFrom(Math.max(0, lowest - 3)), 0])];
    for (const i of shown) {
      const sub = classes[i];
      const salePrice = subclassPrice(seat.parPrice, sub.percent);
      // What the class can sell, which is what a hold of it can take.
      const seatsLeft = left(i);
      const tier = fareTier(cabin, sub.percent);
      const childPrice = childCabinPrice(seat.parPrice, salePrice, international);
      const infantPrice = infantFare(yPar);
      offers.push({
        fareKey: `${flight.flightKey}|${cabin}|${sub.code}`,
        cabinClass: cabin,
        cabinClassName: CABIN_LABELS[cabin],
        cabinCode: sub.code,
        discount: sub.percent,
        discountLabel: discountLabel(sub.percent),
        parPrice: seat.parPrice,
        salePrice,
        limitPrice: null,
        childCabinPrice: childPrice,
        infantPrice,
        ...taxes,
        serviceFee,
        discountServiceFee,
        seatsLeft,
        seatStatus: seatsLeft >= 10 ? "A" : String(seatsLeft),
        tier,
        tierName: FARE_TIER_LABELS[tier],
        baggage: baggageText(cabin, international),
        breakdown: fareBreakdown({ salePrice, childPrice, infantPrice, taxes, serviceFee: discountServiceFee }),
        insurance: AIR_INSURANCE[scope],
      });
    }
  }
  return offers.sort((a, b) => a.salePrice - b.salePrice || a.cabinClass.localeCompare(b.cabinClass));
}
