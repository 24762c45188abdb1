// Each bill's name, page route and title: what the router and the resource registry need, kept
// apart from the bill definitions so the first page loads none of them.
/**
 * The catalogue names only the /bill/ prefix of the bill calls; each bill's list and excel
 * paths are completed here as /bill/<name>/list and /bill/<name>/excel, in the camelCase of
 * the bill's page address (/bill/transactionBill, /finance/enterpriseBill).
 */
export const BILL_NAMES = [
  "enterpriseBill", "transactionBill", "airSumBill", "airSaleBill", "airRefundBill", "airChangesBill",
  "hotelSumBill", "trainSumBill", "rechargeBill", "putforwardBill", "recomBill", "shareBill",
] as const;
export type BillName = (typeof BILL_NAMES)[number];

export const billListPath = (name: BillName) => `/bill/${name}/list`;
export const billExcelPath = (name: BillName) => `/bill/${name}/excel`;

export const BILL_PAGES: Readonly<Record<BillName, { route: string; title: string }>> = {
  enterpriseBill: { route: "EnterpriseBill", title: "企业账单" },
  transactionBill: { route: "TransactionBill", title: "交易账单" },
  airSumBill: { route: "AirSumBill", title: "机票报表" },
  airSaleBill: { route: "AirSaleBill", title: "机票销售报表" },
  airRefundBill: { route: "AirRefundBill", title: "机票退票报表" },
  airChangesBill: { route: "AirChangesBill", title: "机票改签报表" },
  hotelSumBill: { route: "HotelSumBill", title: "酒店报表" },
  trainSumBill: { route: "TrainSumBill", title: "火车票报表" },
  rechargeBill: { route: "RechargeBill", title: "充值账单" },
  putforwardBill: { route: "PutforwardBill", title: "提现账单" },
  recomBill: { route: "RecomBill", title: "推荐收益账单" },
  shareBill: { route: "ShareBill", title: "分润收益" },
};
