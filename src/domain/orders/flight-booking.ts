// Booking a domestic flight: the order form (shared by the order page and the server's route),
// the passenger type from the age band on the travel date, and the price panel that always adds
// up. Money is integer fen.
import { m, tr, trLazy } from "../tr";
import { z } from "zod";
import { CERT_TYPE, CERT_TYPE_CODES } from "../codes";
import { passengerAgeBand } from "../fares";
import { certNoValid, idCardBirthDate, isChineseOnly, isEnglishOnly, isMobile } from "../validators";
import { normaliseDate } from "../travel/dates";
import { MAX_PASSENGERS } from "../travel/search-query";
import type { FareBreakdown, InsuranceOption, PassengerType } from "../travel/air-fares";
import { zBool, zInt, zOptionalString, zText } from "../zod";
import { businessOrderFields, refineBusinessOrder, refineReplaceBooking, replaceBookingFields } from "./business-booking";
import { IN_FEN, type Fen } from "../money";

/** Passengers on one order: the airline's limit for one booking record (kept with the search's passenger counts, which need no form schemas). */
export { MAX_PASSENGERS };
export const NAME_MAX = 40;
export const CERT_NO_MAX = 30;

const certNoOk = (certType: number, certNo: string) => certNoValid(certType, certNo);

/** A certificate's birth date: from the ID number itself, else the one entered. */
export function birthDateOf(p: { certType: number; certNo: string; birthday?: string }): string | null {
  if (p.certType === CERT_TYPE.idCard) return idCardBirthDate(p.certNo);
  return p.birthday ? normaliseDate(p.birthday) : null;
}

/** ADT / CHD / INF on the day of travel, or null when the birth date is unknown. */
export function passengerTypeOn(p: { certType: number; certNo: string; birthday?: string }, depDate: string): PassengerType | null {
  const birth = birthDateOf(p);
  return birth ? passengerAgeBand(birth, depDate) : null;
}

/** A passenger's fields, shared by the fare families' forms (政府采购 adds its own, gp-booking.ts). */
export const flightPassengerFields = {
  name: zText({ max: NAME_MAX, min: 1, trim: true, label: trLazy("乘客姓名"), typeError: trLazy("请填写乘客姓名") }).refine(
    (v) => isChineseOnly(v) || isEnglishOnly(v),
    "乘客姓名须为中文或英文（英文姓名格式如 ZHANG/SAN）",
  ),
  certType: zInt({ min: 0, max: 9, error: trLazy("请选择证件类型") }).refine((v) => (CERT_TYPE_CODES as readonly number[]).includes(v), m("请选择证件类型")),
  certNo: zText({ max: CERT_NO_MAX, min: 1, trim: true, label: trLazy("证件号码"), typeError: trLazy("请填写证件号码") }),
  birthday: zOptionalString(z.string().max(10), trLazy("出生日期格式不正确")),
  mobile: zOptionalString(z.string().max(11).refine(isMobile, m("请输入正确的手机号码")), trLazy("请输入正确的手机号码")),
  insuType: zOptionalString(z.string().max(4), trLazy("保险类型不正确")),
};

/** The certificate's number and the birth date where the certificate does not carry it. */
export function refineFlightPassenger(p: { certType: number; certNo: string; birthday?: string }, ctx: z.RefinementCtx): void {
  if (!certNoOk(p.certType, p.certNo)) ctx.addIssue({ code: "custom", path: ["certNo"], message: tr("证件号码格式不正确") });
  if (p.birthday !== undefined && !normaliseDate(p.birthday)) ctx.addIssue({ code: "custom", path: ["birthday"], message: tr("出生日期格式不正确") });
  if (p.certType !== CERT_TYPE.idCard && p.birthday === undefined) ctx.addIssue({ code: "custom", path: ["birthday"], message: tr("请填写出生日期") });
}

export const flightPassengerInput = z.object(flightPassengerFields).strict().superRefine(refineFlightPassenger);

export type FlightPassengerInput = z.output<typeof flightPassengerInput>;

