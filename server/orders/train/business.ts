// Business (因公) train bookings against the travel standard (../business.ts): the seat class is
// held to the standard's seat classes of the traveller's trip level.
import { say } from "../../services/i18n/catalogue";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { trainVerdict, type TravelType } from "../../../src/domain/policy";
import type { SeatClass } from "../../../src/domain/travel/train";
import { businessPolicyOf, decideBusiness, tripPolicyOf, type BusinessFacts, type BusinessPolicy } from "../business";

export const TRAIN_CHOSEN = say("train.chosenSeatClass");

export async function trainBusinessPolicy(db: Kysely<Database>, member: Member, seatClass: SeatClass): Promise<BusinessPolicy> {
  const trip = await tripPolicyOf(db, member);
  return businessPolicyOf(trip, trainVerdict(trip.standard?.train ?? null, trip.overAction, seatClass));
}

export function decideTrainBusiness(
  db: Kysely<Database>,
  member: Member,
  input: { travelType?: TravelType; applyId?: number; overReason?: string },
  train: { depDate: string },
  seatClass: SeatClass,
): Promise<BusinessFacts> {
  return decideBusiness(db, member, input, { chosen: TRAIN_CHOSEN, date: train.depDate, dateLabel: say("train.travelDate") }, () => trainBusinessPolicy(db, member, seatClass));
}
