// Refund and change records of flight orders (migration 081). Money in integer fen.
import type { Generated } from "kysely";

/** Migration 130: who holds the request in the after-sales queue and what they decided. */
interface QueueColumns {
  heldBy: Generated<number | null>;
  heldAt: Generated<string | null>;
  /** accepted | adjusted | rejected; null while undecided or when the airline accepted it by itself. */
  decision: Generated<string | null>;
  /** The reason the member reads with an adjusted fee or a rejection. */
  decisionReason: Generated<string | null>;
  decidedBy: Generated<number | null>;
}

export interface FlightRefundsTable extends QueueColumns {
  id: Generated<number>;
  orderId: number;
  /** JSON: the quote's lines, one per passenger. */
  passengers: string;
  feeFen: number;
  refundFen: number;
  reason: string;
  status: string;
  toAccount: string | null;
  /** Migration 091: 1 when the refund took the whole order (it moved the order), 0 for some passengers only. */
  wholeOrder: Generated<number>;
  /** Migration 130: the fee and refund the member was quoted (feeFen and refundFen may be adjusted since); null before. */
  quotedFeeFen: Generated<number | null>;
  quotedRefundFen: Generated<number | null>;
  /** Migration 130: the order's status before the request, where a rejection of the whole order's refund returns it. */
  orderFromStatus: Generated<number | null>;
  createTime: string;
  updateTime: string;
}

export interface FlightChangesTable extends QueueColumns {
  id: Generated<number>;
  orderId: number;
  fromFareKey: string;
  fromHoldId: string | null;
  toFareKey: string;
  toHoldId: string;
  toDepDate: string;
  /** JSON: the new flight and seat, as the order keeps them. */
  snapshot: string;
  /** JSON: the change quote. */
  quote: string;
  payFen: number;
  status: string;
  expiresAt: string | null;
  /** Migration 091: 1 when the whole order moved to the new flight, 0 when only the passengers of the quote did. */
  wholeOrder: Generated<number>;
  createTime: string;
  updateTime: string;
}
