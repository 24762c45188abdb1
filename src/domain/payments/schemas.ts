// Inputs of the pay calls, shared by the cashier and the server.
import { m, trLazy } from "../tr";
import { z } from "zod";
import { zInt, zText } from "../zod";
import { BUSINESS_TYPE_CODES, PAY_METHODS, QR_METHODS } from "./types";

export const zOrderId = zInt({ min: 1, max: 2_147_483_647, error: trLazy("订单编号不正确") });
export const zOutTradeNo = zText({ max: 40, trim: true, error: trLazy("交易号不正确") }).regex(/^P\d{8,30}$/, m("交易号不正确"));
const zVerify = zText({ max: 32, error: trLazy("支付校验失败") }).regex(/^[0-9a-f]{32}$/, m("支付校验失败"));
const zBusinessType = zInt({ min: 1, max: 99, error: trLazy("业务类型不正确") }).refine((v) => (BUSINESS_TYPE_CODES as number[]).includes(v), m("业务类型不正确"));

export const cashierInput = z.object({ orderId: zOrderId }).strict();
export const createPaymentInput = z.object({ orderId: zOrderId, method: z.enum(PAY_METHODS, m("支付方式不正确")) }).strict();
/** The pay password travels as its MD5 digest, like every password. */
export const zPayPasswordDigest = zText({ max: 32, error: trLazy("支付密码格式不正确") }).regex(/^[0-9a-f]{32}$/, m("支付密码格式不正确"));
export const walletPayInput = z
  .object({
    outTradeNo: zOutTradeNo,
    requestVerify: zVerify,
    businessType: zBusinessType,
    body: zText({ max: 100, label: trLazy("商品描述") }).optional(),
    payPassword: zPayPasswordDigest.optional(),
  })
  .strict();
/** Credit pay carries what wallet pay does (the pay password too, when one is set). */
export const creditPayInput = walletPayInput;
export const precreateInput = z
  .object({ outTradeNo: zOutTradeNo, requestVerify: zVerify, businessType: zBusinessType, body: zText({ max: 100, label: trLazy("商品描述") }).optional() })
  .strict();
export const queryInput = z.object({ outTradeNo: zOutTradeNo, requestVerify: zVerify }).strict();
export const sandboxNotifyInput = z
  .object({
    outTradeNo: zOutTradeNo,
    tradeNo: zText({ max: 64, label: trLazy("网关交易号") }),
    totalFen: zInt({ min: 0, max: 1_000_000_000, error: trLazy("金额不正确") }),
    method: z.enum(QR_METHODS, m("支付方式不正确")),
    sign: zText({ max: 64, error: trLazy("签名不正确") }).regex(/^[0-9a-f]{64}$/, m("签名不正确")),
  })
  .strict();
