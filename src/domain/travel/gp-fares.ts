// 政府采购机票 (GP fares): the fare family that central and local budget units (预算单位) buy
// domestic tickets on for official business. Airlines file it on economy as one government price
// per route under the procurement contract: 88 % of the published economy full fare (Y), so it
// never costs more than Y and a flexible fare of the public range is rarely cheaper. Its refund and
// change rules are lenient (free until two days before departure, a small fee after). It is sold
// to civil servants travelling on official business only: every passenger names their budget unit
// and the official card (公务卡) that reimbursement is reconciled with. Adults only: a child or an
// infant flies on an ordinary fare, booked apart. Money is integer fen.
import { luhnValid } from "../payments/bank-cards";
import { hasControlChars } from "../zod";
import { trLabels, zhTexts } from "../tr";
import { CABIN_LABELS, childCabinPrice, discountLabel, fareBreakdown, type PassengerType } from "./air-fares";
import type { FlightItem, FlightSeat } from "./types";
import { type Fen, percentOf } from "../money";

/** The government price as a percent of the economy full fare (the contract's 8.8折 on Y). */
export const GP_PERCENT = 88;

/** The fare family a GP seat carries (ordinary fares carry none). */
export const GP_FAMILY = "GP";

/** The refund and change tier of GP fares (its fee table is GP_FEE_TABLE). */
export const GP_TIER = "gp";
export const GP_TIER_LABEL = "政府采购";

/**
 * Fee percents of the ticket price per window before departure (≥7 days, 48 hours–7 days,
 * 4–48 hours, under 4 hours and after), the same windows every fare uses: refunds are free until
 * two days out, changes until four hours out.
 */
export const GP_FEE_TABLE = { refund: [0, 0, 5, 10], change: [0, 0, 0, 5] } as const;

/** The government price of a route: 88 % of its economy full fare, rounded to tens of yuan as fares are filed. */
export function gpFare(yFare: Fen): Fen {
  return percentOf(yFare, GP_PERCENT, 1000);
}

// ---- fare keys ----

/** A GP fare is named by its flight and "Y|GP": it sells the flight's economy seats. */
const GP_KEY = /^(\d{4}-\d{2}-\d{2}:[A-Z0-9]{2}\d{3,4})\|Y\|GP$/;

export function gpFareKey(flightKey: string): string {
  return `${flightKey}|Y|${GP_FAMILY}`;
}

export function isGpFareKey(fareKey: string): boolean {
  return GP_KEY.test(fareKey);
}

/** The flight a GP fare key names, or null when it is not one. */
export function flightKeyOfGpFare(fareKey: string): string | null {
  return GP_KEY.exec(fareKey)?.[1] ?? null;
}

export function isGpSeat(seat: Pick<FlightSeat, "fareFamily">): boolean {
  return seat.fareFamily === GP_FAMILY;
}

// ---- the GP offer of a flight ----

/**
 * The GP fare of a domestic flight, from its economy full fare as the airline publishes it:
 * the same cabin, seats and taxes (a GP booking takes the same economy seats, so the count the
 * full fare shows is the count left), the government price and the GP tier. Null when the
 * flight is international or has no economy seat left.
 */
export function gpSeatOf(flight: Pick<FlightItem, "flightKey" | "international" | "seats">): FlightSeat | null {
  if (flight.international) return null;
  const full = flight.seats.find((s) => s.cabinClass === "Y" && s.discount >= 100 && !isGpSeat(s));
  if (!full || full.seatsLeft <= 0) return null;
  const salePrice = gpFare(full.parPrice);
  const childPrice = childCabinPrice(full.parPrice, salePrice, false);
  const taxes = { adtTaxeCn: full.adtTaxeCn, adtTaxeYq: full.adtTaxeYq, chdTaxeCn: full.chdTaxeCn, chdTaxeYq: full.chdTaxeYq };
  return {
    ...full,
    fareKey: gpFareKey(flight.flightKey),
    fareFamily: GP_FAMILY,
    cabinClassName: CABIN_LABELS.Y,
    discount: GP_PERCENT,
    discountLabel: discountLabel(GP_PERCENT),
    salePrice,
    childCabinPrice: childPrice,
    tier: GP_TIER,
    tierName: GP_TIER_LABEL,
    breakdown: fareBreakdown({ salePrice, childPrice, infantPrice: full.infantPrice, taxes, serviceFee: full.discountServiceFee }),
  };
}

