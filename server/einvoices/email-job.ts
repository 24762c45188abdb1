// Sending a document by email as a durable job: the request is answered once the job is queued,
// and the mail is built (its PDF rendered, its XML read) and sent when the job runs; a failed
// send is retried with the job's backoff. The document is read again then, so what is sent is
// what it is at that moment.
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { defineJobKind } from "../jobs/kinds";
import { enqueueJob } from "../jobs/queue";
import { now } from "../services/clock";
import { DomainError } from "../services/domain-error";
import { say } from "../services/i18n/catalogue";
import { said, saidDomain } from "../services/i18n/text";
import { EINVOICE_KIND_LABELS, type EinvoiceKind } from "../../src/domain/einvoice/kinds";
import type { EinvoiceEmail } from "../../src/domain/einvoice/schemas";
import { einvoiceRowFor } from "./documents";
import type { EinvoiceMailer } from "./mail";

export const EINVOICE_EMAIL_JOB = "einvoice-email";

const payload = z.object({ id: z.number().int(), email: z.string(), lang: z.enum(["zh", "en"]) });

/** Queues the mail of a document the member may see, once it is issued (a red-letter one too). */
export async function queueEinvoiceEmail(db: Kysely<Database>, member: Member, input: EinvoiceEmail, lang: "zh" | "en", mailer: EinvoiceMailer | null): Promise<{ id: number; email: string }> {
  if (!mailer) throw new DomainError("conflict", say("einvoice.emailOff"));
  const row = await einvoiceRowFor(db, member, input.id);
  if (row.status !== "issued" && row.status !== "reversed") throw new DomainError("conflict", say("einvoice.notIssued"));
  await enqueueJob(db, { kind: EINVOICE_EMAIL_JOB, runAt: now(), payload: { id: row.id, email: input.email, lang } });
  return { id: row.id, email: input.email };
}

function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    doc.on("data", (b: Buffer) => parts.push(b));
    doc.on("end", () => resolve(Buffer.concat(parts)));
    doc.on("error", reject);
  });
}

export function einvoiceEmailJob(mailer: EinvoiceMailer | null) {
  return defineJobKind<z.infer<typeof payload>, null>({
    kind: EINVOICE_EMAIL_JOB,
    payload,
    maxAttempts: 6,
    // The network call is the whole job: nothing is written besides the job being done.
    async prepare(p, { db, job }) {
      if (!mailer) throw new Error("no mailer is configured");
      const row = await db.selectFrom("einvoices").selectAll().where("id", "=", p.id).executeTakeFirst();
      if (!row?.number || !row.xml) return null;
      // Jobs run in Chinese, so the label reads its Chinese, worded again in the reader's language.
      // The renderer (pdfkit and its font, some 20 MB) loads with the first document mailed, not with the server.
      const { renderEinvoicePdf } = await import("./pdf");
      const params = { number: row.number, passenger: row.passengerName, kind: saidDomain(EINVOICE_KIND_LABELS[row.kind as EinvoiceKind]).in(p.lang) };
      await mailer.send({
        to: p.email,
        key: `einvoice-${job.id}`,
        subject: said("einvoice.mailSubject", params).in(p.lang),
        text: said("einvoice.mailBody", params).in(p.lang),
        attachments: [
          { filename: `${row.number}.pdf`, content: await pdfBytes(renderEinvoicePdf(row)), contentType: "application/pdf" },
          { filename: `${row.number}.xml`, content: Buffer.from(row.xml, "utf8"), contentType: "application/xml" },
        ],
      });
      return null;
    },
    async run() {},
  });
}
