// Domestic flight orders: book (verify, hold and create in one transaction), the order list
// and detail of the order centre, and cancelling an unpaid order. A member reaches only their
// own orders; a company administrator also the company's.
import { say } from "../services/i18n/catalogue";
import { saidDomain, saidLazy } from "../services/i18n/text";
import { selfPayFen } from "../../src/domain/policy";
import { z } from "zod";
import { flightOrderInput } from "../../src/domain/orders/flight-booking";
import { FLIGHT_ORDER_PATHS } from "../../src/domain/orders/flight-types";
import { FLIGHT_ORDER_STATUS_CODES } from "../../src/domain/orders/flight";
import { zDate } from "../../src/domain/travel/schemas";
import { zBool, zInt, zOptionalString, zText } from "../../src/domain/zod";
import { defineRoute } from "../services/http/route";
import { pageInput } from "../services/http/paging";
import { bookFlight } from "../orders/flight/book";
import { applyFlightMove } from "../orders/flight/moves";
import { memberActor } from "../orders/actor";
import { flightOrderDetail, flightOrderPage, visibleOrderId } from "../orders/flight/views";
import { businessPolicy, canBookOnBusiness } from "../orders/flight/business";
import { travellerFor } from "../policy/replace-booker";
import { supplierContext, suppliersFor } from "../suppliers";
import { BizError, RET } from "../services/http/envelope";
import type { BusinessCheck } from "../../src/domain/orders/flight-types";
import { businessCheckOf, NOT_ON_BUSINESS } from "../orders/business";
import { PAYMENT_WINDOW_PATH, type PaymentWindowReply } from "../../src/domain/orders/payment-window";
import { paymentWindowMinutes } from "../services/payment-window";
import { GP_TEXTS, isGpFareKey } from "../../src/domain/travel/gp-fares";
import { legNames, verifyLegs } from "../orders/flight/legs";
import { mergeLegChecks } from "../../src/domain/orders/flight-trip";

const tags = ["orders"];
const orderId = zInt({ min: 1, max: 2_147_483_647, error: saidLazy("routes.invalidOrderId") });

/** An order list: paged, by status (one of the product's codes), order number, booking dates and a traveller's name. */
export function orderListInput(statusCodes: readonly number[]) {
  return z
    .object({
      ...pageInput(["createTime"] as const),
      status: zInt({ min: 0, max: 99, error: saidLazy("routes.invalidOrderStatus") })
        .refine((v) => statusCodes.includes(v), say("routes.invalidOrderStatus"))
        .optional(),
      orderNo: zOptionalString(z.string().trim().max(32, say("routes.orderNumberMost32Characters")), say("routes.invalidOrderNumber")),
      travellerName: zOptionalString(z.string().trim().max(40, say("routes.travellerNameMost40Characters")), say("routes.invalidTravellerName")),
      createDateStart: zDate(say("routes.startDate")).optional(),
      createDateEnd: zDate(say("routes.endDate")).optional(),
    })
    .strict()
    .refine((v) => !v.createDateStart || !v.createDateEnd || v.createDateStart <= v.createDateEnd, { error: saidLazy("routes.startDateAfterEndDate"), path: ["createDateEnd"] });
}

// The 机票订单 tab lists ordinary flight orders, the 公务机票订单 tab (gpFlag 1) the 政府采购 ones.
const listInput = orderListInput(FLIGHT_ORDER_STATUS_CODES).safeExtend({ gpFlag: zBool(say("routes.gpflagOnly01")).optional() });

