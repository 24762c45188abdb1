// Withdrawals of the wallet as a Refine resource: the 提现记录 list on the my_wallet page, and a
// create for each application (the 提现 dialog), and 撤销 as the named action "cancel".
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { WITHDRAWAL_PATHS } from "../../domain/payments/types";

export const withdrawalsResource: ResourceProps = {
  name: "withdrawals",
  list: pathFor("my_wallet"),
  meta: { label: "提现记录" },
};

export const withdrawalsEndpoints: ResourceEndpoints = { list: WITHDRAWAL_PATHS.list, create: WITHDRAWAL_PATHS.apply, actions: { cancel: WITHDRAWAL_PATHS.cancel } };
