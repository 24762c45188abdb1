// The reimbursement documents' issuer at start-up: the sandbox on with a demo key outside
// production and off in it unless EINVOICE_SANDBOX_KEY is set (never the demo key, never short);
// a provider configured by all of its variables, refused when only some are set.
import { describe, expect, it } from "vitest";
import { ConfigError, readStartConfig } from "../../server/config";
import { chooseIssuer } from "../../server/einvoices/issuer";
import { DEMO_EINVOICE_SANDBOX_KEY } from "../../server/einvoices/issuer/sandbox";

const SECRETS = { PARTNER_SECRET_TIANHE: "tianhe-live-9f3a61c0d2b84e7a5c1f0d36e9", PARTNER_SECRET_WEILAN: "weilan-live-44be0e7a91c3d05f8b2a6e17d4" };
const PROD = { NODE_ENV: "production", SMS_PROVIDER: "log", OPS_TOTP_KEY: "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a", ...SECRETS };
const PROVIDER = {
  EINVOICE_PROVIDER_URL: "https://invoice.example.com",
  EINVOICE_PROVIDER_APP_ID: "app",
  EINVOICE_PROVIDER_SECRET: "secret",
  EINVOICE_SELLER_NAME: "某某商旅服务有限公司",
  EINVOICE_SELLER_TAX_NO: "91310000MA1FL8XC4X",
};

function refusal(env: Record<string, string>): string {
  try {
    readStartConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a refusal");
}

describe("the invoice issuer at start-up", () => {
  it("is the sandbox with its demo key outside production, none in production unless a key is set", () => {
    expect(readStartConfig({}).einvoice).toEqual({ sandboxKey: DEMO_EINVOICE_SANDBOX_KEY, provider: null });
    expect(chooseIssuer(readStartConfig({}).einvoice)?.name).toBe("sandbox");
    expect(readStartConfig(PROD).einvoice).toEqual({ sandboxKey: null, provider: null });
    expect(chooseIssuer(readStartConfig(PROD).einvoice)).toBeNull();
    const key = "einvoice-staging-key-0123456789abcdef";
    expect(readStartConfig({ ...PROD, EINVOICE_SANDBOX_KEY: key }).einvoice.sandboxKey).toBe(key);
    expect(refusal({ ...PROD, EINVOICE_SANDBOX_KEY: DEMO_EINVOICE_SANDBOX_KEY })).toContain("演示密钥");
    expect(refusal({ EINVOICE_SANDBOX_KEY: "short" })).toContain("至少须有 32 个字符");
  });

  it("takes a provider only when all of its variables are set, over https in production", () => {
    const config = readStartConfig({ ...PROD, ...PROVIDER });
    expect(config.einvoice.provider).toMatchObject({ url: PROVIDER.EINVOICE_PROVIDER_URL, sellerName: PROVIDER.EINVOICE_SELLER_NAME });
    expect(chooseIssuer(config.einvoice)).toMatchObject({ name: "provider", sandbox: false });
    const { EINVOICE_PROVIDER_SECRET: _s, ...half } = PROVIDER;
    expect(refusal({ ...PROD, ...half })).toContain("缺少 EINVOICE_PROVIDER_SECRET");
    expect(refusal({ ...PROD, ...PROVIDER, EINVOICE_PROVIDER_URL: "http://invoice.example.com" })).toContain("https");
  });
});
