// Code tables with their zh (copy.zh-CN.md verbatim) and en labels.

import { MESSAGES, type Bilingual, type Lang } from "./messages";

export type CodeTable<K extends string | number = string | number> = Readonly<Record<K, Bilingual>>;

/**
 * A code's label. Unknown codes show as the code itself (so an operator can still read a status
 * the portal does not know yet) and an absent code as ''; never throws on data from the API.
 */
export function label(
  table: CodeTable,
  code: string | number | null | undefined,
  lang: Lang = "zh",
): string {
  if (code === null || code === undefined || code === "") return "";
  const key = String(code);
  // hasOwn: a code such as "constructor" must not reach Object.prototype.
  return Object.hasOwn(table, key) ? (table as Record<string, Bilingual>)[key][lang] : key;
}

/** Select options in the order of `codes`. */
export function codeOptions<K extends string | number>(
  table: CodeTable<K>,
  codes: readonly K[],
  lang: Lang = "zh",
): { value: K; label: string }[] {
  return codes.map((value) => ({ value, label: table[value][lang] }));
}

// ---- airline order status ----

export const AIR_ORDER_STATUS_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export type AirOrderStatus = (typeof AIR_ORDER_STATUS_CODES)[number];

export const AIR_ORDER_STATUS: CodeTable<AirOrderStatus> = {
  0: { zh: "待支付", en: "Pending payment" },
  1: { zh: "已支付", en: "Paid" },
  2: { zh: "已出票", en: "Ticketed" },
  3: { zh: "已改签", en: "Changed" },
  4: { zh: "已退票", en: "Ticket refunded" },
  5: { zh: "已作废", en: "Voided" },
  6: { zh: "已退款", en: "Money refunded" },
  7: { zh: "出票中", en: "Ticketing" },
  8: { zh: "已拒单", en: "Rejected" },
  9: { zh: "退票申请中", en: "Refund requested" },
  10: { zh: "退票处理中", en: "Refund processing" },
  11: { zh: "改签申请中", en: "Change requested" },
};

/** antd Tag preset colours; antd renders "default" grey. */
export type StatusColor =
  | "orange" | "gold" | "blue" | "geekblue" | "cyan" | "green" | "lime"
  | "purple" | "magenta" | "red" | "volcano" | "default";

export const GREY: StatusColor = "default";

/**
 * Colours exist for 0-15 and 20-23, the rest are grey. Waiting on the customer is
 * orange, done is green/blue, refunds purple/magenta, failures red. The meaning of 12-15 and
 * 20-23 is not shown, so they only get distinct non-grey colours.
 */
export const ORDER_STATUS_COLORS: Readonly<Record<number, StatusColor>> = {
  0: "orange",
  1: "blue",
  2: "green",
  3: "cyan",
  4: "purple",
  5: "default",
  6: "purple",
  7: "geekblue",
  8: "red",
  9: "magenta",
  10: "magenta",
  11: "gold",
  12: "gold",
  13: "volcano",
  14: "lime",
  15: "cyan",
  20: "orange",
  21: "green",
  22: "red",
  23: "blue",
};

/** Hex of each preset (antd 5 "-6" shades) for places that colour text rather than a Tag. */
export const STATUS_COLOR_HEX: Readonly<Record<StatusColor, string>> = {
  orange: "#fa8c16",
  gold: "#faad14",
  blue: "#1677ff",
  geekblue: "#2f54eb",
  cyan: "#13c2c2",
  green: "#52c41a",
  lime: "#a0d911",
  purple: "#722ed1",
  magenta: "#eb2f96",
  red: "#f5222d",
  volcano: "#fa541c",
  default: "#8c8c8c",
};

export function orderStatusColor(code: number | string | null | undefined): StatusColor {
  if (code === null || code === undefined || code === "") return GREY;
  const n = Number(code);
  return Number.isInteger(n) ? (ORDER_STATUS_COLORS[n] ?? GREY) : GREY;
}

// ---- insurance status ----

export const INSURANCE_STATUS_CODES = [0, 1, 2, 3, 4, 5] as const;
export type InsuranceStatus = (typeof INSURANCE_STATUS_CODES)[number];

export const INSURANCE_STATUS: CodeTable<InsuranceStatus> = {
  0: { zh: "未投保", en: "Not insured" },
  1: { zh: "已投保", en: "Insured" },
  2: { zh: "已撤销", en: "Cancelled" },
  3: { zh: "投保失败", en: "Insurance failed" },
  4: { zh: "已退保", en: "Surrendered" },
  5: { zh: "退保中", en: "Surrendering" },
};

// ---- certificate types ----

export const CERT_TYPE = {
  other: 0,
  idCard: 1,
  passport: 2,
  military: 3,
  taiwanResidentPermit: 4,
  hkMacauResidentPermit: 5,
  civilServant: 6,
  taiwanPass: 7,
  hkMacauPass: 8,
  seafarer: 9,
} as const;
export type CertType = (typeof CERT_TYPE)[keyof typeof CERT_TYPE];
export const CERT_TYPE_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const satisfies readonly CertType[];

export const CERT_TYPES: CodeTable<CertType> = {
  0: { zh: "其他", en: "Other" },
  1: { zh: "身份证", en: "ID card" },
  2: { zh: "护照", en: "Passport" },
  3: { zh: "军官证", en: "Military officer card" },
  4: { zh: "台湾居民居住证", en: "Residence permit for Taiwan residents" },
  5: { zh: "港澳居民居住证", en: "Residence permit for HK/Macau residents" },
  6: { zh: "公务员证", en: "Civil servant card" },
  7: { zh: "台湾通行证", en: "Taiwan travel permit" },
  8: { zh: "港澳通行证", en: "HK/Macau travel permit" },
  9: { zh: "海员证", en: "Seafarer's card" },
};

