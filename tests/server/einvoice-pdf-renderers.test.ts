// The worker threads a month's zip draws its PDFs in: a document drawn in a thread is the same
// PDF the server draws itself (its text read back), threads replaced after their share keep
// drawing, a document that cannot be drawn fails alone, and closing ends what is in flight.
import { afterEach, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { createPdfRenderers, type PdfRenderers } from "../../server/einvoices/pdf-renderers";
import { renderEinvoicePdfBytes } from "../../server/einvoices/pdf";
import type { EinvoiceRow } from "../../server/einvoices/documents";

function row(k: number, over: Partial<EinvoiceRow> = {}): EinvoiceRow {
  const ticketNo = `784${String(k).padStart(10, "0")}`;
  return {
    id: k, memberId: 1, companyId: 1, orderId: k, passengerId: k, ticketNo, subjectKey: `flight:${k}:${ticketNo}`, kind: "air", direction: "blue", originalId: null, status: "issued",
    titleType: "company", buyerName: "演示企业有限公司", buyerTaxNo: "91110000MA01234567", email: null, passengerName: ["陈静", "杨帆", "黄磊"][k % 3], certNo: "11010519491231002X",
    detail: JSON.stringify({ item: "运输服务*国内航空旅客运输服务", ticketNo, flightNo: "CA1501", carrier: "中国国际航空", from: "北京", to: "上海", depDate: "2026-03-05", depTime: "08:00", cabin: "经济舱", fare: 60_000, fuelSurcharge: 2_000, developmentFund: 5_000 }),
    totalFen: 67_000, taxableFen: 62_000, exemptFen: 5_000, taxFen: 5_119, rateBp: 900, number: `2631${String(k).padStart(16, "0")}`, issuedAt: "2026-03-05T01:00:00.000Z",
    xml: "<EInvoice/>", issuer: "sandbox", sellerName: "差旅服务有限公司", sellerTaxNo: "91310000MA1FL0000X", sandbox: 1, createTime: "2026-03-05T01:00:00.000Z", updateTime: "2026-03-05T01:00:00.000Z",
    ...over,
  } as EinvoiceRow;
}

const textOf = async (pdf: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text as string;

let renderers: PdfRenderers | null = null;
afterEach(async () => {
  await renderers?.close();
  renderers = null;
});

describe("PDF renderers in worker threads", { timeout: 120_000 }, () => {
  it("draws the same document the server draws, in order, across threads replaced after their share", async () => {
    renderers = createPdfRenderers({ threads: 2, recycleEvery: 2 });
    const pdfs = await Promise.all([1, 2, 3, 4, 5].map((k) => renderers!.render(row(k))));
    for (const [i, pdf] of pdfs.entries()) {
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
      const text = await textOf(pdf);
      expect(text).toContain(`2631${String(i + 1).padStart(16, "0")}`);
      expect(text).toContain("价税合计");
    }
    const here = await textOf(await renderEinvoicePdfBytes(row(3)));
    expect(await textOf(pdfs[2])).toBe(here);
  });

  it("fails a document that cannot be drawn alone, and the next is drawn", async () => {
    renderers = createPdfRenderers({ threads: 1 });
    await expect(renderers.render(row(1, { detail: "not json" }))).rejects.toThrow(/PDF rendering failed/);
    expect((await renderers.render(row(2))).length).toBeGreaterThan(1000);
  });

  it("rejects what is in flight when closed, and anything after", async () => {
    renderers = createPdfRenderers({ threads: 1 });
    const inFlight = renderers.render(row(1));
    inFlight.catch(() => undefined);
    await renderers.close();
    await expect(inFlight).rejects.toThrow();
    await expect(renderers.render(row(2))).rejects.toThrow(/closed/);
  });
});
