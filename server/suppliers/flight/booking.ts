// Booking on the embedded airline: verify a fare, hold seats, ticket, release, refund, change.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { FareVerifyReply, FlightSeat, HoldRecord } from "../../../src/domain/travel/types";
import { changeFee, refundAmount, ruleLines, type FareTier } from "../../../src/domain/travel/air-rules";
import { BizError, RET } from "../../services/http/envelope";
import { now } from "../../services/clock";
import { airNetwork, routeKey } from "../../inventory/air/network";
import { cabinsOf, REMAINING_COLUMN, type PricingInput } from "../../inventory/air/pricing";
import { soldElsewhere } from "../../inventory/demand";
import { loadPlaces, type Places } from "../../inventory/places";
import { confirmHold, createHold, findHold, HOLD_TTL_MINUTES, refundHold, releaseHold, type StoredHold } from "../holds";
import type { ChangeResult, Passengers, RefundResult, SupplierContext } from "../types";
import { ensureRoutes, readFlights, type FlightSource } from "./load";
import { flightItem } from "./present";

const FARE_KEY = /^(\d{4}-\d{2}-\d{2}):([A-Z0-9]{2}\d{3,4})\|([FCY])\|([A-Z])$/;

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
    return { seed: this.seed, today: c.today, places, agreedServiceFee: c.agreedServiceFee };
  }

  async verify(fareKey: string, c: SupplierContext): Promise<FareVerifyReply> {
    const m = FARE_KEY.exec(fareKey);
    const src = await this.source();
    const schedule = m ? airNetwork(this.seed, src.places).schedules.find((s) => s.flightNo === m[2]) : undefined;
    if (!m || !schedule) throw new BizError(RET.BAD_INPUT, "舱位编号不正确", { errors: { fareKey: "舱位编号不正确" } });
    const [, date, flightNo, cabin, code] = m;
    await ensureRoutes(src, [routeKey(schedule.from, schedule.to)], [date]);
    const [flight] = await readFlights(src, { dates: [date], flightKeys: [`${date}:${flightNo}`] }, this.pricing(src.places, c));
    if (!flight) return { fareKey, available: false, seat: null, flight: null, rules: [] };
    const item = flightItem(src.places, flight);
    const seat = item.seats.find((s) => s.cabinClass === cabin && s.cabinCode === code) ?? null;
    return { fareKey, available: seat !== null && !flightGone(item.depUtc), seat, flight: item, rules: seat ? ruleLines(seat.tier) : [] };
  }

  async hold(fareKey: string, p: Passengers, c: SupplierContext): Promise<HoldRecord> {
    const seatsNeeded = p.adults + p.children;
    if (p.adults < 1) throw new BizError(RET.BAD_INPUT, "至少需要一名成人乘客");
    if (p.infants > p.adults) throw new BizError(RET.BAD_INPUT, "每名成人最多携带一名婴儿");
    const v = await this.verify(fareKey, c);
    if (!v.available || !v.seat || !v.flight) throw new BizError(RET.CONFLICT, "该舱位已售完或已关闭，请重新查询");
    const seat: FlightSeat = v.seat;
    if (seat.seatsLeft < seatsNeeded) throw new BizError(RET.CONFLICT, `该舱位仅剩 ${seat.seatsLeft} 个座位`);
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
    return createHold(this.db, {
      product: "air",
      lines: [
        {
          table: "air_flights",
          column: REMAINING_COLUMN[seat.cabinClass],
          key: { flightKey: v.flight.flightKey },
          n: seatsNeeded,
          guard: soldElsewhere(this.seed, `${v.flight.flightKey}|${seat.cabinClass}`, v.flight.depDate, c.today, total, seat.cabinClass !== "Y"),
        },
      ],
      quantity: seatsNeeded,
      amount: b.ADT.total * p.adults + b.CHD.total * p.children + b.INF.total * p.infants,
      description: `${v.flight.flightNo} ${v.flight.depDate} ${v.flight.depTime} ${v.flight.depCityName}-${v.flight.arrCityName} ${seat.cabinClassName}${seat.cabinCode}`,
      detail: detail as unknown as Record<string, unknown>,
      ttlMinutes: HOLD_TTL_MINUTES,
      soldOut: "该舱位余票不足，请选择其他航班或舱位",
    });
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
  if (hold.product !== "air") throw new BizError(RET.NOT_FOUND, "未找到该机票占座记录");
  return hold;
}

function flightGone(depUtc: string): boolean {
  return Date.parse(depUtc) <= now();
}

/** Six characters from an alphabet without look-alikes, as airline record locators are. */
function recordLocator(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(crypto.randomBytes(6), (b) => alphabet[b % alphabet.length]).join("");
}

