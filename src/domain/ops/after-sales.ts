// Inputs and replies of the after-sales queue (refund and change requests of flight orders),
// shared by the console's forms and the server. Money is integer fen.
import { z } from "zod";
import { trLazy } from "../tr";
import { zBool, zInt, zOptionalString, zText } from "../zod";
import { IN_FEN, type Fen } from "../money";
import type { RefundLine } from "../orders/flight-after-sales";
import { AFTER_SALES_KINDS, AFTER_SALES_PRODUCTS, AFTER_SALES_STATES, QUEUE_KEY, type AfterSalesKind, type AfterSalesProduct, type AfterSalesState } from "./after-sales-paths";
import { OPS_PAGE_SIZE_MAX } from "./schemas";

export * from "./after-sales-paths";

/** A decision's reason, which the member reads on the order. */
export const DECISION_REASON_MAX = 200;
export const ORDER_NO_MAX = 40;

const zKey = z
  .string({ error: trLazy("售后申请编号不正确") })
  .max(24, { error: trLazy("售后申请编号不正确") })
  .regex(QUEUE_KEY, { error: trLazy("售后申请编号不正确") });
const zReason = zText({ min: 1, max: DECISION_REASON_MAX, trim: true, label: trLazy("原因"), typeError: trLazy("请填写原因") });
const zDate = z.string({ error: trLazy("日期格式不正确") }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: trLazy("日期格式不正确") });

export const afterSalesListSchema = z
  .object({
    pageNum: zInt({ min: 1, max: 100_000, error: trLazy("页码不正确") }).default(1),
    pageSize: zInt({ min: 1, max: OPS_PAGE_SIZE_MAX, error: trLazy("每页条数不正确") }).default(20),
    product: zOptionalString(z.enum(AFTER_SALES_PRODUCTS, { error: trLazy("产品不正确") }), trLazy("产品不正确")),
    kind: zOptionalString(z.enum(AFTER_SALES_KINDS, { error: trLazy("售后类型不正确") }), trLazy("售后类型不正确")),
    state: zOptionalString(z.enum(AFTER_SALES_STATES, { error: trLazy("状态不正确") }), trLazy("状态不正确")),
    orderNo: zOptionalString(zText({ max: ORDER_NO_MAX, trim: true, label: trLazy("订单号") })),
    /** Requests made on or after this day (a UTC day). */
    since: zOptionalString(zDate, trLazy("日期格式不正确")),
  })
  .strict();
export type AfterSalesFilters = z.output<typeof afterSalesListSchema>;

export const afterSalesKeySchema = z.object({ id: zKey }).strict();

/** The new fee of a refund: from nothing up to the most the fare's rules allow (the server checks the maximum), with the reason. */
export const afterSalesAdjustSchema = z
  .object({
    id: zKey,
    fee: zInt({ min: 0, max: 100_000_000, error: trLazy("手续费须为不小于 0 的金额") }).meta(IN_FEN),
    reason: zReason,
  })
  .strict();
export type AfterSalesAdjustInput = z.input<typeof afterSalesAdjustSchema>;

export const afterSalesRejectSchema = z.object({ id: zKey, reason: zReason }).strict();
export type AfterSalesRejectInput = z.input<typeof afterSalesRejectSchema>;

export const afterSalesPolicySchema = z.object({ autoAccept: zBool(trLazy("自动受理设置不正确")) }).strict();

export type AfterSalesDecision = "accepted" | "adjusted" | "rejected";

/** A queue item: the request, the estimate the member saw, and the operator's decision once made. */
export interface AfterSalesItem {
  /** kind-recordId, e.g. "refund-12". */
  id: string;
  kind: AfterSalesKind;
  product: AfterSalesProduct;
  recordId: number;
  orderId: number;
  orderNo: string;
  state: AfterSalesState;
  /** Names of the passengers it is for. */
  passengers: string;
  /** The member's reason (refunds). */
  reason: string | null;
  /** What the member was quoted: the fee kept (refund) or the change fee, and the money back (refund) or due (change). */
  estimate: { fee: Fen; amount: Fen };
  /** What stands now (the adjusted figures after an adjustment). */
  current: { fee: Fen; amount: Fen };
  heldBy: number | null;
  heldByName: string | null;
  decision: AfterSalesDecision | null;
  decisionReason: string | null;
  decidedByName: string | null;
  createTime: string;
}

/** One passenger's line of a refund with the most its fare's rules let it keep. */
export interface AfterSalesLine extends RefundLine {
  maxFee: Fen;
}

export interface AfterSalesDetail extends AfterSalesItem {
  /** Refunds only: each passenger's line, with its maximum fee. */
  lines: AfterSalesLine[];
  /** Refunds only: the most the whole refund may keep (the lines' maxima summed). */
  maxFee: Fen;
}

export interface AfterSalesPolicy {
  autoAccept: boolean;
}

/**
 * A refund's new total fee spread over its passengers: each line's share in proportion to the
 * most it may keep (rounded down to the fen), and the fen left over given one at a time to the
 * lines in order while they are under their maximum. No line exceeds its maximum, and the shares
 * sum to the total exactly. Null when the total is above the lines' maxima summed.
 */
export function spreadFee(total: Fen, maxima: readonly Fen[]): Fen[] | null {
  const sum = maxima.reduce((s, m) => s + m, 0);
  if (total < 0 || total > sum) return null;
  if (sum === 0) return maxima.map(() => 0);
  // BigInt: a total and a maximum of up to a million yuan each multiply past the safe integers.
  const shares = maxima.map((m) => Number((BigInt(total) * BigInt(m)) / BigInt(sum)));
  let rest = total - shares.reduce((s, x) => s + x, 0);
  while (rest > 0) {
    for (let i = 0; i < shares.length && rest > 0; i++) {
      if (shares[i] < maxima[i]) {
        shares[i] += 1;
        rest -= 1;
      }
    }
  }
  return shares;
}
