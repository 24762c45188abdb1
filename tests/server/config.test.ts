// Start-up configuration: production refuses demo and missing partner secrets and a missing SMS
// provider, seeds only when asked; the SMS providers, Aliyun's through a fake client.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SendSmsRequest } from "@alicloud/dysmsapi20170525";
import { ConfigError, createSmsProvider, readStartConfig, shouldSeed } from "../../server/config";
import { aliyunProvider, logProvider, maskPhone, outboxProvider, SmsDeliveryError, type AliyunSmsClient } from "../../server/services/accounts/sms-providers";
import { sendSmsCode, setSmsProvider, type SmsProvider } from "../../server/services/accounts/sms";
import { applyPartnerSecrets } from "../../server/db/seed/partners";
import { startHarness, type Harness } from "./harness";
import { count } from "./account-helpers";

const SECRETS = { PARTNER_SECRET_TIANHE: "tianhe-live-9f3a61c0d2b84e7a5c1f0d36e9", PARTNER_SECRET_WEILAN: "weilan-live-44be0e7a91c3d05f8b2a6e17d4" };
const PROD = { NODE_ENV: "production", SMS_PROVIDER: "log", PAY_SANDBOX_SECRET: "sandbox-live-5b0d2c9e71f84a36a0c1", OPS_TOTP_KEY: "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a", ...SECRETS };
const ALIYUN = {
  SMS_PROVIDER: "aliyun",
  ALIYUN_SMS_ACCESS_KEY_ID: "LTAI-test-id",
  ALIYUN_SMS_ACCESS_KEY_SECRET: "test-secret",
  ALIYUN_SMS_SIGN_NAME: "商旅门户",
  ALIYUN_SMS_TEMPLATE_CODE: "SMS_123456789",
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

describe("production start-up rules", () => {
  it("accepts a complete production configuration", () => {
    const config = readStartConfig(PROD);
    expect(config).toMatchObject({ production: true, seed: undefined, sms: { name: "log" }, partnerOrigins: [] });
  });

  it("runs production without the sandbox gateway unless a secret is set; refuses a short or demo one", () => {
    expect(readStartConfig({ ...PROD, PAY_SANDBOX_SECRET: "" }).paySandboxSecret).toBeNull();
    expect(readStartConfig(PROD).paySandboxSecret).toBe("sandbox-live-5b0d2c9e71f84a36a0c1");
    expect(refusal({ ...PROD, PAY_SANDBOX_SECRET: "short" })).toBe("PAY_SANDBOX_SECRET 至少须有 32 个字符");
    expect(refusal({ ...PROD, PAY_SANDBOX_SECRET: "sandbox-demo-secret-not-for-production" })).toBe("PAY_SANDBOX_SECRET 仍是演示密钥，生产环境不能使用");
    expect(readStartConfig({ NODE_ENV: "development" }).paySandboxSecret).toBe("sandbox-demo-secret-not-for-production");
  });

  it("refuses an unset, demo or short partner secret, naming the variable", () => {
    expect(refusal({ ...PROD, PARTNER_SECRET_TIANHE: "" })).toBe("生产环境须设置合作方签名密钥 PARTNER_SECRET_TIANHE");
    expect(refusal({ ...PROD, PARTNER_SECRET_WEILAN: "demo-secret-weilan" })).toBe("PARTNER_SECRET_WEILAN 仍是演示密钥，生产环境不能使用");
    expect(refusal({ ...PROD, PARTNER_SECRET_TIANHE: "x" })).toBe("PARTNER_SECRET_TIANHE 至少须有 32 个字符（生产环境的合作方签名密钥）");
    expect(refusal({ ...PROD, PARTNER_SECRET_WEILAN: "w".repeat(31) })).toBe("PARTNER_SECRET_WEILAN 至少须有 32 个字符（生产环境的合作方签名密钥）");
    expect(readStartConfig({ ...PROD, PARTNER_SECRET_WEILAN: "w".repeat(32) }).production).toBe(true);
    // Outside production the demo secrets are the default.
    expect(readStartConfig({ NODE_ENV: "development" }).production).toBe(false);
  });

  it("serves the API document outside production, and in production only with API_DOCS=1", () => {
    expect(readStartConfig({ NODE_ENV: "development" }).apiDocs).toBe(true);
    expect(readStartConfig({ NODE_ENV: "development", API_DOCS: "0" }).apiDocs).toBe(false);
    expect(readStartConfig(PROD).apiDocs).toBe(false);
    expect(readStartConfig({ ...PROD, API_DOCS: "1" }).apiDocs).toBe(true);
    expect(refusal({ ...PROD, API_DOCS: "yes" })).toBe("API_DOCS 只能是 1（提供接口文档）或 0（不提供），而不是 yes");
  });

  it("refuses to run without an SMS provider, and with the development outbox", () => {
    expect(refusal({ ...PROD, SMS_PROVIDER: "" })).toContain("生产环境须设置 SMS_PROVIDER=aliyun");
    expect(refusal({ ...PROD, SMS_PROVIDER: "outbox" })).toContain("不能使用开发短信发件箱");
    expect(refusal({ ...PROD, SMS_PROVIDER: "carrier-pigeon" })).toContain("SMS_PROVIDER 只能是 outbox、log、aliyun");
  });

  it("needs every Aliyun setting for the Aliyun provider", () => {
    expect(readStartConfig({ ...PROD, ...ALIYUN }).sms).toEqual({
      name: "aliyun",
      settings: { accessKeyId: "LTAI-test-id", accessKeySecret: "test-secret", signName: "商旅门户", templateCode: "SMS_123456789" },
    });
    expect(refusal({ ...PROD, ...ALIYUN, ALIYUN_SMS_SIGN_NAME: "", ALIYUN_SMS_TEMPLATE_CODE: "" })).toBe(
      "SMS_PROVIDER=aliyun 缺少 ALIYUN_SMS_SIGN_NAME、ALIYUN_SMS_TEMPLATE_CODE",
    );
  });

  it("uses the outbox by default outside production", () => {
    expect(readStartConfig({}).sms).toEqual({ name: "outbox" });
    expect(readStartConfig({ NODE_ENV: "test", SMS_PROVIDER: "log" }).sms).toEqual({ name: "log" });
  });

  it("seeds in production only when SEED=demo is asked", () => {
    expect(shouldSeed(readStartConfig(PROD), true)).toBe(false);
    expect(shouldSeed(readStartConfig({ ...PROD, SEED: "demo" }), true)).toBe(true);
    expect(shouldSeed(readStartConfig({}), true)).toBe(true);
    expect(shouldSeed(readStartConfig({}), false)).toBe(false);
    expect(shouldSeed(readStartConfig({ SEED: "none" }), true)).toBe(false);
    expect(refusal({ SEED: "all" })).toBe("SEED 只能是 demo 或 none，而不是 all");
  });

  it("reads partner origins for framing, refusing anything but an origin", () => {
    expect(readStartConfig({ PARTNER_ORIGINS: "https://th.example.com, http://wl.example.cn:8080/" }).partnerOrigins).toEqual([
      "https://th.example.com",
      "http://wl.example.cn:8080",
    ]);
    for (const bad of ["th.example.com", "https://th.example.com/embed", "javascript:alert(1)", "https://*.example.com"]) {
      expect(refusal({ PARTNER_ORIGINS: bad })).toContain("PARTNER_ORIGINS");
    }
  });

  it("a job claim lasts JOB_LOCK_SECONDS (10 to 3600, default 5 minutes)", () => {
    expect(readStartConfig({}).jobLockMs).toBe(300_000);
    expect(readStartConfig({ JOB_LOCK_SECONDS: "20" }).jobLockMs).toBe(20_000);
    for (const bad of ["9", "3601", "1.5", "abc"]) expect(() => readStartConfig({ JOB_LOCK_SECONDS: bad }), bad).toThrow(/JOB_LOCK_SECONDS/);
  });
});

describe("SMS providers", () => {
  const message = { mobilePhone: "13800000010", purpose: "login" as const, code: "482915", content: "【商旅门户】您的验证码为 482915" };

  it("Aliyun: sends the phone, sign name, template and the code as the template's parameter", async () => {
    const sent: SendSmsRequest[] = [];
    const client: AliyunSmsClient = { sendSms: async (request) => (sent.push(request), { body: { code: "OK", bizId: "1" } }) };
    const provider = aliyunProvider({ signName: "商旅门户", templateCode: "SMS_123456789" }, client);
    expect(provider).toMatchObject({ name: "aliyun", remote: true });
    await provider.deliver(message, undefined as never);
    expect(sent).toHaveLength(1);
    expect({ ...sent[0] }).toEqual({ phoneNumbers: "13800000010", signName: "商旅门户", templateCode: "SMS_123456789", templateParam: '{"code":"482915"}' });
  });

  it("Aliyun: a refusal by the service is an error, with its code and message", async () => {
    const client: AliyunSmsClient = { sendSms: async () => ({ body: { code: "isv.BUSINESS_LIMIT_CONTROL", message: "触发流控" } }) };
    const provider = aliyunProvider({ signName: "s", templateCode: "t" }, client);
    await expect(provider.deliver(message, undefined as never)).rejects.toThrow(SmsDeliveryError);
    await expect(provider.deliver(message, undefined as never)).rejects.toThrow("isv.BUSINESS_LIMIT_CONTROL 触发流控");
  });

  it("log: logs the masked phone and the purpose, never the code", async () => {
    const lines: unknown[] = [];
    await logProvider({ info: (fields, line) => lines.push({ fields, line }) }).deliver(message, undefined as never);
    expect(JSON.stringify(lines)).not.toContain("482915");
    expect(lines).toEqual([{ fields: { mobilePhone: "138****0010", purpose: "login" }, line: "SMS not sent (SMS_PROVIDER=log)" }]);
    expect(maskPhone("12")).toBe("***");
  });

  it("the configured choice becomes its provider", () => {
    const log = { info: () => {} };
    expect(createSmsProvider({ name: "outbox" }, log)).toBe(outboxProvider);
    expect(createSmsProvider({ name: "log" }, log).name).toBe("log");
    const aliyun = createSmsProvider({ name: "aliyun", settings: { accessKeyId: "a", accessKeySecret: "b", signName: "c", templateCode: "d" } }, log);
    expect(aliyun).toMatchObject({ name: "aliyun", remote: true });
  });
});

describe("with a database", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    setSmsProvider(null);
    await h?.close();
  });

  it("a remote provider is called after the code is stored, and a failure is only logged", async () => {
    let release: () => void = () => {};
    const calls: string[] = [];
    const remote: SmsProvider = {
      name: "aliyun",
      remote: true,
      deliver: (m) => {
        calls.push(m.mobilePhone);
        return new Promise<void>((_, reject) => {
          release = () => reject(new Error("network down"));
        });
      },
    };
    const errors: unknown[] = [];
    setSmsProvider(remote);
    const codes = await count(h.db.db, "sms_codes");
    const sent = await sendSmsCode(h.db.db, "13800000020", "login", { log: { error: (fields) => errors.push(fields) } });
    // The reply did not wait for the (still pending) delivery.
    expect(sent.resendAfter).toBe(60);
    expect(await count(h.db.db, "sms_codes")).toBe(codes + 1);
    expect(calls).toEqual(["13800000020"]);
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(errors).toHaveLength(1);
    // A send not to deliver (an unregistered phone) never reaches the provider.
    await sendSmsCode(h.db.db, "13900001111", "login", { deliver: false });
    expect(calls).toEqual(["13800000020"]);
  });

  it("partner rows take their secret from the environment", async () => {
    await applyPartnerSecrets(h.db.db, SECRETS);
    const rows = await h.db.db.selectFrom("partners").select(["name", "secret"]).orderBy("id").execute();
    expect(rows).toEqual([
      { name: "tianhe", secret: SECRETS.PARTNER_SECRET_TIANHE },
      { name: "weilan", secret: SECRETS.PARTNER_SECRET_WEILAN },
    ]);
  });
});
