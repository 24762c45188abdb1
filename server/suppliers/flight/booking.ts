// Booking on the embedded airline: verify a fare, hold seats, ticket, release, refund, change.
import { say } from "../../services/i18n/catalogue";
import { said, type Text } from "../../services/i18n/text";
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { FareDetailReply, FareVerifyReply, FlightSeat, HoldRecord } from "../../../src/domain/travel/types";
import { travelDateProblem } from "../../../src/domain/travel/dates";
import { changeFee, refundAmount, ruleLines, type FareTier } from "../../../src/domain/travel/air-rules";
import { DomainError } from "../../services/domain-error";
import { now } from "../../services/clock";
import { airNetwork, routeKey } from "../../inventory/air/network";
import { cabinsOf, classAllotment, REMAINING_COLUMN, type PricingInput } from "../../inventory/air/pricing";
import { soldElsewhere } from "../../inventory/demand";
import { loadPlaces, type Places } from "../../inventory/places";
import { confirmHold, createHold, findHold, refundHold, refundHoldPart, releaseHold, type HoldLine, type StoredHold } from "../holds";
import { paymentWindowMinutes } from "../../services/payment-window";
import type { ChangeResult, Passengers, RefundResult, SupplierContext } from "../types";
import { ensureRoutes, readFlights, type FlightSource } from "./load";
import { flightItem } from "./present";
import { itineraryOf } from "./itineraries";
import { subclassesOf, type CabinClass } from "../../../src/domain/travel/air-fares";
import type { FlightItem } from "../../../src/domain/travel/types";
import { itineraryBreakdown, type IntlVerifyReply } from "../../../src/domain/orders/intl-booking";
import { gpSeatOf } from "../../../src/domain/travel/gp-fares";

const FLIGHT_KEY = /^(\d{4}-\d{2}-\d{2}):([A-Z0-9]{2}\d{3,4})$/;
const FARE_KEY = /^(\d{4}-\d{2}-\d{2}):([A-Z0-9]{2}\d{3,4})\|([FCY])\|([A-Z])$/;
/** A 政府采购 fare: the flight and Y|GP (see gpFareKey). */
const GP_FARE_KEY = /^(\d{4}-\d{2}-\d{2}):([A-Z0-9]{2}\d{3,4})\|(Y)\|(GP)$/;

const FARE_NOT_FOUND = said("flight.cabinFoundSearchFlightsAgain");

interface FareDetail {
  fareKey: string;
  flightKey: string;
  flightNo: string;
  cabinClass: string;
  depUtc: string;
  passengers: Passengers;
  adultTicket: number;
  childTicket: number;
  adultTaxes: number;
  childTaxes: number;
  tier: FareTier;
}

export class FlightBooking {
  constructor(
    protected db: Kysely<Database>,
    protected seed: string,
  ) {}

  protected async source(): Promise<FlightSource> {
    return { db: this.db, seed: this.seed, places: await loadPlaces() };
  }

  protected pricing(places: Places, c: SupplierContext): PricingInput {
    return { seed: this.seed, today: c.today, places, agreedServiceFee: c.agreedServiceFee, agreedIntlServiceFee: c.agreedIntlServiceFee ?? null };
  }

  /**
   * A fare as it stands now: a public booking class, or a flight's 政府采购 fare (GP key), which is
   * priced from the flight's economy full fare and sells the same economy seats.
   */
  async verify(fareKey: string, c: SupplierContext): Promise<FareVerifyReply> {
    const gp = GP_FARE_KEY.exec(fareKey);
    const m = gp ?? FARE_KEY.exec(fareKey);
    const src = await this.source();
    const schedule = m ? airNetwork(this.seed, src.places).schedules.find((s) => s.flightNo === m[2]) : undefined;
    if (!m || !schedule) throw new DomainError("badInput", said("flight.invalidCabinNumber"), { errors: { fareKey: said("flight.invalidCabinNumber") } });
    const [, date, flightNo, cabin, code] = m;
    await ensureRoutes(src, [routeKey(schedule.from, schedule.to)], [date]);
    const [flight] = await readFlights(src, { dates: [date], flightKeys: [`${date}:${flightNo}`] }, this.pricing(src.places, c));
    if (!flight) return { fareKey, available: false, seat: null, flight: null, rules: [] };
    const item = flightItem(src.places, flight);
    const seat = gp ? gpSeatOf(item) : (item.seats.find((s) => s.cabinClass === cabin && s.cabinCode === code) ?? null);
    return { fareKey, available: seat !== null && !flightGone(item.depUtc), seat, flight: item, rules: seat ? ruleLines(seat.tier) : [] };
  }

