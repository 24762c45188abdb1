// Bank cards and withdrawals to them.
import type { Generated } from "kysely";

export interface BankCardsTable {
  id: Generated<number>;
  memberId: number;
  /** The whole number: the payout needs it. No reply or page ever carries it (see maskCardNo). */
  cardNo: string;
  bankCode: string;
  bankName: string;
  holderName: string;
  status: string; // bound | unbound
  createTime: string;
  updateTime: string;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  withdrawNo: string;
  memberId: number;
  cardId: number;
  amountFen: number;
  status: string; // requested | approved | paid | rejected | cancelled
  reason: string | null;
  createTime: string;
  updateTime: string;
  reviewTime: string | null;
  paidTime: string | null;
  /** Migration 131: the operator who has taken the request; the timed review and payout skip it. */
  heldBy?: number | null;
  heldAt?: string | null;
}
