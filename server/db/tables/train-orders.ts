// The train ticket of an order (migration 080): the train and seat class as booked, and its
// passengers with fare and seat; a change to a dearer train waiting for its difference (migration
// 095). Money in integer fen.
import type { Generated } from "kysely";

export interface TrainOrdersTable {
  id: Generated<number>;
  orderId: number;
  trainKey: string;
  trainNo: string;
  trainTypeName: string;
  fromStation: string;
  toStation: string;
  depDate: string;
  depTime: string;
  arrDate: string;
  arrTime: string;
  durationMin: number;
  departAt: string;
  seatClass: string;
  seatName: string;
  ticketNo: string | null;
  changedFrom: string | null;
  feeFen: Generated<number>;
  refundFen: Generated<number>;
  /** "ab" (the member's own 12306 account), "nab" (the agency's channel), null from the ordinary page (migration 088). */
  channel: string | null;
  /** The 12306 user name an "ab" ticket was bought into. */
  account12306: string | null;
}

export interface TrainOrderPassengersTable {
  id: Generated<number>;
  orderId: number;
  name: string;
  certType: number;
  certNo: string;
  passengerType: string;
  fareFen: number;
  seatNo: string | null;
  /** 在线选座: the seat letter or berth asked for, null for any seat (migration 101). */
  seatChoice: string | null;
  refundFeeFen: Generated<number>;
}

export interface TrainChangesTable {
  id: Generated<number>;
  orderId: number;
  /** The original ticket's booking, released once the change is paid. */
  fromHoldId: string | null;
  toTrainKey: string;
  toSeatClass: string;
  toHoldId: string;
  /** JSON: the new train (TrainItem without its seats). */
  snapshot: string;
  /** JSON: TrainChangeQuote. */
  quote: string;
  payFen: number;
  status: "awaitingPayment" | "confirmed" | "declined" | "cancelled";
  expiresAt: string;
  createTime: string;
  updateTime: string;
}
