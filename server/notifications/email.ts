// Email through SMTP (nodemailer): host, port, TLS, user and password from the environment, all
// or nothing (a half-configured SMTP would lose every email quietly, so start-up refuses it).
// Each message has an HTML and a text body in the member's language, and carries its
// idempotency key as its Message-ID, so a mail system can spot a repeat.
import nodemailer from "nodemailer";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { renderNotice } from "../../src/domain/notifications";
import { PermanentSendError, type NoticeChannel, type OutgoingNotice } from "./channels";

export interface SmtpSettings {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: plain, upgraded by STARTTLS when offered. */
  secure: boolean;
  user: string | null;
  password: string | null;
  from: string;
}

export class SmtpConfigError extends Error {}

const SMTP_VARIABLES = ["SMTP_HOST", "SMTP_PORT", "SMTP_SECURE", "SMTP_USER", "SMTP_PASSWORD", "SMTP_FROM"] as const;

/** SMTP_* from the environment: null when none is set; refused when only some are. */
export function readSmtp(env: NodeJS.ProcessEnv): SmtpSettings | null {
  const given = SMTP_VARIABLES.filter((v) => env[v]?.trim());
  if (!given.length) return null;
  const missing = (["SMTP_HOST", "SMTP_FROM"] as const).filter((v) => !env[v]?.trim());
  if (missing.length) throw new SmtpConfigError(`邮件配置不完整，缺少 ${missing.join("、")}`);
  if (Boolean(env.SMTP_USER?.trim()) !== Boolean(env.SMTP_PASSWORD)) throw new SmtpConfigError("SMTP_USER 与 SMTP_PASSWORD 须同时设置或同时不设置");
  const secure = env.SMTP_SECURE?.trim() || "0";
  if (secure !== "0" && secure !== "1") throw new SmtpConfigError(`SMTP_SECURE 只能是 1（TLS 直连）或 0（STARTTLS），而不是 ${secure}`);
  const port = Number(env.SMTP_PORT?.trim() || (secure === "1" ? 465 : 587));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new SmtpConfigError(`SMTP_PORT 不是有效端口：${env.SMTP_PORT}`);
  const from = env.SMTP_FROM!.trim();
  if (!/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(from)) throw new SmtpConfigError(`SMTP_FROM 不是邮件地址：${from}`);
  return { host: env.SMTP_HOST!.trim(), port, secure: secure === "1", user: env.SMTP_USER?.trim() || null, password: env.SMTP_PASSWORD || null, from };
}

export const maskEmail = (a: string) => a.replace(/^([^@])[^@]*@/, "$1***@");

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function emailOf(n: Pick<OutgoingNotice, "kind" | "params" | "lang">): { subject: string; text: string; html: string } {
  const lang = n.lang ?? "zh";
  const { title, body } = renderNotice(n.kind, n.params, lang);
  const brand = lang === "en" ? "Travel Portal" : "商旅门户";
  const footer = lang === "en" ? "You receive this because of your notification settings in the member centre." : "您收到此邮件是因为会员中心的通知设置，可随时在会员中心修改。";
  return {
    subject: `【${brand}】${title}`,
    text: `${body || title}\n\n${footer}`,
    html: `<!doctype html><html lang="${lang === "en" ? "en" : "zh-CN"}"><body style="font-family:sans-serif"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(body || title)}</p><p style="color:#888;font-size:12px">${escapeHtml(footer)}</p></body></html>`,
  };
}

export function createEmailChannel(settings: SmtpSettings, opts: { tlsRejectUnauthorized?: boolean } = {}): NoticeChannel & { close(): void } {
  const transport = nodemailer.createTransport({
    host: settings.host, port: settings.port, secure: settings.secure, pool: true, maxConnections: 2,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? "" } : undefined,
    tls: { rejectUnauthorized: opts.tlsRejectUnauthorized ?? true },
    connectionTimeout: 10_000, socketTimeout: 20_000,
  });
  return {
    name: "email",
    async address(db: Kysely<Database>, memberId: number) {
      const m = await db.selectFrom("members").select(["email", "status"]).where("id", "=", memberId).executeTakeFirst();
      const email = m?.email?.trim();
      return m && m.status === 1 && email && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email : null;
    },
    mask: maskEmail,
    isLocal: () => false,
    isIdempotent: () => false,
    async send(_db, n) {
      const mail = emailOf(n);
      try {
        await transport.sendMail({ from: settings.from, to: n.address, ...mail, textEncoding: "base64", messageId: `<${n.key.replace(/[^\w.:-]/g, "_")}@notice.portal>` });
      } catch (e) {
        // 5xx is the server's final word on this message (an unknown mailbox): retrying cannot help.
        const code = (e as { responseCode?: number }).responseCode;
        if (code && code >= 500 && code < 600) throw new PermanentSendError(`SMTP ${code}: ${(e as Error).message}`);
        throw e;
      }
    },
    close: () => transport.close(),
  };
}
