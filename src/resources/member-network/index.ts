// The member network as Refine resources: a company's child companies (子公司管理), the members one
// recommended (推荐会员) and an agent's subordinates (下级管理, also the list quick order books
// from). Their endpoint maps are registered by their pages (endpoints.ts), which load with them:
// the first download carries only these definitions.
import type { ResourceProps } from "@refinedev/core";
import { pathFor } from "../../access/routes";

export const memberNetworkResources: ResourceProps[] = [
  { name: "subsidiaries", list: pathFor("Subsidiaries"), meta: { label: "子公司管理" } },
  { name: "recommended-members", list: pathFor("Recommended"), meta: { label: "推荐会员" } },
  { name: "subordinates", list: pathFor("Subordinate"), meta: { label: "下级管理" } },
];
