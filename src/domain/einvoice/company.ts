// The company's reimbursement documents (发票管理) as its finance user sees them: the list's
// filters, its rows and totals, the month's zip and the columns of the zip's index. Shared by the
// server (queries, zip) and the portal (filters, table), so the screen and the index agree.
import { z } from "zod";
import { m, trLabels, trLazy } from "../tr";
import { zInt, zOptionalString } from "../zod";
import type { ExportColumn } from "../exports";
import { EINVOICE_KINDS, EINVOICE_STATES } from "./kinds";

export { COMPANY_EINVOICE_PATHS } from "./company-paths";

/** The access resource of every company-document route (the 发票管理 menu item's). */
export const COMPANY_EINVOICE_ACCESS = "einvoices:company";

const TRAVELLER_MAX = 20;
/** A calendar month, Beijing time: the month a document was issued in. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const zMonth = () => z.string({ error: trLazy("请选择正确的月份") }).max(7, m("请选择正确的月份")).regex(MONTH, m("请选择正确的月份"));

const filterShape = {
  kind: z.enum(EINVOICE_KINDS, { error: trLazy("请选择报销凭证类型") }).optional(),
  status: z.enum(EINVOICE_STATES, { error: trLazy("凭证状态不正确") }).optional(),
  travellerName: zOptionalString(z.string().trim().max(TRAVELLER_MAX, m("出行人姓名最多{max}个字符", { max: TRAVELLER_MAX })), trLazy("出行人姓名不正确")),
  departmentId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("部门不正确") }).optional(),
};

/** The list: any month (or none: every document), the other filters optional; server-paged. */
export const companyEinvoiceListSchema = z
  .object({
    month: zMonth().optional(),
    ...filterShape,
    pageNum: zInt({ min: 1, max: 100000, error: trLazy("页码不正确") }).optional().default(1),
    pageSize: zInt({ min: 1, max: 100, error: trLazy("每页条数不正确") }).optional().default(10),
  })
  .strict();
export type CompanyEinvoiceListInput = z.output<typeof companyEinvoiceListSchema>;

/** The zip: one month's issued documents (the list's other filters narrow it). */
export const companyEinvoiceZipSchema = z.object({ month: zMonth(), ...filterShape }).strict();
export type CompanyEinvoiceZipInput = z.output<typeof companyEinvoiceZipSchema>;

export type CompanyEinvoiceFilter = Omit<CompanyEinvoiceListInput, "pageNum" | "pageSize">;

export const companyEinvoiceIdSchema = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: trLazy("报销凭证编号不正确") }) }).strict();

/** One document in the company's list (amounts in fen; the certificate number masked). */
export interface CompanyEinvoiceRow {
  id: number;
  orderId: number;
  orderNo: string;
  number: string | null;
  kind: string;
  kindLabel: string;
  direction: "blue" | "red";
  status: string;
  statusLabel: string;
  issuedAt: string | null;
  passengerName: string;
  certNoMasked: string;
  departmentName: string;
  buyerName: string;
  ticketNo: string;
  totalFen: number;
  taxFen: number;
  sandbox: boolean;
}

export interface CompanyEinvoiceTotals {
  count: number;
  totalFen: number;
  taxFen: number;
}

export interface CompanyEinvoicePage {
  list: CompanyEinvoiceRow[];
  total: number;
  pageNum: number;
  pageSize: number;
  totals: CompanyEinvoiceTotals;
}

/** A row of the zip's index: the document and the two files it is in the zip as. */
export interface EinvoiceIndexRow extends Record<string, unknown> {
  pdfFile: string;
  xmlFile: string;
  number: string;
  kindLabel: string;
  directionLabel: string;
  statusLabel: string;
  issuedAt: string;
  passengerName: string;
  certNoMasked: string;
  departmentName: string;
  orderNo: string;
  ticketNo: string;
  buyerName: string;
  totalFen: number;
  taxFen: number;
}

/** The index sheet's columns, in the zip's order (headers in Chinese: a filing clerk's sheet). */
export const EINVOICE_INDEX_COLUMNS: ExportColumn<EinvoiceIndexRow>[] = [
  { key: "number", header: "发票号码", kind: "text", width: 24 },
  { key: "kindLabel", header: "凭证类型", kind: "text", width: 34 },
  { key: "directionLabel", header: "蓝字/红字", kind: "text", width: 10 },
  { key: "statusLabel", header: "状态", kind: "text", width: 10 },
  { key: "issuedAt", header: "开票日期", kind: "date" },
  { key: "passengerName", header: "出行人", kind: "text" },
  { key: "certNoMasked", header: "证件号码", kind: "text", width: 22 },
  { key: "departmentName", header: "部门", kind: "text" },
  { key: "orderNo", header: "订单号", kind: "text", width: 24 },
  { key: "ticketNo", header: "票号", kind: "text" },
  { key: "buyerName", header: "购买方", kind: "text", width: 30 },
  { key: "totalFen", header: "价税合计", kind: "money" },
  { key: "taxFen", header: "税额", kind: "money" },
  { key: "pdfFile", header: "PDF 文件", kind: "text", width: 30 },
  { key: "xmlFile", header: "XML 文件", kind: "text", width: 30 },
];

export const EINVOICE_DIRECTION_LABELS = trLabels<"blue" | "red">({ blue: "蓝字", red: "红字" });
