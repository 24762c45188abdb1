// The cashier's calls: what an order costs and how it may be paid, creating a trade, paying it
// from the wallet, precreating a QR trade, querying a trade, the wallet's ledger, and the
// gateway notification (public, trusted only through its signature).
import { say } from "../services/i18n/catalogue";
import { said, saidLazy } from "../services/i18n/text";
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { BizError, RET } from "../services/http/envelope";
import { DomainError } from "../services/domain-error";
import { pageInput } from "../services/http/paging";
import { zDate } from "../../src/domain/travel/schemas";
import { zInt } from "../../src/domain/zod";
import { BUSINESS_TYPE_CODES, PAY_PATHS, QR_METHODS } from "../../src/domain/payments";
import { cashierInput, createPaymentInput, creditPayInput, precreateInput, queryInput, sandboxNotifyInput, walletPayInput } from "../../src/domain/payments/schemas";
import { assertPayable, cashierInfo, createPayment, orderOf, ownPayment } from "../payments/trades";
import { creditPay, resultOf, settleNotified, walletPay } from "../payments/settle";
import { sandboxCashierUrl, verifySandbox } from "../payments/sandbox";
import { listLedger } from "../payments/statement";
import { dueOf } from "../payments/products";
import { gatewayFor, precreateWithGateway, refreshFromGateway, type PayGateways } from "../payments/gateways";

const tags = ["payments"];

const ledgerInput = z
  .object({
    ...pageInput(["createTime"] as const),
    account: z.enum(["wallet", "alipay", "wechat", "credit"], say("routes.invalidAccountType")).optional(),
    direction: z.enum(["in", "out"], say("routes.invalidDirection")).optional(),
    businessType: zInt({ min: 1, max: 99, error: saidLazy("routes.invalidBusinessType") }).refine((v) => (BUSINESS_TYPE_CODES as number[]).includes(v), say("routes.invalidBusinessType")).optional(),
    createDateStart: zDate(say("routes.startDate")).optional(),
    createDateEnd: zDate(say("routes.endDate")).optional(),
  })
  .strict()
  .refine((v) => !v.createDateStart || !v.createDateEnd || v.createDateStart <= v.createDateEnd, { error: saidLazy("routes.startDateAfterEndDate"), path: ["createDateEnd"] });

const NO_QR = said("routes.qrCodePaymentAvailableYet");

/**
 * A QR method goes through its real gateway when one is configured, else through the sandbox;
 * with neither (sandboxSecret null, no gateways) the cashier offers the wallet only.
 */
