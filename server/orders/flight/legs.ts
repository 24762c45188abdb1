// The legs of a domestic flight booking: the one fare of a one-way order, or the two of a round
// trip or connection (the second named by nextFareKey), each verified now and priced for the
// passengers on its own panel. A business booking is held to the travel standard leg by leg;
// the order records both verdicts and asks for one approval when either leg needs it.
import { say } from "../../services/i18n/catalogue";
import { said, saidDomain } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { DomainError } from "../../services/domain-error";
import type { FlightSupplier, SupplierContext } from "../../suppliers/types";
import { pricePanel, type FlightOrderInput, type PricePanel } from "../../../src/domain/orders/flight-booking";
import { tripOf, type FlightTrip } from "../../../src/domain/orders/flight-trip";
import type { PassengerType } from "../../../src/domain/travel/air-fares";
import type { FlightItem, FlightSeat } from "../../../src/domain/travel/types";
import { GP_TEXTS, isGpFareKey } from "../../../src/domain/travel/gp-fares";
import { selfPayFen } from "../../../src/domain/policy";
import { decideBusiness } from "./business";
import type { BusinessFacts } from "../business";

export interface Leg {
  fareKey: string;
  flight: FlightItem;
  seat: FlightSeat;
}

/** Every fare of the booking as it stands now; refused when one is gone or the two make no trip. */
export async function verifyLegs(supplier: FlightSupplier, input: Pick<FlightOrderInput, "fareKey" | "nextFareKey">, c: SupplierContext): Promise<{ legs: Leg[]; trip: FlightTrip }> {
  const keys = input.nextFareKey ? [input.fareKey, input.nextFareKey] : [input.fareKey];
  // A 政府采购 fare needs each passenger's budget unit and official card: it has its own booking.
  for (const k of keys) if (isGpFareKey(k)) throw new DomainError("badInput", saidDomain(GP_TEXTS.elsewhere), { errors: { fareKey: saidDomain(GP_TEXTS.elsewhere) } });
  const legs: Leg[] = [];
  for (const fareKey of keys) {
    const v = await supplier.verify(fareKey, c);
    if (!v.available || !v.seat || !v.flight) {
      throw new DomainError("conflict", keys.length > 1 ? said("flight.flightCabinSoldOutClosed", { fareKey: flightNoOf(fareKey) }) : said("flight.cabinSoldOutClosedSearch"));
    }
    legs.push({ fareKey, flight: v.flight, seat: v.seat });
  }
  if (legs.length === 1) return { legs, trip: "oneway" };
  const t = tripOf(legs[0].flight, legs[1].flight);
  if ("problem" in t) throw new DomainError("badInput", t.problem, { errors: { nextFareKey: t.problem } });
  return { legs, trip: t.trip };
}

const flightNoOf = (fareKey: string) => fareKey.split("|")[0].split(":")[1] ?? fareKey;

/** The order's panel: every leg's lines, in leg order, and the totals over them. */
export function legPanels(legs: readonly Leg[], passengers: readonly { psgType: PassengerType; insuType?: string }[]): { panels: PricePanel[]; panel: PricePanel } {
  const panels = legs.map((l) => pricePanel(l.seat.breakdown, passengers, l.seat.insurance));
  const sum = (k: Exclude<keyof PricePanel, "lines">) => panels.reduce((a, p) => a + p[k], 0);
  return {
    panels,
    panel: {
      lines: panels.flatMap((p) => p.lines),
      ticket: sum("ticket"), consTax: sum("consTax"), fuelTax: sum("fuelTax"), servFee: sum("servFee"), insurance: sum("insurance"), payprice: sum("payprice"),
    },
  };
}

/** How each leg is named in a verdict: 去程 / 返程, or 第一程 / 第二程 of a connection. */
export function legNames(trip: FlightTrip): string[] {
  return trip === "rt" ? [say("flight.outbound"), say("flight.return")] : [say("flight.firstLeg"), say("flight.secondLeg")];
}

/**
 * Each leg against the traveller's standard (refused, or asked for a reason, as a one-way fare
 * would be); the order is over the standard when a leg is, and needs approval when a leg does.
 * What the traveller pays themself is each leg's fares over that leg's limit.
 */
export async function decideLegs(
  db: Kysely<Database>,
  traveller: Member,
  input: FlightOrderInput,
  legs: readonly Leg[],
  trip: FlightTrip,
  panels: readonly PricePanel[],
  supplier: FlightSupplier,
  c: SupplierContext,
): Promise<BusinessFacts & { selfPay: number }> {
  const facts: BusinessFacts[] = [];
  for (const l of legs) facts.push(await decideBusiness(db, traveller, input, l.flight, l.seat, supplier, c));
  const selfPay = facts.reduce((a, f, i) => a + selfPayFen(panels[i].lines.map((x) => x.tktPrice), f.selfPayLimitFen), 0);
  if (facts.length === 1) return { ...facts[0], selfPay };
  const names = legNames(trip);
  const verdicts = facts.map((f, i) => (f.standardVerdict ? `${names[i]}：${f.standardVerdict}` : null)).filter((x) => x !== null);
  const reasons = [...new Set(facts.map((f) => f.overReasons).filter((x) => x !== null))];
  return {
    ...facts[0],
    overStandard: facts.some((f) => f.overStandard === 1) ? 1 : 0,
    overReasons: reasons.length ? reasons.join("；") : null,
    standardVerdict: verdicts.length ? verdicts.join("；") : null,
    needApproval: facts.some((f) => f.needApproval),
    withinStandard: facts.every((f) => f.withinStandard),
    selfPayLimitFen: facts[0].selfPayLimitFen,
    selfPay,
  };
}
