// The company's reimbursement documents for its finance user (发票管理, type 70): the list with
// its totals, the month's zip as an export task, and any one document's PDF and XML, each checked
// to the caller's company. The files are answered outside the JSON envelope.
import type { FastifyInstance } from "fastify";
import { defineRoute, sessionTokenOf } from "../services/http/route";
import { resolveSession } from "../services/accounts/sessions";
import { fail, RET, MSG } from "../services/http/envelope";
import { domainEnvelope } from "../services/http/domain-envelope";
import { isDomainError } from "../services/domain-error";
import { said } from "../services/i18n/text";
import { say } from "../services/i18n/catalogue";
import { callerLang } from "../services/i18n/caller-lang";
import type { AppContext } from "../services/context";
import { defineExport } from "../exports/tasks";
import { COMPANY_EINVOICE_ACCESS, COMPANY_EINVOICE_PATHS, EINVOICE_INDEX_COLUMNS, companyEinvoiceListSchema, companyEinvoiceZipSchema } from "../../src/domain/einvoice/company";
import { companyEinvoicePage, companyEinvoiceRow, companyFiledCount, financeCompanyOf } from "../einvoices/company-list";
import { writeEinvoiceZip } from "../einvoices/month-zip";

const TAGS = ["einvoices"];

export const EINVOICE_ZIP_KIND = "einvoice-zip";

export const einvoiceFinanceRoutes = [
  defineRoute({
    method: "POST",
    url: COMPANY_EINVOICE_PATHS.list,
    summary: "企业的报销凭证（分页；按开票月份、凭证类型、出行人、部门、状态筛选；合计为全部筛选结果的合计；证件号码脱敏）",
    tags: TAGS,
    access: COMPANY_EINVOICE_ACCESS,
    input: companyEinvoiceListSchema,
    handler: ({ input, member, ctx }) => companyEinvoicePage(ctx.db, member!, input),
  }),
  defineExport({
    url: COMPANY_EINVOICE_PATHS.zip,
    summary: "下载一个月的报销凭证（zip：每份凭证的 PDF 与 XML，附 xlsx 凭证清单；与列表相同的筛选，只含已开具与已红冲的凭证）",
    tags: TAGS,
    access: COMPANY_EINVOICE_ACCESS,
    input: companyEinvoiceZipSchema,
    kind: EINVOICE_ZIP_KIND,
    format: "zip",
    fileName: (f) => say("einvoiceFinance.zipFile", { month: f.month }),
    sheetName: say("einvoiceFinance.indexSheet"),
    columns: EINVOICE_INDEX_COLUMNS,
    count: ({ ctx, member, input: f }) => companyFiledCount(ctx.db, financeCompanyOf(member), f),
    // The zip writes its own rows (the index) while it adds each document's files.
    rows: async function* () {},
    write: ({ ctx, member, input: f }, file, progress) =>
      writeEinvoiceZip(ctx.db, financeCompanyOf(member), f, file, { indexName: `${say("einvoiceFinance.indexSheet")}-${f.month}.xlsx`, sheetName: say("einvoiceFinance.indexSheet") }, progress),
  }),
];

/** A document's PDF (inline: the browser previews it) and its signed XML (attachment), for the company's finance user. */
export function registerEinvoiceFinanceFiles(app: FastifyInstance, ctx: AppContext): void {
  for (const format of ["pdf", "xml"] as const) {
    app.post(`/api${COMPANY_EINVOICE_PATHS[format]}`, async (req, reply) => {
      const lang = callerLang(req);
      const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
      const token = sessionTokenOf(req, typeof body.token === "string" ? body.token : undefined);
      const member = token ? await resolveSession(ctx.db, token) : null;
      if (!member) return reply.status(401).send(fail(RET.UNAUTHORISED, MSG.sessionExpired.in(lang)));
      if (!(await ctx.authorize(member, COMPANY_EINVOICE_ACCESS))) return reply.status(403).send(fail(RET.FORBIDDEN, MSG.forbidden.in(lang)));
      const id = Number(body.id);
      if (!Number.isSafeInteger(id) || id < 1) return reply.status(404).send(fail(RET.NOT_FOUND, said("einvoice.notFound").in(lang)));
      let row;
      try {
        row = await companyEinvoiceRow(ctx.db, member, id);
      } catch (e) {
        if (isDomainError(e)) return reply.status(e.code === "forbidden" ? 403 : 404).send(domainEnvelope(e, lang));
        throw e;
      }
      if (row.status !== "issued" && row.status !== "reversed") return reply.status(409).send(fail(RET.CONFLICT, said("einvoice.notIssued").in(lang)));
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