export function paymentRoutes(sandboxSecret: string | null, gateways: PayGateways = {}) {
  const qr = { methods: QR_METHODS.filter((m) => gateways[m] || sandboxSecret !== null) };
  return [
    defineRoute({
      method: "POST",
      url: PAY_PATHS.cashier,
      summary: "收银台：订单金额、支付时限、可用支付方式、余额与是否设置了支付密码",
      tags,
      access: "payments",
      input: cashierInput,
      handler: ({ input, member, ctx }) => cashierInfo(ctx.db, member!, input.orderId, qr),
    }),
    defineRoute({
      method: "POST",
      url: PAY_PATHS.create,
      summary: "为待支付订单创建支付交易（返回 outTradeNo；已支付、已取消或超时的订单拒绝）",
      tags,
      access: "payments",
      input: createPaymentInput,
      handler: ({ input, member, ctx }) => createPayment(ctx.db, member!, input.orderId, input.method, qr),
    }),
    defineRoute({
      method: "POST",
      url: PAY_PATHS.wallet,
      summary: "余额支付（校验 requestVerify；设置了支付密码时须提供；余额扣减、账本记录与订单变为已支付在同一事务）",
      tags,
      access: "payments",
      input: walletPayInput,
      handler: async ({ input, member, ctx }) => {
        const p = await ownPayment(ctx.db, member!, input.outTradeNo, input.requestVerify);
        return walletPay(ctx.db, member!, p, input);
      },
    }),
    defineRoute({
      method: "POST",
      url: PAY_PATHS.credit,
      summary: "企业授信支付（校验 requestVerify 与支付密码；超出授信额度拒绝；扣减额度、账本记录与订单变为已支付在同一事务）",
      tags,
      access: "payments",
      input: creditPayInput,
      handler: async ({ input, member, ctx }) => {
        const p = await ownPayment(ctx.db, member!, input.outTradeNo, input.requestVerify);
        return creditPay(ctx.db, member!, p, input);
      },
    }),
    defineRoute({
      method: "POST",
      url: PAY_PATHS.precreate,
      summary: "支付宝/微信扫码预下单（已配置真实网关时向网关下单，二维码为网关返回的内容；否则为沙箱：二维码打开本站的手机收银台）",
      tags,
      access: "payments",
      input: precreateInput,
      handler: async ({ input, member, ctx, req }) => {
        if (!qr.methods.length) throw new BizError(RET.CONFLICT, NO_QR);
        const p = await ownPayment(ctx.db, member!, input.outTradeNo, input.requestVerify);
        if (!(QR_METHODS as readonly string[]).includes(p.method)) throw new BizError(RET.BAD_INPUT, said("routes.tradeQrCodePayment"));
        const gateway = gatewayFor(gateways, p.method);
        if (!gateway && !sandboxSecret) throw new BizError(RET.CONFLICT, NO_QR);
        if (input.businessType !== p.businessType) throw new BizError(RET.BAD_INPUT, said("payments.businessTypeDoesMatchTrade"));
        if (p.status !== "created") throw new BizError(RET.CONFLICT, said("routes.tradeHasBeenHandledStart"));
        const order = await orderOf(ctx.db, p.orderId);
        const due = await dueOf(ctx.db, order);
        assertPayable(due);
        if (gateway) return { outTradeNo: p.outTradeNo, qrUrl: await precreateWithGateway(gateway, p, { title: order.title, expiresAt: due.expiresAt }, req.log) };
        return { outTradeNo: p.outTradeNo, qrUrl: sandboxCashierUrl(`${req.protocol}://${req.host}`, p.outTradeNo) };
      },
    }),
    defineRoute({
      method: "POST",
      url: PAY_PATHS.query,
      summary: "查询支付交易状态（收银台每 2.5 秒轮询；真实网关的待支付交易会向网关核实，已付款则按通知同样入账）",
      tags,
      access: "payments",
      input: queryInput,
      handler: async ({ input, member, ctx, req }) => {
        const p = await ownPayment(ctx.db, member!, input.outTradeNo, input.requestVerify);
        return (await refreshFromGateway(ctx.db, gateways, p, req.log)) ?? resultOf(p);
      },
    }),
    defineRoute({
      method: "POST",
      url: PAY_PATHS.ledger,
      summary: "我的钱包：余额收支明细（分页；按账户、收支方向、业务类型与日期筛选）",
      tags,
      access: "wallet",
      input: ledgerInput,
      handler: ({ input, member, ctx }) => listLedger(ctx.db, member!, input),
    }),
    defineRoute({
      method: "POST",
      url: PAY_PATHS.sandboxNotify,
      summary: "沙箱网关支付结果通知（HMAC 签名；核对交易号与金额；重复通知只入账一次）",
      tags,
      access: "public",
      input: sandboxNotifyInput,
      handler: async ({ input, ctx, req }) => {
        const { sign, ...notice } = input;
        if (!sandboxSecret) throw new BizError(RET.NOT_FOUND, NO_QR);
        // A method with a real gateway is paid only with real money: the sandbox cannot settle it.
        if (gatewayFor(gateways, notice.method)) throw new BizError(RET.FORBIDDEN, said("routes.paymentMethodUsesRealPayment"));
        if (!verifySandbox(sandboxSecret, notice, sign)) {
          req.log.warn({ outTradeNo: notice.outTradeNo }, "sandbox notification with a bad signature refused");
          throw new BizError(RET.FORBIDDEN, said("payments.signatureCheckFailed"));
        }
        try {
          const { result } = await settleNotified(ctx.db, { outTradeNo: notice.outTradeNo, gatewayTradeNo: notice.tradeNo, amountFen: notice.totalFen, method: notice.method });
          return result;
        } catch (e) {
          if (e instanceof BizError || e instanceof DomainError) req.log.warn({ outTradeNo: notice.outTradeNo, totalFen: notice.totalFen, msg: e.message }, "sandbox notification refused");
          throw e;
        }
      },
    }),
  ];
}