  /**
   * What a listed fare's popovers show: its fee breakdown per passenger type, insurance and 退改签
   * rules, priced for the caller as the list was. Only fares of the sales window are looked up
   * (a key naming any other day would otherwise have its inventory generated).
   */
  async fareDetail(fareKey: string, c: SupplierContext): Promise<FareDetailReply> {
    const date = (GP_FARE_KEY.exec(fareKey) ?? FARE_KEY.exec(fareKey))?.[1];
    // A key verify refuses (no such flight) is a fare not found here too.
    const v = date && !travelDateProblem(date, c.today, say("flight.departureDate")) ? await this.verify(fareKey, c).catch((e: unknown) => (e instanceof DomainError ? null : Promise.reject(e))) : null;
    if (!v?.seat) throw new DomainError("notFound", FARE_NOT_FOUND, { errors: { fareKey: FARE_NOT_FOUND } });
    const s = v.seat;
    return { fareKey, tier: s.tier, tierName: s.tierName, baggage: s.baggage, rules: v.rules, breakdown: s.breakdown, insurance: s.insurance };
  }

  /**
   * An itinerary (flight keys joined by "+") in one cabin class: each segment now, with the
   * cheapest fare of that class that still has seats, and the totals over the segments.
   */
  async verifyItinerary(key: string, cabinClass: CabinClass, c: SupplierContext): Promise<IntlVerifyReply> {
    const src = await this.source();
    const net = airNetwork(this.seed, src.places);
    const items: FlightItem[] = [];
    for (const flightKey of key.split("+")) {
      const m = FLIGHT_KEY.exec(flightKey);
      const schedule = m ? net.schedules.find((s) => s.flightNo === m[2]) : undefined;
      if (!m || !schedule) throw new DomainError("badInput", said("flight.invalidItineraryNumber"), { errors: { itineraryKey: said("flight.invalidItineraryNumber") } });
      await ensureRoutes(src, [routeKey(schedule.from, schedule.to)], [m[1]]);
      const [flight] = await readFlights(src, { dates: [m[1]], flightKeys: [flightKey] }, this.pricing(src.places, c));
      if (!flight) throw new DomainError("conflict", said("flight.itineraryNoLongerBookedSearch"), { errors: { itineraryKey: said("flight.itineraryNoLongerBooked") } });
      items.push(flightItem(src.places, flight));
    }
    const broken = items.slice(1).some((next, i) => items[i].arrCity !== next.depCity || Date.parse(next.depUtc) <= Date.parse(items[i].arrUtc));
    if (broken || !items.some((f) => f.international)) throw new DomainError("badInput", said("flight.invalidItineraryNumber"), { errors: { itineraryKey: said("flight.invalidItineraryNumber") } });
    const it = itineraryOf(src.places, items);
    const seats = items.map((f) => {
      const open = f.seats.filter((x) => x.cabinClass === cabinClass && x.seatsLeft > 0);
      return open.length ? open.reduce((a, b) => (b.salePrice < a.salePrice ? b : a)) : null;
    });
    const gone = items.find((f, i) => !seats[i] || flightGone(f.depUtc));
    const last = items[items.length - 1];
    const fares = seats.filter((x): x is FlightSeat => x !== null).map((x) => x.breakdown);
    return {
      itineraryKey: key,
      cabinClass,
      available: !gone,
      problem: gone ? say("flight.flightCabinSoldOutChoose2", { flightNo: gone.flightNo }) : null,
      segments: items.map((f, i) => ({ flight: { ...f, seats: undefined } as Omit<FlightItem, "seats">, seat: seats[i] })),
      connections: it?.connections ?? [],
      depDate: items[0].depDate,
      destCity: last.arrCity,
      destCityName: last.arrCityName,
      price: seats.reduce((a, x) => a + (x?.salePrice ?? 0), 0),
      breakdown: itineraryBreakdown(fares),
    };
  }

  async hold(fareKey: string, p: Passengers, c: SupplierContext): Promise<HoldRecord> {
    checkPassengers(p);
    const s = await this.seatLine(fareKey, p, c, said("flight.cabinSoldOutClosedSearch2"), (left) => said("flight.onlySeatsLeftCabin2", { left }));
    return createHold(this.db, {
      product: "air",
      lines: s.lines,
      quantity: s.detail.passengers.adults + s.detail.passengers.children,
      amount: s.amount,
      description: s.description,
      detail: s.detail as unknown as Record<string, unknown>,
      ttlMinutes: paymentWindowMinutes(),
      soldOut: said("flight.enoughSeatsCabinChooseAnother"),
    });
  }

