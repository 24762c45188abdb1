// The operator console's ticketing queue (出票队列): paid flight and train orders waiting for
// their tickets, and what a ticketing operator does with one (take, release, enter the tickets,
// fail it with a reason). Held by the operator resource `ticketing` (出票员; 运营管理员 inherits it).
import { z } from "zod";
import { defineOpsRoute } from "../ops/route";
import { OPS_PATHS as P } from "../../src/domain/ops/paths";
import { ticketingFailSchema, ticketingIdSchema, ticketingListSchema, ticketingTicketSchema } from "../../src/domain/ops/ticketing";
import { ticketingCount, ticketingDetail, ticketingPage } from "../ops/ticketing/queue";
import { failOrder, releaseOrder, takeOrder, ticketOrder } from "../ops/ticketing/actions";

const none = z.object({}).strict();

export const opsTicketingRoutes = [
  defineOpsRoute({
    method: "POST",
    url: P.ticketingList,
    summary: "出票队列（出票员；分页，按产品、订单号、等待时长、受理人筛选，等待最久的在前）",
    access: "ticketing",
    input: ticketingListSchema,
    handler: ({ input, operator, ctx }) => ticketingPage(ctx.db, input, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.ticketingCount,
    summary: "出票队列待处理数（菜单角标：无人受理或本人受理的待出票订单）",
    access: "ticketing",
    input: none,
    handler: ({ operator, ctx }) => ticketingCount(ctx.db, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.ticketingDetail,
    summary: "出票队列订单详情（乘客、票号、订单动态）",
    access: "ticketing",
    input: ticketingIdSchema,
    handler: ({ input, operator, ctx }) => ticketingDetail(ctx.db, input.id, operator!.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.ticketingTake,
    summary: "受理订单（同一订单同时受理只有一人成功；受理期间供应商不自动出票）",
    access: "ticketing",
    input: ticketingIdSchema,
    handler: ({ input, operator, ctx }) => takeOrder(ctx.db, input.id, operator!),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.ticketingRelease,
    summary: "释放订单（受理人或运营管理员；订单交还供应商自动出票）",
    access: "ticketing",
    input: ticketingIdSchema,
    handler: ({ input, operator, ctx }) => releaseOrder(ctx.db, input.id, operator!),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.ticketingTicket,
    summary: "录入票号出票（机票：每位乘客的票号；火车票：电子客票号），订单变为已出票",
    access: "ticketing",
    input: ticketingTicketSchema,
    handler: ({ input, operator, ctx }) => ticketOrder(ctx.db, input, operator!),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.ticketingFail,
    summary: "出票失败（须填写原因；座位释放，全额原路退回）",
    access: "ticketing",
    input: ticketingFailSchema,
    handler: ({ input, operator, ctx }) => failOrder(ctx.db, input, operator!),
  }),
];
