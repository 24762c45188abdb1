// The operator console's companies as a Refine resource (finance and administrator; enabling and
// disabling is the administrator's). Registered by the console when its chunk loads.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { OPS_PATHS } from "../../domain/ops/paths";

export const OPS_COMPANIES = "ops-companies";
export const opsCompaniesEndpoints: ResourceEndpoints = {
  list: OPS_PATHS.companyList,
  one: OPS_PATHS.companyDetail,
  actions: {
    creditLimit: OPS_PATHS.companyCreditLimit,
    settlementDay: OPS_PATHS.companySettlementDay,
    serviceFees: OPS_PATHS.companyServiceFees,
    status: OPS_PATHS.companyStatus,
  },
};
