// What the travel agency's operators changed on the company's own objects, as a Refine resource
// for the company administrator (运营操作审计, travel management). Registered when its page loads:
// the registry is part of the first download, and this page is not.
import { registerResourceEndpoints } from "../../providers/data-provider";
import { OPS_PATHS } from "../../domain/ops/paths";

export const COMPANY_AUDIT = "company-audit";
registerResourceEndpoints(COMPANY_AUDIT, { list: OPS_PATHS.companyAuditList });
