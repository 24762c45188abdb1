// A month's documents as one zip: each document's PDF and signed XML, and an xlsx index listing
// every document in the zip with its two file names. Nothing is held whole: documents are read
// in keyset chunks; a month of more than a few is put together in a thread of its own
// (zip-thread.ts), so the archive's and the index's many short-lived objects never grow the
// server's own young generation, and its PDFs are drawn in a further thread a few documents
// ahead of the archive (pdf-renderers.ts); each PDF enters the archive once its turn comes and
// the next waits until the archive has taken it (so a slow disk slows the loop instead of
// filling memory), and the index is written row by row by exceljs' streaming writer to a file
// of its own that enters the zip last.
import fs from "node:fs";
import { once } from "node:events";
import archiver from "archiver";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { writeSheet } from "../exports/xlsx";
import { EINVOICE_DIRECTION_LABELS, EINVOICE_INDEX_COLUMNS, type CompanyEinvoiceFilter, type EinvoiceIndexRow } from "../../src/domain/einvoice/company";
import { companyFiledCount, companyFiledDocuments, type FiledDocument } from "./company-list";
import { IN_THREAD_MAX, inThreadRenderers, type PdfRenderers } from "./pdf-renderers";

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
  _afterAppend(entry: ZipEntry): void;
  _archive: { centralOffset: number; centralLength: number; processing: boolean; finish: boolean; finished: boolean };
  _writeCentralFileHeader(entry: unknown): void;
  _writeCentralDirectoryZip64(): void;
  _writeCentralDirectoryEnd(): void;
  isZip64(): boolean;
  _finish(): void;
}

/** The entry of compress-commons, as far as its central directory header reads it. */
interface ZipEntry {
  _offsets: { file: number };
  isZip64(): boolean;
  getGeneralPurposeBit(): { encode(): Buffer };
  getPlatform(): number;
  getVersionNeededToExtract(): number;
  getMethod(): number;
  getTimeDos(): number;
  getCrc(): number;
  getCompressedSize(): number;
  getSize(): number;
  getName(): string;
  getComment(): string;
  getCentralDirectoryExtra(): Buffer;
  getInternalAttributes(): number;
  getExternalAttributes(): number;
}

const ZIP64_MAGIC = 0xffffffff;
const VERSION_MADE_BY = 45;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;

/**
 * An entry's central directory header as one buffer: the fields compress-commons writes one
 * small buffer at a time (each its own allocation), in its order and encoding. Null for what it
 * writes otherwise: a ZIP64 entry, or a name or comment beyond ASCII (whose length it counts in
 * characters unless the entry is flagged UTF-8).
 */
export function centralHeader(ae: ZipEntry): Buffer | null {
  if (ae.isZip64() || ae._offsets.file > ZIP64_MAGIC) return null;
  const name = ae.getName();
  const comment = ae.getComment();
  if (!/^[\x00-\x7f]*$/.test(name + comment)) return null;
  const extra = ae.getCentralDirectoryExtra();
  const b = Buffer.alloc(46 + name.length + extra.length + comment.length);
  const u32 = (v: number, at: number) => b.writeUInt32LE((v & 0xffffffff) >>> 0, at);
  const u16 = (v: number, at: number) => b.writeUInt16LE((v & 0xffff) >>> 0, at);
  u32(CENTRAL_HEADER_SIGNATURE, 0);
  u16((ae.getPlatform() << 8) | VERSION_MADE_BY, 4);
  u16(ae.getVersionNeededToExtract(), 6);
  ae.getGeneralPurposeBit().encode().copy(b, 8);
  u16(ae.getMethod(), 10);
  u32(ae.getTimeDos(), 12);
  u32(ae.getCrc(), 16);
  u32(ae.getCompressedSize(), 20);
  u32(ae.getSize(), 24);
  u16(name.length, 28);
  u16(extra.length, 30);
  u16(comment.length, 32);
  u16(0, 34);
  u16(ae.getInternalAttributes(), 36);
  u32(ae.getExternalAttributes(), 38);
  u32(ae._offsets.file, 42);
  b.write(name, 46, "latin1");
  extra.copy(b, 46 + name.length);
  b.write(comment, 46 + name.length + extra.length, "latin1");
  return b;
}

