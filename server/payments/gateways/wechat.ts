// WeChat Pay v3 Native (QR) payment through wechatpay-node-v3: the library builds and signs our
// requests (the Authorization header, SHA256-RSA2048 with the merchant key) and checks WeChat's
// signatures (verifySign) against the configured platform public key. Its HTTP goes through our
// own transport, which also checks the signature of every answer before anything believes it
// (the library's own transport does not), and can be pointed at another base URL. Amounts are
// integer fen on both sides.
import crypto from "node:crypto";
import Pay from "wechatpay-node-v3";
import type { IPayRequest } from "wechatpay-node-v3/dist/lib/pay-request.interface";
import type { Output } from "wechatpay-node-v3/dist/lib/interface-v2";
import { z } from "zod";
import { now } from "../../services/clock";
import { publicPemOf } from "./keys";
import { GatewayError, type Ack, type AckOutcome, type InboundNotice, type NoticeCheck, type PrecreateRequest, type QrGateway, type RefundRequest, type RefundState, type TradeState, type WechatSettings } from "./types";

export const WECHAT_API = "https://api.mch.weixin.qq.com";
/** A signature older or newer than this is refused: a replayed message is not a fresh one. */
const MAX_SKEW_S = 300;
const TIMEOUT_MS = 10_000;
const CHINA_OFFSET_MS = 8 * 3600_000;

