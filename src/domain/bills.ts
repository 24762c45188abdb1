// Bills: which rows each bill lists, which filters it takes, its columns and the totals it
// reports. Shared by the server (queries, exports) and the portal (table, summary row), so the
// screen and the spreadsheet can never disagree about what a bill is.
import { trLabels } from "./tr";
import type { ExportColumn } from "./exports";
import { FLIGHT_ORDER_STATUS as S, FLIGHT_ORDER_STATUS_CODES } from "./orders/flight";

import { BILL_PAGES, type BillName } from "./bill-pages";

export { BILL_NAMES, BILL_PAGES, billListPath, billExcelPath, type BillName } from "./bill-pages";

/** Orders-based bills list one row per order; ledger-based bills one row per money movement. */
export type BillSource = "orders" | "ledger";

/** The products an order can be of (the orders table's `product`). */
export const BILL_PRODUCTS = ["air", "train", "hotel"] as const;
export type BillProduct = (typeof BILL_PRODUCTS)[number];
export const BILL_PRODUCT_LABELS: Readonly<Record<BillProduct, string>> = trLabels({ air: "国内机票", train: "火车票", hotel: "酒店" });

/**
 * Statuses in which the order still holds the money paid for it: everything between payment
 * and the money going back. Unpaid (0), awaiting approval (13), cancelled (12), refunded (6) and
 * failed-to-ticket (14, paid back with the failure) orders hold nothing, so their settled amount
 * is 0 while their face amount stays visible.
 */
export const HOLDING_STATUSES: readonly number[] = FLIGHT_ORDER_STATUS_CODES.filter(
  (s) => s !== S.pendingPayment && s !== S.approving && s !== S.cancelled && s !== S.moneyRefunded && s !== S.ticketFailed,
);
/**
 * Sold: paid at some point (not unpaid, not cancelled before payment). What an orders bill lists
 * unless its status filter asks for one status on purpose (an unpaid or cancelled order too).
 */
export const SOLD_STATUSES: readonly number[] = FLIGHT_ORDER_STATUS_CODES.filter((s) => s !== S.pendingPayment && s !== S.approving && s !== S.cancelled);
/** On the way back or back: refund asked, in hand, ticket refunded, money refunded, or paid back when the tickets could not be issued. */
const REFUND_STATUSES: readonly number[] = [S.refundRequested, S.refundProcessing, S.ticketRefunded, S.moneyRefunded, S.ticketFailed];
const CHANGE_STATUSES: readonly number[] = [S.changeRequested, S.changed];

/** Every entry a ledger row may carry: order payments and refunds, wallet recharges, withdrawals, and rewards moved into the wallet (recommend, share). */
export const LEDGER_ENTRIES = ["pay", "refund", "recharge", "withdraw", "recommend", "share", "opening"] as const;
export type LedgerEntryName = (typeof LEDGER_ENTRIES)[number];
export const LEDGER_ENTRY_LABELS: Readonly<Record<LedgerEntryName, string>> = trLabels({
  pay: "支付", refund: "退款", recharge: "充值", withdraw: "提现", recommend: "推荐收益", share: "分润收益", opening: "期初余额",
});
export const LEDGER_ACCOUNT_LABELS: Readonly<Record<string, string>> = trLabels({ wallet: "余额", alipay: "支付宝", wechat: "微信", credit: "企业授信" });

/** One row of an orders-based bill. Money in integer fen. */
export interface OrderBillRow extends Record<string, unknown> {
  id: number;
  orderNo: string;
  product: string;
  productName: string;
  createTime: string;
  bookerName: string;
  departmentName: string;
  passengerNames: string;
  title: string;
  depDate: string;
  status: number;
  statusName: string;
  ticketFen: number;
  taxFen: number;
  serviceFeeFen: number;
  insuranceFen: number;
  totalFen: number;
  /** 超标自付: what the traveller paid themself of totalFen. */
  selfPayFen: number;
  /**
   * What the order still holds of the money paid (0 once refunded, unpaid or cancelled); on a
   * company bill only the company's part, without what the traveller paid themself.
   */
  settledFen: number;
  /** Hotel orders: the stay. */
  hotelName?: string;
  cityName?: string;
  checkIn?: string;
  checkOut?: string;
  nights?: number;
  roomCount?: number;
  /** Train orders: the train and seat as booked, departure in China time (YYYY-MM-DD HH:mm). */
  trainNo?: string;
  fromStation?: string;
  toStation?: string;
  seatName?: string;
  departure?: string;
}

/** One row of a ledger-based bill. */
export interface LedgerBillRow extends Record<string, unknown> {
  id: number;
  createTime: string;
  orderNo: string;
  outTradeNo: string;
  account: string;
  accountName: string;
  entry: string;
  entryName: string;
  inFen: number;
  outFen: number;
  balanceAfterFen: number | null;
  note: string;
}

