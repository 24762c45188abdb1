// A month's documents as one zip: each document's PDF and signed XML, and an xlsx index listing
// every document in the zip with its two file names. Nothing is held whole: documents are read
// in keyset chunks, each PDF is rendered when its turn comes and streamed into the archive, the
// next waits until the archive has taken it (so a slow disk slows the loop instead of filling
// memory), and the index is written row by row by exceljs' streaming writer to a file of its own
// that enters the zip last.
import fs from "node:fs";
import { once } from "node:events";
import archiver from "archiver";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { writeSheet } from "../exports/xlsx";
import { EINVOICE_DIRECTION_LABELS, EINVOICE_INDEX_COLUMNS, type CompanyEinvoiceFilter, type EinvoiceIndexRow } from "../../src/domain/einvoice/company";
import { companyFiledDocuments, type FiledDocument } from "./company-list";
import { renderEinvoicePdf } from "./pdf";

/** Documents between two progress writes: a PDF takes tens of ms, so this beats every few seconds. */
export const ZIP_PROGRESS_EVERY = 50;

export interface ZipOptions {
  /** The index's name inside the zip and its sheet's name. */
  indexName: string;
  sheetName: string;
}

/** A file name for a document: its number, else its id (a file name never carries a path). */
const baseName = (d: FiledDocument) => (d.row.number ?? `einvoice-${d.row.id}`).replace(/[^\w.-]/g, "_");

function indexRow(d: FiledDocument, pdfFile: string, xmlFile: string): EinvoiceIndexRow {
  const l = d.listed;
  return {
    pdfFile, xmlFile, number: l.number ?? "", kindLabel: l.kindLabel, directionLabel: EINVOICE_DIRECTION_LABELS[l.direction], statusLabel: l.statusLabel,
    issuedAt: l.issuedAt ?? "", passengerName: l.passengerName, certNoMasked: l.certNoMasked, departmentName: l.departmentName, orderNo: l.orderNo,
    ticketNo: l.ticketNo, buyerName: l.buyerName, totalFen: l.totalFen, taxFen: l.taxFen,
  };
}

/** Appends one entry and resolves once the archive has written it (or rejects with its error). */
async function addEntry(archive: archiver.Archiver, source: NodeJS.ReadableStream | string, name: string, store: boolean): Promise<void> {
  const done = once(archive, "entry");
  archive.append(source as never, { name, store });
  await done;
}

/**
 * Writes the zip of the filter's filed documents to `file`; resolves with how many documents it
 * holds. `onProgress` gets the count every ZIP_PROGRESS_EVERY documents.
 */
export async function writeEinvoiceZip(
  db: Kysely<Database>,
  companyId: number,
  filter: CompanyEinvoiceFilter,
  file: string,
  options: ZipOptions,
  onProgress?: (done: number) => Promise<void> | void,
): Promise<number> {
  const out = fs.createWriteStream(file);
  const closed = once(out, "close");
  // PDFs are compressed inside already and are stored; the XMLs and the index are deflated.
  const archive = archiver("zip", { zlib: { level: 6 } });
  archive.on("warning", (err) => archive.emit("error", err));
  archive.pipe(out);
  const indexFile = `${file}.index.xlsx`;
  const seen = new Set<string>();
  async function* documents(): AsyncIterable<EinvoiceIndexRow> {
    for await (const d of companyFiledDocuments(db, companyId, filter)) {
      let name = baseName(d);
      // Two documents never share a number, but a document without one is named by its id: keep names unique anyway.
      if (seen.has(name)) name = `${name}-${d.row.id}`;
      seen.add(name);
      const pdfFile = `PDF/${name}.pdf`;
      const xmlFile = `XML/${name}.xml`;
      await addEntry(archive, renderEinvoicePdf(d.row) as unknown as NodeJS.ReadableStream, pdfFile, true);
      await addEntry(archive, d.row.xml ?? "", xmlFile, false);
      yield indexRow(d, pdfFile, xmlFile);
    }
  }
  try {
    const count = await writeSheet(indexFile, { name: options.sheetName, columns: EINVOICE_INDEX_COLUMNS }, documents(), onProgress, ZIP_PROGRESS_EVERY);
    await addEntry(archive, fs.createReadStream(indexFile), options.indexName, false);
    await archive.finalize();
    await closed;
    return count;
  } catch (e) {
    archive.abort();
    out.destroy();
    throw e;
  } finally {
    await fs.promises.rm(indexFile, { force: true }).catch(() => undefined);
  }
}
