// The sandbox gateway (the default when no real gateway is configured): a QR code opens the
// server's own mobile cashier page, and its 确认支付 sends the server a notification signed
// with the sandbox secret, exactly as a gateway would, to the same notify route a gateway uses.
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { PAY_PATHS, SANDBOX_CASHIER_PATH } from "../../src/domain/payments";
import { paymentByTradeNo } from "./trades";
import { moneyText } from "../../src/domain/money";

/** Outside production, when PAY_SANDBOX_SECRET is not set. */
export const DEMO_SANDBOX_SECRET = "sandbox-demo-secret-not-for-production";

export interface SandboxNotice {
  outTradeNo: string;
  tradeNo: string;
  totalFen: number;
  method: "alipay" | "wechat";
}

function canonical(n: SandboxNotice): string {
  return `method=${n.method}&outTradeNo=${n.outTradeNo}&totalFen=${n.totalFen}&tradeNo=${n.tradeNo}`;
}

export function signSandbox(secret: string, n: SandboxNotice): string {
  return crypto.createHmac("sha256", secret).update(canonical(n)).digest("hex");
}

export function verifySandbox(secret: string, n: SandboxNotice, sign: string): boolean {
  const want = Buffer.from(signSandbox(secret, n), "hex");
  const got = Buffer.from(sign, "hex");
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}

export const sandboxCashierUrl = (origin: string, outTradeNo: string) => `${origin}${SANDBOX_CASHIER_PATH}/${encodeURIComponent(outTradeNo)}`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f5f5f5;color:#222}main{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;padding:24px;text-align:center}h1{font-size:18px}.amount{font-size:32px;color:#f5222d;margin:16px 0}.muted{color:#888;font-size:13px}button{width:100%;padding:12px;font-size:16px;border:0;border-radius:6px;background:#1677ff;color:#fff;cursor:pointer}</style></head>
<body><main>${body}</main></body></html>`;
}

const METHOD_NAMES = { alipay: "支付宝", wechat: "微信支付" } as const;

/** hasRealGateway: a method paid through a real gateway has no sandbox page (real money only). */
export function registerSandboxCashier(app: FastifyInstance, db: Kysely<Database>, secret: string, hasRealGateway: (method: string) => boolean = () => false): void {
  const load = async (no: string) => {
    const p = /^P\d{8,30}$/.test(no) ? await paymentByTradeNo(db, no) : undefined;
    return p && !hasRealGateway(p.method) ? p : undefined;
  };

  app.get<{ Params: { outTradeNo: string } }>(`${SANDBOX_CASHIER_PATH}/:outTradeNo`, async (req, reply) => {
    const p = await load(req.params.outTradeNo);
    reply.type("text/html; charset=utf-8");
    if (!p || (p.method !== "alipay" && p.method !== "wechat")) return reply.status(404).send(page("交易不存在", "<h1>交易不存在</h1>"));
    const name = METHOD_NAMES[p.method];
    const action = `${SANDBOX_CASHIER_PATH}/${encodeURIComponent(p.outTradeNo)}/confirm`;
    const body = p.status === "created"
      ? `<h1>${name}（沙箱）</h1><div class="muted">订单号 ${escape(p.orderNo)}</div><div class="amount">${moneyText(p.amountFen)}</div><form method="post" action="${action}"><button type="submit">确认支付</button></form><p class="muted">沙箱收银台：不产生真实扣款</p>`
      : `<h1>${name}（沙箱）</h1><p>该交易已处理</p>`;
    return reply.send(page(`${name}收银台`, body));
  });

  app.post<{ Params: { outTradeNo: string } }>(`${SANDBOX_CASHIER_PATH}/:outTradeNo/confirm`, async (req, reply) => {
    const p = await load(req.params.outTradeNo);
    reply.type("text/html; charset=utf-8");
    if (!p || (p.method !== "alipay" && p.method !== "wechat")) return reply.status(404).send(page("交易不存在", "<h1>交易不存在</h1>"));
    const notice: SandboxNotice = { outTradeNo: p.outTradeNo, tradeNo: `SBX${Date.now()}${crypto.randomInt(0, 1_000_000)}`, totalFen: p.amountFen, method: p.method };
    // Delivered through the notify route itself, so the sandbox proves the path a gateway takes.
    const res = await app.inject({ method: "POST", url: `/api${PAY_PATHS.sandboxNotify}`, payload: { ...notice, sign: signSandbox(secret, notice) } });
    const env = res.json() as { ret: number; msg: string; data: { status: string } | null };
    const done = env.ret === 0 && env.data?.status === "paid";
    const text = done ? "支付成功" : env.ret === 0 ? "订单已无法支付，款项将原路退回" : env.msg;
    return reply.send(page(text, `<h1>${escape(text)}</h1><div class="amount">${moneyText(p.amountFen)}</div><p class="muted">请返回电脑端查看订单</p>`));
  });
}
