// Alipay face-to-face QR payment through alipay-sdk: precreate (the answer's qr_code is what the
// QR shows), trade query, refund, and the asynchronous notification. Every answer's RSA2 signature is
// checked against Alipay's public key (validateSign); notifications are checked the same way and
// must name our app. Alipay speaks yuan as text with 2 decimals; we convert from and to integer
// fen by text, never through a float.
import { AlipaySdk, type AlipaySdkCommonResult } from "alipay-sdk";
import { GatewayError, type Ack, type AckOutcome, type AlipaySettings, type InboundNotice, type NoticeCheck, type PrecreateRequest, type QrGateway, type RefundRequest, type RefundState, type TradeState } from "./types";
import { fenToYuan, parseYuan } from "../../../src/domain/money";

const CHINA_OFFSET_MS = 8 * 3600_000;

/** An instant as Alipay's time_expire wants it: Beijing wall time, "yyyy-MM-dd HH:mm:ss". */
export function alipayTime(iso: string): string {
  return new Date(Date.parse(iso) + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** Trade states in which the buyer's money has arrived. */
const PAID = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);

export class AlipayGateway implements QrGateway {
  readonly method = "alipay" as const;
  private readonly sdk: AlipaySdk;

  constructor(private readonly settings: AlipaySettings) {
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      keyType: "PKCS8",
      alipayPublicKey: settings.alipayPublicKey,
      signType: "RSA2",
      timeout: 10_000,
      camelcase: true,
      ...(settings.gateway ? { gateway: settings.gateway } : {}),
    });
  }

  private async call(method: string, params: Record<string, unknown>): Promise<AlipaySdkCommonResult> {
    try {
      // validateSign: an answer not signed by Alipay's key throws instead of being believed.
      return await this.sdk.exec(method, params, { validateSign: true });
    } catch (e) {
      throw new GatewayError(`支付宝接口 ${method} 调用失败：${(e as Error).message}`);
    }
  }

  async precreate(req: PrecreateRequest): Promise<{ qrContent: string }> {
    const r = await this.call("alipay.trade.precreate", {
      notifyUrl: this.settings.notifyUrl,
      bizContent: {
        outTradeNo: req.outTradeNo,
        totalAmount: fenToYuan(req.amountFen),
        subject: req.subject.slice(0, 100),
        ...(req.expiresAt ? { timeExpire: alipayTime(req.expiresAt) } : {}),
      },
    });
    if (r.code !== "10000" || typeof r.qrCode !== "string" || !r.qrCode) {
      throw new GatewayError(`支付宝预下单失败：${r.subMsg ?? r.msg ?? r.code}`);
    }
    if (r.outTradeNo !== undefined && r.outTradeNo !== req.outTradeNo) throw new GatewayError("支付宝预下单应答的交易号不符");
    return { qrContent: r.qrCode };
  }

  async query(outTradeNo: string): Promise<TradeState> {
    const r = await this.call("alipay.trade.query", { bizContent: { outTradeNo } });
    // Not scanned yet: Alipay knows no trade until the buyer opens the QR code.
    if (r.code === "40004" && r.subCode === "ACQ.TRADE_NOT_EXIST") return { state: "waiting" };
    if (r.code !== "10000") throw new GatewayError(`支付宝查询失败：${r.subMsg ?? r.msg ?? r.code}`);
    if (r.outTradeNo !== outTradeNo) throw new GatewayError("支付宝查询应答的交易号不符");
    if (PAID.has(r.tradeStatus)) {
      const amountFen = parseYuan(r.totalAmount);
      if (amountFen === null || typeof r.tradeNo !== "string" || !r.tradeNo) throw new GatewayError("支付宝查询应答的金额或交易号无效");
      return { state: "paid", payment: { outTradeNo, gatewayTradeNo: r.tradeNo, amountFen } };
    }
    return r.tradeStatus === "TRADE_CLOSED" ? { state: "closed" } : { state: "waiting" };
  }

  async refund(req: RefundRequest): Promise<RefundState> {
    const r = await this.call("alipay.trade.refund", {
      bizContent: { outTradeNo: req.outTradeNo, refundAmount: fenToYuan(req.refundFen), outRequestNo: req.outRefundNo, refundReason: req.reason.slice(0, 256) },
    });
    // A repeated out_request_no answers the same refund again (fund_change N): still done.
    if (r.code !== "10000") throw new GatewayError(`支付宝退款失败：${r.subMsg ?? r.msg ?? r.code}`);
    if (r.outTradeNo !== undefined && r.outTradeNo !== req.outTradeNo) throw new GatewayError("支付宝退款应答的交易号不符");
    return "done";
  }

  async verifyNotice(notice: InboundNotice): Promise<NoticeCheck> {
    const form = notice.form;
    if (!form || typeof form !== "object") return { kind: "refused", reason: "通知不是表单" };
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) {
      // A repeated field would be signed as one value by nobody: such a notice is not Alipay's.
      if (typeof v !== "string") return { kind: "refused", reason: `字段 ${k} 重复或格式不正确` };
      // Alipay signs the fields that have a value; empty ones are left out of the signed text.
      if (v !== "") fields[k] = v;
    }
    let signed: boolean;
    try {
      signed = this.sdk.checkNotifySignV2(fields);
    } catch {
      signed = false;
    }
    if (!signed) return { kind: "refused", reason: "签名校验失败" };
    if (fields.app_id !== this.settings.appId) return { kind: "refused", reason: "通知的 app_id 不是本应用" };
    const status = fields.trade_status ?? "";
    if (!PAID.has(status)) return { kind: "ignored", reason: `交易状态 ${status || "（无）"}` };
    const amountFen = parseYuan(fields.total_amount);
    if (amountFen === null || !fields.out_trade_no || !fields.trade_no) return { kind: "refused", reason: "通知缺少交易号或金额" };
    return { kind: "paid", payment: { outTradeNo: fields.out_trade_no, gatewayTradeNo: fields.trade_no, amountFen } };
  }

  /** Alipay stops re-sending on the plain text "success"; anything else is retried later. */
  ack(outcome: AckOutcome): Ack {
    return { status: 200, contentType: "text/plain; charset=utf-8", body: outcome === "ok" ? "success" : "fail" };
  }
}
