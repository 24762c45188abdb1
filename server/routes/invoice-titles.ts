// Invoice titles (发票抬头, /member/invoiceTitle/...): the member's own personal or company
// titles, one default. save adds, or updates with an id.
import { say } from "../services/i18n/catalogue";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { defineRoute } from "../services/http/route";
import { offsetOf, pageInput, type Page } from "../services/http/paging";
import { isoAt } from "../services/clock";
import { KEYWORD_MAX } from "../../src/domain/lists";
import { zInt, zOptionalString } from "../../src/domain/zod";
import { INVOICE_TITLES_MAX, invoiceTitleFormSchema, type InvoiceTitleForm, type InvoiceTitleRow, type InvoiceTitleType } from "../../src/domain/people/invoice-title";
import { assertOwned, assertRoom, deleteOwned, setDefault } from "../people/owned";
import { likePattern } from "./policy/paging";

const ACCESS = "invoices";
const TAGS = ["invoice-titles"];
const MESSAGES = { missing: say("routes.invoiceTitleFound"), notYours: say("routes.viewChangeInvoiceTitle"), tooMany: say("routes.mostInvoiceTitles", { INVOICE_TITLES_MAX }) };
const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: say("routes.invalidInvoiceTitleNumber") }) }).strict();
const listInput = z
  .object({
    ...pageInput(["createTime", "title"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    titleType: zInt({ min: 1, max: 2, error: say("routes.titleTypeOnly1Personal") }).optional(),
  })
  .strict();

const COLUMNS = ["id", "titleType", "title", "taxNo", "address", "phone", "bankName", "bankAccount", "isDefault", "createTime", "updateTime"] as const;
const rowOf = (r: Omit<InvoiceTitleRow, "isDefault" | "titleType"> & { isDefault: number; titleType: number }): InvoiceTitleRow => ({
  ...r,
  titleType: r.titleType as InvoiceTitleType,
  isDefault: r.isDefault ? 1 : 0,
});

async function detail(db: Kysely<Database>, memberId: number, id: number): Promise<InvoiceTitleRow> {
  await assertOwned(db, "invoice_titles", memberId, id, MESSAGES);
  return rowOf(await db.selectFrom("invoice_titles").select([...COLUMNS]).where("id", "=", id).executeTakeFirstOrThrow());
}

async function save(db: Kysely<Database>, memberId: number, input: InvoiceTitleForm): Promise<InvoiceTitleRow> {
  const { id, isDefault } = input;
  const at = isoAt();
  const values = {
    titleType: input.titleType, title: input.title, taxNo: input.taxNo ?? null, address: input.address ?? null, phone: input.phone ?? null,
    bankName: input.bankName ?? null, bankAccount: input.bankAccount ?? null, updateTime: at,
  };
  const savedId = await db.transaction().execute(async (trx) => {
    let rowId: number;
    if (id !== undefined) {
      await assertOwned(trx, "invoice_titles", memberId, id, MESSAGES);
      await trx.updateTable("invoice_titles").set(values).where("id", "=", id).where("memberId", "=", memberId).execute();
      rowId = id;
    } else {
      await assertRoom(trx, "invoice_titles", memberId, INVOICE_TITLES_MAX, MESSAGES);
      rowId = (await trx.insertInto("invoice_titles").values({ ...values, memberId, createTime: at }).returning("id").executeTakeFirstOrThrow()).id;
    }
    await setDefault(trx, "invoice_titles", memberId, rowId, isDefault);
    return rowId;
  });
  return detail(db, memberId, savedId);
}

export const invoiceTitleRoutes = [
  defineRoute({
    method: "POST",
    url: "/member/invoiceTitle/list",
    summary: "发票抬头列表（分页，按抬头或税号搜索，按类型筛选；默认抬头在前）",
    tags: TAGS,
    access: ACCESS,
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<Page<InvoiceTitleRow>> => {
      let q = ctx.db.selectFrom("invoice_titles").where("memberId", "=", member!.id);
      const pattern = likePattern(input.keyword);
      if (pattern) q = q.where((eb) => eb.or([eb("title", "like", pattern), eb("taxNo", "like", pattern.toUpperCase())]));
      if (input.titleType !== undefined) q = q.where("titleType", "=", input.titleType);
      const column = input.orderBy ?? "createTime";
      const [rows, count] = await Promise.all([
        q
          .select([...COLUMNS])
          .$if(input.orderBy === undefined, (qb) => qb.orderBy("isDefault", "desc"))
          .orderBy(column, input.orderType)
          .orderBy("id", input.orderType)
          .limit(input.pageSize)
          .offset(offsetOf(input))
          .execute(),
        q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
      ]);
      return { list: rows.map(rowOf), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/member/invoiceTitle/detail",
    summary: "一个发票抬头",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: ({ input, member, ctx }) => detail(ctx.db, member!.id, input.id),
  }),
  defineRoute({
    method: "POST",
    url: "/member/invoiceTitle/save",
    summary: "保存发票抬头（不带 id 为新增；企业抬头须填写统一社会信用代码）",
    tags: TAGS,
    access: ACCESS,
    input: invoiceTitleFormSchema,
    handler: ({ input, member, ctx }) => save(ctx.db, member!.id, input),
  }),
  defineRoute({
    method: "POST",
    url: "/member/invoiceTitle/delete",
    summary: "删除发票抬头",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: ({ input, member, ctx }) => deleteOwned(ctx.db, "invoice_titles", member!.id, input.id, MESSAGES),
  }),
];