/** The central directory is kept as headers packed into buffers of this size. */
const CENTRAL_CHUNK = 64 * 1024;

/**
 * archiver keeps every entry's object (name, sizes, times, flags and their buffers, over a kB
 * each) until the end of the zip to write the central directory from them: for a month of
 * 10,000 documents (20,000 entries) that was some 30 MB held for the whole zip, and at the end it
 * wrote each header as some twenty small buffers in one go without letting the file take any.
 * Here each entry's header is made as soon as the entry is written (its sizes, checksum and
 * offset are final then) and packed with the others into a few 64 kB buffers, and the entry
 * itself is let go (its place in the list is kept: the end record counts the list). At the end
 * the packed headers are written a buffer at a time with the event loop let in between: the same
 * bytes in the same order. An entry whose header is written otherwise (ZIP64, a name beyond
 * ASCII) is kept and its header written by compress-commons at its turn.
 */
function packCentralDirectory(archive: archiver.Archiver): void {
  // archiver's zip format keeps its zip stream as its engine.
  const zip = (archive as unknown as { _module: { engine: ZipEnd } })._module.engine;
  const packed: (Buffer | ZipEntry)[] = [];
  let chunk = Buffer.allocUnsafe(CENTRAL_CHUNK);
  let used = 0;
  const flush = () => {
    if (!used) return;
    packed.push(Buffer.from(chunk.subarray(0, used)));
    used = 0;
  };
  const append = zip._afterAppend;
  zip._afterAppend = function (this: ZipEnd, ae: ZipEntry) {
    // Packed before the stream's own step, which ends the zip at once if it was waiting for this entry.
    const header = centralHeader(ae);
    if (!header) {
      flush();
      packed.push(ae);
    } else {
      if (used + header.length > chunk.length) {
        flush();
        if (header.length > chunk.length) chunk = Buffer.allocUnsafe(header.length);
      }
      header.copy(chunk, used);
      used += header.length;
    }
    append.call(this, ae);
    this._entries[this._entries.length - 1] = 0;
  };
  /** compress-commons' own header of a kept entry, gathered into one buffer. */
  const gathered = (entry: ZipEntry): Buffer => {
    const parts: Buffer[] = [];
    zip.write = (c) => {
      if (c) parts.push(typeof c === "string" ? Buffer.from(c) : c);
      return true;
    };
    try {
      zip._writeCentralFileHeader(entry);
    } finally {
      // The stream's own write again (from its prototype).
      delete (zip as Partial<ZipEnd>).write;
    }
    return Buffer.concat(parts);
  };
  zip._finish = function (this: ZipEnd) {
    flush();
    this._archive.centralOffset = this.offset;
    let i = 0;
    const turn = () => {
      try {
        if (i < packed.length) {
          const item = packed[i];
          packed[i++] = EMPTY;
          this.write(Buffer.isBuffer(item) ? item : gathered(item));
          return void setImmediate(turn);
        }
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

const EMPTY = Buffer.alloc(0);

/** Appends one entry and resolves once the archive has written it (or rejects with the zip's failure). */
async function addEntry(archive: archiver.Archiver, source: NodeJS.ReadableStream | Buffer | string, name: string, store: boolean, failed: Promise<never>): Promise<void> {
  const done = once(archive, "entry");
  archive.append(source as never, { name, store });
  await Promise.race([done, failed]);
}

/** Where a zip is put together: on the calling thread, or in a thread of its own. */
export interface ZipAssembly {
  /** The PDFs' renderers (tests give threads that are replaced often); the zip is then assembled on this thread. */
  renderers?: PdfRenderers;
  /** "thread" or "here"; by default a month of more than IN_THREAD_MAX documents goes to a thread. */
  place?: "here" | "thread";
}

/**
 * Writes the zip of the filter's filed documents to `file`; resolves with how many documents it
 * holds. `onProgress` gets the count every ZIP_PROGRESS_EVERY documents. A month of a few
 * documents is assembled here with its PDFs drawn here (starting threads would cost more than
 * it saves); a larger one is assembled in a thread of its own (zip-thread.ts), which draws its
 * PDFs in a further thread, while this one only reads the documents.
 */
export async function writeEinvoiceZip(
  db: Kysely<Database>,
  companyId: number,
  filter: CompanyEinvoiceFilter,
  file: string,
  options: ZipOptions,
  onProgress?: (done: number) => Promise<void> | void,
  assembly: ZipAssembly = {},
): Promise<number> {
  const documents = companyFiledDocuments(db, companyId, filter);
  const place = assembly.renderers ? "here" : (assembly.place ?? ((await companyFiledCount(db, companyId, filter)) > IN_THREAD_MAX ? "thread" : "here"));
  if (place === "thread") return (await import("./zip-thread")).assembleInThread(documents, file, options, onProgress);
  return assembleZip(documents, file, options, onProgress, assembly.renderers ?? inThreadRenderers());
}

/**
 * The zip of `documents` (in the order given) written to `file`, their PDFs drawn by `draw`,
 * which is closed at the end; resolves with how many documents it holds.
 */
export async function assembleZip(
  documents: AsyncIterable<FiledDocument>,
  file: string,
  options: ZipOptions,
  onProgress: ((done: number) => Promise<void> | void) | undefined,
  draw: PdfRenderers,
): Promise<number> {
  const out = fs.createWriteStream(file);
  const closed = once(out, "close");
  closed.catch(() => undefined);
  // PDFs are compressed inside already and are stored. So are the XMLs: each is under a kB, and
  // deflating one starts a compressor of its own (a few hundred kB of native memory, freed only
  // when its stream is collected), which for thousands of them cost more memory and time than
  // the few kB it saved. The index is deflated.
  const archive = archiver("zip", { zlib: { level: 6 } });
  archive.on("warning", (err) => archive.emit("error", err));
  // A write that fails (a full disk) or the archive's own error ends the zip where it is next
  // awaited: never as an unhandled error, which would end the server, nor with the rest of the
  // zip piling up in memory behind a file that takes nothing more.
  const failed = new Promise<never>((_, reject) => {
    out.on("error", reject);
    archive.on("error", reject);
  });
  failed.catch(() => undefined);
  packCentralDirectory(archive);
  archive.pipe(out);
  const indexFile = `${file}.index.xlsx`;
  const seen = new Set<string>();
  async function* indexRows(): AsyncIterable<EinvoiceIndexRow> {
    // The documents whose PDFs are being drawn, oldest first: at most `depth` of them, so the
    // threads always have the next one while the oldest enters the archive.
    const ahead: { d: FiledDocument; name: string; pdf: Promise<Uint8Array> }[] = [];
    const settle = async (): Promise<EinvoiceIndexRow> => {
      const { d, name, pdf } = ahead.shift()!;
      const pdfFile = `PDF/${name}.pdf`;
      const xmlFile = `XML/${name}.xml`;
      const bytes = await pdf;
      await addEntry(archive, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), pdfFile, true, failed);
      await addEntry(archive, d.row.xml ?? "", xmlFile, true, failed);
      return indexRow(d, pdfFile, xmlFile);
    };
    for await (const d of documents) {
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
    const count = await writeSheet(indexFile, { name: options.sheetName, columns: EINVOICE_INDEX_COLUMNS }, indexRows(), onProgress, ZIP_PROGRESS_EVERY);
    await addEntry(archive, fs.createReadStream(indexFile), options.indexName, false, failed);
    await Promise.race([archive.finalize(), failed]);
    await Promise.race([closed, failed]);
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
