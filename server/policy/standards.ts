// The standard that applies to one employee: their trip level's travel standard, car standard
// and over-standard action; used by "my standard" and by the signed-in user's summaries.
import { label } from "../../src/domain/codes";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { OVER_ACTIONS, overActionOf, summarizeStandard, type CarStandardForm, type TravelStandard } from "../../src/domain/policy";
import { readJson } from "./json";
import { loadPreferences } from "./settings";
import { routeFor } from "../approvals/resolve";

type CarRules = Omit<CarStandardForm, "id" | "name" | "tripLevelIds">;

export async function standardOfLevel(db: Kysely<Database>, tripLevelId: number | null) {
  if (tripLevelId === null) return null;
  const [level, standard, car] = await Promise.all([
    db.selectFrom("trip_levels").select(["id", "name", "overproof", "overApprove"]).where("id", "=", tripLevelId).executeTakeFirst(),
    db.selectFrom("travel_standards").select("rules").where("tripLevelId", "=", tripLevelId).executeTakeFirst(),
    db
      .selectFrom("car_standard_levels as l")
      .innerJoin("car_standards as c", "c.id", "l.carStandardId")
      .select(["c.name", "c.rules"])
      .where("l.tripLevelId", "=", tripLevelId)
      .executeTakeFirst(),
  ]);
  if (!level) return null;
  const rules = standard ? readJson<TravelStandard>(standard.rules, null as never) : null;
  const carRules = car ? readJson<CarRules>(car.rules, null as never) : null;
  const overAction = overActionOf(level);
  return {
    tripLevel: { id: level.id, name: level.name },
    overAction,
    standard: rules,
    carStandard: car ? { name: car.name, ...carRules! } : null,
    summary: summarizeStandard(rules, overAction, carRules),
  };
}

/** "My standard": the rules, their sentences, and the flows the employee's trips and orders go through. */
export async function standardOfEmployee(db: Kysely<Database>, companyId: number, tripLevelId: number | null, memberId: number) {
  const found = await standardOfLevel(db, tripLevelId);
  const flowName = async (subject: "trip" | "order") => {
    try {
      return (await routeFor(db, companyId, memberId, subject)).flowName;
    } catch (e) {
      if (e instanceof DomainError) return null;
      throw e;
    }
  };
  const [tripFlow, orderFlow, prefs] = await Promise.all([flowName("trip"), flowName("order"), loadPreferences(db, companyId)]);
  return {
    tripLevel: found?.tripLevel ?? null,
    configured: Boolean(found?.standard),
    overAction: found?.overAction ?? "forbid",
    overActionLabel: label(OVER_ACTIONS, found?.overAction ?? "forbid"),
    standard: found?.standard ?? null,
    carStandard: found?.carStandard ?? null,
    summary: found?.summary ?? summarizeStandard(null, "forbid", null),
    overReasons: prefs.overReasons,
    flows: { trip: tripFlow, order: orderFlow },
  };
}

/** The user object's travel facts: per-product standard sentences and the company's hotel multi-pay. */
export async function travelFactsOf(db: Kysely<Database>, companyId: number, tripLevelId: number | null) {
  const [found, prefs] = await Promise.all([standardOfLevel(db, tripLevelId), loadPreferences(db, companyId)]);
  return {
    standards: found?.standard ? { air: found.summary.air, hotel: found.summary.hotel, train: found.summary.train, car: found.summary.car, overAction: found.summary.overAction } : null,
    tripPreference: { hotelConfig: { multiPay: prefs.hotelConfig.multiPay } },
  };
}
