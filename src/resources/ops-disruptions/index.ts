// 航变登记 as a Refine resource of the operator console (出票员, 运营管理员): the list of recorded
// disruptions and recording one (a create). Registered by the console when its chunk loads.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { OPS_PATHS } from "../../domain/ops/paths";

export const OPS_DISRUPTIONS = "ops-disruptions";
export const opsDisruptionEndpoints: ResourceEndpoints = { list: OPS_PATHS.disruptionList, create: OPS_PATHS.disruptionRecord };
