// Invoice titles (发票抬头, /member/invoiceTitle/...): the member's own personal or company
// titles, one default. save adds, or updates with an id.
import { say } from "../services/i18n/catalogue";
import { saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { pageInput } from "../services/http/paging";
import { KEYWORD_MAX } from "../../src/domain/lists";
import { zInt, zOptionalString } from "../../src/domain/zod";
import { invoiceTitleFormSchema } from "../../src/domain/people/invoice-title";
import { deleteInvoiceTitle, invoiceTitleDetail, invoiceTitleList, saveInvoiceTitle } from "../people/invoice-titles";

const ACCESS = "invoices";
const TAGS = ["invoice-titles"];
const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("routes.invalidInvoiceTitleNumber") }) }).strict();
const listInput = z
  .object({
    ...pageInput(["createTime", "title"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    titleType: zInt({ min: 1, max: 2, error: saidLazy("routes.titleTypeOnly1Personal") }).optional(),
  })
  .strict();

export const invoiceTitleRoutes = [
  defineRoute({
    method: "POST",
    url: "/member/invoiceTitle/list",
    summary: "发票抬头列表（分页，按抬头或税号搜索，按类型筛选；默认抬头在前）",
    tags: TAGS,
    access: ACCESS,
    input: listInput,
    handler: ({ input, member, ctx }) => invoiceTitleList(ctx.db, member!.id, input),
  }),
  defineRoute({
    method: "POST",
    url: "/member/invoiceTitle/detail",
    summary: "一个发票抬头",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: ({ input, member, ctx }) => invoiceTitleDetail(ctx.db, member!.id, input.id),
  }),
  defineRoute({
    method: "POST",
    url: "/member/invoiceTitle/save",
    summary: "保存发票抬头（不带 id 为新增；企业抬头须填写统一社会信用代码）",
    tags: TAGS,
    access: ACCESS,
    input: invoiceTitleFormSchema,
    handler: ({ input, member, ctx }) => saveInvoiceTitle(ctx.db, member!.id, input),
  }),
  defineRoute({
    method: "POST",
    url: "/member/invoiceTitle/delete",
    summary: "删除发票抬头",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: ({ input, member, ctx }) => deleteInvoiceTitle(ctx.db, member!.id, input.id),
  }),
];
