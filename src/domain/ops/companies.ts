// Inputs and replies of the operator console's companies and members screens, shared by its
// forms and the server. Money is integer fen; the credit limit keeps the settlement schemas' rule.
import { z } from "zod";
import { trLazy } from "../tr";
import { zInt, zOptionalString, zText } from "../zod";
import { CREDIT_LIMIT_MAX_FEN } from "../settlement/schemas";
import { SETTLEMENT_DAY_MAX, SETTLEMENT_DAY_MIN } from "../settlement/period";
import { OPS_PAGE_SIZE_MAX } from "./schemas";

/** A service fee above 1,000 yuan per ticket is a typing slip, not an agreement. */
export const SERVICE_FEE_MAX_FEN = 100_000;
export const COMPANY_KEYWORD_MAX = 60;
export const MEMBER_KEYWORD_MAX = 30;

/**
 * The products whose fee a company agrees, per ticket. The domestic ticket's fee is what flight
 * prices, statements and the member's serverItem read (a company always has one, 0 by default);
 * the international ticket's, once set, prices its international flights, which otherwise pay
 * the domestic fee.
 */
export const SERVICE_FEE_PRODUCTS = ["domesticFlight", "internationalFlight"] as const;
export type ServiceFeeProduct = (typeof SERVICE_FEE_PRODUCTS)[number];

const zId = (label: string) => zInt({ min: 1, max: 2_147_483_647, error: trLazy(label) });
const zCompanyId = zId("企业编号不正确");
const zMemberId = zId("会员编号不正确");
const zStatus = zInt({ min: 0, max: 1, error: trLazy("状态不正确") });
const paging = {
  pageNum: zInt({ min: 1, max: 100_000, error: trLazy("页码不正确") }).default(1),
  pageSize: zInt({ min: 1, max: OPS_PAGE_SIZE_MAX, error: trLazy("每页条数不正确") }).default(20),
};

/** Company list filters: name (part of it), credit code (part of it, upper case), state. */
export const opsCompanyListSchema = z
  .object({
    ...paging,
    name: zOptionalString(zText({ max: COMPANY_KEYWORD_MAX, trim: true })),
    creditCode: zOptionalString(zText({ max: 18, trim: true }).toUpperCase()),
    status: zStatus.optional(),
  })
  .strict();
export type OpsCompanyFilters = z.output<typeof opsCompanyListSchema>;

export const opsCompanyIdSchema = z.object({ id: zCompanyId }).strict();

export const opsCreditLimitSchema = z
  .object({ id: zCompanyId, creditLimitFen: zInt({ min: 0, max: CREDIT_LIMIT_MAX_FEN, error: trLazy("授信额度须为 0 到 1 亿元之间的金额") }) })
  .strict();
export type OpsCreditLimitForm = z.input<typeof opsCreditLimitSchema>;

export const opsSettlementDaySchema = z
  .object({
    id: zCompanyId,
    settlementDay: zInt({ min: SETTLEMENT_DAY_MIN, max: SETTLEMENT_DAY_MAX, error: trLazy("结算日须为 {SETTLEMENT_DAY_MIN} 到 {SETTLEMENT_DAY_MAX} 之间的整数", { SETTLEMENT_DAY_MIN, SETTLEMENT_DAY_MAX }) }),
  })
  .strict();

const zFee = zInt({ min: 0, max: SERVICE_FEE_MAX_FEN, error: trLazy("服务费须为 0 到 1000 元之间的金额") });

/** The whole fee table at once: every product's fee in fen. */
export const opsServiceFeesSchema = z.object({ id: zCompanyId, domesticFlight: zFee, internationalFlight: zFee }).strict();
export type OpsServiceFeesInput = z.output<typeof opsServiceFeesSchema>;

export const opsCompanyStatusSchema = z.object({ id: zCompanyId, status: zStatus }).strict();

/** Member search: part of a mobile, name or account; a member type; a company; a state. */
export const opsMemberListSchema = z
  .object({
    ...paging,
    keyword: zOptionalString(zText({ max: MEMBER_KEYWORD_MAX, trim: true })),
    companyId: zCompanyId.optional(),
    status: zStatus.optional(),
  })
  .strict();
export type OpsMemberFilters = z.output<typeof opsMemberListSchema>;

export const opsMemberStatusSchema = z.object({ id: zMemberId, status: zStatus }).strict();
export const opsMemberIdSchema = z.object({ id: zMemberId }).strict();

// ---- replies ----

export interface OpsCompanyRow {
  id: number;
  name: string;
  creditCode: string | null;
  status: number;
  adminName: string | null;
  adminMobile: string | null;
  creditLimitFen: number;
  creditUsedFen: number;
  settlementDay: number | null;
  employeeCount: number;
  createTime: string;
}

export interface OpsCompanyDetail extends OpsCompanyRow {
  /** Fen per product; the table the console edits. */
  serviceFees: Record<ServiceFeeProduct, number>;
  nextSettlementDate: string | null;
}

export interface OpsMemberRow {
  id: number;
  mobilePhone: string;
  realName: string | null;
  account: string | null;
  memberType: string;
  /** The member-type key (10 … 70, 7_0). */
  typeKey: string;
  companyId: number | null;
  companyName: string | null;
  status: number;
  /** Whether a sign-in or pay-password lock stands now. */
  locked: boolean;
  createTime: string;
}
