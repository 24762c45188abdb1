// Train orders: book (hold the seats and create in one transaction), the order centre's list and
// detail, cancelling an unpaid order, 退票 (a quote of the railway's fee per passenger, then the
// refund) and 改签 (a quote of the new train and any difference, then the change, which a dearer
// train leaves waiting for its difference until paid or withdrawn). A member
// reaches only their own orders; a company administrator also the company's.
import { said, saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { trainChangeInput, trainOrderInput, zTrainOrderId } from "../../src/domain/orders/train-booking";
import { TRAIN_ORDER_PATHS } from "../../src/domain/orders/train-types";
import { TRAIN_ORDER_STATUS_CODES } from "../../src/domain/orders/train";
import { zText } from "../../src/domain/zod";
import { rail12306SignInInput, type Rail12306Account } from "../../src/domain/orders/train-account";
import { supplierContext, suppliersFor } from "../suppliers";
import { defineRoute } from "../services/http/route";
import { memberActor } from "../orders/actor";
import { bookTrain } from "../orders/train/book";
import { applyTrainMove } from "../orders/train/moves";
import { refundTrainOrder, trainRefundQuote } from "../orders/train/refund";
import { cancelTrainChange, changeTrainOrder, trainChangeQuote } from "../orders/train/change";
import { trainOrderPage, trainOrderDetail, visibleTrainOrderId } from "../orders/train/views";
import { orderListInput } from "./orders";
import { BizError, RET } from "../services/http/envelope";
import { businessCheckOf, canBookOnBusiness, NOT_ON_BUSINESS } from "../orders/business";
import { trainBusinessPolicy } from "../orders/train/business";
import type { BusinessCheck } from "../../src/domain/orders/business-types";
import { replaceBookingFields } from "../../src/domain/orders/business-booking";
import { travellerFor } from "../policy/replace-booker";

const NO_SUCH_SEAT = said("train.trainHasNoSuchSeat");

const tags = ["orders"];
const listInput = orderListInput(TRAIN_ORDER_STATUS_CODES);

export function trainOrderRoutes(seed?: string) {
  return [
    defineRoute({
      method: "POST",
      url: TRAIN_ORDER_PATHS.book,
      summary: "火车票下单：按车次与席别为乘客占座（儿童票半价）并创建待支付订单（同一事务；同一 clientKey 只生成一张订单），30 分钟未支付自动取消并释放座位。channel=ab 为12306账号购票：随单提交12306账号与密码，登录该账号且乘客须为其常用联系人，订单记录账号名（密码不保存）；channel=nab 为免账号购票",
      tags,
      access: "bookings",
      input: trainOrderInput,
      handler: ({ input, member, ctx }) => bookTrain(ctx.db, member!, input, seed),
    }),
    defineRoute({
      method: "POST",
      url: TRAIN_ORDER_PATHS.standardCheck,
      summary: "因公预订火车票前的差旅标准校验：所选席别是否超标及原因、超标处理方式（禁止/选择原因/审批）、是否须关联出差申请、可选的超标原因；为同事代订时按出行同事的差旅标准",
      tags,
      access: "bookings",
      input: z.object({ trainKey: trainOrderInput.shape.trainKey, seatClass: trainOrderInput.shape.seatClass, ...replaceBookingFields }).strict(),
      handler: async ({ input, member, ctx }): Promise<BusinessCheck> => {
        const m = member!;
        if (!canBookOnBusiness(m)) return NOT_ON_BUSINESS;
        const train = await suppliersFor(ctx.db, seed).train.train(input.trainKey, await supplierContext(ctx.db, m));
        if (!train.seats.some((s) => s.seatClass === input.seatClass)) throw new BizError(RET.BAD_INPUT, NO_SUCH_SEAT, { errors: { seatClass: NO_SUCH_SEAT } });
        // Booking for a colleague: their standard is the one in force.
        const traveller = input.forEmployeeId !== undefined ? await travellerFor(ctx.db, m, input.forEmployeeId) : m;
        return businessCheckOf(await trainBusinessPolicy(ctx.db, traveller, input.seatClass));
      },
    }),
    defineRoute({
      method: "POST",
      url: TRAIN_ORDER_PATHS.signIn12306,
      summary: "登录会员自己的12306账号（12306账号购票）：账号为字母开头的 6–30 位字母、数字或下划线，或绑定的手机号；密码 6–20 位。返回该账号的常用联系人（只有他们能乘坐买入该账号的车票）；账号与密码均不保存",
      tags,
      access: "bookings",
      input: rail12306SignInInput,
      rateLimit: { max: 30, timeWindow: 60_000 },
      handler: async ({ input, member, ctx }) => {
        const passengers = await suppliersFor(ctx.db, seed).train.signIn12306(input.account12306, input.password12306, await supplierContext(ctx.db, member));
        return { account12306: input.account12306, passengers } satisfies Rail12306Account;
      },
    }),
    defineRoute({
      method: "POST",
      url: TRAIN_ORDER_PATHS.list,
      summary: "火车票订单列表（分页；按状态、预订日期范围、订单号筛选；会员看自己的订单，企业管理员另看本企业订单）",
      tags,
      access: "orders",
      input: listInput,
      handler: ({ input, member, ctx }) => trainOrderPage(ctx.db, member!, input),
    }),
    defineRoute({
      method: "POST",
      url: TRAIN_ORDER_PATHS.detail,
      summary: "火车票订单详情（车次、乘客与座位、票价明细、状态时间线与当前可执行的操作）",
      tags,
      access: "orders",
      input: z.object({ orderId: zTrainOrderId }).strict(),
      handler: ({ input, member, ctx }) => trainOrderDetail(ctx.db, member!, input.orderId),
    }),
    defineRoute({
      method: "POST",
      url: TRAIN_ORDER_PATHS.cancel,
      summary: "取消待支付（或待审批，其审批随之撤回）的火车票订单并释放座位",
      tags,
      access: "orders",
      input: z.object({ orderId: zTrainOrderId, reason: zText({ max: 100, label: saidLazy("routes.cancellationReason") }).optional() }).strict(),
      handler: async ({ input, member, ctx }) => {
        const id = await visibleTrainOrderId(ctx.db, member!, input.orderId);
        return applyTrainMove(ctx.db, { orderId: id, action: "cancel", actor: memberActor(member!), note: input.reason, seed });
      },
    }),
    defineRoute({
      method: "POST",
      url: TRAIN_ORDER_PATHS.refund,
      summary: "退票：mode=quote 按铁路退票规则（开车前 8 天以上免费，48 小时至 8 天 5%，24 至 48 小时 10%，24 小时内 20%，按 5 角取整）返回每位乘客的退票费与退款金额，不做改动；mode=confirm 办理退票并退回原支付账户（服务费不退）",
      tags,
      access: "orders",
      input: z.object({ orderId: zTrainOrderId, mode: z.enum(["quote", "confirm"], { error: saidLazy("routes.modeOnlyQuoteConfirm") }) }).strict(),
      handler: async ({ input, member, ctx }) => {
        const id = await visibleTrainOrderId(ctx.db, member!, input.orderId);
        const actor = memberActor(member!);
        return input.mode === "quote" ? trainRefundQuote(ctx.db, id, actor) : refundTrainOrder(ctx.db, id, actor, seed);
      },
    }),
    defineRoute({
      method: "POST",
      url: TRAIN_ORDER_PATHS.changeApply,
      summary: "改签试算：同出发、到达城市的另一车次或席别，返回新车次与每位乘客的票价差（不收改签费；新票价较高时补差价 pay，较低时退还差额并按退票规则收取差额退票费），不做改动",
      tags,
      access: "orders",
      input: trainChangeInput,
      handler: async ({ input, member, ctx }) => {
        const id = await visibleTrainOrderId(ctx.db, member!, input.orderId);
        return trainChangeQuote(ctx.db, { ...input, orderId: id }, memberActor(member!), seed);
      },
    }),
    defineRoute({
      method: "POST",
      url: TRAIN_ORDER_PATHS.changeConfirm,
      summary: "确认改签：新票价不高于原票价时占用并出票新车次座位、释放原座位，较低时退还差额（扣除差额退票费）至原支付账户；新票价较高时占用新车次座位，订单进入改签待支付（status=awaitingPayment，expiresAt 前在收银台支付差价，业务类型 11 火车票改签），支付后出票并释放原座位，超时未支付则取消改签、释放新座位，原车票继续有效；每张订单只能改签一次",
      tags,
      access: "orders",
      input: trainChangeInput,
      handler: async ({ input, member, ctx }) => {
        const id = await visibleTrainOrderId(ctx.db, member!, input.orderId);
        return changeTrainOrder(ctx.db, { ...input, orderId: id }, memberActor(member!), seed);
      },
    }),
    defineRoute({
      method: "POST",
      url: TRAIN_ORDER_PATHS.changeCancel,
      summary: "取消改签待支付的改签：释放新车次座位，订单回到已出票，原车票继续有效",
      tags,
      access: "orders",
      input: z.object({ orderId: zTrainOrderId }).strict(),
      handler: async ({ input, member, ctx }) => {
        const id = await visibleTrainOrderId(ctx.db, member!, input.orderId);
        return cancelTrainChange(ctx.db, id, memberActor(member!));
      },
    }),
  ];
}
