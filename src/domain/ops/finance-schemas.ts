// Inputs and replies of the operator console's finance calls, shared by its forms and the server.
// Money is integer fen; amounts typed as yuan are read exactly (two decimals at most).
import { z } from "zod";
import { m, trLazy } from "../tr";
import { zInt, zOptionalString, zText } from "../zod";
import { parseYuan } from "../money";
import { WITHDRAWAL_STATUSES, type WithdrawalAction, type WithdrawalView } from "../payments/withdrawal";
import { STATEMENT_STATUSES } from "../settlement/states";
import type { StatementRow } from "../settlement/schemas";
import { OPS_PAGE_SIZE_MAX } from "./schemas";

export const WITHDRAWAL_REJECT_REASON_MAX = 100;

const zId = zInt({ min: 1, max: 2_147_483_647, error: trLazy("编号不正确") });
const zDate = z.string({ error: trLazy("日期格式不正确") }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: trLazy("日期格式不正确") });
const zMonth = z.string({ error: trLazy("月份格式不正确") }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: trLazy("月份格式不正确") });
const YUAN_FORMAT = trLazy("金额须为不小于0的数字，最多两位小数");
/** Yuan typed in a filter ('50', '50.5'): checked here, read into fen where it is used (yuanFilterFen). */
const zYuanText = z.string({ error: YUAN_FORMAT }).max(16, { error: YUAN_FORMAT }).refine((v) => parseYuan(v) !== null, { error: YUAN_FORMAT });

/** A yuan filter's text in fen (undefined when not given). */
export const yuanFilterFen = (v: string | undefined): number | undefined => (v === undefined ? undefined : (parseYuan(v) ?? undefined));

const paging = {
  pageNum: zInt({ min: 1, max: 100_000, error: trLazy("页码不正确") }).default(1),
  pageSize: zInt({ min: 1, max: OPS_PAGE_SIZE_MAX, error: trLazy("每页条数不正确") }).default(20),
};

/**
 * The withdrawal queue's filters: status, the member (mobile phone or member number), an amount
 * range in yuan and the day it was asked for from.
 */
export const opsWithdrawalListSchema = z
  .object({
    ...paging,
    status: z.enum(WITHDRAWAL_STATUSES, m("提现状态不正确")).optional(),
    member: zOptionalString(zText({ max: 20, trim: true }).regex(/^\d{1,11}$/, { error: trLazy("会员请填写手机号或会员编号") }), trLazy("会员请填写手机号或会员编号")),
    amountStart: zOptionalString(zYuanText, YUAN_FORMAT),
    amountEnd: zOptionalString(zYuanText, YUAN_FORMAT),
    createDateStart: zOptionalString(zDate, trLazy("日期格式不正确")),
  })
  .strict()
  .refine((v) => v.amountStart === undefined || v.amountEnd === undefined || yuanFilterFen(v.amountStart)! <= yuanFilterFen(v.amountEnd)!, {
    error: trLazy("最低金额不能大于最高金额"),
    path: ["amountEnd"],
  });
export type OpsWithdrawalFilters = z.output<typeof opsWithdrawalListSchema>;

/**
 * The status the operator saw when deciding: a withdrawal that has moved on since (approved by
 * another operator or the timer) is refused, so the operator decides again on what it now is.
 */
const zSeen = z.enum(WITHDRAWAL_STATUSES, m("提现状态不正确")).optional();

export const opsWithdrawalIdSchema = z.object({ id: zId, from: zSeen }).strict();

/** 驳回: the member reads the reason on the withdrawal's record, so one is required. */
export const opsWithdrawalRejectSchema = z
  .object({
    id: zId,
    from: zSeen,
    reason: zText({ min: 2, max: WITHDRAWAL_REJECT_REASON_MAX, trim: true, label: trLazy("驳回原因"), typeError: trLazy("请填写驳回原因") }),
  })
  .strict();
export type OpsWithdrawalRejectForm = z.input<typeof opsWithdrawalRejectSchema>;

/** Statements of every company, by company, status and the month their period ends in. */
export const opsStatementListSchema = z
  .object({
    ...paging,
    companyId: zId.optional(),
    status: z.enum(STATEMENT_STATUSES, m("对账单状态不正确")).optional(),
    month: zOptionalString(zMonth, trLazy("月份格式不正确")),
  })
  .strict();
export type OpsStatementFilters = z.output<typeof opsStatementListSchema>;

export const opsCompanyListSchema = z
  .object({ ...paging, keyword: zOptionalString(zText({ max: 50, trim: true })), id: zId.optional() })
  .strict();

/** What the operator console shows of a withdrawal: the member's view, who asked, and who holds it. */
export interface OpsWithdrawalView extends Omit<WithdrawalView, "actions"> {
  memberId: number;
  memberName: string;
  mobilePhone: string;
  holderName: string;
  /** The operator who has taken it (the timed review and payout leave it alone), or null. */
  heldBy: number | null;
  heldByName: string | null;
  heldAt: string | null;
  /** What the operator asking may do now: hold or release, and the moves of the review and payout. */
  actions: (WithdrawalAction | "hold" | "release")[];
}

export interface OpsStatementRow extends StatementRow {
  companyId: number;
  companyName: string;
}

export interface OpsCompanyOption {
  id: number;
  name: string;
}