/**
 * A result list with each domestic flight's GP fare added to its seats (cheapest first, as
 * offers are listed) and the flight's lowest price over them. The items are new objects.
 */
export function withGpFares<T extends FlightItem>(items: readonly T[]): T[] {
  return items.map((it) => {
    const gp = gpSeatOf(it);
    if (!gp) return it;
    const seats = [...it.seats, gp].sort((a, b) => a.salePrice - b.salePrice || a.cabinClass.localeCompare(b.cabinClass));
    return { ...it, seats, lowestPrice: it.lowestPrice === null ? gp.salePrice : Math.min(it.lowestPrice, gp.salePrice) };
  });
}

// ---- who may fly on it ----

export const BUDGET_UNIT_MIN = 2;
export const BUDGET_UNIT_MAX = 50;
/** A card number typed with blanks between its groups is at most this long. */
export const OFFICIAL_CARD_INPUT_MAX = 23;

/** The GP messages as written: their catalogue keys, which the server's refusals carry (with GP_TEXT_PARAMS). */
export const GP_TEXTS = zhTexts({
  budgetUnitRequired: "请填写预算单位名称",
  budgetUnitLength: "预算单位名称应为 {min} 至 {max} 个字",
  budgetUnitChars: "预算单位名称只能包含中文、字母、数字和括号",
  cardRequired: "请填写公务卡号",
  cardLength: "公务卡号应为 16 至 19 位数字",
  cardCheck: "公务卡号校验位不正确，请核对卡号",
  adultsOnly: "政府采购机票仅限成人（12 周岁及以上）公务人员，儿童和婴儿请按普通票价另行预订",
  birthUnknown: "出生日期不正确（不能晚于出发日期）",
  fareRequired: "请选择政府采购票价",
  signIn: "请登录后查询和预订公务机票（政府采购机票）",
  notOffered: "您的账户不能预订公务机票（政府采购机票）",
  /** A GP fare key sent to a booking of another kind. */
  elsewhere: "政府采购机票请在公务机票订单页填写预算单位和公务卡号后预订",
});
export const GP_TEXT_PARAMS = { min: BUDGET_UNIT_MIN, max: BUDGET_UNIT_MAX };

/** The GP messages in the reader's language (read when looked up). */
export const GP_MESSAGES = trLabels(GP_TEXTS, GP_TEXT_PARAMS);

// Names of government bodies: Chinese, Latin letters and digits, with brackets, middle dots and
// dashes as in 中国科学院（北京）分院 or 某某局·办公室.
const BUDGET_UNIT_CHARS = /^[\u4e00-\u9fa5A-Za-z0-9（）()·\-— ]+$/;

/** Why a budget unit name cannot be taken, or null. */
export function budgetUnitProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return GP_MESSAGES.budgetUnitRequired;
  if ([...v].length < BUDGET_UNIT_MIN || [...v].length > BUDGET_UNIT_MAX) return GP_MESSAGES.budgetUnitLength;
  if (hasControlChars(v) || !BUDGET_UNIT_CHARS.test(v)) return GP_MESSAGES.budgetUnitChars;
  return null;
}

/** The digits of an official card number typed with blanks between its groups. */
export const officialCardDigits = (typed: string) => typed.replace(/\s+/g, "");

/** Why an official card number cannot be taken, or null: 16 to 19 digits with the right Luhn check digit. */
export function officialCardProblem(typed: string): string | null {
  const v = officialCardDigits(typed);
  if (!v) return GP_MESSAGES.cardRequired;
  if (!/^\d{16,19}$/.test(v)) return GP_MESSAGES.cardLength;
  if (!luhnValid(v)) return GP_MESSAGES.cardCheck;
  return null;
}

/** An official card as every list and detail shows it: only its last four digits. */
export function maskOfficialCard(cardNo: string): string {
  return `**** **** **** ${officialCardDigits(cardNo).slice(-4)}`;
}

/** The passenger types a GP fare is sold to. */
export function gpPassengerTypeProblem(type: PassengerType | null): string | null {
  if (type === null) return GP_MESSAGES.birthUnknown;
  return type === "ADT" ? null : GP_MESSAGES.adultsOnly;
}
