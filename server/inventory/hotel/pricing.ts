// Nightly rates of the embedded hotels: the room type's base rate lifted on weekends and
// holidays (more in leisure cities; business hotels ease off at weekends) and as the city
// fills up. Rooms available are the stored count less other channels' sales.
import type { HotelNightsTable, HotelRoomTypesTable } from "../../db/schema";
import { weekday } from "../../../src/domain/travel/dates";
import { dayKind, soldElsewhere, soldShare } from "../demand";

export function nightlyRate(seed: string, today: string, room: HotelRoomTypesTable, night: string, leisure: boolean): number {
  const k = dayKind(night);
  const wd = weekday(night);
  const weekendNight = (wd === 5 || wd === 6) && !k.inLieuWorkday;
  let percent = 100;
  if (k.holiday) percent += leisure ? 50 : 20;
  else if (weekendNight) percent += leisure ? 25 : -10;
  const share = soldShare(seed, `${room.id}|${night}`, night, today);
  if (share > 0.8) percent += 15;
  else if (share > 0.6) percent += 8;
  return Math.round((room.baseRate * percent) / 100 / 100) * 100;
}

export function roomsAvailable(seed: string, today: string, n: HotelNightsTable): number {
  return Math.max(0, n.remaining - roomsSoldElsewhere(seed, today, n));
}

/** Rooms of a night other channels have sold by today: a hold must leave them untouched. */
export function roomsSoldElsewhere(seed: string, today: string, n: Pick<HotelNightsTable, "roomTypeId" | "night" | "total">): number {
  return soldElsewhere(seed, `${n.roomTypeId}|${n.night}`, n.night, today, n.total);
}
