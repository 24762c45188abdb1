// Invoice titles (发票抬头): the member's own personal or company titles, one default; saving
// adds, or updates with an id.
import type { Kysely } from "kysely";
import { said } from "../services/i18n/text";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { likePattern, offsetOf, type Page } from "../services/http/paging";
import { isoAt } from "../services/clock";
import { INVOICE_TITLES_MAX, type InvoiceTitleForm, type InvoiceTitleRow, type InvoiceTitleType } from "../../src/domain/people/invoice-title";
import { assertOwned, deleteOwned, saveOwned } from "./owned";

const MESSAGES = { missing: said("routes.invoiceTitleFound"), notYours: said("routes.viewChangeInvoiceTitle"), tooMany: said("routes.mostInvoiceTitles", { INVOICE_TITLES_MAX }) };

/** What the invoice title list is asked for. */
export interface InvoiceTitleListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "createTime" | "title";
  orderType: "asc" | "desc";
  keyword?: string;
  titleType?: number;
}

const COLUMNS = ["id", "titleType", "title", "taxNo", "address", "phone", "bankName", "bankAccount", "isDefault", "createTime", "updateTime"] as const;
const rowOf = (r: Omit<InvoiceTitleRow, "isDefault" | "titleType"> & { isDefault: number; titleType: number }): InvoiceTitleRow => ({
  ...r,
  titleType: r.titleType as InvoiceTitleType,
  isDefault: r.isDefault ? 1 : 0,
});

export async function invoiceTitleDetail(db: Kysely<Database>, memberId: number, id: number): Promise<InvoiceTitleRow> {
  await assertOwned(db, "invoice_titles", memberId, id, MESSAGES);
  return rowOf(await db.selectFrom("invoice_titles").select([...COLUMNS]).where("id", "=", id).executeTakeFirstOrThrow());
}

export async function saveInvoiceTitle(db: Kysely<Database>, memberId: number, input: InvoiceTitleForm): Promise<InvoiceTitleRow> {
  const { id, isDefault } = input;
  const at = isoAt();
  const values = {
    titleType: input.titleType, title: input.title, taxNo: input.taxNo ?? null, address: input.address ?? null, phone: input.phone ?? null,
    bankName: input.bankName ?? null, bankAccount: input.bankAccount ?? null, updateTime: at,
  };
  const savedId = await saveOwned(db, "invoice_titles", memberId, { id, isDefault, values, at }, { max: INVOICE_TITLES_MAX, messages: MESSAGES });
  return invoiceTitleDetail(db, memberId, savedId);
}

export async function invoiceTitleList(db: Kysely<Database>, memberId: number, input: InvoiceTitleListQuery): Promise<Page<InvoiceTitleRow>> {
  let q = db.selectFrom("invoice_titles").where("memberId", "=", memberId);
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
}

export function deleteInvoiceTitle(db: Kysely<Database>, memberId: number, id: number) {
  return deleteOwned(db, "invoice_titles", memberId, id, MESSAGES);
}
