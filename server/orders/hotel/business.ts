// Business (因公) hotel bookings against the travel standard (../business.ts): the stay's dearest
// night is held to the nightly cap of the hotel city's tier, read from the company's city tiers.
import { say } from "../../services/i18n/catalogue";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { hotelVerdict, type TravelType } from "../../../src/domain/policy";
import { loadCityTiers } from "../../policy/settings";
import { businessPolicyOf, decideBusiness, tripPolicyOf, type BusinessFacts, type BusinessPolicy } from "../business";

export const HOTEL_CHOSEN = say("hotel.chosenRoomType");

export interface HotelStay {
  city: { code: string; name: string };
  checkIn: string;
  nightly: readonly { price: number }[];
}

export async function hotelBusinessPolicy(db: Kysely<Database>, member: Member, stay: HotelStay): Promise<BusinessPolicy> {
  const trip = await tripPolicyOf(db, member);
  const tiers = await loadCityTiers(db, trip.companyId);
  return businessPolicyOf(trip, hotelVerdict(trip.standard?.hotel ?? null, trip.overAction, tiers, stay));
}

export function decideHotelBusiness(
  db: Kysely<Database>,
  member: Member,
  input: { travelType?: TravelType; applyId?: number; overReason?: string },
  stay: HotelStay,
): Promise<BusinessFacts> {
  return decideBusiness(db, member, input, { chosen: HOTEL_CHOSEN, date: stay.checkIn, dateLabel: say("hotel.checkDate") }, () => hotelBusinessPolicy(db, member, stay));
}
