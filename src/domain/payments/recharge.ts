// The recharge form's rules, shared by the form and the server's routes: the amount is exact
// decimal text of yuan (never a float), positive, at most 2 decimals, 0.01 to 50,000.00; the
// server receives it decoded to fen.
import { m, trLabels, trLazy, zhTexts } from "../tr";
import { z } from "zod";
import { zInt, zText } from "../zod";
import { zDate } from "../travel/schemas";
import { RECHARGE_MAX_FEN, RECHARGE_MIN_FEN, RECHARGE_STATUS_CODES } from "../orders/recharge";
import { IN_YUAN, fenToYuan, formatFen, parseYuan } from "../money";

const AMOUNT_TEXTS = zhTexts({
  required: "请输入充值金额",
  format: "充值金额须为正数，最多两位小数",
  zero: "充值金额须大于0",
  tooLarge: "单笔充值金额不能超过{max}元",
});
const AMOUNT_PARAMS = { max: formatFen(RECHARGE_MAX_FEN) };

/** The amount's messages in the reader's language (read when looked up). */
export const RECHARGE_AMOUNT_MESSAGES = trLabels(AMOUNT_TEXTS, AMOUNT_PARAMS);

/** Longer text is refused before it is read: no amount within the limit needs more. */
const AMOUNT_TEXT_MAX = 20;

/** The amount's problem in the order a person fixes them, or null when it is a valid recharge. */
export function rechargeAmountProblem(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return RECHARGE_AMOUNT_MESSAGES.required;
  if (typeof value !== "string" || value.length > AMOUNT_TEXT_MAX) return RECHARGE_AMOUNT_MESSAGES.format;
  const text = value.trim();
  // A well-formed amount too long for any limit is "too large", not "malformed".
  if (/^[1-9]\d{9,}(?:\.\d{1,2})?$/.test(text)) return RECHARGE_AMOUNT_MESSAGES.tooLarge;
  const fen = parseYuan(text);
  if (fen === null) return RECHARGE_AMOUNT_MESSAGES.format;
  if (fen < RECHARGE_MIN_FEN) return RECHARGE_AMOUNT_MESSAGES.zero;
  if (fen > RECHARGE_MAX_FEN) return RECHARGE_AMOUNT_MESSAGES.tooLarge;
  return null;
}

/** Valid amount text to fen ('100' → 10000, '0.5' → 50); null when the text is not a valid recharge. */
export function rechargeAmountFen(value: unknown): number | null {
  return rechargeAmountProblem(value) === null ? parseYuan(value, { min: RECHARGE_MIN_FEN, max: RECHARGE_MAX_FEN }) : null;
}

/** Amount text (the form's value) decoded to fen (what the server uses). */
export const zRechargeAmount = z.codec(
  z.string(m(AMOUNT_TEXTS.required)).max(AMOUNT_TEXT_MAX, m(AMOUNT_TEXTS.format)).superRefine((v, ctx) => {
    const problem = rechargeAmountProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }).meta(IN_YUAN),
  z.int(),
  {
    decode: (v) => rechargeAmountFen(v)!,
    encode: (fen) => fenToYuan(fen),
  },
);

export const rechargeCreateInput = z
  .object({
    amount: zRechargeAmount,
    /** Generated once per form: a resubmitted form finds the recharge it created. */
    clientKey: zText({ max: 64, min: 8, label: "clientKey", error: trLazy("clientKey 不正确") }).regex(/^[A-Za-z0-9-]+$/, m("clientKey 不正确")),
  })
  .strict();

export const zRechargeNo = zText({ max: 32, trim: true, error: trLazy("充值单号不正确") }).regex(/^R\d{18}$/, m("充值单号不正确"));

export const rechargeDetailInput = z.object({ orderNo: zRechargeNo }).strict();

export const rechargeListInput = z
  .object({
    pageNum: zInt({ min: 1, max: 100000, error: trLazy("页码须为 1 到 100000 之间的整数") }).optional().default(1),
    pageSize: zInt({ min: 1, max: 100, error: trLazy("每页条数须为 1 到 100 之间的整数") }).optional().default(10),
    orderBy: z.enum(["createTime"], { error: trLazy("不支持的排序字段") }).optional(),
    orderType: z.enum(["asc", "desc"], { error: trLazy("排序方向只能是 asc 或 desc") }).optional().default("desc"),
    status: zInt({ min: 0, max: 9, error: trLazy("充值状态不正确") }).refine((v) => (RECHARGE_STATUS_CODES as number[]).includes(v), m("充值状态不正确")).optional(),
    createDateStart: zDate("开始日期").optional(),
    createDateEnd: zDate("结束日期").optional(),
  })
  .strict()
  .refine((v) => !v.createDateStart || !v.createDateEnd || v.createDateStart <= v.createDateEnd, { error: trLazy("开始日期不能晚于结束日期"), path: ["createDateEnd"] });
