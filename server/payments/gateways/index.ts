// The real QR gateways the environment configured, their notification routes, and the query
// fallback that completes a trade whose notification was lost. Notifications are public and
// trusted only through the gateway's signature; they settle through settleNotified, which pays
// a trade once however often it is told, and refuses a wrong amount or an unknown trade.
import { say } from "../../services/i18n/catalogue";
import { said } from "../../services/i18n/text";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DomainError } from "../../services/domain-error";
import { now } from "../../services/clock";
import { settleNotified } from "../settle";
import type { Payment } from "../trades";
import type { PaymentResult, QrMethod } from "../../../src/domain/payments";
import { GatewayError, NOTIFY_PATHS, type AckOutcome, type InboundNotice, type PayGateways, type PayGatewaySettings, type QrGateway } from "./types";

export { NOTIFY_PATHS, type PayGateways, type QrGateway } from "./types";


/** Notifications are a few hundred bytes; nothing larger is read. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/**
 * The gateways the settings configure. Each adapter's SDK is loaded only when its gateway is
 * configured: the two SDKs and their dependencies are tens of MB of resident memory that a
 * server without real gateways (development, the sandbox cashier) would carry for nothing.
 */
export async function createGateways(settings: PayGatewaySettings): Promise<PayGateways> {
  const gateways: PayGateways = {};
  if (settings.alipay) gateways.alipay = new (await import("./alipay")).AlipayGateway(settings.alipay);
  if (settings.wechat) gateways.wechat = new (await import("./wechat")).WechatGateway(settings.wechat);
  return gateways;
}

export function gatewayFor(gateways: PayGateways, method: string): QrGateway | undefined {
  return method === "alipay" || method === "wechat" ? gateways[method] : undefined;
}

const METHOD_NAMES: Record<QrMethod, string> = { alipay: say("recharge.alipay"), wechat: say("gateways.wechatPay") };

/** Places a trade with its real gateway; the QR shows what the gateway answered. */
export async function precreateWithGateway(gateway: QrGateway, p: Payment, order: { title: string; expiresAt: string | null }, log: FastifyRequest["log"]): Promise<string> {
  try {
    const { qrContent } = await gateway.precreate({ outTradeNo: p.outTradeNo, amountFen: p.amountFen, subject: order.title, expiresAt: order.expiresAt });
    return qrContent;
  } catch (e) {
    if (!(e instanceof GatewayError)) throw e;
    log.error({ outTradeNo: p.outTradeNo, method: gateway.method, err: e.message }, "gateway precreate failed");
    throw new DomainError("unavailable", said("gateways.couldCreatePaymentTryAgain", { method: METHOD_NAMES[gateway.method] }));
  }
}

async function handleNotice(db: Kysely<Database>, gateway: QrGateway, notice: InboundNotice, req: FastifyRequest, reply: FastifyReply) {
  const answer = (outcome: AckOutcome, message?: string) => {
    const a = gateway.ack(outcome, message);
    return reply.status(a.status).type(a.contentType).send(a.body);
  };
  const method = gateway.method;
  let check;
  try {
    check = await gateway.verifyNotice(notice);
  } catch (e) {
    req.log.error({ method, err: e }, "gateway notification could not be checked");
    return answer("error");
  }
  if (check.kind === "refused") {
    req.log.warn({ method, reason: check.reason }, "gateway notification refused");
    return answer("refused", check.reason);
  }
  if (check.kind === "ignored") {
    req.log.info({ method, reason: check.reason }, "gateway notification is not a payment; acknowledged");
    return answer("ok");
  }
  const { payment } = check;
  try {
    const { result, settled } = await settleNotified(db, { ...payment, method });
    req.log.info({ method, outTradeNo: payment.outTradeNo, status: result.status, duplicate: !settled }, "gateway notification settled");
    return answer("ok");
  } catch (e) {
    if (e instanceof DomainError) {
      // Unknown trade, another method's trade, or an amount that is not the trade's: nothing paid.
      req.log.warn({ method, outTradeNo: payment.outTradeNo, amountFen: payment.amountFen, gatewayTradeNo: payment.gatewayTradeNo, msg: e.message }, "gateway notification refused");
      return answer("refused", e.message);
    }
    req.log.error({ method, outTradeNo: payment.outTradeNo, err: e }, "gateway notification failed");
    return answer("error");
  }
}

const headersOf = (req: FastifyRequest) => req.headers as InboundNotice["headers"];

/** The notification routes of the configured gateways (none configured: none registered). */
export async function registerGatewayNotifications(app: FastifyInstance, db: Kysely<Database>, gateways: PayGateways): Promise<void> {
  const alipay = gateways.alipay;
  if (alipay) {
    // A form post, parsed by the app's form parser; the signature covers the decoded fields.
    app.post(`/api${NOTIFY_PATHS.alipay}`, { bodyLimit: NOTIFY_BODY_LIMIT }, (req, reply) =>
      handleNotice(db, alipay, { rawBody: "", headers: headersOf(req), form: (req.body ?? undefined) as Record<string, unknown> | undefined }, req, reply));
  }
  const wechat = gateways.wechat;
  if (wechat) {
    // Its own scope keeps the JSON body as the raw text the signature covers; every other route
    // keeps the app's JSON parser.
    await app.register(async (scope) => {
      scope.removeContentTypeParser("application/json");
      scope.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
      scope.post(`/api${NOTIFY_PATHS.wechat}`, { bodyLimit: NOTIFY_BODY_LIMIT }, (req, reply) =>
        handleNotice(db, wechat, { rawBody: typeof req.body === "string" ? req.body : "", headers: headersOf(req) }, req, reply));
    });
  }
}

/** The cashier polls every 2.5 s; the gateway is asked about one trade at most this often. */
const QUERY_EVERY_MS = 10_000;
const lastAsked = new Map<string, number>();

/**
 * A QR trade still waiting, on a real gateway: asks the gateway, and when it answers (signed)
 * that the money arrived, settles the trade the way the notification would have. Gateway
 * trouble leaves the trade as it is; the next poll asks again.
 */
export async function refreshFromGateway(db: Kysely<Database>, gateways: PayGateways, p: Payment, log: FastifyRequest["log"]): Promise<PaymentResult | null> {
  const gateway = gatewayFor(gateways, p.method);
  if (!gateway || p.status !== "created") return null;
  const at = now();
  if (at - (lastAsked.get(p.outTradeNo) ?? -Infinity) < QUERY_EVERY_MS) return null;
  if (lastAsked.size > 10_000) lastAsked.clear();
  lastAsked.set(p.outTradeNo, at);
  let state;
  try {
    state = await gateway.query(p.outTradeNo);
  } catch (e) {
    log.warn({ outTradeNo: p.outTradeNo, method: gateway.method, err: (e as Error).message }, "gateway query failed");
    return null;
  }
  if (state.state !== "paid") return null;
  try {
    const { result } = await settleNotified(db, { ...state.payment, method: gateway.method });
    log.info({ outTradeNo: p.outTradeNo, method: gateway.method, status: result.status }, "trade settled from a gateway query");
    return result;
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    log.warn({ outTradeNo: p.outTradeNo, method: gateway.method, amountFen: state.payment.amountFen, msg: e.message }, "gateway query result refused");
    return null;
  }
}