// ---- passenger types ----

export const PASSENGER_TYPE_CODES = ["ADT", "CHD", "INF", "SD", "SC", "DR", "DL", "ZZ", "CD"] as const;
export type PassengerType = (typeof PASSENGER_TYPE_CODES)[number];

export const PASSENGER_TYPES: CodeTable<PassengerType> = {
  ADT: { zh: "成人", en: "Adult" },
  CHD: { zh: "儿童", en: "Child" },
  INF: { zh: "婴儿", en: "Infant" },
  SD: { zh: "留学生", en: "Student abroad" },
  SC: { zh: "海员", en: "Seafarer" },
  DR: { zh: "博士", en: "Doctorate" },
  DL: { zh: "劳务", en: "Labour" },
  ZZ: { zh: "青年", en: "Youth" },
  CD: { zh: "老年", en: "Senior" },
};

// ---- payment business types ----

export const PAY_BUSINESS_TYPES = [
  { no: 1, type: "recharge", zh: "账户充值", en: "Account recharge" },
  { no: 2, type: "buffetCard", zh: "自助卡", en: "Self-service card" },
  { no: 3, type: "upgrade", zh: "会员升级", en: "Membership upgrade" },
  { no: 4, type: "payAnnualFee", zh: "缴纳年费", en: "Annual fee" },
  { no: 5, type: "dometicketOrderPay", zh: "国内机票支付", en: "Domestic flight payment" },
  { no: 6, type: "changeTicket", zh: "机票改签", en: "Flight change" },
  { no: 7, type: "buyTicket", zh: "购票", en: "Ticket purchase" },
  { no: 8, type: "trainPay", zh: "火车票支付", en: "Train ticket payment" },
] as const;

export type PayBusinessType = (typeof PAY_BUSINESS_TYPES)[number]["type"];
export type PayBusinessNo = (typeof PAY_BUSINESS_TYPES)[number]["no"];

/** Labels by number, for label(). */
export const PAY_BUSINESS_TYPE_LABELS: CodeTable<PayBusinessNo> = Object.fromEntries(
  PAY_BUSINESS_TYPES.map((t) => [t.no, { zh: t.zh, en: t.en }]),
) as Record<PayBusinessNo, Bilingual>;

/** The type name of a business number ('5' or 5 -> 'dometicketOrderPay'); null if unknown. */
export function payBusinessType(no: number | string | null | undefined): PayBusinessType | null {
  const n = typeof no === "string" && /^\d+$/.test(no) ? Number(no) : no;
  return PAY_BUSINESS_TYPES.find((t) => t.no === n)?.type ?? null;
}

export function payBusinessNo(type: string | null | undefined): PayBusinessNo | null {
  return PAY_BUSINESS_TYPES.find((t) => t.type === type)?.no ?? null;
}

/** Hotel pay and train change pay have no business number but do have a success behaviour. */
export type PaySuccessType = PayBusinessType | "hotelPay" | "trainChangeTicket";

export const PAY_FINISH_PATH = "/view/pay/finish.shtml";
export const AIR_ORDER_FINISH_PATH = "/view/airTicket/orderfinish.shtml";
export const AIR_ORDER_LIST_PATH = "/myCenter/order_list_air";
export const TRAIN_ORDER_LIST_PATH = "/myCenter/train_order_list";
export const HOTEL_ORDER_LIST_PATH = "/hotel/orderList";

export type PaySuccessAction =
  /** Hand over to the page's own success callback (recharge). */
  | { kind: "callback" }
  /** Go to path; the caller adds the token query where the page needs it. */
  | { kind: "redirect"; path: string; query?: Record<string, string> }
  /** Show toast, then go to path. */
  | { kind: "toastThenRedirect"; toast: Bilingual; path: string }
  | { kind: "none" };

/** What happens after a payment succeeded, by type name or business number. */
export function paySuccessAction(
  type: PaySuccessType | number | string,
  context: { orderNo?: string | number } = {},
): PaySuccessAction {
  const name = typeof type === "number" || /^\d+$/.test(type) ? payBusinessType(type) : type;
  switch (name) {
    case "recharge":
      return { kind: "callback" };
    case "buffetCard":
      return { kind: "redirect", path: PAY_FINISH_PATH, query: { form: "buffetCard" } };
    case "dometicketOrderPay":
      return { kind: "redirect", path: AIR_ORDER_FINISH_PATH };
    case "changeTicket":
      return { kind: "redirect", path: AIR_ORDER_LIST_PATH };
    case "hotelPay": {
      const orderNo = context.orderNo === undefined ? "" : String(context.orderNo);
      // Without an order number the detail page cannot open; the list still shows the order.
      const path = orderNo ? `/hotel/myOrder/detail/${encodeURIComponent(orderNo)}` : HOTEL_ORDER_LIST_PATH;
      return { kind: "toastThenRedirect", toast: MESSAGES.orderPaid, path };
    }
    case "trainPay":
    case "trainChangeTicket":
      return { kind: "redirect", path: TRAIN_ORDER_LIST_PATH };
    default:
      // upgrade, payAnnualFee, buyTicket and unknown types: the page stays as it is.
      return { kind: "none" };
  }
}
