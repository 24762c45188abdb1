// Booking a train ticket: the order form (shared by the order page and the server's route), the
// price panel that always adds up (each passenger's ticket by type, plus the service fee per
// ticket), and the railway's refund fee per passenger and a change's difference per passenger,
// which the estimates and the charges both read. Money is integer fen.
import { m, tr, trLazy } from "../tr";
import { z } from "zod";
import { CERT_TYPE } from "../codes";
import { certNoValid, idCardBirthDate, isChineseOnly, isEnglishOnly, isMobile } from "../validators";
import { SEAT_CLASS_LABELS, TRAIN_SERVICE_FEE, trainRefundFee, trainRefundPercent, type SeatClass } from "../travel/train";
import { SEAT_CHOICE_MAX, seatChoiceProblem } from "../travel/train-seats";
import { ageOn } from "../fares";
import { zInt, zText } from "../zod";
import { TRAIN_PASSENGER_TYPES, type TrainChangeLine, type TrainPassengerType } from "./train-types";
import { TRAIN_CHANNELS, zAccount12306, zPassword12306 } from "./train-account";
import { businessOrderFields, refineBusinessOrder, refineReplaceBooking, replaceBookingFields } from "./business-booking";
import { type Fen } from "../money";

/** Passengers on one order, as on the railway. */
export const MAX_TRAIN_PASSENGERS = 5;
export const TRAIN_NAME_MAX = 40;
export const TRAIN_CERT_NO_MAX = 30;

/** The certificates the railway accepts for a ticket in a real name. */
export const TRAIN_CERT_TYPES = [
  CERT_TYPE.idCard, CERT_TYPE.passport, CERT_TYPE.taiwanResidentPermit, CERT_TYPE.hkMacauResidentPermit, CERT_TYPE.taiwanPass, CERT_TYPE.hkMacauPass,
] as const;

export const SEAT_CLASSES = Object.keys(SEAT_CLASS_LABELS) as SeatClass[];

/** The search result's train key: run date, train number, boarding and leaving station. */
export const TRAIN_KEY_PATTERN = /^\d{4}-\d{2}-\d{2}:[GDCZTK]\d{1,4}:[\u4e00-\u9fa5]{2,8}:[\u4e00-\u9fa5]{2,8}$/;

const zTrainKey = z.string({ error: trLazy("请选择车次") }).max(40, m("车次编号不正确")).regex(TRAIN_KEY_PATTERN, m("车次编号不正确"));
export const zTrainOrderId = zInt({ min: 1, max: 2_147_483_647, error: trLazy("订单编号不正确") });
const zSeatClass = z.enum(SEAT_CLASSES as [SeatClass, ...SeatClass[]], { error: trLazy("请选择席别") });

export const trainPassengerInput = z
  .object({
    name: zText({ max: TRAIN_NAME_MAX, min: 1, trim: true, label: trLazy("乘客姓名"), typeError: trLazy("请填写乘客姓名") }).refine(
      (v) => isChineseOnly(v) || isEnglishOnly(v),
      "乘客姓名须为中文或英文",
    ),
    certType: zInt({ min: 0, max: 9, error: trLazy("请选择证件类型") }).refine((v) => (TRAIN_CERT_TYPES as readonly number[]).includes(v), m("请选择火车票可用的证件类型")),
    certNo: zText({ max: TRAIN_CERT_NO_MAX, min: 1, trim: true, label: trLazy("证件号码"), typeError: trLazy("请填写证件号码") }),
    passengerType: z.enum(TRAIN_PASSENGER_TYPES, { error: trLazy("请选择票种") }),
    /** 在线选座: a letter or a berth of the order's seat class (checked with the class below); absent: any seat. */
    seatChoice: z.string({ error: trLazy("所选座位不正确") }).max(SEAT_CHOICE_MAX, m("所选座位不正确")).optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (!certNoValid(p.certType, p.certNo)) ctx.addIssue({ code: "custom", path: ["certNo"], message: tr("证件号码格式不正确") });
  });

