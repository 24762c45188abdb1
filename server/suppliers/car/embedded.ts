// The embedded ride supplier: a quote for a ride within a city by car type, from the road
// distance (straight line × 1.3) and the city's average speed, every part of the fare listed;
// and booking the quoted fare (hold, dispatch, cancel, refund, change).
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import { CAR_TYPES, carFare } from "../../../src/domain/travel/car";
import { chinaMinutes, hhmm, minutesOf } from "../../../src/domain/travel/dates";
import type { CarQuoteReply } from "../../../src/domain/travel/types";
import { DomainError } from "../../services/domain-error";
import { now } from "../../services/clock";
import { distanceKm } from "../../inventory/geo";
import { loadPlaces } from "../../inventory/places";
import type { ChangeResult, CarQuery, CarSupplier, RefundResult, SupplierContext } from "../types";
import type { CarType } from "../../../src/domain/travel/car";
import type { HoldRecord } from "../../../src/domain/travel/types";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { confirmHold, createHold, findHold, refundHold, releaseHold } from "../holds";
import { paymentWindowMinutes } from "../../services/payment-window";
import { cityOf } from "../hotel/load";

/** A ride must start and end within this distance of the city centre. */
export const CITY_RADIUS_KM = 80;
const ROAD_FACTOR = 1.3;

/** Quotes: the fare of a ride from the city, the distance and the time it takes. */
class CarQuotes {
  constructor(private readonly db: Kysely<Database>) {}

  protected dbOf(): Kysely<Database> {
    return this.db;
  }

  async quote(q: CarQuery, _c: SupplierContext): Promise<CarQuoteReply> {
    const places = await loadPlaces();
    const city = cityOf(places, q.cityCode);
    for (const [point, field, label] of [[q.from, "fromLat", say("car.departure")], [q.to, "toLat", say("car.destination")]] as const) {
      if (distanceKm(city, point) > CITY_RADIUS_KM) {
        const msg = said("car.outside", { label, name: city.name });
        throw new DomainError("badInput", msg, { errors: { [field]: msg } });
      }
    }
    const km = Math.max(1, Math.round(distanceKm(q.from, q.to) * ROAD_FACTOR * 10) / 10);
    if (km < 1.05 && distanceKm(q.from, q.to) < 0.05) throw new DomainError("badInput", said("car.departureDestinationSame"), { errors: { toLat: said("car.departureDestinationSame") } });
    const speed = city.pricePercent >= 125 ? 25 : 30;
    const minutes = Math.round((km / speed) * 60) + 3;
    const depart = q.departTime ? minutesOf(q.departTime)! : chinaMinutes(now());
    const cityPercent = Math.max(90, Math.min(130, city.pricePercent));
    return {
      cityCode: city.cityCode,
      cityName: city.name,
      distanceKm: km,
      durationMin: minutes,
      departTime: hhmm(depart),
      quotes: (q.carType ? [q.carType] : CAR_TYPES).map((t) => carFare(t, km, minutes, depart, cityPercent)),
    };
  }
}

export interface CarHoldDetail {
  query: CarQuery & { carType: CarType };
  startFare: number;
}

/** Booking a ride: the quoted fare held, the ride dispatched, cancelled or changed. */
export class EmbeddedCarSupplier extends CarQuotes implements CarSupplier {
  async hold(q: CarQuery & { carType: CarType }, c: SupplierContext): Promise<HoldRecord> {
    const quote = await this.quote(q, c);
    const fare = quote.quotes[0];
    return createHold(this.dbOf(), {
      product: "car",
      lines: [],
      quantity: 1,
      amount: fare.total,
      description: `${quote.cityName} ${quote.departTime} 用车 ${quote.distanceKm} 公里`,
      detail: { query: q, startFare: fare.startFare } satisfies CarHoldDetail as unknown as Record<string, unknown>,
      ttlMinutes: paymentWindowMinutes(),
      soldOut: said("car.noCarsAvailable"),
    });
  }

  async confirm(holdId: string) {
    await this.own(holdId);
    const hold = await confirmHold(this.dbOf(), holdId, `R${String(now()).slice(-10)}`);
    return { ...hold, reference: hold.reference! };
  }

  async cancel(holdId: string) {
    await this.own(holdId);
    return releaseHold(this.dbOf(), holdId);
  }

  async refund(holdId: string, _c: SupplierContext): Promise<RefundResult> {
    const before = await this.own(holdId);
    const fee = (before.detail as unknown as CarHoldDetail).startFare;
    const hold = await refundHold(this.dbOf(), holdId);
    return { hold, fee, refund: before.amount - fee };
  }

  async change(holdId: string, q: CarQuery & { carType: CarType }, c: SupplierContext): Promise<ChangeResult> {
    const before = await this.own(holdId);
    const hold = await this.hold(q, c);
    const released = before.status === "confirmed" ? await refundHold(this.dbOf(), holdId) : await releaseHold(this.dbOf(), holdId);
    return { released, hold, changeFee: 0, fareDifference: Math.max(0, hold.amount - before.amount) };
  }

  private async own(holdId: string) {
    const hold = await findHold(this.dbOf(), holdId);
    if (hold.product !== "car") throw new DomainError("notFound", said("car.carBookingFound"));
    return hold;
  }
}
