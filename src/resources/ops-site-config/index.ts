// The operator console's site settings as a Refine resource (运营管理员): the brands and partner
// sites, each saved through its own action. Registered by the console when its chunk loads.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { SITE_CONFIG_PATHS } from "../../domain/ops/site-config";

export const OPS_SITE_CONFIG = "ops-site-config";
export const opsSiteConfigEndpoints: ResourceEndpoints = {
  list: SITE_CONFIG_PATHS.list,
  paged: false,
  // A save names its brand or partner by the key in its own fields.
  addressedById: false,
  actions: { partner: SITE_CONFIG_PATHS.updatePartner, brand: SITE_CONFIG_PATHS.updateBrand },
};
