// Inputs of the rewards calls, shared by the transfer form and the server.
import { m, trLazy, zhTexts } from "../tr";
import { z } from "zod";
import { zText } from "../zod";
import { REWARD_EVENTS, REWARD_KINDS } from "./rewards";
import { IN_YUAN, parseYuan } from "../money";

/** Below 10 million yuan. */
const TRANSFER_MAX_FEN = 999_999_999;

/** The transfer's messages as written: catalogue keys, which the server's refusals carry. */
export const TRANSFER_TEXTS = zhTexts({
  required: "请输入转出金额",
  format: "请输入正确的金额（大于 0，最多两位小数）",
});

/** Yuan as typed: positive, at most 2 decimals, below 10 million. The server reads it as fen exactly. */
export const rewardsTransferSchema = z
  .object({
    amount: zText({ max: 13, trim: true, error: trLazy(TRANSFER_TEXTS.format), typeError: trLazy(TRANSFER_TEXTS.required) })
      .min(1, m(TRANSFER_TEXTS.required))
      .refine((v) => parseYuan(v, { min: 1, max: TRANSFER_MAX_FEN }) !== null, m(TRANSFER_TEXTS.format))
      .meta(IN_YUAN),
  })
  .strict();
export type RewardsTransferInput = z.output<typeof rewardsTransferSchema>;

const zDay = (label: string) => zText({ max: 10, error: trLazy("{label}格式不正确", { label }) }).regex(/^\d{4}-\d{2}-\d{2}$/, m("{label}格式不正确", { label }));

/** The detail list's filters (the page's own fields; paging is the list contract's). */
export const rewardsDetailFilters = {
  kind: z.enum(REWARD_KINDS, m("收益类型不正确")).optional(),
  event: z.enum(REWARD_EVENTS, m("明细类型不正确")).optional(),
  createDateStart: zDay("开始日期").optional(),
  createDateEnd: zDay("结束日期").optional(),
};
