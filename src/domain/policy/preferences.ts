// A company's booking preferences and its automatic approval decisions.
import { m, trLazy, type LazyText } from "../tr";
import { z } from "zod";
import { zBool, zNullableInt } from "./fields";
import { POLICY_MAX_FEN } from "./amount-limit";

export interface Preferences {
  hotelConfig: {
    /** 1: a hotel order may be paid by several means together (company credit plus personal). */
    multiPay: 0 | 1;
  };
  /** 1: a business booking must name an approved trip application. */
  requireApplication: 0 | 1;
  /** Reasons a traveller chooses from when booking over the standard is allowed with a reason. */
  overReasons: string[];
  /**
   * 1: 超标自付 — on a business flight over the standard's price limit, the company's credit pays
   * the standard's part and the traveller pays the rest themself at the cashier.
   */
  overSelfPay: 0 | 1;
  autoDecisions: {
    /** Approve an order at once when it is within the standard and at most this amount; null: never. */
    approveWithinStandardMaxFen: number | null;
    /** 1: an order still waiting when its fare expires is rejected by the system. */
    rejectExpiredFare: 0 | 1;
  };
}

export const DEFAULT_OVER_REASONS = ["航班时刻原因", "会议或客户要求", "低价舱位已售罄", "同行人员统一安排", "其他原因"];

export const DEFAULT_PREFERENCES: Preferences = {
  hotelConfig: { multiPay: 1 },
  requireApplication: 0,
  overReasons: DEFAULT_OVER_REASONS,
  overSelfPay: 0,
  autoDecisions: { approveWithinStandardMaxFen: null, rejectExpiredFare: 1 },
};

const flag = (error: LazyText) => zBool(error).transform((v): 0 | 1 => (v ? 1 : 0));

export const preferencesFormSchema = z
  .object({
    hotelConfig: z.object({ multiPay: flag(trLazy("酒店组合支付设置不正确")) }).strict(),
    requireApplication: flag(trLazy("出差申请关联设置不正确")),
    overReasons: z
      .array(z.string({ error: trLazy("超标原因不正确") }).trim().min(1, m("超标原因不能为空")).max(30, m("每条超标原因最多 30 个字")), { error: trLazy("请至少设置一条超标原因") })
      .min(1, m("请至少设置一条超标原因"))
      .max(20, m("超标原因最多 20 条"))
      .refine((list) => new Set(list).size === list.length, m("超标原因不能重复")),
    // Optional: a form that predates it saves it off.
    overSelfPay: flag(trLazy("超标自付设置不正确")).optional().transform((v): 0 | 1 => v ?? 0),
    autoDecisions: z
      .object({
        approveWithinStandardMaxFen: zNullableInt({ min: 1, max: POLICY_MAX_FEN, error: trLazy("自动审批金额须为 0.01 到 1000 万元之间的金额") }),
        rejectExpiredFare: flag(trLazy("票价过期自动驳回设置不正确")),
      })
      .strict(),
  })
  .strict();

/** A stored value read back: anything missing takes the default, so older rows stay readable. */
export function withPreferenceDefaults(stored: unknown): Preferences {
  const s = (stored && typeof stored === "object" ? stored : {}) as Partial<Preferences>;
  return {
    hotelConfig: { ...DEFAULT_PREFERENCES.hotelConfig, ...(s.hotelConfig ?? {}) },
    requireApplication: s.requireApplication ?? DEFAULT_PREFERENCES.requireApplication,
    overReasons: Array.isArray(s.overReasons) && s.overReasons.length ? s.overReasons : DEFAULT_PREFERENCES.overReasons,
    overSelfPay: s.overSelfPay === 1 ? 1 : 0,
    autoDecisions: { ...DEFAULT_PREFERENCES.autoDecisions, ...(s.autoDecisions ?? {}) },
  };
}

/** Whether the system approves a subject at once: within the standard and at most the amount. */
export function autoApproves(prefs: Preferences, subject: { withinStandard: boolean; amountFen: number | null }): boolean {
  const max = prefs.autoDecisions.approveWithinStandardMaxFen;
  return max !== null && subject.withinStandard && subject.amountFen !== null && subject.amountFen <= max;
}
