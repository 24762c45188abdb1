// Reading the hotel inventory: a city's catalogue and nights (generated on first touch), and a
// stay's nightly prices and availability per room type.
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database, HotelNightsTable, HotelRoomTypesTable, HotelsTable } from "../../db/schema";
import { addDays, daysBetween, SALES_WINDOW_DAYS, travelDateProblem } from "../../../src/domain/travel/dates";
import { BREAKFAST_LABELS, CANCEL_POLICY_LABELS, cancelPolicyText, type CancelPolicy } from "../../../src/domain/travel/hotel";
import type { RoomPrice } from "../../../src/domain/travel/types";
import { DomainError } from "../../services/domain-error";
import { cityIndexOfHotel } from "../../inventory/hotel/catalog";
import { writeCatalog, writeNights } from "../../inventory/hotel/generate";
import { nightlyRate, roomsAvailable } from "../../inventory/hotel/pricing";
import type { HotelCityRef, Places } from "../../inventory/places";
import { ensureGenerated } from "../../inventory/store";
import { InventoryCache } from "../../inventory/read-cache";

export interface HotelSource {
  db: Kysely<Database>;
  seed: string;
  places: Places;
}

export function cityOf(places: Places, cityCode: string): HotelCityRef {
  const city = places.hotelCities.get(cityCode);
  if (!city) throw new DomainError("badInput", said("hotel.hotelsCityAreSupportedYet", { cityCode }), { errors: { cityCode: said("hotel.hotelsCityAreSupportedYet", { cityCode }) } });
  return city;
}

export async function ensureCatalog(src: HotelSource, cityCode: string): Promise<void> {
  await ensureGenerated(src.db, "hotel-catalog", [{ scope: cityCode, day: "-" }], (trx, marks) => writeCatalog(trx, src.seed, src.places, marks));
}

interface Catalogue {
  hotels: HotelsTable[];
  rooms: Map<number, HotelRoomTypesTable[]>;
}
const catalogues = new WeakMap<Kysely<Database>, Map<string, Catalogue>>();

/** A city's hotels and room types: written once and never changed, so read once per process. */
export async function catalogue(src: HotelSource, cityCode: string): Promise<Catalogue> {
  let byCity = catalogues.get(src.db);
  if (!byCity) catalogues.set(src.db, (byCity = new Map()));
  const cached = byCity.get(cityCode);
  if (cached) return cached;
  await ensureCatalog(src, cityCode);
  const hotels = await src.db.selectFrom("hotels").selectAll().where("cityCode", "=", cityCode).orderBy("id").execute();
  const rows = hotels.length ? await src.db.selectFrom("hotel_room_types").selectAll().where("hotelId", "in", hotels.map((h) => h.id)).orderBy("id").execute() : [];
  const rooms = new Map<number, HotelRoomTypesTable[]>();
  for (const r of rows) rooms.set(r.hotelId, [...(rooms.get(r.hotelId) ?? []), r]);
  const c = { hotels, rooms };
  byCity.set(cityCode, c);
  return c;
}

export function stayNights(checkIn: string, checkOut: string): string[] {
  return Array.from({ length: daysBetween(checkIn, checkOut) }, (_, i) => addDays(checkIn, i));
}

/** Stays start today at the earliest and their last night lies inside the sales window. */
export function checkStay(checkIn: string, checkOut: string, today: string): void {
  const problem = travelDateProblem(checkIn, today, say("hotel.checkDate"));
  if (problem) throw new DomainError("badInput", problem, { errors: { checkIn: problem } });
  if (daysBetween(today, checkOut) > SALES_WINDOW_DAYS + 1) {
    const msg = said("hotel.checkOutDateMostDays", { SALES_WINDOW_DAYS: SALES_WINDOW_DAYS + 1 });
    throw new DomainError("badInput", msg, { errors: { checkOut: msg } });
  }
}

export async function ensureNights(src: HotelSource, cityCode: string, nights: string[]): Promise<void> {
  await ensureCatalog(src, cityCode);
  await ensureGenerated(src.db, "hotel-nights", nights.map((day) => ({ scope: cityCode, day })), (trx, marks) => writeNights(trx, src.seed, src.places, marks));
}

