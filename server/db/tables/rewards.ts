// Rewards accounts and their movements, and pay authorization codes (migration 084).
import type { Generated } from "kysely";

export interface RewardAccountsTable {
  id: Generated<number>;
  memberId: number;
  kind: string; // recommend | share
  balanceFen: Generated<number>;
  earnedFen: Generated<number>;
  reversedFen: Generated<number>;
  transferredFen: Generated<number>;
  updateTime: string;
}

export interface RewardEntriesTable {
  id: Generated<number>;
  memberId: number;
  kind: string; // recommend | share
  event: string; // earn | reverse | transfer
  /** Signed fen: + credits the rewards balance, − takes from it. */
  amountFen: number;
  balanceAfterFen: number;
  orderId: number | null;
  orderNo: string | null;
  product: string | null;
  /** The recommended member whose order earned it. */
  sourceMemberId: number | null;
  /** The amount the rate applied to (ticket amount or service fee). */
  baseFen: number | null;
  /** Transfers: the wallet ledger's trade number. */
  outTradeNo: string | null;
  uniqueKey: string;
  note: string;
  createTime: string;
}

export interface PayCodesTable {
  id: Generated<number>;
  code: string;
  memberId: number;
  status: string; // active | used | revoked
  expiresAt: string;
  amountFen: number | null;
  appId: string | null;
  counterTradeNo: string | null;
  outTradeNo: string | null;
  usedTime: string | null;
  createTime: string;
}
