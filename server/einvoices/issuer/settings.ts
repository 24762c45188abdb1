// Which issuer the server uses, read from the environment the way the payment gateways are:
// the sandbox on in development and tests (with a demo key) and, in production, only when
// EINVOICE_SANDBOX_KEY is set (a staging or demo deployment); a real provider when all of its
// variables are set. Some of a provider's variables set and others missing would take requests
// nobody can issue, so start-up refuses it, as it refuses a demo or short key in production.
import { DEMO_EINVOICE_SANDBOX_KEY } from "./sandbox";

export const EINVOICE_KEY_MIN = 32;

export const PROVIDER_VARIABLES = {
  url: "EINVOICE_PROVIDER_URL",
  appId: "EINVOICE_PROVIDER_APP_ID",
  secret: "EINVOICE_PROVIDER_SECRET",
  sellerName: "EINVOICE_SELLER_NAME",
  sellerTaxNo: "EINVOICE_SELLER_TAX_NO",
} as const;

export type ProviderSettings = Record<keyof typeof PROVIDER_VARIABLES, string>;

export interface IssuerSettings {
  /** HMAC key the sandbox issuer signs with; null: no sandbox. */
  sandboxKey: string | null;
  /** The real provider's settings; null: none configured. */
  provider: ProviderSettings | null;
}

/** The issuer settings, or the one-line reason start-up refuses them. */
export function readIssuerSettings(env: NodeJS.ProcessEnv, production: boolean): IssuerSettings | { problem: string } {
  const names = Object.values(PROVIDER_VARIABLES) as string[];
  const missing = names.filter((v) => !env[v]?.trim());
  if (missing.length && missing.length < names.length) return { problem: `电子发票服务商配置不完整，缺少 ${missing.join("、")}（这些变量须全部设置，或全部不设置）` };
  const provider = missing.length ? null : (Object.fromEntries(Object.entries(PROVIDER_VARIABLES).map(([k, v]) => [k, env[v]!.trim()])) as ProviderSettings);
  if (provider && production && !provider.url.startsWith("https://")) return { problem: "EINVOICE_PROVIDER_URL 在生产环境须为 https 地址" };
  const key = env.EINVOICE_SANDBOX_KEY;
  if (!key) return { sandboxKey: production ? null : DEMO_EINVOICE_SANDBOX_KEY, provider };
  if (key.length < EINVOICE_KEY_MIN) return { problem: `EINVOICE_SANDBOX_KEY 至少须有 ${EINVOICE_KEY_MIN} 个字符` };
  if (production && key === DEMO_EINVOICE_SANDBOX_KEY) return { problem: "EINVOICE_SANDBOX_KEY 仍是演示密钥，生产环境不能使用" };
  return { sandboxKey: key, provider };
}