  /**
   * Seats on every segment of an itinerary in one hold: each segment's count is decremented in
   * the hold's transaction, so when one segment cannot give its seats none is taken. The hold's
   * detail sums the segments' fares (refund works on the whole trip) and lists the segments.
   */
  async holdItinerary(fareKeys: readonly string[], p: Passengers, c: SupplierContext): Promise<HoldRecord> {
    checkPassengers(p);
    const parts: SeatLine[] = [];
    for (const fareKey of fareKeys) {
      parts.push(
        await this.seatLine(fareKey, p, c, said("flight.flightCabinSoldOutChoose3", { fareKey: flightNoOf(fareKey) }), (left) => said("flight.flightCabinSoldOutOnly", { fareKey: flightNoOf(fareKey), left })),
      );
    }
    const sum = (k: "adultTicket" | "childTicket" | "adultTaxes" | "childTaxes") => parts.reduce((a, x) => a + x.detail[k], 0);
    const first = parts[0].detail;
    const detail: FareDetail & { segments: string[] } = {
      ...first,
      flightNo: parts.map((x) => x.detail.flightNo).join("/"),
      adultTicket: sum("adultTicket"),
      childTicket: sum("childTicket"),
      adultTaxes: sum("adultTaxes"),
      childTaxes: sum("childTaxes"),
      segments: [...fareKeys],
    };
    return createHold(this.db, {
      product: "air",
      lines: parts.flatMap((x) => x.lines),
      quantity: p.adults + p.children,
      amount: parts.reduce((a, x) => a + x.amount, 0),
      description: parts.map((x) => x.description).join("；"),
      detail: detail as unknown as Record<string, unknown>,
      ttlMinutes: paymentWindowMinutes(),
      soldOut: said("flight.segmentChosenItinerarySoldOut"),
    });
  }

  /** One fare's seats to take: the count line, its price and what the hold remembers of it. */
  private async seatLine(fareKey: string, p: Passengers, c: SupplierContext, gone: Text | string, short: (left: number) => Text | string): Promise<SeatLine> {
    const seatsNeeded = p.adults + p.children;
    const v = await this.verify(fareKey, c);
    if (!v.available || !v.seat || !v.flight) throw new DomainError("conflict", gone);
    const seat: FlightSeat = v.seat;
    if (seat.seatsLeft < seatsNeeded) throw new DomainError("conflict", short(seat.seatsLeft));
    const b = seat.breakdown;
    const detail: FareDetail = {
      fareKey,
      flightKey: v.flight.flightKey,
      flightNo: v.flight.flightNo,
      cabinClass: seat.cabinClass,
      depUtc: v.flight.depUtc,
      passengers: p,
      adultTicket: b.ADT.ticket,
      childTicket: b.CHD.ticket,
      adultTaxes: b.ADT.airportTax + b.ADT.fuelTax,
      childTaxes: b.CHD.airportTax + b.CHD.fuelTax,
      tier: seat.tier,
    };
    const row = await this.db.selectFrom("air_flights").selectAll().where("flightKey", "=", v.flight.flightKey).executeTakeFirstOrThrow();
    const total = cabinsOf(row).find((x) => x.cabinClass === seat.cabinClass)!.total;
    const cabinLine: HoldLine = {
      table: "air_flights",
      column: REMAINING_COLUMN[seat.cabinClass],
      key: { flightKey: v.flight.flightKey },
      n: seatsNeeded,
      guard: soldElsewhere(this.seed, `${v.flight.flightKey}|${seat.cabinClass}`, v.flight.depDate, c.today, total, seat.cabinClass !== "Y"),
    };
    return {
      // A discount class's seats are also its cabin's: the hold takes one of each, both or none.
      lines: [...classLines(this.seed, v.flight.flightKey, seat.cabinClass, seat.cabinCode, seatsNeeded), cabinLine],
      amount: b.ADT.total * p.adults + b.CHD.total * p.children + b.INF.total * p.infants,
      description: `${v.flight.flightNo} ${v.flight.depDate} ${v.flight.depTime} ${v.flight.depCityName}-${v.flight.arrCityName} ${seat.cabinClassName}${seat.cabinCode}`,
      detail,
    };
  }

  /** Ticketing: the booking gets its record locator (PNR). */
  async confirm(holdId: string) {
    const hold = await confirmHold(this.db, holdId, recordLocator());
    return { ...hold, reference: hold.reference! };
  }

  cancel(holdId: string): Promise<HoldRecord> {
    return releaseHold(this.db, holdId);
  }

