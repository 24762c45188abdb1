// The operator audit log as a Refine resource (运营管理员 only), registered by the console.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { OPS_PATHS } from "../../domain/ops/paths";

export const OPS_AUDIT = "ops-audit";
export const opsAuditEndpoints: ResourceEndpoints = { list: OPS_PATHS.auditList };
