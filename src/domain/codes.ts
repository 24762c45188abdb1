// Code tables with their zh (copy.zh-CN.md verbatim) and en labels.

import type { Bilingual, Lang } from "./messages";

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

