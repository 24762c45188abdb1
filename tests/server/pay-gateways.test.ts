// The real QR gateways against local fakes that check signatures the way Alipay and WeChat Pay
// do, with key pairs made here: "our app" (Alipay application key, WeChat merchant key) and "the
// gateway" (Alipay public key, WeChat platform key). The fakes refuse requests our key did not
// sign and sign their answers with the gateway's key; notifications are signed (and for WeChat
// encrypted with the APIv3 key) here. A genuine notification settles its order once, however
// often it arrives; a tampered, foreign-signed or wrong-amount one settles nothing. Runs on
// SQLite, or PostgreSQL with DATABASE_URL.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { startHarness } from "./harness";
import { buildApp } from "../../server/app";
import { createAuthorize } from "../../server/services/authorize";
import { day, NOW, SEED, stopTravel } from "./inventory-helpers";
import { call, freshClient, login } from "./account-helpers";
import { now, setClock } from "../../server/services/clock";
import { ConfigError, readStartConfig } from "../../server/config";
import { createGateways } from "../../server/payments/gateways";
import { AlipayGateway } from "../../server/payments/gateways/alipay";
import { WechatGateway } from "../../server/payments/gateways/wechat";
import { GatewayError, type PayGateways } from "../../server/payments/gateways/types";
import { DEMO_SANDBOX_SECRET, signSandbox } from "../../server/payments/sandbox";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import type { FlightItem } from "../../src/domain/travel/types";
import { fenToYuan } from "../../src/domain/money";

const pair = () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = (k: crypto.KeyObject) => k.export({ type: k.type === "private" ? "pkcs8" : "spki", format: "pem" }) as string;
/** The bare Base64 body the gateways' key tools print (PKCS#1 for the private key, as theirs do). */
const bare = (k: crypto.KeyObject) => (k.type === "private" ? k.export({ type: "pkcs1", format: "der" }) : k.export({ type: "spki", format: "der" })).toString("base64");
const rsaSign = (key: crypto.KeyObject, text: string) => crypto.createSign("RSA-SHA256").update(text, "utf8").sign(key, "base64");
const rsaVerify = (key: crypto.KeyObject, text: string, sig: string) => crypto.createVerify("RSA-SHA256").update(text, "utf8").verify(key, sig, "base64");

const ALI_APP = pair();
const ALI_GATEWAY = pair();
const WX_MERCHANT = pair();
const WX_PLATFORM = pair();
const STRANGER = pair();
const ALI_APP_ID = "2021000000000001";
const WX = { appid: "wx0000000000000001", mchid: "1900000001", serial: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1", platformSerial: "PUB_KEY_ID_0119000000012025010100000000000001", apiV3Key: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6" };

async function listen(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handler(req, Buffer.concat(chunks).toString("utf8"), res));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// ---- the fake Alipay OpenAPI gateway ----------------------------------------------------------
interface AliCall { method: string; signOk: boolean; params: Record<string, string>; biz: Record<string, string> }
const aliCalls: AliCall[] = [];
/** Trades the fake knows as paid (what alipay.trade.query answers). */
const aliTrades = new Map<string, { status: string; amount: string; tradeNo: string }>();
let aliAnswerKey = ALI_GATEWAY.privateKey;
/** Refund requests the fake received (their biz_content), and whether it is failing them now. */
const aliRefunds: Record<string, string>[] = [];
let aliRefundFails = false;

