// Travel standards as a Refine resource, one per trip level: listed at StandardSettings, edited
// at EditStandardSettings (?tripLevelId=…): a level always has a standard (the default until one
// is saved), so it is only ever updated, and deleting one puts the level back to the default.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import type { OverAction, StandardSummary, TravelStandard } from "../../domain/policy";

export const STANDARD_PATHS = {
  list: "/member/center/standard/list",
  detail: "/member/center/standard/detail",
  save: "/member/center/standard/save",
  delete: "/member/center/standard/delete",
  cityTiers: "/member/center/city_tier/info",
  saveCityTiers: "/member/center/city_tier/save",
} as const;

export const travelStandardsResource: ResourceProps = {
  name: "travel-standards",
  list: pathFor("StandardSettings"),
  // The edit address keeps its ?tripLevelId= query (old links): Refine fills :id in.
  edit: `${pathFor("EditStandardSettings")}?tripLevelId=:id`,
  meta: { label: "差旅标准" },
};

export const travelStandardsEndpoints: ResourceEndpoints = {
  list: STANDARD_PATHS.list,
  one: STANDARD_PATHS.detail,
  update: STANDARD_PATHS.save,
  delete: STANDARD_PATHS.delete,
  idField: "tripLevelId",
};

export const editStandardPath = (tripLevelId: number | string) => pathFor("EditStandardSettings", undefined, { tripLevelId: String(tripLevelId) });

/**
 * The company's hotel city tiers: one settings record, read and saved whole (no id). Edited in a
 * drawer over the standards list.
 */
export const cityTiersResource: ResourceProps = { name: "city-tiers", meta: { label: "城市等级" } };

export const cityTiersEndpoints: ResourceEndpoints = { one: STANDARD_PATHS.cityTiers, update: STANDARD_PATHS.saveCityTiers, addressedById: false };

/** The id Refine addresses the one city-tiers record by (never sent). */
export const CITY_TIERS_ID = "company";

/** One trip level and its standard (the default one when not yet configured). */
export interface StandardRow {
  // The standard's own id (null while unset) is not used: a standard is addressed by its level.
  tripLevelId: number;
  tripLevelName: string;
  configured: boolean;
  overAction: OverAction;
  employeeCount: number;
  standard: TravelStandard;
  summary: StandardSummary;
  updateTime: string | null;
}