  async refund(holdId: string, _c: SupplierContext): Promise<RefundResult> {
    const before = await findAirHold(this.db, holdId);
    const d = before.detail as unknown as FareDetail;
    const hours = (Date.parse(d.depUtc) - now()) / 3_600_000;
    const a = refundAmount(d.adultTicket, d.adultTaxes, d.tier, hours);
    const ch = refundAmount(d.childTicket, d.childTaxes, d.tier, hours);
    const fee = a.fee * d.passengers.adults + ch.fee * d.passengers.children;
    const refund = a.refund * d.passengers.adults + ch.refund * d.passengers.children;
    const hold = await refundHold(this.db, holdId);
    return { hold, fee, refund };
  }

  /**
   * Some passengers' tickets refunded: their seats go back on sale, the booking keeps the others'.
   * Each pays the fee of the fare's tier at the time left; infants hold no seat and pay none.
   */
  async refundSeats(holdId: string, p: Passengers, _c: SupplierContext): Promise<RefundResult> {
    const before = await findAirHold(this.db, holdId);
    const d = before.detail as unknown as FareDetail;
    const hours = (Date.parse(d.depUtc) - now()) / 3_600_000;
    const a = refundAmount(d.adultTicket, d.adultTaxes, d.tier, hours);
    const ch = refundAmount(d.childTicket, d.childTaxes, d.tier, hours);
    const hold = await refundHoldPart(this.db, holdId, p.adults + p.children, (detail) => {
      const left = (detail as unknown as FareDetail).passengers;
      return { ...detail, passengers: { adults: left.adults - p.adults, children: left.children - p.children, infants: Math.max(0, left.infants - p.infants) } };
    });
    return { hold, fee: a.fee * p.adults + ch.fee * p.children, refund: a.refund * p.adults + ch.refund * p.children };
  }

  async change(holdId: string, newFareKey: string, c: SupplierContext): Promise<ChangeResult> {
    const before = await findAirHold(this.db, holdId);
    const d = before.detail as unknown as FareDetail;
    const hours = (Date.parse(d.depUtc) - now()) / 3_600_000;
    const hold = await this.hold(newFareKey, d.passengers, c);
    const next = (await findHold(this.db, hold.holdId)).detail as unknown as FareDetail;
    const fee = changeFee(d.adultTicket, d.tier, hours) * d.passengers.adults + changeFee(d.childTicket, d.tier, hours) * d.passengers.children;
    const difference =
      Math.max(0, next.adultTicket - d.adultTicket) * d.passengers.adults + Math.max(0, next.childTicket - d.childTicket) * d.passengers.children;
    const released = before.status === "confirmed" ? await refundHold(this.db, holdId) : await releaseHold(this.db, holdId);
    return { released, hold, changeFee: fee, fareDifference: difference };
  }
}

async function findAirHold(db: Kysely<Database>, id: string): Promise<StoredHold> {
  const hold = await findHold(db, id);
  if (hold.product !== "air") throw new DomainError("notFound", said("flight.flightSeatHoldFound"));
  return hold;
}

interface SeatLine {
  lines: HoldLine[];
  amount: number;
  description: string;
  detail: FareDetail;
}

/**
 * The count line of a discount booking class (none for a cabin's full fare, which sells the whole
 * cabin, nor for a 政府采购 fare, which sells economy seats): its row starts at the class's
 * allotment the first time it is held.
 */
function classLines(seed: string, flightKey: string, cabin: CabinClass, code: string, n: number): HoldLine[] {
  const index = subclassesOf(cabin).findIndex((s) => s.code === code);
  if (index <= 0) return [];
  const key = { flightKey, cabinClass: cabin, classCode: code };
  const total = classAllotment(seed, flightKey, cabin, index);
  return [{ table: "air_class_seats", key, n, guard: 0, create: { ...key, total, remaining: total } }];
}

function checkPassengers(p: Passengers): void {
  if (p.adults < 1) throw new DomainError("badInput", said("flight.leastOneAdultPassengerNeeded"));
  if (p.infants > p.adults) throw new DomainError("badInput", said("flight.eachAdultBringMostOne"));
}

const flightNoOf = (fareKey: string) => fareKey.split("|")[0].split(":")[1] ?? fareKey;

function flightGone(depUtc: string): boolean {
  return Date.parse(depUtc) <= now();
}

/** Six characters from an alphabet without look-alikes, as airline record locators are. */
function recordLocator(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(crypto.randomBytes(6), (b) => alphabet[b % alphabet.length]).join("");
}

