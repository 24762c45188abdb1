// The member network's forms and rows: a company's child companies (子公司, with the unified social
// credit code checked by its check character), the recommended members and an agent's subordinates.
import { m, trLazy, zhTexts } from "../tr";
import { z } from "zod";
import { isMobile } from "../validators";
import { zInt, zOptionalString, zText } from "../zod";
import { isUscc } from "./invoice-title";
import type { MemberTypeKey } from "../member";

export const SUBSIDIARY_NAME_MAX = 50;
export const CONTACT_NAME_MAX = 20;
export const SUBSIDIARY_ADDRESS_MAX = 100;
/** Child companies one company may keep. */
export const SUBSIDIARIES_MAX = 200;

const SUBSIDIARY_TEXTS = zhTexts({
  name: "请填写公司名称",
  creditCode: "请输入正确的统一社会信用代码",
  creditCodeMissing: "请填写统一社会信用代码",
  contactName: "请填写联系人姓名",
  contactMobile: "请输入正确的手机号码",
  status: "请选择状态",
});
// Each message read when its check fails, in the language of that moment.
const M = Object.fromEntries(Object.entries(SUBSIDIARY_TEXTS).map(([k, zh]) => [k, trLazy(zh)])) as Record<keyof typeof SUBSIDIARY_TEXTS, () => string>;

export const subsidiaryFormSchema = z
  .object({
    id: zInt({ min: 1, max: 2_147_483_647, error: trLazy("子公司编号不正确") }).optional(),
    name: zText({ max: SUBSIDIARY_NAME_MAX, trim: true, label: trLazy("公司名称"), typeError: M.name }).min(1, { error: M.name }),
    // Typed in lower case it is still the same code.
    creditCode: z.string({ error: M.creditCodeMissing }).trim().toUpperCase().min(1, { error: M.creditCodeMissing }).max(18, { error: M.creditCode }).refine(isUscc, { error: M.creditCode }),
    contactName: zText({ max: CONTACT_NAME_MAX, trim: true, label: trLazy("联系人"), typeError: M.contactName }).min(1, { error: M.contactName }),
    contactMobile: z.string({ error: M.contactMobile }).max(11, { error: M.contactMobile }).refine(isMobile, { error: M.contactMobile }),
    address: zOptionalString(z.string().trim().max(SUBSIDIARY_ADDRESS_MAX, m("地址最多{SUBSIDIARY_ADDRESS_MAX}个字符", { SUBSIDIARY_ADDRESS_MAX })), trLazy("地址最多{SUBSIDIARY_ADDRESS_MAX}个字符", { SUBSIDIARY_ADDRESS_MAX })),
    status: zInt({ min: 0, max: 1, error: M.status }).optional().default(1),
  })
  .strict();
export type SubsidiaryForm = z.output<typeof subsidiaryFormSchema>;

export interface SubsidiaryRow {
  id: number;
  name: string;
  creditCode: string;
  contactName: string;
  /** Masked in the list, whole in the detail. */
  contactMobile: string;
  address: string | null;
  status: 0 | 1;
  createTime: string;
  updateTime: string;
}

/** The caller's referral details (appRecommendMember). */
export interface RecommendInfo {
  realName: string | null;
  /** What a friend enters as the referrer: the member's mobile. */
  referralCode: string;
  /** Path and query of the register link carrying the referrer. */
  referralPath: string;
  recommendedCount: number;
}

export interface RecommendedRow {
  id: number;
  realName: string | null;
  mobilePhone: string; // masked
  memberType: MemberTypeKey;
  createTime: string;
}

export interface SubordinateRow extends RecommendedRow {
  status: number;
  /** Orders the subordinate placed or travelled on. */
  orderCount: number;
}
