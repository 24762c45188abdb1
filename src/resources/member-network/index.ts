// The members one recommended (推荐会员) and an agent's subordinates (下级管理, also the list
// quick order books from) as read-only Refine resources.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { NETWORK_PATHS } from "../../domain/people/network-paths";

export const recommendedResource: ResourceProps = {
  name: "recommended-members",
  list: pathFor("Recommended"),
  meta: { label: "推荐会员" },
};
export const recommendedEndpoints: ResourceEndpoints = { list: NETWORK_PATHS.recommendedList };

export const subordinatesResource: ResourceProps = {
  name: "subordinates",
  list: pathFor("Subordinate"),
  meta: { label: "下级管理" },
};
export const subordinatesEndpoints: ResourceEndpoints = { list: NETWORK_PATHS.subordinateList };
