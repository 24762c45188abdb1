// A document rendered as the PDF a traveller files: drawn on the server with pdfkit in the CJK
// font of pdf-font.ts (parsed once per thread, its shaping remembered across documents).
import PDFDocument from "pdfkit";
import { moneyText } from "../../src/domain/money";
import { amountInWords } from "../../src/domain/einvoice/words";
import { rateText } from "../../src/domain/einvoice/tax";
import { EINVOICE_KIND_LABELS, type EinvoiceKind } from "../../src/domain/einvoice/kinds";
import type { EinvoiceDetail } from "./issuer/types";
import type { EinvoiceRow } from "./documents";
import { einvoiceFont } from "./pdf-font";

const money = (fen: number) => moneyText(fen);

/** The document as a PDF stream; the caller pipes it (it ends by itself). */
export function renderEinvoicePdf(row: EinvoiceRow): PDFKit.PDFDocument {
  const d = JSON.parse(row.detail) as EinvoiceDetail;
  // No default font: pdfkit would load Helvetica's metrics for every document only for the CJK
  // font to replace it at once (its types know a font name only, not "none").
  const doc = new PDFDocument({ size: "A4", layout: "landscape", margin: 36, font: null as unknown as string, info: { Title: `${EINVOICE_KIND_LABELS[row.kind as EinvoiceKind]} ${row.number ?? ""}` } });
  doc.registerFont("cjk", einvoiceFont());
  doc.font("cjk");
  const red = row.direction === "red";
  const ink = red ? "#c0392b" : "#1f2d3d";
  const width = doc.page.width - 72;
  doc.fillColor(ink).fontSize(20).text(EINVOICE_KIND_LABELS[row.kind as EinvoiceKind], { align: "center" });
  if (red) doc.fontSize(12).text("（红字）", { align: "center" });
  if (row.sandbox === 1) doc.fillColor("#999999").fontSize(10).text("沙箱环境 · 非正式发票，不可用于报销入账", { align: "center" });
  doc.moveDown(0.5).fillColor("#1f2d3d").fontSize(10);
  doc.text(`发票号码：${row.number ?? ""}`, { continued: true }).text(`    开票日期：${row.issuedAt ? row.issuedAt.slice(0, 10) : ""}`);
  if (red && row.originalId !== null) doc.text(`对应蓝字发票：第 ${row.originalId} 号凭证`);
  doc.moveDown(0.5);

  const line = (label: string, value: string) => doc.text(`${label}：${value}`, { width });
  doc.fontSize(11);
  line("购买方名称", row.buyerName);
  line("购买方统一社会信用代码/纳税人识别号", row.buyerTaxNo ?? "—");
  line("销售方名称", row.sellerName ?? "");
  line("销售方统一社会信用代码/纳税人识别号", row.sellerTaxNo ?? "");
  doc.moveDown(0.5);
  line("项目名称", d.item);
  line(d.hotel ? "入住人" : "旅客姓名", row.passengerName);
  if (row.certNo) line("有效身份证件号码", row.certNo);
  line(d.hotel ? "订单确认号" : "电子客票号码", d.ticketNo);
  if (d.trainNo) line("车次 / 席别", `${d.trainNo} ${d.seat ?? ""}`);
  if (d.hotel) line("酒店 / 房型", `${d.hotel} ${d.room ?? ""}`);
  if (d.checkIn) line("入住 / 离店", `${d.checkIn} — ${d.checkOut ?? ""}（${d.nights ?? ""}晚 × ${d.rooms ?? 1}间）`);
  if (d.flightNo) line("承运人 / 航班号", `${d.carrier ?? ""} ${d.flightNo}`);
  if (d.from && d.to) line("自 / 至", `${d.from} — ${d.to}`);
  if (d.depDate) line("日期 / 时间", `${d.depDate} ${d.depTime ?? ""}`);
  if (d.cabin) line("座位等级", d.cabin);
  doc.moveDown(0.5);
  // A red-letter document reverses what was refunded, which need not be the whole fare: it
  // prints its own amounts only.
  if (!red && d.fare !== undefined) line("票价", money(d.fare));
  if (!red && d.fuelSurcharge !== undefined) line("燃油附加费", money(d.fuelSurcharge));
  if (d.developmentFund !== undefined) line("民航发展基金（不征税）", money(row.exemptFen));
  line("金额（不含税）", money(row.taxableFen - row.taxFen));
  line("税率", rateText(row.rateBp));
  line("税额", money(row.taxFen));
  doc.moveDown(0.5).fontSize(13);
  line("价税合计（大写）", amountInWords(row.totalFen));
  line("价税合计（小写）", money(row.totalFen));
  doc.end();
  return doc;
}

/** The document's PDF as bytes in a buffer of their own (so they can be moved to another thread whole). */
export async function renderEinvoicePdfBytes(row: EinvoiceRow): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of renderEinvoicePdf(row) as unknown as AsyncIterable<Uint8Array>) {
    chunks.push(chunk);
    size += chunk.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
