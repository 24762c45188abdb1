// Where SMS messages go, chosen by SMS_PROVIDER: the development outbox (read back through
// /api/dev/sms-outbox), the log (an explicit "send nothing"), or Aliyun's SMS service. Only the
// outbox keeps a code in plain text; the log names the phone (masked) and the purpose only.
import type { SendSmsRequest } from "@alicloud/dysmsapi20170525";
import type { Kysely } from "kysely";
import type { Database, SmsPurpose } from "../../db/schema";
import { isoAt } from "../clock";

export interface SmsMessage {
  mobilePhone: string;
  /** "notice": a trip notification, which carries no code. */
  purpose: SmsPurpose | "notice";
  content: string;
  code: string | null;
}

export const SMS_PROVIDER_NAMES = ["outbox", "log", "aliyun"] as const;
export type SmsProviderName = (typeof SMS_PROVIDER_NAMES)[number];

export interface SmsProvider {
  readonly name: SmsProviderName;
  /**
   * Whether delivery is a network call. A local delivery runs inside the code's transaction (a
   * failed one leaves no usable code); a remote one runs after the code is stored and the reply
   * does not wait for it, so a reply takes as long whether or not a message was sent.
   */
  readonly remote: boolean;
  deliver(message: SmsMessage, db: Kysely<Database>): Promise<void>;
}

/** Development and tests: the message is kept in sms_outbox. */
export const outboxProvider: SmsProvider = {
  name: "outbox",
  remote: false,
  async deliver(message, db) {
    await db
      .insertInto("sms_outbox")
      .values({ mobilePhone: message.mobilePhone, content: message.content, code: message.code, createTime: isoAt() })
      .execute();
  },
};

export interface SmsLog {
  info(fields: Record<string, unknown>, line: string): void;
}

/** 13800000010 → 138****0010. */
export function maskPhone(mobilePhone: string): string {
  return mobilePhone.length === 11 ? `${mobilePhone.slice(0, 3)}****${mobilePhone.slice(7)}` : "***";
}

/** Sends nothing: logs that a code would have gone out, without the code. */
export function logProvider(log: SmsLog): SmsProvider {
  return {
    name: "log",
    remote: false,
    async deliver(message) {
      log.info({ mobilePhone: maskPhone(message.mobilePhone), purpose: message.purpose }, "SMS not sent (SMS_PROVIDER=log)");
    },
  };
}

/** The part of Aliyun's SMS client this adapter uses (tests pass a fake). */
export interface AliyunSmsClient {
  sendSms(request: SendSmsRequest): Promise<{ body?: { code?: string; message?: string; bizId?: string } }>;
}

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
}

export class SmsDeliveryError extends Error {}

/** Aliyun SMS: the template (ALIYUN_SMS_TEMPLATE_CODE) receives the code as its ${code}. */
export function aliyunProvider(settings: Pick<AliyunSmsSettings, "signName" | "templateCode">, client: AliyunSmsClient): SmsProvider {
  return {
    name: "aliyun",
    remote: true,
    async deliver(message) {
      // Aliyun sends only approved templates, and only the code's is configured so far.
      if (message.code === null) throw new SmsDeliveryError("Aliyun SMS has no template for notices");
      const { SendSmsRequest } = await import("@alicloud/dysmsapi20170525");
      const request = new SendSmsRequest({
        phoneNumbers: message.mobilePhone,
        signName: settings.signName,
        templateCode: settings.templateCode,
        templateParam: JSON.stringify({ code: message.code }),
      });
      const reply = await client.sendSms(request);
      const code = reply.body?.code;
      if (code !== "OK") throw new SmsDeliveryError(`Aliyun SMS refused the message: ${code ?? "no code"} ${reply.body?.message ?? ""}`.trim());
    },
  };
}

/**
 * Aliyun's client, its SDK loaded at the first message: the SDK and its dependencies are tens of
 * MB of resident memory that a server choosing another provider would carry for nothing.
 */
export function createAliyunClient(settings: Pick<AliyunSmsSettings, "accessKeyId" | "accessKeySecret">): AliyunSmsClient {
  let client: Promise<AliyunSmsClient> | undefined;
  const load = async (): Promise<AliyunSmsClient> => {
    const [sms, core] = await Promise.all([import("@alicloud/dysmsapi20170525"), import("@alicloud/openapi-core")]);
    // The package's default export is the client class; under Node's CommonJS interop it can
    // arrive one level down.
    const Dysmsapi = sms.default as unknown as { default?: typeof sms.default };
    const AliyunClient = (Dysmsapi.default ?? sms.default) as typeof sms.default;
    return new AliyunClient(new core.$OpenApiUtil.Config({ accessKeyId: settings.accessKeyId, accessKeySecret: settings.accessKeySecret, endpoint: "dysmsapi.aliyuncs.com" }));
  };
  return {
    async sendSms(request) {
      // A failed load is tried again at the next message rather than remembered.
      client ??= load().catch((e: unknown) => {
        client = undefined;
        throw e;
      });
      return (await client).sendSms(request);
    },
  };
}
