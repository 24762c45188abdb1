// Booking a hotel room: the order form (shared by the order page and the server's route) and the
// price panel that always adds up: every night's price × rooms, plus the service fee. Money is
// integer fen.
import { m, tr, trLazy } from "../tr";
import { z } from "zod";
import { isChineseOnly, isEnglishOnly, isMobile } from "../validators";
import { daysBetween } from "../travel/dates";
import { zDate } from "../travel/schemas";
import { HOTEL_SERVICE_FEE, MAX_ROOMS, MAX_STAY_NIGHTS } from "../travel/hotel";
import { zBool, zInt, zOptionalString, zText } from "../zod";
import { ARRIVAL_TIMES } from "./hotel-types";
import { businessOrderFields, refineBusinessOrder, refineReplaceBooking, replaceBookingFields } from "./business-booking";
import { IN_FEN, type Fen } from "../money";

export const GUEST_NAME_MAX = 40;
export const REMARK_MAX = 200;

export const hotelGuestInput = z
  .object({
    name: zText({ max: GUEST_NAME_MAX, min: 1, trim: true, label: trLazy("入住人姓名"), typeError: trLazy("请填写入住人姓名") }).refine(
      (v) => isChineseOnly(v) || isEnglishOnly(v),
      "入住人姓名须为中文或英文",
    ),
  })
  .strict();

const contactFields = {
  contactName: zText({ max: GUEST_NAME_MAX, min: 1, trim: true, label: trLazy("联系人姓名"), typeError: trLazy("请填写联系人姓名") }),
  contactMobile: z.string({ error: trLazy("请输入正确的手机号码") }).max(11, m("请输入正确的手机号码")).refine(isMobile, m("请输入正确的手机号码")),
  arrivalTime: z.enum(ARRIVAL_TIMES, m("请选择最晚到店时间")),
  remark: zOptionalString(z.string().max(REMARK_MAX, m("备注最多 {REMARK_MAX} 个字符", { REMARK_MAX })), trLazy("备注不正确")),
};

const guestsField = z.array(hotelGuestInput, { error: trLazy("请填写入住人") }).min(1, m("请填写入住人")).max(MAX_ROOMS, m("每张订单最多 {MAX_ROOMS} 间房", { MAX_ROOMS }));

const stayFields = {
  hotelId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("酒店编号不正确") }),
  roomTypeId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("房型编号不正确") }),
  checkIn: zDate("入住日期"),
  checkOut: zDate("离店日期"),
};

/** A stay of 1 to MAX_STAY_NIGHTS nights. */
function refineStay(o: { checkIn: string; checkOut: string }, ctx: z.RefinementCtx): void {
  const nights = daysBetween(o.checkIn, o.checkOut);
  if (nights < 1) ctx.addIssue({ code: "custom", path: ["checkOut"], message: tr("离店日期须晚于入住日期") });
  else if (nights > MAX_STAY_NIGHTS) ctx.addIssue({ code: "custom", path: ["checkOut"], message: tr("单次最多预订 {MAX_STAY_NIGHTS} 晚", { MAX_STAY_NIGHTS }) });
}

/**
 * One room type for a stay (the travel standard's check before a business booking), for the
 * booker or the colleague they book for.
 */
export const hotelStayInput = z.object({ ...stayFields, ...replaceBookingFields }).strict().superRefine(refineStay);

export const hotelOrderInput = z
  .object({
    ...stayFields,
    roomCount: zInt({ min: 1, max: MAX_ROOMS, error: trLazy("房间数须为 1 到 {MAX_ROOMS} 之间的整数", { MAX_ROOMS }) }),
    /** The stay's total the buyer saw (fen): a different current price is announced first. */
    price: zInt({ min: 0, max: 1_000_000_000, error: trLazy("房价不正确") }).meta(IN_FEN),
    acceptPrice: zBool(trLazy("acceptPrice 只能是 0 或 1")).optional(),
    /** Generated once per form: a resubmitted form finds the order it created. */
    clientKey: zText({ max: 64, min: 8, label: "clientKey", error: trLazy("clientKey 不正确") }).regex(/^[A-Za-z0-9-]+$/, m("clientKey 不正确")),
    guests: guestsField,
    ...contactFields,
    ...businessOrderFields,
    ...replaceBookingFields,
  })
  .strict()
  .superRefine((o, ctx) => {
    refineBusinessOrder(o, ctx);
    refineReplaceBooking(o, ctx);
    refineStay(o, ctx);
    // One guest name per room: the hotel registers each room under its guest.
    if (o.guests.length !== o.roomCount) ctx.addIssue({ code: "custom", path: ["guests"], message: tr("请为每间房填写一位入住人") });
  });

export type HotelOrderInput = z.output<typeof hotelOrderInput>;
export type HotelOrderForm = z.input<typeof hotelOrderInput>;

/** A hotel order's number: H and 18 digits. */
export const hotelOrderNo = zText({ max: 32, min: 1, trim: true, label: trLazy("订单号"), error: trLazy("订单号不正确") }).regex(/^H\d{18}$/, m("订单号不正确"));

/**
 * Modifying a booking before check-in: its guests (still one per room), contact, latest arrival
 * time and requests. Dates and rooms stay: a different stay is a new booking.
 */
export const hotelOrderModifyInput = z
  .object({
    orderNo: hotelOrderNo,
    guests: guestsField,
    ...contactFields,
  })
  .strict();

export type HotelOrderModify = z.output<typeof hotelOrderModifyInput>;
export type HotelOrderModifyForm = z.input<typeof hotelOrderModifyInput>;

export interface HotelPricePanel {
  nights: { date: string; price: Fen; subtotal: Fen }[];
  rooms: number;
  roomTotal: Fen;
  serviceFee: Fen;
  total: Fen;
}

/** Each night's price × rooms, plus the service fee per room per night. */
export function hotelPricePanel(nightly: readonly { date: string; price: Fen }[], rooms: number, feePerRoomNight: Fen = HOTEL_SERVICE_FEE): HotelPricePanel {
  const nights = nightly.map((n) => ({ date: n.date, price: n.price, subtotal: n.price * rooms }));
  const roomTotal = nights.reduce((s, n) => s + n.subtotal, 0);
  const serviceFee = feePerRoomNight * rooms * nightly.length;
  return { nights, rooms, roomTotal, serviceFee, total: roomTotal + serviceFee };
}
