// A company's child companies (子公司管理) as a Refine resource: listed at the Subsidiaries
// route, added and edited in a drawer over the list. One catalogue path adds and updates.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { NETWORK_PATHS } from "../../domain/people/network-paths";

export const subsidiariesResource: ResourceProps = {
  name: "subsidiaries",
  list: pathFor("Subsidiaries"),
  meta: { label: "子公司管理" },
};

export const subsidiariesEndpoints: ResourceEndpoints = {
  list: NETWORK_PATHS.subsidiaryList,
  one: NETWORK_PATHS.subsidiaryDetail,
  create: NETWORK_PATHS.subsidiarySave,
  update: NETWORK_PATHS.subsidiarySave,
};
