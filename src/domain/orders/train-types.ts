// What the train order APIs take and answer, zod-free so the resource registry can name the
// paths: the list row, the detail with passengers, seats and timeline, and the quotes a refund or
// a change shows before it is confirmed. Money is integer fen; times are ISO instants.
import { codeTable, type CodeTable } from "../codes";
import type { DisruptionChoice } from "../disruptions";
import type { SeatClass } from "../travel/train";
import type { TrainOrderAction } from "./train";
import type { OrderBusinessFacts, OrderPeople } from "./business-types";

export const TRAIN_ORDER_PATHS = {
  book: "/api/v1/trip_manager/train_domestic_order/book",
  list: "/api/v1/train/order_list",
  detail: "/api/v1/train/order_detail",
  cancel: "/api/v1/train/order_cancel",
  /** mode "quote" answers the fee per passenger and changes nothing; "confirm" refunds. */
  refund: "/api/v1/train/order_refund",
  /** Quotes a change to another train or seat of the same route; changes nothing. */
  changeApply: "/api/v1/train/change_apply",
  changeConfirm: "/api/v1/train/change_confirm",
  /** Withdraws a change waiting for its difference: the new seats go back, the original ticket stays. */
  changeCancel: "/api/v1/train/change_cancel",
  /** Signs in to the member's own 12306 account and answers its 常用联系人; keeps nothing. */
  signIn12306: "/api/v1/train/account12306/login",
  /** The travel standard's verdict on a train's seat class before a business booking. */
  standardCheck: "/api/v1/trip_manager/train_domestic_order/standard_check",
} as const;

export const TRAIN_PASSENGER_TYPES = ["adult", "child"] as const;
export type TrainPassengerType = (typeof TRAIN_PASSENGER_TYPES)[number];
export const TRAIN_PASSENGER_TYPE_LABELS: CodeTable<TrainPassengerType> = codeTable("trainPassengerType", TRAIN_PASSENGER_TYPES);

export interface TrainOrderRow {
  id: number;
  orderNo: string;
  status: number;
  trainNo: string;
  fromStation: string;
  toStation: string;
  depDate: string;
  depTime: string;
  arrDate: string;
  arrTime: string;
  seatClass: SeatClass;
  seatName: string;
  passengerNames: string[];
  payprice: number;
  createTime: string;
  expiresAt: string | null;
  /** "ab": bought into the member's 12306 account `account12306`; otherwise through the agency ("nab", or null from the ordinary page). */
  channel: "ab" | "nab" | null;
  account12306: string | null;
  /** The traveller's choice about the order's latest 航变 (src/domain/disruptions); null when none touched it. */
  disruption?: DisruptionChoice | null;
}

export interface TrainOrderPassenger {
  id: number;
  name: string;
  certType: number;
  /** Masked as lists show certificates (110101********1234). */
  certNo: string;
  passengerType: TrainPassengerType;
  fare: number;
  /** Coach and seat ("05车12F号") once ticketed. */
  seatNo: string | null;
  refundFee: number;
  /** 在线选座: the seat letter or berth asked for, null for any seat. */
  seatChoice: string | null;
  /** Once ticketed with a choice: whether the seat issued is the one asked for; else null. */
  seatChoiceHeld: boolean | null;
}

export interface TrainOrderEvent {
  id: number;
  action: string;
  fromStatus: number | null;
  toStatus: number;
  actorName: string;
  note: string | null;
  createTime: string;
}

export interface TrainOrderDetail extends TrainOrderRow, OrderBusinessFacts, OrderPeople {
  trainKey: string;
  trainTypeName: string;
  durationMin: number;
  contactName: string;
  contactMobile: string;
  /** The railway's ticket (booking) number once issued. */
  ticketNo: string | null;
  ticketTotal: number;
  serviceFee: number;
  /** Refund fees kept so far (a refund, or the fee on a cheaper change's difference). */
  refundFee: number;
  /** Money returned so far. */
  refundAmount: number;
  /** "G1 2026-12-03 二等座" of the train before a change. */
  changedFrom: string | null;
  /** Differences paid for a change to a dearer train or seat. */
  changePaid: number;
  /** The change waiting for its difference, in 改签待支付. */
  pendingChange: TrainPendingChange | null;
  passengers: TrainOrderPassenger[];
  events: TrainOrderEvent[];
  actions: TrainOrderAction[];
}

export interface TrainRefundLine {
  passengerId: number;
  name: string;
  passengerType: TrainPassengerType;
  fare: number;
  fee: number;
  refund: number;
}

export interface TrainRefundQuote {
  /** The railway's rate for this time before departure (0, 5, 10 or 20 %). */
  percent: number;
  lines: TrainRefundLine[];
  fee: number;
  refund: number;
  /** The portal's service fee, not returned with a refunded ticket. */
  serviceFeeKept: number;
}

export interface TrainChangeLine {
  passengerId: number;
  name: string;
  passengerType: TrainPassengerType;
  oldFare: number;
  newFare: number;
  /** A dearer ticket's difference, paid before the change completes. */
  pay: number;
  /** Refund fee on the cheaper ticket's difference. */
  fee: number;
  refund: number;
}

export interface TrainChangeQuote {
  trainKey: string;
  trainNo: string;
  depDate: string;
  depTime: string;
  arrTime: string;
  fromStation: string;
  toStation: string;
  seatClass: SeatClass;
  seatName: string;
  lines: TrainChangeLine[];
  /** The difference to pay (a dearer train or seat): the change waits for it in 改签待支付. */
  pay: number;
  fee: number;
  refund: number;
}

/** What confirming a change answers: completed at once, or waiting for the difference until `expiresAt`. */
export interface TrainChangeConfirmed extends TrainChangeQuote {
  from: number;
  to: number;
  status: "changed" | "awaitingPayment";
  expiresAt: string | null;
}

/** A change to a dearer train waiting for its difference (改签待支付), as the order detail shows it. */
export interface TrainPendingChange {
  trainNo: string;
  depDate: string;
  depTime: string;
  arrTime: string;
  fromStation: string;
  toStation: string;
  seatName: string;
  pay: number;
  lines: TrainChangeLine[];
  /** The end of the payment window: unpaid by then, the change is declined and the new seats released. */
  expiresAt: string;
}
