// What main.ts reads from the environment before it opens anything, and the rules production
// start-up enforces: nothing seeded unless SEED=demo is asked, no demo, missing or short partner
// secret, an SMS provider that really sends (or SMS_PROVIDER=log said out loud).
import { THIRD_PARTY_SITES } from "../src/access/partners";
import { parsePaymentWindow } from "../src/domain/orders/payment-window";
import { DEMO_SANDBOX_SECRET } from "./payments/sandbox";
import { readIssuerSettings, type IssuerSettings } from "./einvoices/issuer/settings";
import { readSmtp, SmtpConfigError, type SmtpSettings } from "./notifications/email";
import { rsaPrivateKeyPem, rsaPublicKeyPem } from "./payments/gateways/keys";
import { NOTIFY_PATHS, type AlipaySettings, type PayGatewaySettings, type WechatSettings } from "./payments/gateways/types";
import { demoPartnerSecret, partnerSecretVariable } from "./services/accounts/partner-sign";
import { DEV_OPS_TOTP_KEY, parseTotpKey } from "./ops/totp-vault";
import {
  SMS_PROVIDER_NAMES, aliyunProvider, createAliyunClient, logProvider, outboxProvider,
  type AliyunSmsSettings, type SmsLog, type SmsProvider, type SmsProviderName,
} from "./services/accounts/sms-providers";

/** Characters a production partner signing secret has at least (as the sandbox gateway's secret). */
export const PARTNER_SECRET_MIN = 32;

/** A start-up refusal; main.ts prints its message as the one line before exiting. */
export class ConfigError extends Error {}

export type SmsChoice = { name: "outbox" } | { name: "log" } | { name: "aliyun"; settings: AliyunSmsSettings };

export interface StartConfig {
  nodeEnv: string;
  production: boolean;
  /** demo: seed if absent; none: never; undefined: demo on an empty database outside production. */
  seed: "demo" | "none" | undefined;
  /** Sites allowed to frame the portal (PARTNER_ORIGINS), besides the portal itself. */
  partnerOrigins: string[];
  sms: SmsChoice;
  /** HMAC secret the sandbox payment gateway signs its notifications with; null: no sandbox. */
  paySandboxSecret: string | null;
  /** The real QR gateways the environment configures (null: that method uses the sandbox). */
  payGateways: PayGatewaySettings;
  /** Minutes an unpaid order keeps its seats or rooms (PAYMENT_WINDOW_MINUTES, 5..120, default 30). */
  paymentWindowMinutes: number;
  /** Whether the OpenAPI document is served (API_DOCS=1/0; on outside production, off in it). */
  apiDocs: boolean;
  /** The reimbursement documents' issuer: the sandbox's key and a real provider's settings. */
  einvoice: IssuerSettings;
  /** SMTP for notification emails (SMTP_*); null: no email channel. */
  smtp: SmtpSettings | null;
  /**
   * How long a job runner's claim on a job lasts (JOB_LOCK_SECONDS, 10..3600, default 300): a
   * process that dies mid-job leaves its jobs to the others once it runs out.
   */
  jobLockMs: number;
  /** The key operators' TOTP secrets are encrypted under (OPS_TOTP_KEY); the development key outside production when unset. */
  opsTotpKey: Buffer;
}

const JOB_LOCK_SECONDS = { min: 10, max: 3600, fallback: 300 } as const;

function readJobLockMs(text: string | undefined): number {
  if (!text) return JOB_LOCK_SECONDS.fallback * 1000;
  const n = Number(text);
  // Shorter than a job may take, and a live runner's job would be taken over while it still runs.
  if (!Number.isInteger(n) || n < JOB_LOCK_SECONDS.min || n > JOB_LOCK_SECONDS.max) {
    throw new ConfigError(`JOB_LOCK_SECONDS 须是 ${JOB_LOCK_SECONDS.min} 到 ${JOB_LOCK_SECONDS.max} 之间的整数秒，而不是 ${text}`);
  }
  return n * 1000;
}

