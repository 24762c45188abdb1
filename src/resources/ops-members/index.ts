// The operator console's members as a Refine resource (运营管理员): search, enable/disable, unlock.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { OPS_PATHS } from "../../domain/ops/paths";

export const OPS_MEMBERS = "ops-members";
export const opsMembersEndpoints: ResourceEndpoints = {
  list: OPS_PATHS.memberList,
  actions: { status: OPS_PATHS.memberStatus, unlock: OPS_PATHS.memberUnlock },
};
