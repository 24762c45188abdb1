// Refund and change records of flight orders (migration 081). Money in integer fen.
import type { Generated } from "kysely";

export interface FlightRefundsTable {
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
  createTime: string;
  updateTime: string;
}

export interface FlightChangesTable {
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
