// The member's wallet recharges as a Refine resource, listed on the RechargeRecord page and created
// by the recharge form (the reply is the new recharge, whose cashier opens next).
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { RECHARGE_PATHS } from "../../domain/orders/recharge";

export const rechargesResource: ResourceProps = {
  name: "recharges",
  list: pathFor("RechargeRecord"),
  meta: { label: "充值记录" },
};

export const rechargesEndpoints: ResourceEndpoints = { list: RECHARGE_PATHS.list, create: RECHARGE_PATHS.create };

export { rechargePayPath } from "../../access/order-paths";
