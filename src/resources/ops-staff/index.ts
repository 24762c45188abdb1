// The operator console's staff as a Refine resource (运营管理员 only). Registered by the console
// when its chunk loads, so the member portal's first download carries none of it.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { OPS_PATHS } from "../../domain/ops/paths";

export const OPS_STAFF = "ops-staff";
export const opsStaffEndpoints: ResourceEndpoints = { list: OPS_PATHS.staffList, create: OPS_PATHS.staffCreate, update: OPS_PATHS.staffUpdate };