const ALIYUN_VARIABLES = {
  accessKeyId: "ALIYUN_SMS_ACCESS_KEY_ID",
  accessKeySecret: "ALIYUN_SMS_ACCESS_KEY_SECRET",
  signName: "ALIYUN_SMS_SIGN_NAME",
  templateCode: "ALIYUN_SMS_TEMPLATE_CODE",
} as const satisfies Record<keyof AliyunSmsSettings, string>;

/** `https://partner.example.com` or `http://host:8080`: scheme, host and port, nothing else. */
function parseOrigins(text: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (text ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    let url: URL | null;
    try {
      url = new URL(item);
    } catch {
      url = null;
    }
    // Exact hosts only: a wildcard would let any subdomain frame the portal.
    if (!url || !/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(url.origin) || url.origin !== item.replace(/\/$/, "")) {
      throw new ConfigError(`PARTNER_ORIGINS 中的 ${item} 不是来源地址（应为 https://域名[:端口]，以逗号分隔）`);
    }
    origins.push(url.origin);
  }
  return origins;
}

function readSms(env: NodeJS.ProcessEnv, production: boolean): SmsChoice {
  const name = env.SMS_PROVIDER || (production ? undefined : "outbox");
  if (name === undefined) {
    throw new ConfigError("生产环境须设置 SMS_PROVIDER=aliyun（或明确设置 SMS_PROVIDER=log：只记日志，不发送短信）");
  }
  if (!(SMS_PROVIDER_NAMES as readonly string[]).includes(name)) {
    throw new ConfigError(`SMS_PROVIDER 只能是 ${SMS_PROVIDER_NAMES.join("、")}，而不是 ${name}`);
  }
  const chosen = name as SmsProviderName;
  if (chosen === "outbox" && production) throw new ConfigError("生产环境不能使用开发短信发件箱（SMS_PROVIDER=outbox）");
  if (chosen !== "aliyun") return { name: chosen };
  const missing = Object.values(ALIYUN_VARIABLES).filter((v) => !env[v]);
  if (missing.length) throw new ConfigError(`SMS_PROVIDER=aliyun 缺少 ${missing.join("、")}`);
  const settings = Object.fromEntries(Object.entries(ALIYUN_VARIABLES).map(([k, v]) => [k, env[v]!])) as unknown as AliyunSmsSettings;
  return { name: "aliyun", settings };
}

export function readStartConfig(env: NodeJS.ProcessEnv): StartConfig {
  const nodeEnv = env.NODE_ENV ?? "development";
  const production = nodeEnv === "production";
  const seed = env.SEED || undefined;
  if (seed && seed !== "demo" && seed !== "none") throw new ConfigError(`SEED 只能是 demo 或 none，而不是 ${seed}`);
  if (production) {
    for (const site of THIRD_PARTY_SITES) {
      const variable = partnerSecretVariable(site.thirdName);
      const secret = env[variable];
      if (!secret) throw new ConfigError(`生产环境须设置合作方签名密钥 ${variable}`);
      if (secret === demoPartnerSecret(site.thirdName)) throw new ConfigError(`${variable} 仍是演示密钥，生产环境不能使用`);
      // A partner's requests are trusted on this HMAC alone: a short secret is guessed offline
      // from one signed request.
      if (secret.length < PARTNER_SECRET_MIN) throw new ConfigError(`${variable} 至少须有 ${PARTNER_SECRET_MIN} 个字符（生产环境的合作方签名密钥）`);
    }
  }
  const window = parsePaymentWindow(env.PAYMENT_WINDOW_MINUTES);
  if ("problem" in window) throw new ConfigError(window.problem);
  const einvoice = readIssuerSettings(env, production);
  if ("problem" in einvoice) throw new ConfigError(einvoice.problem);
  const apiDocs = env.API_DOCS || undefined;
  if (apiDocs !== undefined && apiDocs !== "0" && apiDocs !== "1") throw new ConfigError(`API_DOCS 只能是 1（提供接口文档）或 0（不提供），而不是 ${apiDocs}`);
  return {
    nodeEnv, production, seed: seed as StartConfig["seed"], partnerOrigins: parseOrigins(env.PARTNER_ORIGINS), sms: readSms(env, production),
    paySandboxSecret: readSandboxSecret(env, production), payGateways: readPayGateways(env, production), paymentWindowMinutes: window.minutes,
    // The document lists every route and field: an attacker's map, so production offers it only when asked.
    apiDocs: apiDocs === undefined ? !production : apiDocs === "1",
    einvoice,
    smtp: readSmtpConfig(env),
    jobLockMs: readJobLockMs(env.JOB_LOCK_SECONDS),
    opsTotpKey: readOpsTotpKey(env.OPS_TOTP_KEY, production),
  };
}

