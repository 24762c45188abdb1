// Invoice requests (报销凭证, /invoice/...). The catalogue names the paths but no payloads; these
// are the payloads:
// - /invoice/paging  { pageNum, pageSize, orderBy: createTime|amountFen, orderType, status? }
//                    → a page of the member's requests, newest first.
// - /invoice/save    { orderIds.N, titleId, delivery: email|paper, email? (email), addressId?
//                    (paper), remark? } → the new request. Requests are not edited: a wrong one is
//                    withdrawn and asked again. The amount is the sum of the orders' totals, read
//                    here, never taken from the caller.
// - /invoice/delete  { id } → withdraws a request that still waits to be issued (status applied);
//                    it stays listed as withdrawn and its orders may be invoiced again.
// - /invoice/orders  {} → the member's orders that may be invoiced now (paid, not on a live request).
import { saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { pageInput, type Page } from "../services/http/paging";
import { zInt } from "../../src/domain/zod";
import { INVOICE_PATHS, INVOICE_STATUSES, invoiceRequestSchema, type InvoiceRow, type InvoiceableOrder } from "../../src/domain/people/invoice";
import { invoicePage, invoiceableOrders, moveInvoice, requestInvoice } from "../people/invoices";

const ACCESS = "invoices";
const TAGS = ["invoices"];

const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("routes.invalidInvoiceRequestNumber") }) }).strict();
const pagingInput = z
  .object({
    ...pageInput(["createTime", "amountFen"] as const),
    status: z.enum(INVOICE_STATUSES, { error: saidLazy("routes.invalidInvoiceStatus") }).optional(),
  })
  .strict();

export const invoiceRoutes = [
  defineRoute({
    method: "POST",
    url: INVOICE_PATHS.paging,
    summary: "发票申请列表（分页，按状态筛选，最新在前）",
    tags: TAGS,
    access: ACCESS,
    input: pagingInput,
    handler: async ({ input, member, ctx }): Promise<Page<InvoiceRow>> => {
      return invoicePage(ctx.db, member!.id, input);
    },
  }),
  defineRoute({
    method: "POST",
    url: INVOICE_PATHS.orders,
    summary: "可开票的订单（本人已支付、尚未申请开票的订单，最多 200 个，最新在前）",
    tags: TAGS,
    access: ACCESS,
    input: z.object({}).strict(),
    handler: async ({ member, ctx }): Promise<{ list: InvoiceableOrder[] }> => ({ list: await invoiceableOrders(ctx.db, member!.id) }),
  }),
  defineRoute({
    method: "POST",
    url: INVOICE_PATHS.save,
    summary: "申请开票（所选订单须为本人已支付且未开票的订单；金额为订单合计，由服务端计算）",
    tags: TAGS,
    access: ACCESS,
    input: invoiceRequestSchema,
    handler: ({ input, member, ctx }) => requestInvoice(ctx.db, member!.id, input),
  }),
  defineRoute({
    method: "POST",
    url: INVOICE_PATHS.delete,
    summary: "撤销发票申请（仅待开票时可撤销，撤销后订单可重新申请）",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: ({ input, member, ctx }) => moveInvoice(ctx.db, input.id, "withdraw", "member", member!.id),
  }),
];
