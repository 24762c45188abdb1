// Monthly settlement as Refine resources, both on the SettlementSet page: the company's
// statements (listed, one shown with ?statementId=) and its settlement settings (one record per
// company, addressed by the company id).
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { SETTLEMENT_PATHS } from "../../domain/settlement/paths";

export const settlementStatementsResource: ResourceProps = {
  name: "settlement-statements",
  list: pathFor("SettlementSet"),
  meta: { label: "对账单" },
};

export const settlementStatementsEndpoints: ResourceEndpoints = {
  list: SETTLEMENT_PATHS.statements,
  one: SETTLEMENT_PATHS.statement,
  // The company confirms a statement once no dispute waits for an answer.
  actions: { confirm: SETTLEMENT_PATHS.confirm },
};

export const settlementSettingsResource: ResourceProps = {
  name: "settlement-settings",
  list: pathFor("SettlementSet"),
  meta: { label: "结算设置" },
};

export const settlementSettingsEndpoints: ResourceEndpoints = { one: SETTLEMENT_PATHS.settings, update: SETTLEMENT_PATHS.saveSettings, idField: "companyId" };

/** A company's dispute of one statement line (the reply is the statement as it now stands). */
export const SETTLEMENT_DISPUTES = "settlement-disputes";
export const settlementDisputesEndpoints: ResourceEndpoints = { create: SETTLEMENT_PATHS.dispute };

export const statementPath = (id?: number) => pathFor("SettlementSet", undefined, id === undefined ? { tab: "statements" } : { statementId: String(id) });