export type OrderBillTotals = { count: number; ticketFen: number; taxFen: number; serviceFeeFen: number; insuranceFen: number; totalFen: number; selfPayFen: number; settledFen: number };
export type LedgerBillTotals = { count: number; inFen: number; outFen: number };
export type BillTotals = OrderBillTotals | LedgerBillTotals;

/** A bill's list reply: the page's rows, the filtered set's size and its totals. */
export interface BillPage<R> {
  list: R[];
  total: number;
  pageNum: number;
  pageSize: number;
  totals: Record<string, number>;
}

export type BillFilter = "date" | "traveller" | "department" | "orderNo" | "product" | "status" | "entry";

export interface BillDefinition {
  name: BillName;
  /** The page's route name. */
  route: string;
  title: string;
  source: BillSource;
  /** The access resource of the permission tree that owns the bill's menu item. */
  access: string;
  filters: readonly BillFilter[];
  /** Orders bills: the product the bill is about (none: every product, with a product filter). */
  product?: BillProduct;
  /** Orders bills: the statuses the bill lists (none: every status). */
  statuses?: readonly number[];
  /** Ledger bills: the entry the bill lists (none: every entry, with an entry filter). */
  entry?: LedgerEntryName;
  /** Orders bills: the company's orders (the administrator's), else the member's own. */
  scope: "company" | "own";
}

const ORDER_FILTERS_OWN: readonly BillFilter[] = ["date", "traveller", "orderNo", "status"];
const LEDGER_FILTERS_ONE: readonly BillFilter[] = ["date", "orderNo"];

const orders = (name: BillName, access: string, extra: Partial<BillDefinition>): BillDefinition =>
  ({ name, ...BILL_PAGES[name], source: "orders", access, filters: ORDER_FILTERS_OWN, scope: "own", ...extra });
const ledger = (name: BillName, access: string, entry: LedgerEntryName): BillDefinition =>
  ({ name, ...BILL_PAGES[name], source: "ledger", access, filters: LEDGER_FILTERS_ONE, scope: "own", entry });

export const BILLS: Readonly<Record<BillName, BillDefinition>> = {
  enterpriseBill: orders("enterpriseBill", "bills:enterprise", {
    scope: "company", filters: ["date", "traveller", "department", "orderNo", "product", "status"],
  }),
  transactionBill: { name: "transactionBill", ...BILL_PAGES.transactionBill, source: "ledger", access: "bills:transaction", filters: ["date", "orderNo", "entry"], scope: "own" },
  airSumBill: orders("airSumBill", "reports:air", { product: "air" }),
  airSaleBill: orders("airSaleBill", "reports:air-sale", { product: "air", statuses: SOLD_STATUSES }),
  airRefundBill: orders("airRefundBill", "reports:air-refund", { product: "air", statuses: REFUND_STATUSES }),
  airChangesBill: orders("airChangesBill", "reports:air-change", { product: "air", statuses: CHANGE_STATUSES }),
  hotelSumBill: orders("hotelSumBill", "reports:hotel", { product: "hotel" }),
  trainSumBill: orders("trainSumBill", "reports:train", { product: "train" }),
  // Recharges and withdrawals move the member's own wallet.
  rechargeBill: ledger("rechargeBill", "wallet", "recharge"),
  putforwardBill: ledger("putforwardBill", "wallet", "withdraw"),
  recomBill: ledger("recomBill", "bills:recommendation", "recommend"),
  shareBill: ledger("shareBill", "bills:share", "share"),
};

export function billByRoute(route: string): BillDefinition | undefined {
  return Object.values(BILLS).find((b) => b.route === route);
}

/** The statuses a bill's status filter offers. */
export const billStatuses = (b: BillDefinition): readonly number[] => b.statuses ?? FLIGHT_ORDER_STATUS_CODES;

export const ORDER_BILL_SORTS = ["createTime", "depDate", "totalFen", "orderNo"] as const;
export const LEDGER_BILL_SORTS = ["createTime", "amountFen"] as const;

export { orderBillColumns, orderTotalKeys } from "./bill-columns";

export const LEDGER_BILL_COLUMNS: ExportColumn<LedgerBillRow>[] = [
  { key: "createTime", header: "交易时间", kind: "datetime" },
  { key: "entryName", header: "类型", kind: "text", width: 10 },
  { key: "accountName", header: "账户", kind: "text", width: 10 },
  { key: "orderNo", header: "订单号", kind: "text", width: 22 },
  { key: "outTradeNo", header: "交易号", kind: "text", width: 26 },
  { key: "inFen", header: "收入（元）", kind: "money" },
  { key: "outFen", header: "支出（元）", kind: "money" },
  { key: "balanceAfterFen", header: "余额（元）", kind: "money" },
  { key: "note", header: "备注", kind: "text", width: 24 },
];

/** The money columns a ledger bill's summary row totals. */
export const LEDGER_TOTAL_KEYS = ["inFen", "outFen"] as const;
