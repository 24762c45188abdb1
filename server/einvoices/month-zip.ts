// A month's documents as one zip: each document's PDF and signed XML, and an xlsx index listing
// every document in the zip with its two file names. Nothing is held whole: documents are read
// in keyset chunks, their PDFs are drawn in a worker thread a few documents ahead of the archive
// (pdf-renderers.ts: it draws while this thread reads and writes, and the event loop stays free
// for other requests; a month of a few documents is drawn on this thread, where starting a
// thread would cost more), each PDF enters the archive once its turn comes and the next waits
// until the archive has taken it (so a slow disk slows the loop instead of filling memory), and
// the index is written row by row by exceljs' streaming writer to a file of its own that enters
// the zip last.
import fs from "node:fs";
import { once } from "node:events";
import archiver from "archiver";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { writeSheet } from "../exports/xlsx";
import { EINVOICE_DIRECTION_LABELS, EINVOICE_INDEX_COLUMNS, type CompanyEinvoiceFilter, type EinvoiceIndexRow } from "../../src/domain/einvoice/company";
import { companyFiledCount, companyFiledDocuments, type FiledDocument } from "./company-list";
import { IN_THREAD_MAX, createPdfRenderers, inThreadRenderers, type PdfRenderers } from "./pdf-renderers";

/** Documents between two progress writes: a PDF takes some ms, so this beats every second or so. */
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

/** The zip writer inside archiver (compress-commons' zip stream), as far as its end is written. */
interface ZipEnd {
  write(chunk: Buffer | string): boolean;
  end(): void;
  offset: number;
  _entries: unknown[];
  _archive: { centralOffset: number; centralLength: number; processing: boolean; finish: boolean; finished: boolean };
  _writeCentralFileHeader(entry: unknown): void;
  _writeCentralDirectoryZip64(): void;
  _writeCentralDirectoryEnd(): void;
  isZip64(): boolean;
  _finish(): void;
}

/** Central directory headers written between two turns of the event loop. */
const HEADERS_PER_TURN = 256;

/**
 * archiver writes the zip's central directory (a header of some hundred bytes per entry) at the
 * end, each header as some twenty small writes, all in one go without letting the file take
 * any: for a month of 10,000 documents (20,000 entries) that was 400,000 small buffers alive
 * together, well over a hundred MB at the very end of the zip. Here each header's writes are
 * gathered into one buffer, and the headers are written a few hundred at a time with the event
 * loop let in between, so the file takes them as they come: the same bytes in the same order
 * (the end records as compress-commons writes them).
 */
function writeCentralDirectoryInTurns(archive: archiver.Archiver): void {
  // archiver's zip format keeps its zip stream as its engine.
  const zip = (archive as unknown as { _module: { engine: ZipEnd } })._module.engine;
  const header = (entry: unknown) => {
    const parts: Buffer[] = [];
    zip.write = (chunk) => {
      if (chunk) parts.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      return true;
    };
    try {
      zip._writeCentralFileHeader(entry);
    } finally {
      // The stream's own write again (from its prototype).
      delete (zip as Partial<ZipEnd>).write;
    }
    zip.write(Buffer.concat(parts));
  };
  zip._finish = function (this: ZipEnd) {
    this._archive.centralOffset = this.offset;
    let i = 0;
    const turn = () => {
      try {
        for (const last = Math.min(i + HEADERS_PER_TURN, this._entries.length); i < last; i++) header(this._entries[i]);
        if (i < this._entries.length) return void setImmediate(turn);
        this._archive.centralLength = this.offset - this._archive.centralOffset;
        if (this.isZip64()) this._writeCentralDirectoryZip64();
        this._writeCentralDirectoryEnd();
        this._archive.processing = false;
        this._archive.finish = true;
        this._archive.finished = true;
        this.end();
      } catch (e) {
        archive.emit("error", e);
      }
    };
    turn();
  };
}

/** Appends one entry and resolves once the archive has written it (or rejects with its error). */
async function addEntry(archive: archiver.Archiver, source: NodeJS.ReadableStream | Buffer | string, name: string, store: boolean): Promise<void> {
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
  renderers?: PdfRenderers,
): Promise<number> {
  // A month of a few documents is drawn here; a larger one in worker threads.
  const draw = renderers ?? ((await companyFiledCount(db, companyId, filter)) > IN_THREAD_MAX ? createPdfRenderers() : inThreadRenderers());
  const out = fs.createWriteStream(file);
  const closed = once(out, "close");
  // PDFs are compressed inside already and are stored; the XMLs and the index are deflated.
  const archive = archiver("zip", { zlib: { level: 6 } });
  archive.on("warning", (err) => archive.emit("error", err));
  writeCentralDirectoryInTurns(archive);
  archive.pipe(out);
  const indexFile = `${file}.index.xlsx`;
  const seen = new Set<string>();
  async function* documents(): AsyncIterable<EinvoiceIndexRow> {
    // The documents whose PDFs are being drawn, oldest first: at most `depth` of them, so the
    // threads always have the next one while the oldest enters the archive.
    const ahead: { d: FiledDocument; name: string; pdf: Promise<Uint8Array> }[] = [];
    const settle = async (): Promise<EinvoiceIndexRow> => {
      const { d, name, pdf } = ahead.shift()!;
      const pdfFile = `PDF/${name}.pdf`;
      const xmlFile = `XML/${name}.xml`;
      const bytes = await pdf;
      await addEntry(archive, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), pdfFile, true);
      await addEntry(archive, d.row.xml ?? "", xmlFile, false);
      return indexRow(d, pdfFile, xmlFile);
    };
    for await (const d of companyFiledDocuments(db, companyId, filter)) {
      let name = baseName(d);
      // Two documents never share a number, but a document without one is named by its id: keep names unique anyway.
      if (seen.has(name)) name = `${name}-${d.row.id}`;
      seen.add(name);
      const pdf = draw.render(d.row);
      // A failure is met when its turn comes; until then it must not count as unhandled.
      pdf.catch(() => undefined);
      ahead.push({ d, name, pdf });
      if (ahead.length >= draw.depth) yield await settle();
    }
    while (ahead.length) yield await settle();
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
    await draw.close();
    await fs.promises.rm(indexFile, { force: true }).catch(() => undefined);
  }
}
