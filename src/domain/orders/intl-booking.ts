// Booking an international flight itinerary: the order form (shared by the order page and the
// server's route), the travel-document rules (a passport, or the matching pass for Hong Kong,
// Macau and Taiwan; valid at least 6 months after departure; the name in Latin letters as on the
// document) and the price of an itinerary, which is the sum of its segments' fares. Money is
// integer fen.
import { m, tr, trLazy } from "../tr";
import { z } from "zod";
import { CERT_TYPE, codeTable, type CodeTable } from "../codes";
import { certNoValid, isChineseOnly, isEnglishOnly, isMobile } from "../validators";
import { normaliseDate } from "../travel/dates";
import type { FareBreakdown, PassengerFare, PassengerType } from "../travel/air-fares";
import { zBool, zInt, zOptionalString, zText } from "../zod";
import { TRAVEL_TYPES } from "../policy/codes";
import { CERT_NO_MAX, MAX_PASSENGERS, NAME_MAX, pricePanel, type PricePanel } from "./flight-booking";
import { IN_FEN } from "../money";

/** The certificates an international trip accepts. */
export const INTL_CERT_TYPES = [CERT_TYPE.passport, CERT_TYPE.hkMacauPass, CERT_TYPE.taiwanPass] as const;

/** Destinations where the matching travel pass replaces the passport (city codes). */
export const PASS_FOR_CITY: Readonly<Record<string, number>> = {
  HKG: CERT_TYPE.hkMacauPass,
  MFM: CERT_TYPE.hkMacauPass,
  TPE: CERT_TYPE.taiwanPass,
};

/** Months a travel document must remain valid after the departure date. */
export const CERT_VALID_MONTHS = 6;
export const CERT_EXPIRY_SHORT = "证件有效期不足6个月";

/** The nationalities offered on the form; the code is ISO 3166 alpha-2. */
export const NATIONALITY_CODES = ["CN", "HK", "MO", "TW", "JP", "KR", "SG", "TH", "MY", "US", "GB", "CA", "AU", "DE", "FR"] as const;
export type Nationality = (typeof NATIONALITY_CODES)[number];
export const NATIONALITIES: CodeTable<Nationality> = codeTable("nationality", NATIONALITY_CODES);

/** The certificate types accepted for a trip ending in `destCity`: a passport, or the matching pass. */
export function certTypesFor(destCity: string): number[] {
  const pass = PASS_FOR_CITY[destCity];
  return pass === undefined ? [CERT_TYPE.passport] : [CERT_TYPE.passport, pass];
}

export function certTypeProblem(certType: number, destCity: string): string | null {
  if (certTypesFor(destCity).includes(certType)) return null;
  const pass = PASS_FOR_CITY[destCity];
  if (pass === CERT_TYPE.hkMacauPass) return "前往港澳须使用护照或港澳通行证";
  if (pass === CERT_TYPE.taiwanPass) return "前往台湾须使用护照或台湾通行证";
  return "国际航班须使用护照";
}

/** The date `months` later; a day the month lacks falls to its last day (08-31 + 6 → 02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** The document must still be valid 6 months after departure (the day itself counts). */
export function certExpiryProblem(expiry: string, depDate: string): string | null {
  const e = normaliseDate(expiry);
  if (!e) return "证件有效期格式不正确";
  return e < addMonths(depDate, CERT_VALID_MONTHS) ? CERT_EXPIRY_SHORT : null;
}

const SURNAME = /^[A-Z]+$/;
const GIVEN_NAMES = /^[A-Z]+(?: [A-Z]+)*$/;

const englishPart = (label: string, max: number, pattern: RegExp) =>
  z
    .string({ error: trLazy("请填写英文{label}", { label }) })
    .trim()
    .max(max, m("英文{label}最多 {max} 个字母", { label, max }))
    .min(1, m("请填写英文{label}", { label }))
    .refine((v) => pattern.test(v.toUpperCase()), m("英文{label}只能包含字母 A–Z", { label }));

const dateText = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .max(10, invalid)
    .min(1, required)
    .refine((v) => normaliseDate(v) !== null, invalid);

export const intlPassengerInput = z
  .object({
    name: zText({ max: NAME_MAX, min: 1, trim: true, label: trLazy("乘客姓名"), typeError: trLazy("请填写乘客姓名") }).refine(
      (v) => isChineseOnly(v) || isEnglishOnly(v),
      "乘客姓名须为中文或英文",
    ),
    /** As on the document, in Latin letters (upper case once stored). */
    surname: englishPart("姓", 30, SURNAME),
    givenName: englishPart("名", 40, GIVEN_NAMES),
    nationality: z.enum(NATIONALITY_CODES, { error: trLazy("请选择国籍") }),
    certType: zInt({ min: 0, max: 9, error: trLazy("请选择证件类型") }).refine((v) => (INTL_CERT_TYPES as readonly number[]).includes(v), m("国际航班须使用护照或港澳台通行证")),
    certNo: zText({ max: CERT_NO_MAX, min: 1, trim: true, label: trLazy("证件号码"), typeError: trLazy("请填写证件号码") }),
    certExpiry: dateText("请填写证件有效期", "证件有效期格式不正确"),
    birthday: dateText("请填写出生日期", "出生日期格式不正确"),
    mobile: zOptionalString(z.string().max(11).refine(isMobile, m("请输入正确的手机号码")), trLazy("请输入正确的手机号码")),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (!certNoValid(p.certType, p.certNo)) ctx.addIssue({ code: "custom", path: ["certNo"], message: tr("证件号码格式不正确") });
  });

