// Approval flows as a Refine resource: listed at ProcessSettings, created and edited at
// EditProcessSettings (?id=… to edit). One catalogue path saves both a new flow and a change.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import type { FlowRow } from "../../domain/policy";
export type { FlowRow };

export const FLOW_PATHS = {
  list: "/credit/approve_flow/list",
  detail: "/credit/approve_flow/detail",
  save: "/credit/approve_flow/save",
  delete: "/credit/approve_flow/delete",
} as const;

export const approvalFlowsResource: ResourceProps = {
  name: "approval-flows",
  list: pathFor("ProcessSettings"),
  create: pathFor("EditProcessSettings"),
  // The edit address keeps its ?id= query (old links): Refine fills :id in.
  edit: `${pathFor("EditProcessSettings")}?id=:id`,
  meta: { label: "审批流程" },
};

export const approvalFlowsEndpoints: ResourceEndpoints = {
  list: FLOW_PATHS.list,
  one: FLOW_PATHS.detail,
  create: FLOW_PATHS.save,
  update: FLOW_PATHS.save,
  delete: FLOW_PATHS.delete,
};

export const editFlowPath = (id?: number) => pathFor("EditProcessSettings", undefined, id === undefined ? undefined : { id: String(id) });

