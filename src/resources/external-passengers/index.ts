// External travellers (外部出行人) as a Refine resource: the company's list at ExternalPersonnel,
// added and edited in a drawer over it.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";

export const externalPassengersResource: ResourceProps = {
  name: "externalPassengers",
  list: pathFor("ExternalPersonnel"),
  meta: { label: "外部出行人" },
};

export const externalPassengersEndpoints: ResourceEndpoints = {
  list: "/credit/external_passenger/list",
  one: "/credit/external_passenger/detail",
  create: "/credit/external_passenger/add",
  update: "/credit/external_passenger/update",
  delete: "/credit/external_passenger/delete",
};