export type IntlPassengerInput = z.output<typeof intlPassengerInput>;

const FARE_KEY = z.string({ error: trLazy("请提供舱位编号") }).max(60, m("舱位编号不正确")).regex(/^[A-Z0-9:|-]{10,60}$/, m("舱位编号不正确"));
/** Flight keys joined by "+", one per segment (at most 4). */
export const itineraryKey = z.string({ error: trLazy("请提供行程编号") }).max(120, m("行程编号不正确")).regex(/^[0-9A-Z:-]{10,30}(\+[0-9A-Z:-]{10,30}){0,3}$/, m("行程编号不正确"));
export const cabinClassInput = z.enum(["F", "C", "Y"], { error: trLazy("舱位等级不正确") });

export const intlVerifyInput = z.object({ itineraryKey, cabinClass: cabinClassInput }).strict();
export type IntlVerifyInput = z.output<typeof intlVerifyInput>;

export const intlOrderInput = z
  .object({
    itineraryKey,
    cabinClass: cabinClassInput,
    /** Each segment's fare as verified, in segment order. */
    fareKeys: z.array(FARE_KEY, { error: trLazy("请提供舱位编号") }).min(1, m("请提供舱位编号")).max(4, m("舱位编号不正确")),
    /** The adult ticket total (all segments) the buyer saw, in fen: a different current price is announced first. */
    price: zInt({ min: 0, max: 100_000_000, error: trLazy("票价不正确") }).meta(IN_FEN),
    acceptPrice: zBool(trLazy("acceptPrice 只能是 0 或 1")).optional(),
    clientKey: zText({ max: 64, min: 8, label: "clientKey", error: trLazy("clientKey 不正确") }).regex(/^[A-Za-z0-9-]+$/, m("clientKey 不正确")),
    contactName: zText({ max: NAME_MAX, min: 1, trim: true, label: trLazy("联系人姓名"), typeError: trLazy("请填写联系人姓名") }),
    contactMobile: z.string({ error: trLazy("请输入正确的手机号码") }).max(11, m("请输入正确的手机号码")).refine(isMobile, m("请输入正确的手机号码")),
    /** Company members: 因公 or 因私 (the international travel standard is not checked). */
    travelType: z.enum(TRAVEL_TYPES.keys, { error: trLazy("出行类型只能是因公或因私") }).optional(),
    passengers: z.array(intlPassengerInput, { error: trLazy("请添加乘客") }).min(1, m("请添加乘客")).max(MAX_PASSENGERS, m("每张订单最多 {MAX_PASSENGERS} 名乘客", { MAX_PASSENGERS })),
  })
  .strict()
  .superRefine((o, ctx) => {
    const segments = o.itineraryKey.split("+");
    if (segments.length !== o.fareKeys.length || o.fareKeys.some((k, i) => k.split("|")[0] !== segments[i] || k.split("|")[1] !== o.cabinClass)) {
      ctx.addIssue({ code: "custom", path: ["fareKeys"], message: tr("舱位与行程不符，请重新查询") });
    }
    const seen = new Set<string>();
    o.passengers.forEach((p, i) => {
      const key = `${p.certType}|${p.certNo.toUpperCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["passengers", i, "certNo"], message: tr("同一证件不能重复添加") });
      seen.add(key);
    });
  });

export type IntlOrderInput = z.output<typeof intlOrderInput>;

/** What the trip asks of each passenger's document: the certificate for the destination, valid long enough. */
export function intlPassengerProblems(
  passengers: readonly { certType: number; certExpiry?: string }[],
  trip: { depDate: string; destCity: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  passengers.forEach((p, i) => {
    const cert = certTypeProblem(p.certType, trip.destCity);
    if (cert) errors[`passengers.${i}.certType`] = cert;
    const expiry = p.certExpiry ? certExpiryProblem(p.certExpiry, trip.depDate) : null;
    if (expiry) errors[`passengers.${i}.certExpiry`] = expiry;
  });
  return errors;
}

/** The order schema with the trip's document rules, for the form (the server checks them after verifying). */
export function intlOrderSchema(trip: { depDate: string; destCity: string } | undefined) {
  return intlOrderInput.superRefine((o, ctx) => {
    if (!trip) return;
    for (const [path, message] of Object.entries(intlPassengerProblems(o.passengers, trip))) {
      ctx.addIssue({ code: "custom", path: path.split(".").map((x) => (/^\d+$/.test(x) ? Number(x) : x)), message });
    }
  });
}

// ---- the itinerary's price ----

/** One breakdown for the whole itinerary: each passenger type's fare summed over the segments. */
export function itineraryBreakdown(segments: readonly FareBreakdown[]): FareBreakdown {
  const sum = (t: PassengerType): PassengerFare => {
    const parts = segments.map((b) => b[t]);
    const add = (k: "ticket" | "airportTax" | "fuelTax" | "serviceFee" | "total") => parts.reduce((a, f) => a + f[k], 0);
    return { psgType: t, ticket: add("ticket"), airportTax: add("airportTax"), fuelTax: add("fuelTax"), serviceFee: add("serviceFee"), total: add("total") };
  };
  return { ADT: sum("ADT"), CHD: sum("CHD"), INF: sum("INF") };
}

/** The price panel of an itinerary: per passenger the ticket and taxes of every segment. */
export function intlPricePanel(segments: readonly FareBreakdown[], types: readonly PassengerType[]): PricePanel {
  return pricePanel(itineraryBreakdown(segments), types.map((psgType) => ({ psgType })), []);
}

export { INTL_ORDER_PATHS, type IntlVerifyReply } from "./intl-types";
