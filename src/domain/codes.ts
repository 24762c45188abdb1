// Code tables: which codes exist, in display order. Their texts are keyed in
// src/locales/codes.<locale>.json as <group>.<code> (copy.zh-CN.md verbatim for zh): the portal
// reads them with t(codeKey(table, code)), the server and the domain with label().

import { codeText, type CodeGroup } from "./code-text";
import type { Lang } from "./messages";

export type { CodeGroup } from "./code-text";

export interface CodeTable<K extends string | number = string | number> {
  /** The group of the locale files that holds the texts. */
  readonly group: CodeGroup;
  readonly codes: readonly K[];
}

export function codeTable<const K extends string | number>(group: CodeGroup, codes: readonly K[]): CodeTable<K> {
  return { group, codes };
}

/** Whether the table lists the code (API codes may come as strings). */
export function hasCode(table: CodeTable, code: string | number | null | undefined): boolean {
  if (code === null || code === undefined || code === "") return false;
  const key = String(code);
  return table.codes.some((c) => String(c) === key);
}

/** The i18n key of a code's text: codes.<group>.<code>. */
export function codeKey(table: CodeTable, code: string | number): string {
  return `codes.${table.group}.${code}`;
}

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
  return hasCode(table, code) ? codeText(table.group, code, lang) : String(code);
}

/** Select options in the order of `codes`. */
export function codeOptions<K extends string | number>(
  table: CodeTable<K>,
  codes: readonly K[] = table.codes,
  lang: Lang = "zh",
): { value: K; label: string }[] {
  return codes.map((value) => ({ value, label: label(table, value, lang) }));
}

// ---- airline order status ----

export const AIR_ORDER_STATUS_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export type AirOrderStatus = (typeof AIR_ORDER_STATUS_CODES)[number];

export const AIR_ORDER_STATUS: CodeTable<AirOrderStatus> = codeTable("flightOrderStatus", AIR_ORDER_STATUS_CODES);

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

export const INSURANCE_STATUS: CodeTable<InsuranceStatus> = codeTable("insuranceStatus", INSURANCE_STATUS_CODES);

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

export const CERT_TYPES: CodeTable<CertType> = codeTable("certType", CERT_TYPE_CODES);

// ---- passenger types ----

export const PASSENGER_TYPE_CODES = ["ADT", "CHD", "INF", "SD", "SC", "DR", "DL", "ZZ", "CD"] as const;
export type PassengerType = (typeof PASSENGER_TYPE_CODES)[number];

export const PASSENGER_TYPES: CodeTable<PassengerType> = codeTable("passengerType", PASSENGER_TYPE_CODES);

