// Sending an issued document to an email address, its PDF and signed XML attached. Through SMTP
// when it is configured (the notification email's settings); outside production without it, a
// development outbox that builds the full message (nodemailer's JSON transport) and keeps the
// latest ones in memory for the developer and the tests, sending nothing.
import nodemailer from "nodemailer";
import type { SmtpSettings } from "../notifications/email";

export interface EinvoiceMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
  /** Unique per send: the job's id, so a mail system can spot a repeat. */
  key: string;
}

export interface EinvoiceMailer {
  readonly name: string;
  send(mail: EinvoiceMail): Promise<void>;
}

export function createSmtpMailer(settings: SmtpSettings): EinvoiceMailer & { close(): void } {
  const transport = nodemailer.createTransport({
    host: settings.host, port: settings.port, secure: settings.secure, pool: true, maxConnections: 2,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? "" } : undefined,
    connectionTimeout: 10_000, socketTimeout: 30_000,
  });
  return {
    name: "smtp",
    async send(mail) {
      await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments, messageId: `<${mail.key.replace(/[^\w.:-]/g, "_")}@einvoice.portal>` });
    },
    close: () => transport.close(),
  };
}

const OUTBOX_KEEP = 50;

/** The development outbox: messages built in full and kept (the latest 50), never sent. */
export function createOutboxMailer(): EinvoiceMailer & { sent: EinvoiceMail[] } {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const sent: EinvoiceMail[] = [];
  return {
    name: "outbox",
    sent,
    async send(mail) {
      // The transport encodes what it is given in place: it gets copies, the outbox keeps the bytes.
      await transport.sendMail({ from: "outbox@localhost", to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments.map((a) => ({ ...a })) });
      sent.push(mail);
      if (sent.length > OUTBOX_KEEP) sent.shift();
    },
  };
}
