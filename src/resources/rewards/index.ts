// The member's rewards movements as a Refine resource, listed on RewradsDetail and (the latest
// rows) on tianhanbao_detail. Paths come from a zod-free module: this registry is part of the
// first download.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { REWARDS_PATHS } from "../../domain/payments/rewards";

export const rewardsResource: ResourceProps = {
  name: "rewards",
  list: pathFor("RewradsDetail"),
  meta: { label: "奖励明细" },
};

export const rewardsEndpoints: ResourceEndpoints = { list: REWARDS_PATHS.detail };

/** A move of rewards to the wallet: each 转出 creates one (the reply says what was moved). */
export const REWARDS_TRANSFERS = "rewards-transfers";
export const rewardsTransfersEndpoints: ResourceEndpoints = { create: REWARDS_PATHS.transfer };