function fakeAlipay(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
  const params: Record<string, string> = { ...Object.fromEntries(new URL(req.url!, "http://x").searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
  // Alipay checks the request: every parameter but sign, sorted, k=v joined by &, RSA2 with the app's public key.
  const content = Object.keys(params).filter((k) => k !== "sign").sort().map((k) => `${k}=${params[k]}`).join("&");
  const signOk = Boolean(params.sign) && rsaVerify(ALI_APP.publicKey, content, params.sign);
  const biz = params.biz_content ? JSON.parse(params.biz_content) : {};
  aliCalls.push({ method: params.method, signOk, params, biz });
  let payload: Record<string, string>;
  if (!signOk || params.app_id !== ALI_APP_ID) payload = { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-signature", sub_msg: "验签出错" };
  else if (params.method === "alipay.trade.precreate") payload = { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/bax0${biz.out_trade_no}` };
  else if (params.method === "alipay.trade.query") {
    const t = aliTrades.get(biz.out_trade_no);
    payload = t
      ? { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no, trade_no: t.tradeNo, trade_status: t.status, total_amount: t.amount }
      : { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" };
  } else if (params.method === "alipay.trade.refund") {
    aliRefunds.push(biz);
    payload = aliRefundFails
      ? { code: "20000", msg: "Service Currently Unavailable", sub_code: "aop.ACQ.SYSTEM_ERROR", sub_msg: "系统繁忙" }
      : { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no, trade_no: `2026${biz.out_trade_no}`, refund_fee: biz.refund_amount, fund_change: "Y" };
  } else payload = { code: "40004", msg: "Business Failed", sub_code: "isv.invalid-method" };
  const inner = JSON.stringify(payload);
  // Alipay signs the text of the xxx_response object with its own key.
  res.writeHead(200, { "content-type": "application/json;charset=utf-8" });
  res.end(`{"${params.method.replaceAll(".", "_")}_response":${inner},"sign":"${rsaSign(aliAnswerKey, inner)}"}`);
}

/** A notification as Alipay posts it: its fields with values, sorted, signed with Alipay's key. */
function aliNotice(fields: Record<string, string>, key = ALI_GATEWAY.privateKey): Record<string, string> {
  const all: Record<string, string> = { notify_type: "trade_status_sync", notify_id: crypto.randomUUID(), notify_time: "2026-11-30 10:05:00", app_id: ALI_APP_ID, charset: "utf-8", version: "1.0", sign_type: "RSA2", buyer_logon_id: "ali***@example.com", subject: "机票 北京-上海", ...fields };
  const content = Object.keys(all).filter((k) => k !== "sign" && k !== "sign_type" && all[k] !== "").sort().map((k) => `${k}=${all[k]}`).join("&");
  return { ...all, sign: rsaSign(key, content) };
}

// ---- the fake WeChat Pay v3 API -----------------------------------------------------------------
interface WxCall { method: string; path: string; signOk: boolean; body: string }
const wxCalls: WxCall[] = [];
const wxTrades = new Map<string, { state: string; total: number; transactionId: string }>();
let wxAnswerKey = WX_PLATFORM.privateKey;
const wxRefunds: { out_trade_no: string; out_refund_no: string; amount: { refund: number; total: number; currency: string } }[] = [];

function wxSignedHeaders(body: string, key = WX_PLATFORM.privateKey, serial = WX.platformSerial, ts = Math.floor(now() / 1000)) {
  const nonce = crypto.randomBytes(16).toString("hex");
  return { "wechatpay-serial": serial, "wechatpay-timestamp": String(ts), "wechatpay-nonce": nonce, "wechatpay-signature": rsaSign(key, `${ts}\n${nonce}\n${body}\n`) };
}

function fakeWechat(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
  // WeChat checks the Authorization header: method, path with query, timestamp, nonce, body, each
  // followed by a newline, SHA256-RSA2048 with the merchant certificate's public key.
  const auth = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
  const a = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const message = `${req.method}\n${req.url}\n${a.timestamp}\n${a.nonce_str}\n${body}\n`;
  const signOk = a.mchid === WX.mchid && a.serial_no === WX.serial && Boolean(a.signature) && rsaVerify(WX_MERCHANT.publicKey, message, a.signature);
  wxCalls.push({ method: req.method!, path: req.url!, signOk, body });
  const reply = (status: number, payload: unknown) => {
    const text = JSON.stringify(payload);
    res.writeHead(status, { "content-type": "application/json", ...wxSignedHeaders(text, wxAnswerKey) });
    res.end(text);
  };
  if (!signOk) return reply(401, { code: "SIGN_ERROR", message: "签名错误" });
  if (req.method === "POST" && req.url === "/v3/pay/transactions/native") {
    const b = JSON.parse(body);
    return reply(200, { code_url: `weixin://wxpay/bizpayurl?pr=${b.out_trade_no}` });
  }
  if (req.method === "POST" && req.url === "/v3/refund/domestic/refunds") {
    const b = JSON.parse(body);
    wxRefunds.push(b);
    return reply(200, { refund_id: `5030${b.out_refund_no}`, out_refund_no: b.out_refund_no, out_trade_no: b.out_trade_no, channel: "ORIGINAL", status: "PROCESSING", amount: { ...b.amount, payer_total: b.amount.total, payer_refund: b.amount.refund } });
  }
  const m = /^\/v3\/pay\/transactions\/out-trade-no\/([^?]+)\?mchid=(\d+)$/.exec(req.url!);
  if (req.method === "GET" && m) {
    const t = wxTrades.get(m[1]);
    if (!t) return reply(404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
    return reply(200, { appid: WX.appid, mchid: WX.mchid, out_trade_no: m[1], transaction_id: t.transactionId, trade_state: t.state, amount: { total: t.total, payer_total: t.total, currency: "CNY", payer_currency: "CNY" } });
  }
  return reply(404, { code: "NOT_FOUND", message: "无此接口" });
}

function encryptResource(plain: object, key = WX.apiV3Key) {
  const nonce = crypto.randomBytes(6).toString("hex");
  const c = crypto.createCipheriv("aes-256-gcm", Buffer.from(key, "utf8"), Buffer.from(nonce, "utf8"));
  c.setAAD(Buffer.from("transaction", "utf8"));
  const ct = Buffer.concat([c.update(JSON.stringify(plain), "utf8"), c.final(), c.getAuthTag()]);
  return { original_type: "transaction", algorithm: "AEAD_AES_256_GCM", ciphertext: ct.toString("base64"), associated_data: "transaction", nonce };
}

/** A notification body as WeChat posts it, its resource encrypted with the APIv3 key. */
function wxNoticeBody(t: { outTradeNo: string; total: number; transactionId?: string; state?: string; event?: string; mchid?: string }, apiKey = WX.apiV3Key): string {
  const resource = encryptResource({
    mchid: t.mchid ?? WX.mchid, appid: WX.appid, out_trade_no: t.outTradeNo, transaction_id: t.transactionId ?? `4200${t.outTradeNo.slice(1)}`, trade_type: "NATIVE",
    trade_state: t.state ?? "SUCCESS", trade_state_desc: "支付成功", bank_type: "OTHERS", success_time: "2026-11-30T10:05:00+08:00",
    payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" }, amount: { total: t.total, payer_total: t.total, currency: "CNY", payer_currency: "CNY" },
  }, apiKey);
  return JSON.stringify({ id: crypto.randomUUID(), create_time: "2026-11-30T10:05:00+08:00", resource_type: "encrypt-resource", event_type: t.event ?? "TRANSACTION.SUCCESS", summary: "支付成功", resource });
}

// ---- the portal, configured from the environment as main.ts does ------------------------------
let h: Harness;
let aliFake: { server: http.Server; url: string };
let wxFake: { server: http.Server; url: string };
let token = "";
let memberId = 0;
const WHO = "13800000010";

function gatewayEnv(): Record<string, string> {
  return {
    NODE_ENV: "test",
    PAY_NOTIFY_ORIGIN: "https://trip.example.com",
    PAY_ALIPAY_APP_ID: ALI_APP_ID,
    // As Alipay's key tool prints them: bare Base64, the private key in PKCS#1.
    PAY_ALIPAY_PRIVATE_KEY: bare(ALI_APP.privateKey),
    PAY_ALIPAY_PUBLIC_KEY: bare(ALI_GATEWAY.publicKey),
    PAY_ALIPAY_GATEWAY: `${aliFake.url}/gateway.do`,
    PAY_WECHAT_APPID: WX.appid,
    PAY_WECHAT_MCHID: WX.mchid,
    PAY_WECHAT_SERIAL: WX.serial,
    // PEM with escaped line breaks, the way one-line environment files carry it.
    PAY_WECHAT_PRIVATE_KEY: pem(WX_MERCHANT.privateKey).replace(/\n/g, "\\n"),
    PAY_WECHAT_APIV3_KEY: WX.apiV3Key,
    PAY_WECHAT_PLATFORM_PUBLIC_KEY: pem(WX_PLATFORM.publicKey),
    PAY_WECHAT_PLATFORM_SERIAL: WX.platformSerial,
  };
}

function gatewaysFromEnv(): Promise<PayGateways> {
  const settings = readStartConfig(gatewayEnv()).payGateways;
  // WeChat Pay has no base-URL variable; the test points it at the fake.
  return createGateways({ ...settings, wechat: { ...settings.wechat!, baseUrl: wxFake.url } });
}

beforeAll(async () => {
  aliFake = await listen(fakeAlipay);
  wxFake = await listen(fakeWechat);
  setClock(() => NOW);
  h = await startHarness({ inventorySeed: SEED, payGateways: await gatewaysFromEnv() });
  freshClient();
  token = await login(h.app, WHO);
  memberId = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", WHO).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await stopTravel(h);
  aliFake?.server.close();
  wxFake?.server.close();
});
beforeEach(() => {
  setClock(() => NOW);
  aliAnswerKey = ALI_GATEWAY.privateKey;
  wxAnswerKey = WX_PLATFORM.privateKey;
  aliRefundFails = false;
});

async function api(url: string, body: Record<string, string | number> = {}, withToken = true) {
  return (await call(h.app, url, withToken ? { ...body, token } : body)).body;
}

let keys = 0;
let dayOffset = 3;
async function book(): Promise<{ id: number; orderNo: string; payprice: number }> {
  const list: FlightItem[] = (await api("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: day((dayOffset++ % 40) + 3) }, false)).data.list;
  const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)!;
  const r = await api(P.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `gw-key-${++keys}`, contactName: "张三", contactMobile: WHO,
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  });
  expect(r.ret, r.msg).toBe(0);
  return r.data;
}

async function trade(method: "alipay" | "wechat"): Promise<{ order: { id: number; orderNo: string; payprice: number }; no: string }> {
  const order = await book();
  const r = await api(PAY.create, { orderId: order.id, method });
  expect(r.ret, r.msg).toBe(0);
  return { order, no: r.data.outTradeNo };
}

const precreate = (no: string) => api(PAY.precreate, { outTradeNo: no, requestVerify: requestVerify(memberId, no), businessType: 5 });
const query = (no: string) => api(PAY.query, { outTradeNo: no, requestVerify: requestVerify(memberId, no) });
const orderStatus = async (id: number) => (await h.db.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const ledgerOf = (no: string) => h.db.db.selectFrom("ledger").selectAll().where("outTradeNo", "=", no).execute();
const paymentOf = (no: string) => h.db.db.selectFrom("payments").selectAll().where("outTradeNo", "=", no).executeTakeFirstOrThrow();
const payEvents = async (id: number) => (await h.db.db.selectFrom("order_events").select("action").where("orderId", "=", id).execute()).filter((e) => e.action === "pay").length;

async function postAlipay(fields: Record<string, string>) {
  const res = await h.app.inject({ method: "POST", url: "/api/pay/notify/alipay", headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" }, payload: new URLSearchParams(fields).toString() });
  return { status: res.statusCode, body: res.body };
}

async function postWechat(body: string, headers: Record<string, string> = wxSignedHeaders(body)) {
  const res = await h.app.inject({ method: "POST", url: "/api/pay/notify/wechat", headers: { "content-type": "application/json", ...headers }, payload: body });
  return { status: res.statusCode, body: res.body };
}

async function expectUnpaid(order: { id: number }, no: string) {
  expect(await ledgerOf(no)).toHaveLength(0);
  expect((await paymentOf(no)).status).toBe("created");
  expect(await orderStatus(order.id)).toBe(0);
}

describe("configuration from the environment", () => {
  const refusal = (env: Record<string, string>) => {
    try {
      readStartConfig(env);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error("expected a refusal");
  };
  const PROD = { NODE_ENV: "production", SMS_PROVIDER: "log", OPS_TOTP_KEY: "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a", PARTNER_SECRET_TIANHE: "tianhe-live-9f3a61c0d2b84e7a5c1f0d36e9", PARTNER_SECRET_WEILAN: "weilan-live-44be0e7a91c3d05f8b2a6e17d4" };

  it("has no real gateway unless configured; the sandbox stays the default", () => {
    expect(readStartConfig({}).payGateways).toEqual({ alipay: null, wechat: null });
    expect(readStartConfig(PROD).payGateways).toEqual({ alipay: null, wechat: null });
  });

  it("reads both gateways, normalising the keys and building the notification URLs", () => {
    const g = readStartConfig(gatewayEnv()).payGateways;
    expect(g.alipay).toMatchObject({ appId: ALI_APP_ID, gateway: `${aliFake.url}/gateway.do`, notifyUrl: "https://trip.example.com/api/pay/notify/alipay" });
    expect(g.alipay!.privateKey).toBe(pem(ALI_APP.privateKey).trim());
    expect(g.alipay!.alipayPublicKey).toBe(pem(ALI_GATEWAY.publicKey).trim());
    expect(g.wechat).toMatchObject({ appId: WX.appid, mchId: WX.mchid, serialNo: WX.serial, apiV3Key: WX.apiV3Key, platformSerial: WX.platformSerial, notifyUrl: "https://trip.example.com/api/pay/notify/wechat" });
    expect(g.wechat!.privateKey).toBe(pem(WX_MERCHANT.privateKey).trim());
  });

  it("refuses a half-configured gateway in production, naming what is missing", () => {
    const env = { ...PROD, ...gatewayEnv(), NODE_ENV: "production", PAY_ALIPAY_GATEWAY: "https://openapi-sandbox.dl.alipaydev.com/gateway.do" };
    expect(readStartConfig(env).payGateways.alipay?.gateway).toBe("https://openapi-sandbox.dl.alipaydev.com/gateway.do");
    expect(refusal({ ...env, PAY_ALIPAY_PRIVATE_KEY: "", PAY_ALIPAY_PUBLIC_KEY: "" })).toBe("支付宝配置不完整，缺少 PAY_ALIPAY_PRIVATE_KEY、PAY_ALIPAY_PUBLIC_KEY（这些变量须全部设置，或全部不设置）");
    expect(refusal({ ...env, PAY_WECHAT_APIV3_KEY: "" })).toBe("微信支付配置不完整，缺少 PAY_WECHAT_APIV3_KEY（这些变量须全部设置，或全部不设置）");
    expect(refusal({ ...env, PAY_NOTIFY_ORIGIN: "" })).toBe("已配置支付宝或微信支付，须设置 PAY_NOTIFY_ORIGIN（本站对外的地址，支付结果通知发往这里）");
    expect(refusal({ ...env, PAY_NOTIFY_ORIGIN: "http://trip.example.com" })).toBe("PAY_NOTIFY_ORIGIN 不是有效的来源地址（应为 https://域名[:端口]）");
    expect(refusal({ ...env, PAY_ALIPAY_GATEWAY: "http://127.0.0.1:1/gateway.do" })).toBe("PAY_ALIPAY_GATEWAY 不是有效的 https 地址");
    expect(refusal({ ...env, PAY_ALIPAY_PRIVATE_KEY: "not-a-key" })).toBe("PAY_ALIPAY_PRIVATE_KEY 不是有效的 RSA 私钥（PEM，或不带首尾行的 Base64）");
    expect(refusal({ ...env, PAY_WECHAT_PLATFORM_PUBLIC_KEY: bare(ALI_APP.privateKey) })).toBe("PAY_WECHAT_PLATFORM_PUBLIC_KEY 不是有效的 RSA 公钥或证书（PEM，或不带首尾行的 Base64）");
    expect(refusal({ ...env, PAY_WECHAT_APIV3_KEY: "short" })).toBe("PAY_WECHAT_APIV3_KEY 须为 32 个字符（商户平台设置的 APIv3 密钥）");
    // A gateway that is entirely unset is simply off.
    const onlyAlipay = Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith("PAY_WECHAT_")));
    expect(readStartConfig(onlyAlipay).payGateways.wechat).toBeNull();
  });
});

describe("Alipay", () => {
  it("precreates through the gateway with a request it verifies, the amount as exact yuan text, and shows its QR code", async () => {
    const info = await api(PAY.cashier, { orderId: (await book()).id });
    expect(info.data.methods).toEqual(["wallet", "alipay", "wechat"]);
    const { order, no } = await trade("alipay");
    const r = await precreate(no);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toEqual({ outTradeNo: no, qrUrl: `https://qr.alipay.com/bax0${no}` });
    const c = aliCalls.at(-1)!;
    expect(c).toMatchObject({ method: "alipay.trade.precreate", signOk: true });
    expect(c.params).toMatchObject({ app_id: ALI_APP_ID, sign_type: "RSA2", notify_url: "https://trip.example.com/api/pay/notify/alipay" });
    expect(c.biz).toMatchObject({ out_trade_no: no, total_amount: fenToYuan(order.payprice), time_expire: expect.stringMatching(/^2026-11-30 10:\d\d:\d\d$/) });
    expect(c.biz.total_amount).toMatch(/^\d+\.\d{2}$/);
    expect(Math.round(Number(c.biz.total_amount) * 100)).toBe(order.payprice);
    await expectUnpaid(order, no);
  });

  it("converts fen to yuan text exactly, without floats", () => {
    expect([1, 10, 100, 1999, 123456789, 1_000_000_000].map(fenToYuan)).toEqual(["0.01", "0.10", "1.00", "19.99", "1234567.89", "10000000.00"]);
  });

  it("does not believe an answer that the gateway's key did not sign", async () => {
    const { order, no } = await trade("alipay");
    aliAnswerKey = STRANGER.privateKey;
    const r = await precreate(no);
    expect(r.ret).toBe(500);
    expect(r.msg).toBe("支付宝下单失败，请稍后重试或换用其他支付方式");
    await expectUnpaid(order, no);
  });

  it("signs its requests with the app key: a request signed with another key is refused by the gateway", async () => {
    const settings = readStartConfig(gatewayEnv()).payGateways.alipay!;
    const impostor = new AlipayGateway({ ...settings, privateKey: pem(STRANGER.privateKey) });
    await expect(impostor.precreate({ outTradeNo: "P2026113010000000000042", amountFen: 100, subject: "测试", expiresAt: null })).rejects.toBeInstanceOf(GatewayError);
    expect(aliCalls.at(-1)!.signOk).toBe(false);
    const genuine = new AlipayGateway(settings);
    expect(await genuine.precreate({ outTradeNo: "P2026113010000000000042", amountFen: 100, subject: "测试", expiresAt: null })).toEqual({ qrContent: "https://qr.alipay.com/bax0P2026113010000000000042" });
    expect(aliCalls.at(-1)!).toMatchObject({ signOk: true, biz: { total_amount: "1.00" } });
  });

  it("a notification signed by Alipay settles the order; repeated deliveries settle it once", async () => {
    const { order, no } = await trade("alipay");
    expect((await precreate(no)).ret).toBe(0);
    const fields = aliNotice({ out_trade_no: no, trade_no: `2026113022001${no.slice(-8)}`, trade_status: "TRADE_SUCCESS", total_amount: fenToYuan(order.payprice), receipt_amount: fenToYuan(order.payprice), gmt_payment: "2026-11-30 10:05:00", seller_id: "2088000000000001", fund_bill_list: '[{"amount":"1.00","fundChannel":"ALIPAYACCOUNT"}]' });
    const replies = await Promise.all(Array.from({ length: 20 }, () => postAlipay(fields)));
    expect(replies.map((r) => r.body)).toEqual(Array(20).fill("success"));
    expect((await postAlipay(fields)).body).toBe("success");
    expect(await ledgerOf(no)).toEqual([expect.objectContaining({ account: "alipay", entry: "pay", direction: "out", amountFen: order.payprice })]);
    expect(await payEvents(order.id)).toBe(1);
    expect(await orderStatus(order.id)).toBe(1);
    expect((await paymentOf(no)).gatewayTradeNo).toBe(fields.trade_no);
    expect((await query(no)).data.status).toBe("paid");
  });

  it("money Alipay notifies after the order was cancelled goes back through alipay.trade.refund, after the settlement, retried until Alipay takes it", async () => {
    const { order, no } = await trade("alipay");
    expect((await precreate(no)).ret).toBe(0);
    expect((await api(P.cancel, { id: order.id })).ret).toBe(0);
    aliRefundFails = true;
    const fields = aliNotice({ out_trade_no: no, trade_no: `2026113022009${no.slice(-8)}`, trade_status: "TRADE_SUCCESS", total_amount: fenToYuan(order.payprice), gmt_payment: "2026-11-30 10:05:00" });
    expect((await postAlipay(fields)).body).toBe("success");
    expect((await paymentOf(no)).status).toBe("refunding");
    const before = aliRefunds.length;
    // Alipay is busy: the job keeps the trade refunding and tries again later.
    expect(await h.app.jobs.runDueJobs()).toMatchObject({ retried: 1 });
    expect((await paymentOf(no)).status).toBe("refunding");
    expect(await ledgerOf(no)).toHaveLength(1);
    aliRefundFails = false;
    setClock(() => NOW + 60_000);
    expect((await h.app.jobs.runDueJobs()).done).toBeGreaterThanOrEqual(1);
    const asked = aliRefunds.slice(before);
    expect(asked).toHaveLength(2);
    // Both tries name one refund, so Alipay pays it once.
    expect(asked.map((b) => b.out_request_no)).toEqual([`R${no}`, `R${no}`]);
    expect(asked[1]).toMatchObject({ out_trade_no: no, refund_amount: fenToYuan(order.payprice) });
    expect(aliCalls.filter((c) => c.method === "alipay.trade.refund").every((c) => c.signOk)).toBe(true);
    expect((await paymentOf(no)).status).toBe("refunded");
    expect((await ledgerOf(no)).map((l) => [l.account, l.entry, l.direction, l.amountFen, l.note])).toEqual([
      ["alipay", "pay", "out", order.payprice, "支付宝支付"],
      ["alipay", "refund", "in", order.payprice, "订单已取消或已支付，已原路退回支付宝"],
    ]);
    expect((await query(no)).data.status).toBe("refunded");
    await h.app.jobs.runDueJobs();
    expect(aliRefunds.length - before).toBe(2);
  });

  it("refuses a tampered amount, a foreign signature, another app and a signed wrong amount, settling nothing", async () => {
    const { order, no } = await trade("alipay");
    const genuine = aliNotice({ out_trade_no: no, trade_no: "2026113022001000000001", trade_status: "TRADE_SUCCESS", total_amount: fenToYuan(order.payprice) });
    expect((await postAlipay({ ...genuine, total_amount: fenToYuan(order.payprice - 1) })).body).toBe("fail");
    expect((await postAlipay({ ...genuine, sign: genuine.sign.replace(/^./, (c) => (c === "A" ? "B" : "A")) })).body).toBe("fail");
    const { sign: _sign, ...unsigned } = genuine;
    expect((await postAlipay(unsigned)).body).toBe("fail");
    expect((await postAlipay(aliNotice({ out_trade_no: no, trade_no: "2026113022001000000001", trade_status: "TRADE_SUCCESS", total_amount: fenToYuan(order.payprice) }, STRANGER.privateKey))).body).toBe("fail");
    expect((await postAlipay(aliNotice({ app_id: "2021000000009999", out_trade_no: no, trade_no: "2026113022001000000001", trade_status: "TRADE_SUCCESS", total_amount: fenToYuan(order.payprice) }))).body).toBe("fail");
    // Genuinely signed, but not the trade's amount: refused and logged, nothing paid.
    expect((await postAlipay(aliNotice({ out_trade_no: no, trade_no: "2026113022001000000001", trade_status: "TRADE_SUCCESS", total_amount: fenToYuan(order.payprice + 100) }))).body).toBe("fail");
    // An unknown trade.
    expect((await postAlipay(aliNotice({ out_trade_no: "P2026113010000099999999", trade_no: "2026113022001000000002", trade_status: "TRADE_SUCCESS", total_amount: "1.00" }))).body).toBe("fail");
    // A closed trade is acknowledged, and pays nothing.
    expect((await postAlipay(aliNotice({ out_trade_no: no, trade_no: "2026113022001000000001", trade_status: "TRADE_CLOSED", total_amount: fenToYuan(order.payprice) }))).body).toBe("success");
    await expectUnpaid(order, no);
  });

  it("a lost notification: the cashier's query asks Alipay, and a signed paid answer settles the trade", async () => {
    const { order, no } = await trade("alipay");
    expect((await query(no)).data.status).toBe("created");
    expect(aliCalls.at(-1)).toMatchObject({ method: "alipay.trade.query", signOk: true, biz: { out_trade_no: no } });
    aliTrades.set(no, { status: "TRADE_SUCCESS", amount: fenToYuan(order.payprice), tradeNo: "2026113022001000000777" });
    // A forged answer is not believed.
    setClock(() => NOW + 11_000);
    aliAnswerKey = STRANGER.privateKey;
    expect((await query(no)).data.status).toBe("created");
    await expectUnpaid(order, no);
    // Asked again later, with the answer signed by Alipay.
    setClock(() => NOW + 22_000);
    aliAnswerKey = ALI_GATEWAY.privateKey;
    expect((await query(no)).data.status).toBe("paid");
    expect(await orderStatus(order.id)).toBe(1);
    expect(await ledgerOf(no)).toHaveLength(1);
    expect((await paymentOf(no)).gatewayTradeNo).toBe("2026113022001000000777");
  });

  it("the sandbox cannot settle a method that has a real gateway", async () => {
    const { order, no } = await trade("alipay");
    const n = { outTradeNo: no, tradeNo: "SBX-1", totalFen: order.payprice, method: "alipay" as const };
    const r = await api(PAY.sandboxNotify, { ...n, sign: signSandbox(DEMO_SANDBOX_SECRET, n) }, false);
    expect(r.ret).toBe(403);
    expect((await h.app.inject({ method: "GET", url: `/sandbox/cashier/${no}` })).statusCode).toBe(404);
    expect((await h.app.inject({ method: "POST", url: `/sandbox/cashier/${no}/confirm` })).statusCode).toBe(404);
    await expectUnpaid(order, no);
  });
});

describe("WeChat Pay", () => {
  it("precreates a Native trade with a request signed by the merchant key, amount in fen, and shows its code_url", async () => {
    const { order, no } = await trade("wechat");
    const r = await precreate(no);
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.qrUrl).toBe(`weixin://wxpay/bizpayurl?pr=${no}`);
    const c = wxCalls.at(-1)!;
    expect(c).toMatchObject({ method: "POST", path: "/v3/pay/transactions/native", signOk: true });
    expect(JSON.parse(c.body)).toMatchObject({ appid: WX.appid, mchid: WX.mchid, out_trade_no: no, notify_url: "https://trip.example.com/api/pay/notify/wechat", amount: { total: order.payprice, currency: "CNY" }, time_expire: expect.stringMatching(/^2026-11-30T10:\d\d:\d\d\+08:00$/) });
    await expectUnpaid(order, no);
  });

  it("the Authorization header verifies with the merchant public key; another key's is refused", async () => {
    const settings = { ...readStartConfig(gatewayEnv()).payGateways.wechat!, baseUrl: wxFake.url };
    const impostor = new WechatGateway({ ...settings, privateKey: pem(STRANGER.privateKey) });
    await expect(impostor.precreate({ outTradeNo: "P2026113010000000000043", amountFen: 1, subject: "测试", expiresAt: null })).rejects.toBeInstanceOf(GatewayError);
    expect(wxCalls.at(-1)!.signOk).toBe(false);
    expect(await new WechatGateway(settings).precreate({ outTradeNo: "P2026113010000000000043", amountFen: 1, subject: "测试", expiresAt: null })).toEqual({ qrContent: "weixin://wxpay/bizpayurl?pr=P2026113010000000000043" });
    expect(wxCalls.at(-1)!.signOk).toBe(true);
  });

  it("does not believe an answer that the platform key did not sign", async () => {
    const { order, no } = await trade("wechat");
    wxAnswerKey = STRANGER.privateKey;
    const r = await precreate(no);
    expect(r.ret).toBe(500);
    expect(r.msg).toBe("微信支付下单失败，请稍后重试或换用其他支付方式");
    await expectUnpaid(order, no);
  });

  it("a notification signed by the platform key, its resource encrypted with the APIv3 key, settles once", async () => {
    const { order, no } = await trade("wechat");
    const body = wxNoticeBody({ outTradeNo: no, total: order.payprice });
    const headers = wxSignedHeaders(body);
    const replies = await Promise.all(Array.from({ length: 20 }, () => postWechat(body, headers)));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(JSON.parse(replies[0].body)).toEqual({ code: "SUCCESS", message: "成功" });
    expect((await postWechat(body, headers)).status).toBe(200);
    expect(await ledgerOf(no)).toEqual([expect.objectContaining({ account: "wechat", entry: "pay", direction: "out", amountFen: order.payprice })]);
    expect(await payEvents(order.id)).toBe(1);
    expect(await orderStatus(order.id)).toBe(1);
    expect((await paymentOf(no)).gatewayTradeNo).toBe(`4200${no.slice(1)}`);
    // The app's ordinary JSON parsing is untouched elsewhere.
    const json = await h.app.inject({ method: "POST", url: `/api${PAY.query}`, headers: { "content-type": "application/json" }, payload: JSON.stringify({ outTradeNo: no, requestVerify: requestVerify(memberId, no), token }) });
    expect(json.json().data.status).toBe("paid");
  });

  it("money WeChat Pay notifies after the order's time ran out goes back through the v3 refunds API", async () => {
    const { order, no } = await trade("wechat");
    setClock(() => NOW + 31 * 60_000);
    const body = wxNoticeBody({ outTradeNo: no, total: order.payprice });
    expect((await postWechat(body)).status).toBe(200);
    expect(await orderStatus(order.id)).toBe(12);
    await h.app.jobs.runDueJobs();
    const asked = wxRefunds.filter((r) => r.out_trade_no === no);
    expect(asked).toEqual([expect.objectContaining({ out_refund_no: `R${no}`, amount: { refund: order.payprice, total: order.payprice, currency: "CNY" } })]);
    expect(wxCalls.filter((c) => c.path === "/v3/refund/domestic/refunds").every((c) => c.signOk)).toBe(true);
    // PROCESSING is accepted: WeChat pays it back; nothing goes to the wallet.
    expect((await paymentOf(no)).status).toBe("refunded");
    expect((await ledgerOf(no)).map((l) => [l.account, l.entry])).toEqual([["wechat", "pay"], ["wechat", "refund"]]);
  });

  it("refuses a tampered body, a foreign signature, another serial, a stale timestamp, a foreign APIv3 key and a signed wrong amount", async () => {
    const { order, no } = await trade("wechat");
    const body = wxNoticeBody({ outTradeNo: no, total: order.payprice });
    const headers = wxSignedHeaders(body);
    const refused = async (b: string, hd: Record<string, string>) => {
      const r = await postWechat(b, hd);
      expect(r.status, r.body).toBe(400);
      expect(JSON.parse(r.body).code).toBe("FAIL");
    };
    await refused(body.replace('"summary":"支付成功"', '"summary":"支付成功 "'), headers);
    await refused(body, { ...headers, "wechatpay-signature": rsaSign(STRANGER.privateKey, `${headers["wechatpay-timestamp"]}\n${headers["wechatpay-nonce"]}\n${body}\n`) });
    await refused(body, wxSignedHeaders(body, WX_PLATFORM.privateKey, "PUB_KEY_ID_0000000000000000000000000000000000000"));
    await refused(body, wxSignedHeaders(body, WX_PLATFORM.privateKey, WX.platformSerial, Math.floor(NOW / 1000) - 600));
    const { "wechatpay-signature": _s, ...unsigned } = headers;
    await refused(body, unsigned);
    const foreignKey = wxNoticeBody({ outTradeNo: no, total: order.payprice }, "ffffffffffffffffffffffffffffffff");
    await refused(foreignKey, wxSignedHeaders(foreignKey));
    const otherMerchant = wxNoticeBody({ outTradeNo: no, total: order.payprice, mchid: "1900009999" });
    await refused(otherMerchant, wxSignedHeaders(otherMerchant));
    const wrongAmount = wxNoticeBody({ outTradeNo: no, total: order.payprice - 1 });
    await refused(wrongAmount, wxSignedHeaders(wrongAmount));
    // A genuine event that is not a payment is acknowledged and pays nothing.
    const closed = wxNoticeBody({ outTradeNo: no, total: order.payprice, state: "CLOSED" });
    expect((await postWechat(closed, wxSignedHeaders(closed))).status).toBe(200);
    await expectUnpaid(order, no);
    // The genuine one still settles.
    expect((await postWechat(body, headers)).status).toBe(200);
    expect(await orderStatus(order.id)).toBe(1);
  });

  it("a lost notification: the query asks WeChat Pay and a signed SUCCESS settles the trade", async () => {
    const { order, no } = await trade("wechat");
    expect((await query(no)).data.status).toBe("created");
    expect(wxCalls.at(-1)).toMatchObject({ method: "GET", path: `/v3/pay/transactions/out-trade-no/${no}?mchid=${WX.mchid}`, signOk: true });
    wxTrades.set(no, { state: "SUCCESS", total: order.payprice, transactionId: "4200000000202611300000000001" });
    setClock(() => NOW + 11_000);
    wxAnswerKey = STRANGER.privateKey;
    expect((await query(no)).data.status).toBe("created");
    await expectUnpaid(order, no);
    setClock(() => NOW + 22_000);
    wxAnswerKey = WX_PLATFORM.privateKey;
    expect((await query(no)).data.status).toBe("paid");
    expect(await orderStatus(order.id)).toBe(1);
    expect(await ledgerOf(no)).toHaveLength(1);
  });
});

describe("production with Alipay only and no sandbox", () => {
  it("offers the wallet and Alipay; WeChat has no gateway and is refused; no sandbox page", async () => {
    const alipayOnly = await gatewaysFromEnv();
    delete alipayOnly.wechat;
    const app = await buildApp({ db: h.db, nodeEnv: "production", authorize: createAuthorize(h.db.db), inventorySeed: SEED, paySandboxSecret: null, payGateways: alipayOnly });
    await app.ready();
    try {
      const post = async (url: string, body: Record<string, string | number>) => (await call(app, url, { ...body, token })).body;
      const order = await book();
      expect((await post(PAY.cashier, { orderId: order.id })).data.methods).toEqual(["wallet", "alipay"]);
      expect((await post(PAY.create, { orderId: order.id, method: "wechat" })).ret).toBe(403);
      const created = await post(PAY.create, { orderId: order.id, method: "alipay" });
      const no = created.data.outTradeNo;
      const pre = await post(PAY.precreate, { outTradeNo: no, requestVerify: requestVerify(memberId, no), businessType: 5 });
      expect(pre.data.qrUrl).toBe(`https://qr.alipay.com/bax0${no}`);
      expect((await app.inject({ method: "GET", url: `/sandbox/cashier/${no}` })).statusCode).toBe(404);
      expect((await app.inject({ method: "POST", url: "/api/pay/notify/wechat", headers: { "content-type": "application/json" }, payload: "{}" })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
