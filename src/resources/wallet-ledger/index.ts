// The member's wallet ledger as a Refine resource, listed on the my_wallet page.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { PAY_PATHS } from "../../domain/payments/types";

export const walletLedgerResource: ResourceProps = {
  name: "wallet-ledger",
  list: pathFor("my_wallet"),
  meta: { label: "收支明细" },
};

export const walletLedgerEndpoints: ResourceEndpoints = { list: PAY_PATHS.ledger };
