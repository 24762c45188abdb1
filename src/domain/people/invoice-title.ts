// Invoice titles (发票抬头): a person's name, or a company with its taxpayer id (the unified
// social credit code, checked by its check character) and, for special invoices, address, phone,
// bank and account.
import { m, trLazy } from "../tr";
import { z } from "zod";
import { isLandline, isMobile } from "../validators";
import { zBool, zInt, zOptionalString, zText } from "../zod";
import { codeTable, type CodeTable } from "../codes";

export const INVOICE_TITLE_MAX = 100;
export const INVOICE_ADDRESS_MAX = 100;
export const BANK_NAME_MAX = 50;
/** Invoice titles one member may keep. */
export const INVOICE_TITLES_MAX = 50;

/** 1 personal, 2 company. */
export type InvoiceTitleType = 1 | 2;
export const INVOICE_TITLE_TYPES: CodeTable<InvoiceTitleType> = codeTable("invoiceTitleType", [1, 2]);

// GB 32100-2015: 18 characters from this set (no I, O, S, V, Z); the last is the check character.
const USCC_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a unified social credit code. */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i]) * USCC_WEIGHTS[i];
  return USCC_CHARS[(31 - (sum % 31)) % 31];
}

/** A unified social credit code (统一社会信用代码) with a correct check character. */
export function isUscc(value: unknown): boolean {
  if (typeof value !== "string" || !/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  return usccCheckChar(value.slice(0, 17)) === value[17];
}

export const invoiceTitleFormSchema = z
  .object({
    id: zInt({ min: 1, max: 2_147_483_647, error: trLazy("发票抬头编号不正确") }).optional(),
    titleType: zInt({ min: 1, max: 2, error: trLazy("请选择抬头类型") }),
    title: zText({ max: INVOICE_TITLE_MAX, trim: true, label: trLazy("发票抬头"), typeError: trLazy("请填写发票抬头") }).min(1, m("请填写发票抬头")),
    taxNo: zOptionalString(z.string().trim().toUpperCase().max(18, m("请输入正确的纳税人识别号")), trLazy("请输入正确的纳税人识别号"), 40),
    address: zOptionalString(z.string().trim().max(INVOICE_ADDRESS_MAX, m("注册地址最多{INVOICE_ADDRESS_MAX}个字符", { INVOICE_ADDRESS_MAX })), trLazy("注册地址最多{INVOICE_ADDRESS_MAX}个字符", { INVOICE_ADDRESS_MAX })),
    phone: zOptionalString(z.string().trim().max(13, m("请输入正确的电话号码")), trLazy("请输入正确的电话号码"), 30),
    bankName: zOptionalString(z.string().trim().max(BANK_NAME_MAX, m("开户银行最多{BANK_NAME_MAX}个字符", { BANK_NAME_MAX })), trLazy("开户银行最多{BANK_NAME_MAX}个字符", { BANK_NAME_MAX })),
    bankAccount: zOptionalString(z.string().trim().max(30, m("银行账号为8-30位数字")), trLazy("银行账号为8-30位数字"), 60),
    isDefault: zBool(trLazy("默认抬头设置不正确")).optional().default(false),
  })
  .strict()
  .superRefine((t, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (t.titleType === 2) {
      if (!t.taxNo) issue("taxNo", "请填写纳税人识别号");
      else if (!isUscc(t.taxNo)) issue("taxNo", "请输入正确的纳税人识别号");
    }
    if (t.phone && !isLandline(t.phone) && !isMobile(t.phone)) issue("phone", "请输入正确的电话号码");
    if (t.bankAccount && !/^\d{8,30}$/.test(t.bankAccount)) issue("bankAccount", "银行账号为8-30位数字");
  })
  // A personal title carries no company details.
  .transform((t) => (t.titleType === 1 ? { ...t, taxNo: undefined, address: undefined, phone: undefined, bankName: undefined, bankAccount: undefined } : t));
export type InvoiceTitleForm = z.output<typeof invoiceTitleFormSchema>;

export interface InvoiceTitleRow {
  id: number;
  titleType: InvoiceTitleType;
  title: string;
  taxNo: string | null;
  address: string | null;
  phone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  isDefault: 0 | 1;
  createTime: string;
  updateTime: string;
}