export const flightOrderInput = z
  .object({
    fareKey: z.string({ error: trLazy("请提供舱位编号") }).max(60, m("舱位编号不正确")).regex(/^[A-Z0-9:|-]{10,60}$/, m("舱位编号不正确")),
    /** A round trip's return, or a connection's onward flight: the order's second segment. */
    nextFareKey: z.string({ error: trLazy("舱位编号不正确") }).max(60, m("舱位编号不正确")).regex(/^[A-Z0-9:|-]{10,60}$/, m("舱位编号不正确")).optional(),
    /** The adult ticket price the buyer saw (fen; both segments' together): a different current price is announced first. */
    price: zInt({ min: 0, max: 100_000_000, error: trLazy("票价不正确") }).meta(IN_FEN),
    acceptPrice: zBool(trLazy("acceptPrice 只能是 0 或 1")).optional(),
    /** Generated once per form: a resubmitted form finds the order it created. */
    clientKey: zText({ max: 64, min: 8, label: "clientKey", error: trLazy("clientKey 不正确") }).regex(/^[A-Za-z0-9-]+$/, m("clientKey 不正确")),
    contactName: zText({ max: NAME_MAX, min: 1, trim: true, label: trLazy("联系人姓名"), typeError: trLazy("请填写联系人姓名") }),
    contactMobile: z.string({ error: trLazy("请输入正确的手机号码") }).max(11, m("请输入正确的手机号码")).refine(isMobile, m("请输入正确的手机号码")),
    /** Quick order: the agent's subordinate the order is booked for (the order's traveller member). */
    forMemberId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("下单会员不正确") }).optional(),
    ...replaceBookingFields,
    ...businessOrderFields,
    passengers: z.array(flightPassengerInput, { error: trLazy("请添加乘客") }).min(1, m("请添加乘客")).max(MAX_PASSENGERS, m("每张订单最多 {MAX_PASSENGERS} 名乘客", { MAX_PASSENGERS })),
  })
  .strict()
  .superRefine((o, ctx) => {
    refineBusinessOrder(o, ctx);
    refineReplaceBooking(o, ctx);
    if (o.forEmployeeId !== undefined && o.forMemberId !== undefined) ctx.addIssue({ code: "custom", path: ["forEmployeeId"], message: tr("不能同时为下级会员和同事预订") });
    const seen = new Set<string>();
    o.passengers.forEach((p, i) => {
      const key = `${p.certType}|${p.certNo.toUpperCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["passengers", i, "certNo"], message: tr("同一证件不能重复添加") });
      seen.add(key);
    });
  });

export type FlightOrderInput = z.output<typeof flightOrderInput>;

// ---- the price panel ----

export interface PriceLine {
  psgType: PassengerType;
  /** 票面 */
  tktPrice: Fen;
  /** 机建 */
  consTax: Fen;
  /** 燃油 */
  fuelTax: Fen;
  servFee: Fen;
  insuPayPrice: Fen;
  total: Fen;
}

export interface PricePanel {
  lines: PriceLine[];
  ticket: Fen;
  consTax: Fen;
  fuelTax: Fen;
  servFee: Fen;
  insurance: Fen;
  /** The order total: the sum of every line, every line the sum of its parts. */
  payprice: Fen;
}

/** One line per passenger from the fare's breakdown, plus the insurance each one chose. */
export function pricePanel(
  breakdown: FareBreakdown,
  passengers: readonly { psgType: PassengerType; insuType?: string }[],
  insurance: readonly InsuranceOption[],
): PricePanel {
  const lines = passengers.map((p): PriceLine => {
    const f = breakdown[p.psgType];
    const insu = p.insuType ? (insurance.find((o) => o.insuType === p.insuType)?.salePrice ?? 0) : 0;
    return {
      psgType: p.psgType,
      tktPrice: f.ticket,
      consTax: f.airportTax,
      fuelTax: f.fuelTax,
      servFee: f.serviceFee,
      insuPayPrice: insu,
      total: f.ticket + f.airportTax + f.fuelTax + f.serviceFee + insu,
    };
  });
  const sum = (k: keyof Omit<PriceLine, "psgType">) => lines.reduce((a, l) => a + l[k], 0);
  return {
    lines,
    ticket: sum("tktPrice"),
    consTax: sum("consTax"),
    fuelTax: sum("fuelTax"),
    servFee: sum("servFee"),
    insurance: sum("insuPayPrice"),
    payprice: sum("total"),
  };
}

/** The passenger-count rules an airline applies to one booking. */
export function passengerMixProblem(types: readonly PassengerType[]): string | null {
  const adults = types.filter((t) => t === "ADT").length;
  const infants = types.filter((t) => t === "INF").length;
  if (adults < 1) return "儿童和婴儿须由成人陪同，请至少添加一名成人乘客";
  if (infants > adults) return "每名成人最多携带一名婴儿";
  return null;
}
