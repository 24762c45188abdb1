// The after-sales queue's operator calls (出票员; the administrator holds every role): refund and
// change requests of flight orders, taken, released and decided by an operator.
import { z } from "zod";
import { defineOpsRoute } from "../ops/route";
import {
  AFTER_SALES_PATHS as P, afterSalesAdjustSchema, afterSalesKeySchema, afterSalesListSchema, afterSalesPolicySchema, afterSalesRejectSchema, parseQueueKey,
} from "../../src/domain/ops/after-sales";
import { afterSalesCount, afterSalesDetail, afterSalesPage } from "../ops/after-sales/queue";
import {
  acceptRequest, adjustRequest, afterSalesPolicy, rejectRequest, releaseRequest, setAfterSalesPolicy, takeRequest,
} from "../ops/after-sales/actions";

const none = z.object({}).strict();
const access = "afterSales";

export const opsAfterSalesRoutes = [
  defineOpsRoute({
    method: "POST",
    url: P.list,
    summary: "售后队列：机票退票、改签申请（分页；按产品、类型、状态、订单号、起始日期筛选），含会员看到的预估与运营的处理",
    access,
    input: afterSalesListSchema,
    handler: ({ input, ctx }) => afterSalesPage(ctx.db, input),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.count,
    summary: "售后队列待处理数（菜单角标）",
    access,
    input: none,
    handler: ({ ctx }) => afterSalesCount(ctx.db),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.detail,
    summary: "售后申请详情：退票的每位乘客、会员看到的预估与票价规则允许的最高手续费",
    access,
    input: afterSalesKeySchema,
    handler: ({ input, ctx }) => {
      const key = parseQueueKey(input.id)!;
      return afterSalesDetail(ctx.db, key.kind, key.id);
    },
  }),
  defineOpsRoute({
    method: "POST",
    url: P.take,
    summary: "领取售后申请（同一申请只有一人能领取；领取后航司不再自动受理）",
    access,
    input: afterSalesKeySchema,
    handler: ({ input, operator, ctx }) => takeRequest(ctx.db, operator!, input.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.release,
    summary: "放回售后申请（重新交由航司自动受理）",
    access,
    input: afterSalesKeySchema,
    handler: ({ input, operator, ctx }) => releaseRequest(ctx.db, operator!, input.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.accept,
    summary: "受理已领取的申请（退票按原流程进行；改签确认）",
    access,
    input: afterSalesKeySchema,
    handler: ({ input, operator, ctx }) => acceptRequest(ctx.db, operator!, input.id),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.adjust,
    summary: "调整退票手续费并受理（0 至票价规则允许的最高手续费，须填原因，会员可见；应退金额按分重算）",
    access,
    input: afterSalesAdjustSchema,
    handler: ({ input, operator, ctx }) => adjustRequest(ctx.db, operator!, input),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.reject,
    summary: "拒绝售后申请（须填原因，会员可见；订单回到申请前状态）",
    access,
    input: afterSalesRejectSchema,
    handler: ({ input, operator, ctx }) => rejectRequest(ctx.db, operator!, input),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.policy,
    summary: "航司是否自动受理无人领取的售后申请",
    access,
    input: none,
    handler: ({ ctx }) => afterSalesPolicy(ctx.db),
  }),
  defineOpsRoute({
    method: "POST",
    url: P.setPolicy,
    summary: "设置航司是否自动受理无人领取的售后申请（关闭后全部申请留在售后队列）",
    access,
    input: afterSalesPolicySchema,
    handler: ({ input, operator, ctx }) => setAfterSalesPolicy(ctx.db, operator!, input.autoAccept),
  }),
];
