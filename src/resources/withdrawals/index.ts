// Withdrawals of the wallet as a Refine resource: the 提现记录 list on the my_wallet page, and a
// create for each application (the 提现 dialog), and 撤销 as the named action "cancel".
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { BANK_CARD_PATHS, WITHDRAWAL_PATHS } from "../../domain/payments/types";

export const withdrawalsResource: ResourceProps = {
  name: "withdrawals",
  list: pathFor("my_wallet"),
  meta: { label: "提现记录" },
};

export const withdrawalsEndpoints: ResourceEndpoints = { list: WITHDRAWAL_PATHS.list, create: WITHDRAWAL_PATHS.apply, actions: { cancel: WITHDRAWAL_PATHS.cancel } };

/** The member's bound cards: all at once (at most a handful), bound by create, unbound by delete. */
export const BANK_CARDS = "bank-cards";
/** The bank of a card number, read by the number (its BIN) as it is typed. */
export const BANK_TYPES = "bank-types";
export const bankCardEndpoints: Record<string, ResourceEndpoints> = {
  [BANK_CARDS]: { list: BANK_CARD_PATHS.list, create: BANK_CARD_PATHS.bind, delete: BANK_CARD_PATHS.unbind, paged: false },
  [BANK_TYPES]: { one: BANK_CARD_PATHS.bankType, idField: "cardNo" },
};
