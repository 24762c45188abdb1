// The payment catalogue: business types, methods, paths and what the pay calls answer. Money is
// integer fen.
import { trLabels } from "../tr";

/** The numeric business types every pay request carries. */
export const BUSINESS_TYPE = {
  recharge: 1,
  buffetCard: 2,
  upgrade: 3,
  payAnnualFee: 4,
  dometicketOrderPay: 5,
  changeTicket: 6,
  buyTicket: 7,
  trainPay: 8,
  /** Not in the published table (which stops at 8); the next free number. */
  hotelPay: 9,
  /** Not in the published table either: rewards moved into the wallet (奖励转出). */
  rewardsOut: 10,
  /** Named in the published redirects (the train order list) without a number: a train change's difference. */
  trainChangeTicket: 11,
} as const;

export type BusinessTypeName = keyof typeof BUSINESS_TYPE;
export type BusinessType = (typeof BUSINESS_TYPE)[BusinessTypeName];
export const BUSINESS_TYPE_CODES = Object.values(BUSINESS_TYPE) as BusinessType[];

/** copy.zh-CN.md's labels, verbatim; hotelPay, rewardsOut and trainChangeTicket are ours. */
export const BUSINESS_TYPE_LABELS: Readonly<Record<BusinessType, string>> = trLabels({
  1: "账户充值",
  2: "自助卡",
  3: "会员升级",
  4: "缴纳年费",
  5: "国内机票支付",
  6: "机票改签",
  7: "购票",
  8: "火车票支付",
  9: "酒店支付",
  10: "奖励转出",
  11: "火车票改签",
});

/**
 * A refund's own name: its row carries the business type of the payment it returns (a flight's
 * refund is of a 国内机票支付), which would read as a payment in a list.
 */
export const REFUND_BUSINESS_LABELS: Readonly<Partial<Record<BusinessType, string>>> = trLabels({
  5: "国内机票退款",
  6: "机票改签退款",
  7: "购票退款",
  8: "火车票退款",
  9: "酒店退款",
  11: "火车票改签退款",
});

/**
 * The cashier's methods. credit: the company's credit line (授信支付), for members of a company
 * with a credit limit whose payment limits include creditpay; billed on the monthly statement.
 */
export const PAY_METHODS = ["wallet", "alipay", "wechat", "credit"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const QR_METHODS = ["alipay", "wechat"] as const;
export type QrMethod = (typeof QR_METHODS)[number];

/** refunding: QR money that could not pay its order, on its way back to where it came from. */
export type PaymentStatus = "created" | "paid" | "refunding" | "refunded" | "closed";

export const PAY_PATHS = {
  cashier: "/pay/cashier",
  create: "/pay/create",
  wallet: "/pay/newappthepay",
  credit: "/pay/newappshouxinpay",
  precreate: "/pay/precreate",
  query: "/pay/query",
  ledger: "/account/ledger",
  sandboxNotify: "/pay/sandbox/notify",
} as const;

/** Bank cards of withdrawals (the list, binding, unbinding, the bank of a number). */
export const BANK_CARD_PATHS = {
  list: "/bank/appNewBankViewListServelet",
  bind: "/member/account/bind_bankcard",
  unbind: "/member/account/unbind_bankcard",
  bankType: "/bank/GetBankType",
} as const;

export const WITHDRAWAL_PATHS = {
  apply: "/withdrawal/apply",
  list: "/withdrawal/list",
  detail: "/withdrawal/detail",
  cancel: "/withdrawal/cancel",
} as const;

/** The page a QR code opens: the server's own mobile cashier of the sandbox gateway. */
export const SANDBOX_CASHIER_PATH = "/sandbox/cashier";

export interface CashierInfo {
  orderId: number;
  /** air | hotel | train: which order detail and status labels the cashier shows. */
  product: string;
  orderNo: string;
  title: string;
  status: number;
  businessType: BusinessType;
  amount: number;
  expiresAt: string | null;
  methods: PayMethod[];
  walletBalance: number;
  payPwdSetup: boolean;
  /** What is left of the company's credit line (fen); null when credit pay is not offered. */
  creditAvailable: number | null;
  /**
   * 超标自付: the standard's part of the order, charged to the company's credit line together with
   * the traveller's payment of `amount` (both or neither); null when the payer pays it all.
   */
  companyPart: number | null;
}

export interface CreatedPayment {
  outTradeNo: string;
  amount: number;
  businessType: BusinessType;
}

export interface PaymentResult {
  outTradeNo: string;
  status: PaymentStatus;
  orderId: number;
  orderNo: string;
  businessType: BusinessType;
}

export interface Precreated {
  outTradeNo: string;
  qrUrl: string;
}

export interface LedgerRow {
  id: number;
  account: string;
  entry: "pay" | "refund" | "withdraw" | "recharge";
  direction: "in" | "out";
  amount: number;
  balanceAfter: number | null;
  businessType: number;
  outTradeNo: string;
  orderNo: string | null;
  note: string;
  createTime: string;
}

/** /account/AppAccount: money fields are integer fen, shown with formatFen. */
export interface AccountSummary {
  owner: "company" | "member";
  companyName: string | null;
  balanceFen: number;
  frozenFen: number;
  availableFen: number;
  points: number;
  creditEnabled: boolean;
  creditLimitFen: number;
  creditUsedFen: number;
  creditAvailableFen: number;
}
