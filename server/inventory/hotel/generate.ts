// The stored hotel inventory: a city's hotels and room types (once), and each night's rooms.
import type { Transaction } from "kysely";
import type { Database, HotelNightsTable } from "../../db/schema";
import type { Places } from "../places";
import { insertRows, type Mark } from "../store";
import { cityHotels } from "./catalog";

export async function writeCatalog(trx: Transaction<Database>, seed: string, places: Places, marks: Mark[]): Promise<void> {
  for (const m of marks) {
    const { hotels, rooms } = cityHotels(seed, places.hotelCities.get(m.scope)!);
    await insertRows(trx, "hotels", hotels as unknown as Record<string, unknown>[]);
    await insertRows(trx, "hotel_room_types", rooms as unknown as Record<string, unknown>[]);
  }
}

export function nightRows(seed: string, places: Places, cityCode: string, night: string): HotelNightsTable[] {
  return cityHotels(seed, places.hotelCities.get(cityCode)!).rooms.map((r) => ({ roomTypeId: r.id, night, total: r.rooms, remaining: r.rooms }));
}

export async function writeNights(trx: Transaction<Database>, seed: string, places: Places, marks: Mark[]): Promise<void> {
  await insertRows(trx, "hotel_nights", marks.flatMap((m) => nightRows(seed, places, m.scope, m.day)) as unknown as Record<string, unknown>[]);
}
