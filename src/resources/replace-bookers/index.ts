// Replace-booking rules as a Refine resource, listed and edited at ReplaceSettings: which
// employees may book for which colleagues. One catalogue path saves a new rule and a change: it
// finds the rule by its booker, so a change carries no id.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import type { BookerRow } from "../../domain/policy";
export type { BookerRow };

export const BOOKER_PATHS = {
  list: "/api/v1/trip_manager/employee_rsrv",
  save: "/api/v1/trip_manager/employee_rsrv/save",
  delete: "/api/v1/trip_manager/employee_rsrv/delete",
} as const;

export const replaceBookersResource: ResourceProps = {
  name: "replace-bookers",
  list: pathFor("ReplaceSettings"),
  meta: { label: "代订人设置" },
};

export const replaceBookersEndpoints: ResourceEndpoints = {
  list: BOOKER_PATHS.list,
  create: BOOKER_PATHS.save,
  update: BOOKER_PATHS.save,
  delete: BOOKER_PATHS.delete,
  addressedById: false,
};