export const trainOrderInput = z
  .object({
    trainKey: zTrainKey,
    seatClass: zSeatClass,
    /** Generated once per form: a resubmitted form finds the order it created. */
    clientKey: zText({ max: 64, min: 8, label: "clientKey", error: trLazy("clientKey 不正确") }).regex(/^[A-Za-z0-9-]+$/, m("clientKey 不正确")),
    passengers: z.array(trainPassengerInput, { error: trLazy("请添加乘客") }).min(1, m("请添加乘客")).max(MAX_TRAIN_PASSENGERS, m("每张订单最多 {MAX_TRAIN_PASSENGERS} 名乘客", { MAX_TRAIN_PASSENGERS })),
    contactName: zText({ max: TRAIN_NAME_MAX, min: 1, trim: true, label: trLazy("联系人姓名"), typeError: trLazy("请填写联系人姓名") }),
    contactMobile: z.string({ error: trLazy("请输入正确的手机号码") }).max(11, m("请输入正确的手机号码")).refine(isMobile, m("请输入正确的手机号码")),
    /** ab: into the member's own 12306 account; nab: the agency's channel; absent: the ordinary page (also the agency's). */
    channel: z.enum(TRAIN_CHANNELS, { error: trLazy("购票方式只能是 ab 或 nab") }).optional(),
    account12306: zAccount12306.optional(),
    password12306: zPassword12306.optional(),
    ...businessOrderFields,
    ...replaceBookingFields,
  })
  .strict()
  .superRefine((o, ctx) => {
    refineBusinessOrder(o, ctx);
    refineReplaceBooking(o, ctx);
    // The 12306 account comes with, and only with, a purchase into that account.
    if (o.channel === "ab") {
      if (o.account12306 === undefined) ctx.addIssue({ code: "custom", path: ["account12306"], message: tr("请填写12306账号") });
      if (o.password12306 === undefined) ctx.addIssue({ code: "custom", path: ["password12306"], message: tr("请填写12306密码") });
    } else if (o.account12306 !== undefined || o.password12306 !== undefined) {
      ctx.addIssue({ code: "custom", path: ["account12306"], message: tr("只有12306账号购票需要填写12306账号") });
    }
    // A child's ticket is bought with an accompanying adult's, and may use the adult's certificate.
    if (!o.passengers.some((p) => p.passengerType === "adult")) {
      ctx.addIssue({ code: "custom", path: ["passengers"], message: tr("儿童票须与成人票一同购买") });
    }
    o.passengers.forEach((p, i) => {
      const problem = p.seatChoice === undefined ? null : seatChoiceProblem(o.seatClass, p.seatChoice);
      if (problem) ctx.addIssue({ code: "custom", path: ["passengers", i, "seatChoice"], message: problem });
    });
    const seen = new Set<string>();
    o.passengers.forEach((p, i) => {
      if (p.passengerType !== "adult") return;
      const key = `${p.certType}|${p.certNo.toUpperCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["passengers", i, "certNo"], message: tr("同一证件不能重复购买成人票") });
      seen.add(key);
    });
  });

export type TrainOrderInput = z.output<typeof trainOrderInput>;

/** The railway's child age: from 6 to under 14 a 儿童票; under 6 a child rides free on an adult's lap, or on a 儿童票 with a seat of their own. */
export const TRAIN_CHILD_UNDER_AGE = 14;

/**
 * The ticket type an ID card (居民身份证) carries on the travel date, as 12306 sets it when the
 * card is entered: under 14 on `depDate` a 儿童票 (a passenger on the form takes a seat), else
 * 成人票. Null for any other certificate, or a number that does not (yet) read as an ID card:
 * the type picked stays.
 */
export function trainTypeFromCert(p: { certType: number; certNo: string }, depDate: string): TrainPassengerType | null {
  if (p.certType !== CERT_TYPE.idCard || !certNoValid(p.certType, p.certNo)) return null;
  const age = ageOn(idCardBirthDate(p.certNo.trim()), depDate);
  if (age === null) return null;
  return age < TRAIN_CHILD_UNDER_AGE ? "child" : "adult";
}

/**
 * The passengers with each ID card's own ticket type: a child's card never travels on an adult
 * ticket. A 儿童票 on an adult's card stays (a child without a card uses the accompanying adult's).
 */
export function withTypesFromCerts<P extends { certType: number; certNo: string; passengerType: TrainPassengerType }>(passengers: readonly P[], depDate: string): P[] {
  return passengers.map((p) => (trainTypeFromCert(p, depDate) === "child" ? { ...p, passengerType: "child" as const } : p));
}
export type TrainOrderForm = z.input<typeof trainOrderInput>;

/** Changing to another train or seat of the same route. */
export const trainChangeInput = z.object({ orderId: zTrainOrderId, trainKey: zTrainKey, seatClass: zSeatClass }).strict();

// ---- the price panel ----

export interface TrainPriceLine {
  passengerType: TrainPassengerType;
  count: number;
  price: Fen;
  subtotal: Fen;
}

export interface TrainPricePanel {
  lines: TrainPriceLine[];
  ticketTotal: Fen;
  serviceFee: Fen;
  total: Fen;
}

/** The fare a passenger of this type pays for the seat. */
export const fareOf = (seat: { price: Fen; childPrice: Fen }, type: TrainPassengerType): Fen => (type === "child" ? seat.childPrice : seat.price);

/** Tickets by passenger type (adult fare, the railway's half fare for children), plus the service fee per ticket. */
export function trainPricePanel(seat: { price: Fen; childPrice: Fen }, types: readonly TrainPassengerType[], feePerTicket: Fen = TRAIN_SERVICE_FEE): TrainPricePanel {
  const lines = TRAIN_PASSENGER_TYPES.map((t) => {
    const count = types.filter((x) => x === t).length;
    return { passengerType: t, count, price: fareOf(seat, t), subtotal: fareOf(seat, t) * count };
  }).filter((l) => l.count > 0);
  const ticketTotal = lines.reduce((s, l) => s + l.subtotal, 0);
  const serviceFee = feePerTicket * types.length;
  return { lines, ticketTotal, serviceFee, total: ticketTotal + serviceFee };
}

// ---- refunds ----

export const hoursBefore = (departureAt: number, at: number) => (departureAt - at) / 3_600_000;

/** Each ticket's refund fee at this time before departure, and what comes back. */
export function trainRefundLines<P extends { fare: Fen }>(passengers: readonly P[], departureAt: number, at: number) {
  const hours = hoursBefore(departureAt, at);
  const lines = passengers.map((p) => {
    const fee = Math.min(p.fare, trainRefundFee(p.fare, hours));
    return { ...p, fee, refund: p.fare - fee };
  });
  return { percent: trainRefundPercent(hours), lines, fee: lines.reduce((s, l) => s + l.fee, 0), refund: lines.reduce((s, l) => s + l.refund, 0) };
}

// ---- changes ----

/**
 * 改签 to another train or seat, per passenger, as the railway prices it: no change fee at all.
 * - A dearer new ticket costs only its difference, paid before the change completes (the railway
 *   charges no fee on a change to a dearer train).
 * - A cheaper one gives the difference back less the refund fee the railway charges on that
 *   difference, at its refund tiers for the time left before the original train (trainRefundFee).
 * - The same fare moves for nothing.
 * `pay` is what the member owes, `refund` what comes back; the quote and the charge both read this.
 */
export function trainChangeLines(
  passengers: readonly { passengerId: number; name: string; passengerType: TrainPassengerType; fare: Fen }[],
  seat: { price: Fen; childPrice: Fen },
  departureAt: number,
  at: number,
): { lines: TrainChangeLine[]; pay: Fen; fee: Fen; refund: Fen } {
  const hours = hoursBefore(departureAt, at);
  const lines = passengers.map((p): TrainChangeLine => {
    const newFare = fareOf(seat, p.passengerType);
    const pay = Math.max(0, newFare - p.fare);
    const back = Math.max(0, p.fare - newFare);
    const fee = Math.min(back, trainRefundFee(back, hours));
    return { passengerId: p.passengerId, name: p.name, passengerType: p.passengerType, oldFare: p.fare, newFare, pay, fee, refund: back - fee };
  });
  const sum = (k: "pay" | "fee" | "refund") => lines.reduce((s, l) => s + l[k], 0);
  return { lines, pay: sum("pay"), fee: sum("fee"), refund: sum("refund") };
}
