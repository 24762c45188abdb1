// The member network as Refine resources: a company's child companies (子公司管理), the members one
// recommended (推荐会员) and an agent's subordinates (下级管理, also the list quick order books
// from). Paths come from a zod-free module: this registry is part of the first download.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { NETWORK_PATHS } from "../../domain/people/network-paths";

export const memberNetworkResources: ResourceProps[] = [
  { name: "subsidiaries", list: pathFor("Subsidiaries"), meta: { label: "子公司管理" } },
  { name: "recommended-members", list: pathFor("Recommended"), meta: { label: "推荐会员" } },
  { name: "subordinates", list: pathFor("Subordinate"), meta: { label: "下级管理" } },
];

export const memberNetworkEndpoints: Record<string, ResourceEndpoints> = {
  // One catalogue path adds and updates a child company.
  subsidiaries: {
    list: NETWORK_PATHS.subsidiaryList,
    one: NETWORK_PATHS.subsidiaryDetail,
    create: NETWORK_PATHS.subsidiarySave,
    update: NETWORK_PATHS.subsidiarySave,
    actions: { status: NETWORK_PATHS.subsidiaryStatus },
  },
  "recommended-members": { list: NETWORK_PATHS.recommendedList },
  subordinates: { list: NETWORK_PATHS.subordinateList },
};
