// Hotel orders: book (price check, hold every night's rooms and create in one transaction), the
// order centre's list and detail, and cancelling (unpaid: the rooms go back; paid: per the
// rate's cancellation policy, refunded to where it was paid from). A member reaches only their own orders; a
// company administrator also the company's.
import { said, saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { hotelOrderInput, hotelOrderModifyInput, hotelOrderNo, hotelStayInput } from "../../src/domain/orders/hotel-booking";
import { HOTEL_ORDER_PATHS } from "../../src/domain/orders/hotel-types";
import { HOTEL_ORDER_STATUS_CODES } from "../../src/domain/orders/hotel";
import { zText } from "../../src/domain/zod";
import { defineRoute } from "../services/http/route";
import { memberActor } from "../orders/actor";
import { bookHotel } from "../orders/hotel/book";
import { applyHotelMove, modifyHotelOrder } from "../orders/hotel/moves";
import { orderListInput } from "./orders";
import { hotelOrderDetail, hotelOrderPage, visibleHotelOrderId } from "../orders/hotel/views";
import { BizError, RET } from "../services/http/envelope";
import { supplierContext, suppliersFor } from "../suppliers";
import { businessCheckOf, canBookOnBusiness, NOT_ON_BUSINESS } from "../orders/business";
import { hotelBusinessPolicy } from "../orders/hotel/business";
import type { BusinessCheck } from "../../src/domain/orders/business-types";
import { travellerFor } from "../policy/replace-booker";

const tags = ["orders"];
const orderNo = hotelOrderNo;

const listInput = orderListInput(HOTEL_ORDER_STATUS_CODES);

export function hotelOrderRoutes(seed?: string) {
  return [
    defineRoute({
      method: "POST",
      url: HOTEL_ORDER_PATHS.book,
      summary: "国内酒店下单：验价（价格变化时返回原价与现价，acceptPrice=1 按新价继续）、占用入住期间每晚房量并创建待支付订单（同一事务；同一 clientKey 只生成一张订单）",
      tags,
      access: "bookings",
      input: hotelOrderInput,
      handler: ({ input, member, ctx }) => bookHotel(ctx.db, member!, input, seed),
    }),
    defineRoute({
      method: "POST",
      url: HOTEL_ORDER_PATHS.standardCheck,
      summary: "因公预订酒店前的差旅标准校验：所选房型入住期间最高一晚房价是否超出所在城市等级的每晚限额及原因、超标处理方式（禁止/选择原因/审批）、是否须关联出差申请、可选的超标原因；为同事代订时按出行同事的差旅标准",
      tags,
      access: "bookings",
      input: hotelStayInput,
      handler: async ({ input, member, ctx }): Promise<BusinessCheck> => {
        const m = member!;
        if (!canBookOnBusiness(m)) return NOT_ON_BUSINESS;
        const supplier = suppliersFor(ctx.db, seed).hotel;
        const base = await supplier.baseInfo(input.hotelId);
        const prices = await supplier.priceInfo({ hotelId: input.hotelId, checkIn: input.checkIn, checkOut: input.checkOut }, await supplierContext(ctx.db, m));
        const room = prices.rooms.find((r) => r.roomTypeId === input.roomTypeId);
        if (!room || !room.nightly.length) throw new BizError(RET.CONFLICT, said("hotel.roomTypeBooked"));
        // Booking for a colleague: their standard is the one in force.
        const traveller = input.forEmployeeId !== undefined ? await travellerFor(ctx.db, m, input.forEmployeeId) : m;
        return businessCheckOf(await hotelBusinessPolicy(ctx.db, traveller, { city: { code: base.cityCode, name: base.cityName }, checkIn: input.checkIn, nightly: room.nightly }));
      },
    }),
    defineRoute({
      method: "POST",
      url: HOTEL_ORDER_PATHS.list,
      summary: "酒店订单列表（分页；按状态、预订日期范围、订单号筛选；会员看自己的订单，企业管理员另看本企业订单）",
      tags,
      access: "orders",
      input: listInput,
      handler: ({ input, member, ctx }) => hotelOrderPage(ctx.db, member!, input),
    }),
    defineRoute({
      method: "POST",
      url: HOTEL_ORDER_PATHS.detail,
      summary: "酒店订单详情（酒店与房型、每晚房价、入住人、取消政策、状态时间线与当前可执行的操作）",
      tags,
      access: "orders",
      input: z.object({ orderNo }).strict(),
      handler: ({ input, member, ctx }) => hotelOrderDetail(ctx.db, member!, input.orderNo),
    }),
    defineRoute({
      method: "POST",
      url: HOTEL_ORDER_PATHS.cancel,
      summary: "取消酒店订单：待支付（或待审批，其审批随之撤回）订单释放房量；已支付订单按房型取消政策取消，扣除取消费后退回账户余额",
      tags,
      access: "orders",
      input: z.object({ orderNo, reason: zText({ max: 100, label: saidLazy("routes.cancellationReason") }).optional() }).strict(),
      handler: async ({ input, member, ctx }) => {
        const id = await visibleHotelOrderId(ctx.db, member!, input.orderNo);
        return applyHotelMove(ctx.db, { orderId: id, action: "cancel", actor: memberActor(member!), note: input.reason, seed });
      },
    }),
    defineRoute({
      method: "POST",
      url: HOTEL_ORDER_PATHS.modify,
      summary: "修改入住前的酒店订单：入住人（每间房一位）、联系人、最晚到店时间与备注；入住日期与房间数不可改",
      tags,
      access: "orders",
      input: hotelOrderModifyInput,
      handler: async ({ input, member, ctx }) => {
        const id = await visibleHotelOrderId(ctx.db, member!, input.orderNo);
        return modifyHotelOrder(ctx.db, id, input, memberActor(member!));
      },
    }),
  ];
}
