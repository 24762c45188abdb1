// Orders, their passengers and events, payments and the ledger.
import type { Generated } from "kysely";

// ---- orders (migration 050): money in integer fen ----

export interface OrdersTable {
  id: Generated<number>;
  orderNo: string;
  product: string;
  memberId: number;
  companyId: number | null;
  bookerMemberId: number;
  travellerMemberId: number | null;
  status: number;
  ticketFen: number;
  constructionFeeFen: number;
  fuelSurchargeFen: number;
  serviceFeeFen: number;
  insuranceFen: number;
  totalFen: number;
  /** The tickets at the cabin's full fare (migration 074); null when unknown (not a flight). */
  fullFareFen: number | null;
  fareKey: string;
  holdId: string | null;
  depDate: string;
  title: string;
  snapshot: string; // JSON
  contactName: string;
  contactMobile: string;
  clientKey: string;
  expiresAt: string | null;
  createTime: string;
  updateTime: string;
  /** Migration 077: "business" (因公) or "private" (因私); null for orders booked before it. */
  travelType: string | null;
  /** The approved trip application a business order belongs to. */
  applyId: number | null;
  /** 1: the fare was over the booker's travel standard. */
  overStandard: Generated<number>;
  /** The booker's reason for booking over the standard. */
  overReasons: string | null;
  /** The standard's verdict on the fare (符合差旅标准, or 超标 with why). */
  standardVerdict: string | null;
  /** Migration 087 (超标自付): what the traveller pays themself of totalFen; the company's credit pays the rest. */
  selfPayFen: Generated<number>;
  /** The approval a business order waits for (待审批) or went through. */
  approvalId: number | null;
  /** Migration 085: 1 for an international flight order (its snapshot keeps every segment). */
  international: Generated<number>;
  /** Migration 094: 1 for a 政府采购 (公务机票) flight order, listed in the 公务机票订单 tab. */
  gp: Generated<number>;
}

/** Migration 108: one row per party that sees an order (written by triggers on orders only). */
export interface OrderPartiesTable {
  /** 0: a member (the order's member, booker or traveller); 1: the order's company. */
  partyKind: number;
  partyId: number;
  product: string;
  gp: number;
  orderId: number;
  status: number;
  createTime: string;
  /** The order's company, also on a member's row. */
  companyId: number | null;
}

/** Migration 108: how many orders a party has per list (product, gp) and status (written by triggers on orders only). */
export interface OrderPartyCountsTable {
  partyKind: number;
  partyId: number;
  product: string;
  gp: number;
  status: number;
  n: number;
}

/**
 * Migration 116: an order's row of its order list as the JSON text the list sends; null until
 * the list next shows the order. Every write to the order or its people empties it and moves the
 * version on (triggers); the list stores a text only while the version is the one it read.
 */
export interface OrderListRowsTable {
  orderId: number;
  version: number;
  row: string | null;
}

/**
 * Migration 109: an orders bill's count and sums per scope (0: a member's own orders, 1: a
 * company's), product, booking day (China date) and status (written by triggers on orders only).
 */
export interface BillDaysTable {
  scopeKind: number;
  scopeId: number;
  product: string;
  day: string;
  status: number;
  n: number;
  ticketFen: number;
  /** Construction fee + fuel surcharge. */
  taxFen: number;
  serviceFeeFen: number;
  insuranceFen: number;
  totalFen: number;
  selfPayFen: number;
}

export interface OrderPassengersTable {
  id: Generated<number>;
  orderId: number;
  name: string;
  psgType: string;
  certType: number;
  certNo: string;
  birthday: string | null;
  mobile: string | null;
  tktPriceFen: number;
  consTaxFen: number;
  fuelTaxFen: number;
  servFeeFen: number;
  insuType: string | null;
  insuPayPriceFen: number;
  insuStatus: Generated<number>;
  ticketNo: string | null;
  /** Migration 085, international orders: SURNAME/GIVEN NAMES as on the document, its nationality (ISO alpha-2) and expiry. */
  englishName?: string | null;
  nationality?: string | null;
  certExpiry?: string | null;
  /** Migration 091: this passenger's ticket (none until issued; ticketed, refunding, refunded, changing, changed). */
  ticketStatus: Generated<string>;
  /** The confirmed change this passenger's current ticket comes from; null: the order's own flight and fare. */
  changeId: number | null;
  /** Migration 094, 政府采购 orders: the budget unit (预算单位) the passenger travels for and their official card's number (公务卡, digits; shown masked). */
  budgetUnit?: string | null;
  officialCard?: string | null;
  /** Migration 100: the segment of a two-segment order (round trip, connection) this ticket flies on; 0 the first or only one. */
  segment: Generated<number>;
}

export interface OrderEventsTable {
  id: Generated<number>;
  orderId: number;
  action: string;
  fromStatus: number | null;
  toStatus: number;
  actorMemberId: number | null;
  actorName: string;
  note: string | null;
  createTime: string;
}

export interface PaymentsTable {
  id: Generated<number>;
  outTradeNo: string;
  orderId: number;
  orderNo: string;
  memberId: number;
  businessType: number;
  method: string;
  amountFen: number;
  status: string;
  gatewayTradeNo: string | null;
  paidTime: string | null;
  createTime: string;
  updateTime: string;
  /** Migration 087: the company credit charged with this trade (超标自付's standard part). */
  creditFen: Generated<number>;
}

/** Migration 093: a refund at Alipay or WeChat of (part of) a paid trade. */
export interface SourceRefundsTable {
  id: Generated<number>;
  outRefundNo: string;
  outTradeNo: string;
  memberId: number;
  method: string;
  amountFen: number;
  reason: string;
  status: string;
  createTime: string;
  updateTime: string;
}

export interface LedgerTable {
  id: Generated<number>;
  memberId: number;
  account: string;
  entry: string;
  direction: string;
  amountFen: number;
  balanceAfterFen: number | null;
  businessType: number;
  outTradeNo: string;
  orderNo: string | null;
  note: string;
  createTime: string;
}
