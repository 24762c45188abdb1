// Frequent travellers (常用旅客) as a Refine resource: listed at the Passengers workbench route,
// added and edited on the edit_passengers page (?id= for an existing one).
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";

export const passengersResource: ResourceProps = {
  name: "passengers",
  // The route table owns the addresses; the resource only points at them.
  list: pathFor("Passengers"),
  create: pathFor("edit_passengers"),
  meta: { label: "常用旅客" },
};

export const passengersEndpoints: ResourceEndpoints = {
  list: "/new_beneficiary/list",
  one: "/new_beneficiary/detail",
  create: "/new_beneficiary/add",
  update: "/new_beneficiary/update",
  delete: "/new_beneficiary/delete",
};

/** Where a saved passenger is edited. */
export const editPassengerPath = (id?: number | string) => pathFor("edit_passengers", undefined, id === undefined ? undefined : { id: String(id) });
