// The one interface every real QR gateway (Alipay, WeChat Pay) sits behind. Our code speaks
// integer fen; each adapter converts to what its gateway wants, signs its requests, checks the
// signatures of the answers, and turns a notification into a verified payment or a refusal.
import type { QrMethod } from "../../../src/domain/payments";

/** Catalogue paths (served under /api) the gateways post their notifications to. */
export const NOTIFY_PATHS = { alipay: "/pay/notify/alipay", wechat: "/pay/notify/wechat" } as const satisfies Record<QrMethod, string>;

export interface PrecreateRequest {
  outTradeNo: string;
  amountFen: number;
  /** What the payer sees (the order's title). */
  subject: string;
  /** The order's payment deadline (ISO instant): the gateway stops accepting money then. */
  expiresAt: string | null;
}

/** A payment the gateway vouched for with its signature. */
export interface VerifiedPayment {
  outTradeNo: string;
  gatewayTradeNo: string;
  amountFen: number;
}

/** What an incoming notification carried: the raw body (the signed bytes) and the parsed form. */
export interface InboundNotice {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  /** The form fields (Alipay posts a form); undefined for a JSON notification. */
  form?: Record<string, unknown>;
}

export type NoticeCheck =
  | { kind: "paid"; payment: VerifiedPayment }
  /** Signed and genuine, but not a payment (a closed trade, a refund event): acknowledged, nothing settles. */
  | { kind: "ignored"; reason: string }
  | { kind: "refused"; reason: string };

/** Money going back to the account a paid trade came from; outRefundNo makes a repeated call one refund. */
export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
}

/** done: the gateway accepted and pays it back; processing: accepted, ask again later. */
export type RefundState = "done" | "processing";

export type TradeState =
  | { state: "paid"; payment: VerifiedPayment }
  | { state: "waiting" }
  | { state: "closed" };

/** How a notification ended, for the answer the gateway expects. */
export type AckOutcome = "ok" | "refused" | "error";

export interface Ack {
  status: number;
  contentType: string;
  body: string;
}

export interface QrGateway {
  readonly method: QrMethod;
  /** Places the trade with the gateway; the answer is the QR code's content. */
  precreate(req: PrecreateRequest): Promise<{ qrContent: string }>;
  verifyNotice(notice: InboundNotice): Promise<NoticeCheck>;
  /** Asks the gateway what became of a trade (the notification may have been lost). */
  query(outTradeNo: string): Promise<TradeState>;
  /** Pays a paid trade back to where it came from (idempotent by outRefundNo). */
  refund(req: RefundRequest): Promise<RefundState>;
  /** The reply body the gateway expects, so it stops (ok) or keeps (refused, error) retrying. */
  ack(outcome: AckOutcome, message?: string): Ack;
}

export type PayGateways = Partial<Record<QrMethod, QrGateway>>;

/** A gateway call that failed or whose answer could not be trusted. */
export class GatewayError extends Error {}

export interface AlipaySettings {
  appId: string;
  /** Our application's RSA private key, PEM (PKCS#8). */
  privateKey: string;
  /** Alipay's RSA public key, PEM (SPKI): checks answers and notifications. */
  alipayPublicKey: string;
  /** The OpenAPI gateway (Alipay's own by default; its sandbox or a test double otherwise). */
  gateway?: string;
  notifyUrl: string;
}

export interface WechatSettings {
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  serialNo: string;
  /** The merchant API private key, PEM (PKCS#8). */
  privateKey: string;
  /** The APIv3 key (32 characters) that encrypts notification resources. */
  apiV3Key: string;
  /** WeChat Pay's platform public key, PEM (SPKI): checks answers and notifications. */
  platformPublicKey: string;
  /** Its serial (certificate serial or public key id) as the Wechatpay-Serial header names it. */
  platformSerial: string;
  /** Base URL of the API (WeChat Pay's own by default; a test double otherwise). */
  baseUrl?: string;
  notifyUrl: string;
}

export interface PayGatewaySettings {
  alipay: AlipaySettings | null;
  wechat: WechatSettings | null;
}