/** An instant as WeChat's time_expire wants it: RFC 3339 in Beijing time. */
export function wechatTime(iso: string): string {
  return `${new Date(Date.parse(iso) + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

type HeaderOf = (name: string) => string | undefined;

/** The library keeps trusted platform keys in a map by serial; ours is put there, nothing fetched. */
class PortalPay extends Pay {
  trust(serial: string, publicKeyPem: string): void {
    PortalPay.certificates[serial] = publicKeyPem;
  }
}

/** The library's HTTP, over fetch: answers count only once WeChat's signature on them checks out. */
class VerifiedTransport implements IPayRequest {
  constructor(
    private readonly base: string,
    private readonly check: (header: HeaderOf, body: string) => Promise<string | null>,
  ) {}

  private async send(method: "GET" | "POST", url: string, headers: Record<string, string>, body?: string): Promise<Output> {
    const target = url.startsWith(WECHAT_API) ? `${this.base}${url.slice(WECHAT_API.length)}` : url;
    const h: Record<string, string> = { ...headers };
    delete h["Accept-Encoding"];
    let res: Response;
    try {
      res = await fetch(target, { method, headers: body === undefined ? h : { ...h, "Content-Type": "application/json" }, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (e) {
      return { status: 0, error: (e as Error).message };
    }
    const text = await res.text();
    if (!res.ok) return { status: res.status, error: text };
    const refused = await this.check((n) => res.headers.get(n) ?? undefined, text);
    if (refused) return { status: 0, error: `应答签名校验失败：${refused}` };
    try {
      return { status: res.status, data: text ? JSON.parse(text) : {} };
    } catch {
      return { status: 0, error: "应答不是 JSON" };
    }
  }

  post(url: string, params: Record<string, unknown>, headers: Record<string, string>): Promise<Output> {
    // The same serialisation the library signed.
    return this.send("POST", url, headers, JSON.stringify(params));
  }

  get(url: string, headers: Record<string, string>): Promise<Output> {
    return this.send("GET", url, headers);
  }

  async upload(): Promise<Output> {
    return { status: 0, error: "不支持上传" };
  }
}

const noticeSchema = z.object({
  id: z.string().max(64),
  event_type: z.string().max(64),
  resource: z.object({
    algorithm: z.literal("AEAD_AES_256_GCM"),
    ciphertext: z.string().max(16_384),
    associated_data: z.string().max(256).optional(),
    nonce: z.string().min(1).max(64),
  }),
});

const transactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string().max(64),
  transaction_id: z.string().max(64).optional(),
  trade_state: z.string().max(32),
  amount: z.object({ total: z.number().int().nonnegative(), currency: z.string().optional() }).optional(),
});

const refundSchema = z.object({ out_refund_no: z.string().max(64), status: z.string().max(32) });

/**
 * AEAD_AES_256_GCM with the APIv3 key. Done here rather than with the library's decipher_gcm,
 * which never checks the authentication tag: a resource that was not encrypted with our key
 * must be refused, not decoded into whatever bytes come out.
 */
export function decryptResource(apiV3Key: string, r: { ciphertext: string; associated_data?: string; nonce: string }): string {
  const buf = Buffer.from(r.ciphertext, "base64");
  if (buf.length <= 16) throw new Error("密文过短");
  const d = crypto.createDecipheriv("aes-256-gcm", Buffer.from(apiV3Key, "utf8"), Buffer.from(r.nonce, "utf8"));
  d.setAuthTag(buf.subarray(buf.length - 16));
  d.setAAD(Buffer.from(r.associated_data ?? "", "utf8"));
  return Buffer.concat([d.update(buf.subarray(0, buf.length - 16)), d.final()]).toString("utf8");
}

const WAITING = new Set(["NOTPAY", "USERPAYING"]);

export class WechatGateway implements QrGateway {
  readonly method = "wechat" as const;
  private readonly pay: PortalPay;

  constructor(private readonly settings: WechatSettings) {
    this.pay = new PortalPay({
      appid: settings.appId,
      mchid: settings.mchId,
      serial_no: settings.serialNo,
      // Only read for a serial number, which is given: the key's public half satisfies it.
      publicKey: Buffer.from(publicPemOf(settings.privateKey)),
      privateKey: Buffer.from(settings.privateKey),
      key: settings.apiV3Key,
      userAgent: "travel-portal",
    });
    this.pay.createHttp(new VerifiedTransport((settings.baseUrl ?? WECHAT_API).replace(/\/+$/, ""), (h, body) => this.signedByWechat(h, body)));
  }

  /** null when WeChat signed these bytes recently with the configured platform key; else why not. */
  private async signedByWechat(header: HeaderOf, body: string): Promise<string | null> {
    const serial = header("wechatpay-serial");
    const signature = header("wechatpay-signature");
    const timestamp = header("wechatpay-timestamp");
    const nonce = header("wechatpay-nonce");
    if (!serial || !signature || !timestamp || !nonce) return "缺少 Wechatpay 签名头";
    // An unknown serial would make the library fetch certificates from the network: refused first.
    if (serial !== this.settings.platformSerial) return "平台证书序列号不符";
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Math.floor(now() / 1000) - Number(timestamp)) > MAX_SKEW_S) return "签名时间戳超出 5 分钟";
    this.pay.trust(serial, this.settings.platformPublicKey);
    try {
      return (await this.pay.verifySign({ timestamp, nonce, body, serial, signature })) ? null : "签名校验失败";
    } catch {
      return "签名校验失败";
    }
  }

  async precreate(req: PrecreateRequest): Promise<{ qrContent: string }> {
    const r = await this.pay.transactions_native({
      description: req.subject.slice(0, 60),
      out_trade_no: req.outTradeNo,
      notify_url: this.settings.notifyUrl,
      amount: { total: req.amountFen, currency: "CNY" },
      ...(req.expiresAt ? { time_expire: wechatTime(req.expiresAt) } : {}),
    });
    const codeUrl = r.status === 200 ? (r.data as { code_url?: unknown } | undefined)?.code_url : undefined;
    if (typeof codeUrl !== "string" || !codeUrl) throw new GatewayError(`微信支付预下单失败：${r.error ?? r.status}`);
    return { qrContent: codeUrl };
  }

  async query(outTradeNo: string): Promise<TradeState> {
    const r = await this.pay.query({ out_trade_no: outTradeNo });
    if (r.status === 404 && String(r.error ?? "").includes("ORDER_NOT_EXIST")) return { state: "waiting" };
    if (r.status !== 200) throw new GatewayError(`微信支付查询失败：${r.error ?? r.status}`);
    const t = transactionSchema.safeParse(r.data);
    if (!t.success || t.data.out_trade_no !== outTradeNo || t.data.mchid !== this.settings.mchId) throw new GatewayError("微信支付查询应答无效");
    if (t.data.trade_state === "SUCCESS") {
      if (!t.data.amount || !t.data.transaction_id) throw new GatewayError("微信支付查询应答缺少金额或交易号");
      return { state: "paid", payment: { outTradeNo, gatewayTradeNo: t.data.transaction_id, amountFen: t.data.amount.total } };
    }
    return WAITING.has(t.data.trade_state) ? { state: "waiting" } : { state: "closed" };
  }

  async refund(req: RefundRequest): Promise<RefundState> {
    const r = await this.pay.refunds({
      out_trade_no: req.outTradeNo,
      out_refund_no: req.outRefundNo,
      reason: req.reason.slice(0, 80),
      amount: { refund: req.refundFen, total: req.totalFen, currency: "CNY" },
    });
    if (r.status !== 200) throw new GatewayError(`微信支付退款失败：${r.error ?? r.status}`);
    const refund = refundSchema.safeParse(r.data);
    if (!refund.success || refund.data.out_refund_no !== req.outRefundNo) throw new GatewayError("微信支付退款应答无效");
    if (refund.data.status === "SUCCESS") return "done";
    if (refund.data.status === "PROCESSING") return "processing";
    throw new GatewayError(`微信支付退款未成功：${refund.data.status}`);
  }

  async verifyNotice(notice: InboundNotice): Promise<NoticeCheck> {
    const header: HeaderOf = (n) => {
      const v = notice.headers[n];
      return typeof v === "string" ? v : undefined;
    };
    // The signature covers the body exactly as it arrived, so it is checked on the raw text.
    const refused = await this.signedByWechat(header, notice.rawBody);
    if (refused) return { kind: "refused", reason: refused };
    let parsed: unknown;
    try {
      parsed = JSON.parse(notice.rawBody);
    } catch {
      return { kind: "refused", reason: "通知不是 JSON" };
    }
    const n = noticeSchema.safeParse(parsed);
    if (!n.success) return { kind: "refused", reason: "通知格式不正确" };
    if (n.data.event_type !== "TRANSACTION.SUCCESS") return { kind: "ignored", reason: `事件 ${n.data.event_type}` };
    let plain: string;
    try {
      plain = decryptResource(this.settings.apiV3Key, n.data.resource);
    } catch {
      return { kind: "refused", reason: "通知资源解密失败" };
    }
    let resource: unknown;
    try {
      resource = JSON.parse(plain);
    } catch {
      return { kind: "refused", reason: "通知资源不是 JSON" };
    }
    const t = transactionSchema.safeParse(resource);
    if (!t.success) return { kind: "refused", reason: "通知资源格式不正确" };
    if (t.data.mchid !== this.settings.mchId || t.data.appid !== this.settings.appId) return { kind: "refused", reason: "通知的商户号或 appid 不是本商户" };
    if (t.data.trade_state !== "SUCCESS") return { kind: "ignored", reason: `交易状态 ${t.data.trade_state}` };
    if (!t.data.amount || !t.data.transaction_id || (t.data.amount.currency && t.data.amount.currency !== "CNY")) return { kind: "refused", reason: "通知缺少金额或交易号" };
    return { kind: "paid", payment: { outTradeNo: t.data.out_trade_no, gatewayTradeNo: t.data.transaction_id, amountFen: t.data.amount.total } };
  }

  /** WeChat stops re-sending on a 2xx; a 4xx/5xx with code FAIL makes it retry later. */
  ack(outcome: AckOutcome, message?: string): Ack {
    if (outcome === "ok") return { status: 200, contentType: "application/json; charset=utf-8", body: JSON.stringify({ code: "SUCCESS", message: "成功" }) };
    return { status: outcome === "refused" ? 400 : 500, contentType: "application/json; charset=utf-8", body: JSON.stringify({ code: "FAIL", message: message ?? "失败" }) };
  }
}
