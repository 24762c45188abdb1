// The after-sales queue as a Refine resource (出票员; the administrator holds every role):
// registered by the console when its chunk loads, so the member portal's first download carries
// none of it. Take, release and the decisions are the record's named actions.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { AFTER_SALES_PATHS as P } from "../../domain/ops/after-sales-paths";

export const OPS_AFTER_SALES = "ops-after-sales";
export const opsAfterSalesEndpoints: ResourceEndpoints = {
  list: P.list,
  one: P.detail,
  actions: { take: P.take, release: P.release, accept: P.accept, adjust: P.adjust, reject: P.reject },
};
