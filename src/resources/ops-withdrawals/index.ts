// Members' withdrawals in the operator console (财务; 运营管理员 through its role), registered by
// the console when its chunk loads. Hold, release and the decisions are named actions on a
// withdrawal; a rejection carries its reason in the values.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { OPS_WITHDRAWAL_PATHS as W } from "../../domain/ops/finance-paths";

export const OPS_WITHDRAWALS = "ops-withdrawals";
export const opsWithdrawalsEndpoints: ResourceEndpoints = {
  list: W.list,
  actions: { hold: W.hold, release: W.release, approve: W.approve, pay: W.pay, reject: W.reject },
};
