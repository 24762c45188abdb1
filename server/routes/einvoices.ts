// Reimbursement documents (报销凭证) of a member's own orders: ask for one on a ticket, list an
// order's, read one; the PDF and the signed XML are files, answered outside the JSON envelope.
import type { FastifyInstance } from "fastify";
import { defineRoute, sessionTokenOf } from "../services/http/route";
import { resolveSession } from "../services/accounts/sessions";
import { fail, RET, MSG } from "../services/http/envelope";
import { domainEnvelope } from "../services/http/domain-envelope";
import { isDomainError } from "../services/domain-error";
import { said } from "../services/i18n/text";
import { callerLang } from "../services/i18n/caller-lang";
import type { AppContext } from "../services/context";
import { EINVOICE_PATHS, einvoiceEmailSchema, einvoiceIdSchema, einvoiceListSchema, einvoiceRequestSchema } from "../../src/domain/einvoice/schemas";
import { einvoiceDetail, einvoiceRowFor, einvoicesOfOrder, requestEinvoice } from "../einvoices/documents";
import { queueEinvoiceEmail } from "../einvoices/email-job";

const TAGS = ["einvoices"];

export const einvoiceRoutes = [
  defineRoute({
    method: "POST",
    url: EINVOICE_PATHS.request,
    summary: "申请报销凭证（每张客票每种凭证一份；因公抬头为企业，因私可选个人或自己的抬头）",
    tags: TAGS,
    access: "member",
    input: einvoiceRequestSchema,
    handler: ({ input, member, ctx }) => requestEinvoice(ctx.db, member!, input),
  }),
  defineRoute({
    method: "POST",
    url: EINVOICE_PATHS.list,
    summary: "订单的报销凭证（含红字凭证）",
    tags: TAGS,
    access: "member",
    input: einvoiceListSchema,
    handler: ({ input, member, ctx }) => einvoicesOfOrder(ctx.db, member!, input.orderId),
  }),
  defineRoute({
    method: "POST",
    url: EINVOICE_PATHS.detail,
    summary: "一份报销凭证",
    tags: TAGS,
    access: "member",
    input: einvoiceIdSchema,
    handler: ({ input, member, ctx }) => einvoiceDetail(ctx.db, member!, input.id),
  }),
  defineRoute({
    method: "POST",
    url: EINVOICE_PATHS.email,
    summary: "把已开具的报销凭证（PDF 与 XML 附件）发送到邮箱",
    tags: TAGS,
    access: "member",
    input: einvoiceEmailSchema,
    handler: ({ input, member, ctx, req }) => queueEinvoiceEmail(ctx.db, member!, input, callerLang(req), ctx.einvoiceMailer ?? null),
  }),
];

/** The document's PDF (inline: the browser previews it) and its signed XML (attachment). */
export function registerEinvoiceFiles(app: FastifyInstance, ctx: AppContext): void {
  for (const format of ["pdf", "xml"] as const) {
    app.post(`/api${EINVOICE_PATHS[format]}`, async (req, reply) => {
      const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
      const token = sessionTokenOf(req, typeof body.token === "string" ? body.token : undefined);
      const member = token ? await resolveSession(ctx.db, token) : null;
      if (!member) return reply.status(401).send(fail(RET.UNAUTHORISED, MSG.sessionExpired.in(callerLang(req))));
      const id = Number(body.id);
      if (!Number.isSafeInteger(id) || id < 1) return reply.status(404).send(fail(RET.NOT_FOUND, said("einvoice.notFound").in(callerLang(req))));
      let row;
      try {
        row = await einvoiceRowFor(ctx.db, member, id);
      } catch (e) {
        if (isDomainError(e)) return reply.status(404).send(domainEnvelope(e, callerLang(req)));
        throw e;
      }
      if (row.status !== "issued" && row.status !== "reversed") return reply.status(409).send(fail(RET.CONFLICT, said("einvoice.notIssued").in(callerLang(req))));
      const name = `${row.number}.${format}`;
      reply.header("cache-control", "no-store");
      if (format === "xml") {
        return reply.header("content-type", "application/xml; charset=utf-8").header("content-disposition", `attachment; filename="${name}"`).send(row.xml);
      }
      // The renderer (pdfkit and its font, some 20 MB) loads with the first PDF asked for, not with the server.
      const { renderEinvoicePdf } = await import("../einvoices/pdf");
      return reply.header("content-type", "application/pdf").header("content-disposition", `inline; filename="${name}"`).send(renderEinvoicePdf(row));
    });
  }
}