/**
 * The key of the operators' TOTP secrets. Production needs one of its own: without it every
 * operator's second factor would sit in the database under a key published with the code. A key
 * that is set but malformed stops the start everywhere, rather than being used cut or padded.
 */
function readOpsTotpKey(text: string | undefined, production: boolean): Buffer {
  if (!text?.trim()) {
    if (production) throw new ConfigError("生产环境须设置 OPS_TOTP_KEY（运营人员动态验证码密钥的加密密钥：32 字节，64 位十六进制或 Base64，如 openssl rand -hex 32 生成）");
    return DEV_OPS_TOTP_KEY;
  }
  const key = parseTotpKey(text);
  if (!key) throw new ConfigError("OPS_TOTP_KEY 须为 32 字节的密钥：64 位十六进制或 Base64（如 openssl rand -hex 32 生成）");
  if (production && key.equals(DEV_OPS_TOTP_KEY)) throw new ConfigError("OPS_TOTP_KEY 仍是开发密钥，生产环境不能使用");
  return key;
}

function readSmtpConfig(env: NodeJS.ProcessEnv): SmtpSettings | null {
  try {
    return readSmtp(env);
  } catch (e) {
    if (e instanceof SmtpConfigError) throw new ConfigError(e.message);
    throw e;
  }
}

/**
 * The sandbox gateway marks trades paid without real money: on in development and tests (with
 * a demo secret), and in production only when PAY_SANDBOX_SECRET is set (a staging or demo
 * deployment); otherwise production offers no QR payment until a real gateway is configured.
 */
function readSandboxSecret(env: NodeJS.ProcessEnv, production: boolean): string | null {
  const secret = env.PAY_SANDBOX_SECRET;
  if (!secret) return production ? null : DEMO_SANDBOX_SECRET;
  if (secret.length < 32) throw new ConfigError("PAY_SANDBOX_SECRET 至少须有 32 个字符");
  if (production && secret === DEMO_SANDBOX_SECRET) throw new ConfigError("PAY_SANDBOX_SECRET 仍是演示密钥，生产环境不能使用");
  return secret;
}

const ALIPAY_VARIABLES = {
  appId: "PAY_ALIPAY_APP_ID",
  privateKey: "PAY_ALIPAY_PRIVATE_KEY",
  alipayPublicKey: "PAY_ALIPAY_PUBLIC_KEY",
} as const;

const WECHAT_VARIABLES = {
  appId: "PAY_WECHAT_APPID",
  mchId: "PAY_WECHAT_MCHID",
  serialNo: "PAY_WECHAT_SERIAL",
  privateKey: "PAY_WECHAT_PRIVATE_KEY",
  apiV3Key: "PAY_WECHAT_APIV3_KEY",
  platformPublicKey: "PAY_WECHAT_PLATFORM_PUBLIC_KEY",
  platformSerial: "PAY_WECHAT_PLATFORM_SERIAL",
} as const;

/**
 * The variables of one gateway: none set means the gateway is off; some set and others missing
 * is a mistake that would take payments nobody can confirm, so start-up refuses it.
 */
function gatewayVariables<K extends string>(env: NodeJS.ProcessEnv, name: string, variables: Record<K, string>): Record<K, string> | null {
  const names = Object.values(variables) as string[];
  const missing = names.filter((v) => !env[v]?.trim());
  if (missing.length === names.length) return null;
  if (missing.length) throw new ConfigError(`${name}配置不完整，缺少 ${missing.join("、")}（这些变量须全部设置，或全部不设置）`);
  return Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, env[v as string]!.trim()])) as Record<K, string>;
}