/** The hotel of an id, with its city's catalogue generated; unknown ids are bad input. */
export async function findHotel(src: HotelSource, hotelId: number): Promise<{ hotel: HotelsTable; city: HotelCityRef }> {
  const city = src.places.hotelCityList[cityIndexOfHotel(hotelId)];
  if (city) await ensureCatalog(src, city.cityCode);
  const hotel = city ? await src.db.selectFrom("hotels").selectAll().where("id", "=", hotelId).executeTakeFirst() : undefined;
  if (!hotel || !city) throw new DomainError("badInput", said("hotel.hotelFound"), { errors: { hotelId: said("hotel.hotelFound") } });
  return { hotel, city };
}

export async function readNights(src: HotelSource, roomTypeIds: number[], nights: string[]): Promise<Map<number, HotelNightsTable[]>> {
  const out = new Map<number, HotelNightsTable[]>();
  if (!roomTypeIds.length) return out;
  const rows = await src.db.selectFrom("hotel_nights").selectAll().where("roomTypeId", "in", roomTypeIds).where("night", "in", nights).execute();
  for (const n of rows) out.set(n.roomTypeId, [...(out.get(n.roomTypeId) ?? []), n]);
  return out;
}

/** A night of a room type: its price today and the rooms that can still be sold. */
export interface NightQuote {
  price: number;
  left: number;
}

function quoteNight(seed: string, today: string, room: HotelRoomTypesTable, date: string, stored: HotelNightsTable | undefined, leisure: boolean): NightQuote {
  return { price: nightlyRate(seed, today, room, date, leisure), left: stored ? roomsAvailable(seed, today, stored) : 0 };
}

/** A stay's total, average nightly price (whole yuan) and the rooms left on its fullest night. */
export function stayQuote(nightly: readonly NightQuote[]): { total: number; avgPrice: number; roomsLeft: number } {
  let total = 0;
  let roomsLeft = Infinity;
  for (const n of nightly) {
    total += n.price;
    if (n.left < roomsLeft) roomsLeft = n.left;
  }
  return { total, avgPrice: Math.round(total / nightly.length / 100) * 100, roomsLeft };
}

/** Quotes of every room type of a city for one night. */
type NightSheet = Map<number, NightQuote>;
const sheets = new InventoryCache<NightSheet>(5000);

/**
 * Each night's quotes for the city's room types, as the hotel list prices a stay. A night's
 * counts are read once for the whole city and kept until a count changes (see InventoryCache);
 * the prices depend on the day, which is part of the key.
 */
export async function cityNightQuotes(src: HotelSource, cityCode: string, leisure: boolean, rooms: readonly HotelRoomTypesTable[], nights: readonly string[], today: string): Promise<NightSheet[]> {
  return Promise.all(
    nights.map((night) =>
      sheets.get(src.db, `${src.seed}|${today}|${cityCode}|${night}`, async () => {
        const stored = await readNights(src, rooms.map((r) => r.id), [night]);
        return new Map(rooms.map((r) => [r.id, quoteNight(src.seed, today, r, night, stored.get(r.id)?.[0], leisure)]));
      }),
    ),
  );
}

export function roomPrice(seed: string, today: string, room: HotelRoomTypesTable, nights: string[], stored: HotelNightsTable[], leisure: boolean): RoomPrice {
  const byNight = new Map(stored.map((n) => [n.night, n]));
  const nightly = nights.map((date) => ({ date, ...quoteNight(seed, today, room, date, byNight.get(date), leisure) }));
  const { total, avgPrice, roomsLeft } = stayQuote(nightly);
  const policy = room.cancelPolicy as CancelPolicy;
  return {
    roomTypeId: room.id,
    name: room.name,
    bedType: room.bedType,
    areaSqm: room.areaSqm,
    maxGuests: room.maxGuests,
    breakfast: room.breakfast as 0 | 1 | 2,
    breakfastLabel: BREAKFAST_LABELS[room.breakfast as 0 | 1 | 2],
    cancelPolicy: policy,
    cancelText: `${CANCEL_POLICY_LABELS[policy]}：${cancelPolicyText(policy)}`,
    nightly,
    total,
    avgPrice,
    roomsLeft,
    bookable: roomsLeft > 0,
  };
}