export function orderRoutes(seed?: string) {
  return [
    defineRoute({
      method: "POST",
      url: FLIGHT_ORDER_PATHS.book,
      summary: "国内机票下单：验价（价格变化时返回原价与现价，acceptPrice=1 按新价继续）、占座并创建待支付订单（同一事务；同一 clientKey 只生成一张订单）",
      tags,
      access: "bookings",
      input: flightOrderInput,
      handler: ({ input, member, ctx }) => bookFlight(ctx.db, member!, input, seed),
    }),
    defineRoute({
      method: "POST",
      url: FLIGHT_ORDER_PATHS.businessCheck,
      summary: "因公预订前的差旅标准校验（往返、中转时 nextFareKey 为第二程舱位，逐程校验后合并）：所选舱位是否超标及原因、超标处理方式（禁止/选择原因/审批）、是否须关联出差申请、可选的超标原因；为同事代订时按出行同事的差旅标准",
      tags,
      access: "bookings",
      input: z.object({ fareKey: flightOrderInput.shape.fareKey, nextFareKey: flightOrderInput.shape.nextFareKey, forEmployeeId: flightOrderInput.shape.forEmployeeId }).strict(),
      handler: async ({ input, member, ctx }): Promise<BusinessCheck> => {
        const m = member!;
        for (const k of [input.fareKey, input.nextFareKey]) if (k && isGpFareKey(k)) throw new BizError(RET.BAD_INPUT, saidDomain(GP_TEXTS.elsewhere), { errors: { fareKey: saidDomain(GP_TEXTS.elsewhere) } });
        if (!canBookOnBusiness(m)) return NOT_ON_BUSINESS;
        const c = await supplierContext(ctx.db, m);
        const supplier = suppliersFor(ctx.db, seed).flight;
        // A round trip or connection: each leg checked as a one-way fare would be (legs.ts).
        const { legs, trip } = await verifyLegs(supplier, input, c);
        // Booking for a colleague: their standard is the one in force.
        const traveller = input.forEmployeeId !== undefined ? await travellerFor(ctx.db, m, input.forEmployeeId) : m;
        const checks: BusinessCheck[] = [];
        for (const l of legs) {
          const p = await businessPolicy(ctx.db, traveller, l.flight, l.seat, supplier, c);
          checks.push(businessCheckOf(p, selfPayFen([l.seat.salePrice], p.selfPayLimitFen)));
        }
        return mergeLegChecks(checks, legNames(trip));
      },
    }),
    defineRoute({
      method: "POST",
      url: FLIGHT_ORDER_PATHS.list,
      summary: "国内机票订单列表（分页；按状态、预订日期范围、订单号、出行人筛选；gpFlag=1 列公务机票（政府采购）订单，否则列普通机票订单；会员看自己的订单，企业管理员另看本企业订单）",
      tags,
      access: "orders",
      input: listInput,
      handler: ({ input, member, ctx }) => flightOrderPage(ctx.db, member!, input),
    }),
    defineRoute({
      method: "POST",
      url: FLIGHT_ORDER_PATHS.detail,
      summary: "国内机票订单详情（航班、乘客、价格明细、状态时间线与当前可执行的操作）",
      tags,
      access: "orders",
      input: z.object({ id: orderId }).strict(),
      handler: ({ input, member, ctx }) => flightOrderDetail(ctx.db, member!, input.id),
    }),
    defineRoute({
      method: "POST",
      url: FLIGHT_ORDER_PATHS.cancel,
      summary: "取消待支付的国内机票订单并释放座位",
      tags,
      access: "orders",
      input: z.object({ id: orderId, reason: zText({ max: 100, label: saidLazy("routes.cancellationReason") }).optional() }).strict(),
      handler: async ({ input, member, ctx }) => {
        const id = await visibleOrderId(ctx.db, member!, input.id);
        return applyFlightMove(ctx.db, { orderId: id, action: "cancel", actor: memberActor(member!), note: input.reason, seed });
      },
    }),
    defineRoute({
      method: "GET",
      url: PAYMENT_WINDOW_PATH,
      summary: "待支付订单的支付时限（分钟）：机票、火车票、酒店订单提交后须在此时间内支付，超时自动取消并释放座位或房间",
      tags,
      access: "public",
      input: z.object({}).strict(),
      handler: async (): Promise<PaymentWindowReply> => ({ minutes: paymentWindowMinutes() }),
    }),
  ];
}
