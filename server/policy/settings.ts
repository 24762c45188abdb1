// A company's travel settings row: preferences and hotel city tiers, each falling back to the
// defaults until the company saves its own.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { DEFAULT_CITY_TIERS, withPreferenceDefaults, type CityTiers, type Preferences } from "../../src/domain/policy";
import { isoAt } from "../services/clock";
import { readJson } from "./json";

export async function loadPreferences(db: Kysely<Database>, companyId: number): Promise<Preferences> {
  const row = await db.selectFrom("company_travel_settings").select("preferences").where("companyId", "=", companyId).executeTakeFirst();
  return withPreferenceDefaults(readJson(row?.preferences, null));
}

export async function loadCityTiers(db: Kysely<Database>, companyId: number): Promise<CityTiers> {
  const row = await db.selectFrom("company_travel_settings").select("cityTiers").where("companyId", "=", companyId).executeTakeFirst();
  return readJson(row?.cityTiers, DEFAULT_CITY_TIERS);
}

/** Writes one of the two settings, creating the row on first save (concurrent first saves: one insert wins, the other updates). */
export async function saveSetting(db: Kysely<Database>, companyId: number, column: "preferences" | "cityTiers", value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  const updateTime = isoAt();
  await db
    .insertInto("company_travel_settings")
    .values({ companyId, preferences: null, cityTiers: null, updateTime, [column]: text })
    .onConflict((oc) => oc.column("companyId").doUpdateSet({ [column]: text, updateTime }))
    .execute();
}
