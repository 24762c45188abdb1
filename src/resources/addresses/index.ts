// Mailing addresses (常用地址) as a Refine resource: listed at address_list, added and edited in
// a dialog over the list.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";

export const addressesResource: ResourceProps = {
  name: "addresses",
  list: pathFor("address_list"),
  meta: { label: "常用地址" },
};

export const addressesEndpoints: ResourceEndpoints = {
  list: "/postaddress/list",
  one: "/postaddress/detail",
  create: "/postaddress/add",
  update: "/postaddress/update",
  delete: "/postaddress/delete",
};