function privateKeyOf(env: NodeJS.ProcessEnv, variable: string): string {
  const pem = rsaPrivateKeyPem(env[variable]!);
  if (!pem) throw new ConfigError(`${variable} 不是有效的 RSA 私钥（PEM，或不带首尾行的 Base64）`);
  return pem;
}

function publicKeyOf(env: NodeJS.ProcessEnv, variable: string): string {
  const pem = rsaPublicKeyPem(env[variable]!);
  if (!pem) throw new ConfigError(`${variable} 不是有效的 RSA 公钥或证书（PEM，或不带首尾行的 Base64）`);
  return pem;
}

/** An http(s) URL; production talks to gateways and receives notifications over https only. */
function urlOf(env: NodeJS.ProcessEnv, variable: string, production: boolean, originOnly: boolean): string {
  const text = env[variable]!.trim();
  let url: URL | null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  const scheme = production ? "https" : "http 或 https";
  if (!url || !(production ? ["https:"] : ["http:", "https:"]).includes(url.protocol) || (originOnly && url.origin !== text.replace(/\/$/, ""))) {
    throw new ConfigError(`${variable} 不是有效的${originOnly ? "来源地址（应为 " + scheme + "://域名[:端口]）" : " " + scheme + " 地址"}`);
  }
  return originOnly ? url.origin : url.toString();
}

/**
 * Alipay (PAY_ALIPAY_*) and WeChat Pay v3 (PAY_WECHAT_*) are on when their variables are set;
 * their notifications go to PAY_NOTIFY_ORIGIN, the portal's public address, which a configured
 * gateway therefore needs. Keys are checked here, so a bad key stops the start, not a payment.
 */
function readPayGateways(env: NodeJS.ProcessEnv, production: boolean): PayGatewaySettings {
  const ali = gatewayVariables(env, "支付宝", ALIPAY_VARIABLES);
  const wx = gatewayVariables(env, "微信支付", WECHAT_VARIABLES);
  if (!ali && !wx) return { alipay: null, wechat: null };
  if (!env.PAY_NOTIFY_ORIGIN?.trim()) throw new ConfigError("已配置支付宝或微信支付，须设置 PAY_NOTIFY_ORIGIN（本站对外的地址，支付结果通知发往这里）");
  const origin = urlOf(env, "PAY_NOTIFY_ORIGIN", production, true);
  let alipay: AlipaySettings | null = null;
  if (ali) {
    alipay = {
      appId: ali.appId,
      privateKey: privateKeyOf(env, ALIPAY_VARIABLES.privateKey),
      alipayPublicKey: publicKeyOf(env, ALIPAY_VARIABLES.alipayPublicKey),
      notifyUrl: `${origin}/api${NOTIFY_PATHS.alipay}`,
      ...(env.PAY_ALIPAY_GATEWAY?.trim() ? { gateway: urlOf(env, "PAY_ALIPAY_GATEWAY", production, false) } : {}),
    };
  }
  let wechat: WechatSettings | null = null;
  if (wx) {
    if (Buffer.byteLength(wx.apiV3Key, "utf8") !== 32) throw new ConfigError("PAY_WECHAT_APIV3_KEY 须为 32 个字符（商户平台设置的 APIv3 密钥）");
    wechat = {
      ...wx,
      privateKey: privateKeyOf(env, WECHAT_VARIABLES.privateKey),
      platformPublicKey: publicKeyOf(env, WECHAT_VARIABLES.platformPublicKey),
      notifyUrl: `${origin}/api${NOTIFY_PATHS.wechat}`,
    };
  }
  return { alipay, wechat };
}

/** Demo data goes in when asked (SEED=demo), or into an empty database outside production. */
export function shouldSeed(config: Pick<StartConfig, "seed" | "production">, databaseIsEmpty: boolean): boolean {
  if (config.seed === "demo") return true;
  if (config.seed === "none" || config.production) return false;
  return databaseIsEmpty;
}

export function createSmsProvider(choice: SmsChoice, log: SmsLog): SmsProvider {
  if (choice.name === "log") return logProvider(log);
  if (choice.name === "aliyun") return aliyunProvider(choice.settings, createAliyunClient(choice.settings));
  return outboxProvider;
}
