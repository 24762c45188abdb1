// Bills (/bill/<name>/list and /bill/<name>/excel): every bill of the bills-and-reports menu as
// a server-paged list with the totals of the whole filtered set, and its spreadsheet export with
// the same filters, columns and totals. The catalogue names only the /bill/ prefix; the list and
// excel paths are completed per bill (src/domain/bills.ts). Each bill is guarded by the access
// resource of the menu item that shows it.
import { say } from "../services/i18n/catalogue";
import { saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { pageInput } from "../services/http/paging";
import { defineExport } from "../exports/tasks";
import { billCount, billPage, billRows, billTotals, type BillFilterInput } from "../bills/query";
import { zDate } from "../../src/domain/travel/schemas";
import { zInt, zOptionalString } from "../../src/domain/zod";
import { chinaDate } from "../../src/domain/travel/dates";
import { now } from "../services/clock";
import {
  BILLS, BILL_NAMES, BILL_PRODUCTS, LEDGER_BILL_COLUMNS, LEDGER_BILL_SORTS, LEDGER_ENTRIES, LEDGER_TOTAL_KEYS, ORDER_BILL_SORTS,
  billExcelPath, billListPath, billStatuses, orderBillColumns, orderTotalKeys, type BillDefinition, type LedgerBillRow, type OrderBillRow,
} from "../../src/domain/bills";
import type { ExportColumn } from "../../src/domain/exports";

const TAGS = ["bills"];
const NAME_MAX = 20;
const ORDER_NO_MAX = 32;

/** What a bill's filters decode to (the keys a bill does not take are refused by .strict()). */
export type BillInput = BillFilterInput & { pageNum: number; pageSize: number; orderType: "asc" | "desc" };

/** The filter schema of one bill: only the filters that apply to it, sorts whitelisted. */
export function billInput(bill: BillDefinition): z.ZodType<BillInput> {
  const has = (f: string) => (bill.filters as readonly string[]).includes(f);
  const statuses = billStatuses(bill);
  return z
    .object({
      ...pageInput(bill.source === "orders" ? ORDER_BILL_SORTS : LEDGER_BILL_SORTS),
      startDate: zDate(say("routes.startDate")).optional(),
      endDate: zDate(say("routes.endDate")).optional(),
      orderNo: zOptionalString(z.string().trim().max(ORDER_NO_MAX, say("routes.orderNumberMostCharacters", { ORDER_NO_MAX })), say("routes.invalidOrderNumber")),
      ...(has("traveller") ? { travellerName: zOptionalString(z.string().trim().max(NAME_MAX, say("routes.travellerNameMostCharacters", { NAME_MAX })), say("routes.invalidTravellerName")) } : {}),
      ...(has("department") ? { departmentId: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("routes.invalidDepartment") }).optional() } : {}),
      ...(has("product") ? { product: z.enum(BILL_PRODUCTS, { error: saidLazy("routes.invalidProductType") }).optional() } : {}),
      ...(has("status")
        ? { status: zInt({ min: 0, max: 99, error: saidLazy("routes.invalidOrderStatus") }).refine((v) => statuses.includes(v), say("routes.invalidOrderStatus")).optional() }
        : {}),
      ...(has("entry") ? { entry: z.enum(LEDGER_ENTRIES, { error: saidLazy("routes.invalidTradeType") }).optional() } : {}),
    })
    .strict()
    .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { error: saidLazy("routes.startDateAfterEndDate"), path: ["endDate"] }) as unknown as z.ZodType<BillInput>;
}

function fileName(bill: BillDefinition, f: BillFilterInput): string {
  const range = f.startDate || f.endDate ? say("routes.to", { startDate: f.startDate ?? "起", endDate: f.endDate ?? "今" }) : chinaDate(now());
  return `${bill.title}-${range}.xlsx`;
}

function routesOf(bill: BillDefinition) {
  const input = billInput(bill);
  const orders = bill.source === "orders";
  const list = defineRoute({
    method: "POST",
    url: billListPath(bill.name),
    summary: `${bill.title}（分页；按日期、订单号等筛选；合计为全部筛选结果的合计）`,
    tags: TAGS,
    access: bill.access,
    input,
    handler: ({ input: f, member, ctx }) => billPage(ctx.db, bill, member!, f),
  });
  const columns = (orders ? orderBillColumns(bill) : LEDGER_BILL_COLUMNS) as ExportColumn<OrderBillRow | LedgerBillRow>[];
  const totalKeys: readonly string[] = orders ? orderTotalKeys(bill) : LEDGER_TOTAL_KEYS;
  const excel = defineExport({
    url: billExcelPath(bill.name),
    summary: `导出${bill.title}（与列表相同的筛选与排序，含合计行）`,
    tags: TAGS,
    access: bill.access,
    input,
    kind: `bill:${bill.name}`,
    fileName: (f) => fileName(bill, f),
    sheetName: bill.title,
    columns,
    count: ({ ctx, member, input: f }) => billCount(ctx.db, bill, member, f),
    totals: async ({ ctx, member, input: f }) => {
      const t = await billTotals(ctx.db, bill, member, f);
      return Object.fromEntries(totalKeys.map((k) => [k, t[k] ?? 0]));
    },
    rows: ({ ctx, member, input: f }) => billRows(ctx.db, bill, member, f),
  });
  return [list, excel];
}

export const billRoutes = BILL_NAMES.flatMap((name) => routesOf(BILLS[name]));
