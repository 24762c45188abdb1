// Inputs of the pay authorization code calls.
import { m, trLazy } from "../tr";
import { z } from "zod";
import { zInt, zText } from "../zod";
import { PAY_CODE_MAX_FEN } from "./pay-code";
import { zPayPasswordDigest } from "./schemas";
import { msg, type Lang } from "../messages";

const zCode = zText({ max: 18, trim: true, error: trLazy("付款码不正确"), typeError: trLazy("请提供付款码") }).regex(/^\d{18}$/, m("付款码不正确"));

export const payCodeStatusInput = z.object({ code: zCode }).strict();

/** Drawing a code: the pay password's digest, needed when the member has set one. */
export const payCodeGenerateInput = z.object({ payPassword: zPayPasswordDigest.optional() }).strict();

/** A pay password as the member types it, before it is digested: the cashier and the pay code page. */
export const payPasswordForm = (lang: Lang = "zh") =>
  z.object({
    payPassword: z
      .string({ error: msg("payPasswordRequired", lang) })
      .min(1, msg("payPasswordRequired", lang))
      .regex(/^\d{6}$/, msg("payPasswordFormat", lang)),
  });

export const payCodeChargeInput = z
  .object({
    appId: zText({ max: 64, trim: true, error: trLazy("请提供合作方应用标识（appId）") }).min(1, m("请提供合作方应用标识（appId）")),
    signTimestamp: zText({ max: 13, error: trLazy("签名时间戳格式不正确（应为13位毫秒时间戳）") }).regex(/^\d{13}$/, m("签名时间戳格式不正确（应为13位毫秒时间戳）")),
    sign: zText({ max: 64, error: trLazy("签名格式不正确") }).regex(/^[0-9a-fA-F]{64}$/, m("签名格式不正确")),
    authCode: zCode,
    amountFen: zInt({ min: 1, max: PAY_CODE_MAX_FEN, error: trLazy("金额须为 1 到 {PAY_CODE_MAX_FEN} 分之间的整数", { PAY_CODE_MAX_FEN }) }),
    counterTradeNo: zText({ max: 40, trim: true, error: trLazy("柜台交易号须为 1 到 40 位字母、数字、下划线或短横线") }).regex(/^[A-Za-z0-9_-]{1,40}$/, m("柜台交易号须为 1 到 40 位字母、数字、下划线或短横线")),
    subject: zText({ max: 60, trim: true, label: trLazy("商品说明") }).optional(),
  })
  .strict();
export type PayCodeChargeInput = z.output<typeof payCodeChargeInput>;
