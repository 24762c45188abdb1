// What a member sends to ask for a reimbursement document, and the paths it goes to. The same
// schema checks the portal's form and the server's input.
import { z } from "zod";
import { m, trLazy } from "../tr";
import { isEmail } from "../validators";
import { zInt, zOptionalString } from "../zod";
import { INVOICE_TITLE_MAX, isUscc } from "../people/invoice-title";
import { INVOICE_EMAIL_MAX } from "../people/invoice";
import { EINVOICE_TITLE_CHOICES } from "./kinds";

export const EINVOICE_PATHS = {
  request: "/member/einvoice/request",
  list: "/member/einvoice/list",
  detail: "/member/einvoice/detail",
  pdf: "/member/einvoice/pdf",
  xml: "/member/einvoice/xml",
  email: "/member/einvoice/email",
} as const;

const id = (zh: string) => zInt({ min: 1, max: 2_147_483_647, error: trLazy(zh) });

/**
 * One document for one ticket: the order and the passenger holding it, which kind (the ticket
 * itself, or the portal's service fee on it), and whom it is made out to. A business trip's
 * title is the company's and cannot be chosen; a private trip's is one of the member's saved
 * titles, a company title typed in (its 统一社会信用代码 checked), or 个人.
 */
export const einvoiceRequestSchema = z
  .object({
    orderId: id("订单编号不正确"),
    passengerId: id("乘客编号不正确"),
    kind: z.enum(["ticket", "service"], { error: trLazy("请选择报销凭证类型") }).optional().default("ticket"),
    title: z.enum(EINVOICE_TITLE_CHOICES, { error: trLazy("请选择发票抬头") }),
    titleId: id("发票抬头编号不正确").optional(),
    buyerName: zOptionalString(z.string().trim().max(INVOICE_TITLE_MAX, m("发票抬头最多{max}个字符", { max: INVOICE_TITLE_MAX })), trLazy("请填写发票抬头")),
    buyerTaxNo: zOptionalString(z.string().trim().toUpperCase().max(18, m("请输入正确的纳税人识别号")), trLazy("请输入正确的纳税人识别号"), 40),
    email: zOptionalString(z.string().trim().max(INVOICE_EMAIL_MAX, m("请输入正确的邮箱")), trLazy("请输入正确的邮箱")),
  })
  .strict()
  .superRefine((v, ctx) => {
    const issue = (path: string, zh: string) => ctx.addIssue({ code: "custom", path: [path], message: trLazy(zh)() });
    if (v.title === "saved" && v.titleId === undefined) issue("titleId", "请选择发票抬头");
    if (v.title === "custom") {
      if (!v.buyerName) issue("buyerName", "请填写发票抬头");
      if (!v.buyerTaxNo) issue("buyerTaxNo", "请填写纳税人识别号");
      else if (!isUscc(v.buyerTaxNo)) issue("buyerTaxNo", "请输入正确的纳税人识别号");
    }
    if (v.email && !isEmail(v.email)) issue("email", "请输入正确的邮箱");
  });
export type EinvoiceRequest = z.output<typeof einvoiceRequestSchema>;

export const einvoiceIdSchema = z.object({ id: id("报销凭证编号不正确") }).strict();
/** Send an issued document (PDF and XML attached) to an email address. */
export const einvoiceEmailSchema = z
  .object({
    id: id("报销凭证编号不正确"),
    email: z.string({ error: trLazy("请输入正确的邮箱") }).trim().min(1, m("请输入正确的邮箱")).max(INVOICE_EMAIL_MAX, m("请输入正确的邮箱")).refine(isEmail, m("请输入正确的邮箱")),
  })
  .strict();
export type EinvoiceEmail = z.output<typeof einvoiceEmailSchema>;

export const einvoiceListSchema = z.object({ orderId: id("订单编号不正确") }).strict();

/** A document as the member's pages show it (amounts in fen; the certificate number masked). */
export interface EinvoiceView {
  id: number;
  orderId: number;
  passengerId: number;
  passengerName: string;
  certNoMasked: string;
  ticketNo: string;
  kind: string;
  kindLabel: string;
  direction: "blue" | "red";
  originalId: number | null;
  status: string;
  statusLabel: string;
  buyerName: string;
  buyerTaxNo: string | null;
  email: string | null;
  number: string | null;
  issuedAt: string | null;
  sandbox: boolean;
  totalFen: number;
  taxFen: number;
  exemptFen: number;
  rateBp: number;
  createTime: string;
}

/** A ticket (or stay) a document may be asked for now, and which of its documents exist to ask. */
export interface EinvoiceSubjectView {
  passengerId: number;
  passengerName: string;
  ticketNo: string;
  /** "ticket": the ticket's (stay's) own document; "service": the portal's service fee, when charged. */
  kinds: ("ticket" | "service")[];
}

/** An order's documents, what may still be asked for, and whose title a new one takes. */
export interface EinvoiceOrderView {
  list: EinvoiceView[];
  subjects: EinvoiceSubjectView[];
  /** A business trip: the company's title, fixed. */
  business: boolean;
  companyName: string | null;
}
