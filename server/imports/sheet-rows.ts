// The rows of an uploaded xlsx's first sheet, read as a stream with the limits checked on the
// way: the archive's directory first (how many parts, how much they declare to unpack to), then
// only the parts the rows need, each inflated as it is parsed and refused the moment it unpacks
// to more than it declared; shared strings counted one by one, rows counted as they come. It
// runs in a worker thread (sheet-worker.ts), so even the work below the limits never holds up
// the server's other requests.
import { say } from "../services/i18n/catalogue";
import path from "node:path";
import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import type ExcelJS from "exceljs";
import WorkbookReader from "exceljs/lib/stream/xlsx/workbook-reader.js";
import { formatYMD } from "../../src/domain/format";
import { SheetRefusal, XLSX_LIMITS, XLSX_MESSAGES as MSG, type XlsxLimits } from "./limits";

export interface SheetSpec<K extends string = string> {
  columns: readonly { key: K; title: string }[];
  /** Columns read as dates (YYYY-MM-DD). */
  dates: ReadonlySet<string>;
  /** What a row is, for "文件中没有旅客数据". */
  what: string;
}

export interface SheetRow<K extends string = string> {
  row: number;
  cells: Partial<Record<K, string>>;
}

/** What the worker posts back: the rows, or why the file was refused. */
export type SheetReply = { rows: SheetRow[] } | { refusal: string };

export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  // Dates typed into Excel arrive as Date at UTC midnight.
  if (value instanceof Date) return formatYMD({ year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() });
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((t) => t.text).join("");
    if ("text" in value) return String(value.text);
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    return "";
  }
  return String(value);
}

// Excel counts days from 1899-12-30 (its 1900 leap-year bug included).
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A date cell as YYYY-MM-DD: a Date, an Excel day number (a date typed into a text column), or 2035/1/31. */
function dateText(value: ExcelJS.CellValue): string {
  if (typeof value === "number" && Number.isInteger(value) && value > 0 && value < 2_958_466) {
    const d = new Date(EXCEL_EPOCH_MS + value * 86_400_000);
    return formatYMD({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
  }
  return cellText(value).trim().replace(/[/.]/g, "-");
}

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";

/** A relationship's target as a path in the archive: relative to xl/, or absolute from the root. */
const partPath = (target: string) => (target.startsWith("/") ? target.slice(1) : path.posix.normalize(path.posix.join("xl", target)));

/** The archive's parts by path, refused as soon as their count or declared sizes pass the limits. */
async function directory(zip: ZipFile, limits: XlsxLimits): Promise<Map<string, Entry>> {
  const parts = new Map<string, Entry>();
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    if (parts.size >= limits.entries) throw new SheetRefusal(MSG.entries(limits));
    declared += entry.uncompressedSize;
    if (declared > limits.inflatedBytes) throw new SheetRefusal(MSG.inflated(limits));
    parts.set(entry.fileName, entry);
  }
  return parts;
}

/**
 * Reads the first sheet's rows by the template's header titles (blank rows skipped). Throws
 * SheetRefusal with the person's message for a file that is not a workbook or passes a limit.
 */
export async function readSheetRows(file: Buffer, spec: SheetSpec, limits: XlsxLimits = XLSX_LIMITS): Promise<SheetRow[]> {
  let zip: ZipFile;
  try {
    // Sizes are validated: a part that inflates past its declared size errors at that byte.
    zip = await yauzl.fromBufferPromise(file, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new SheetRefusal(MSG.badFile);
  }
  const opened: Readable[] = [];
  try {
    return await readRows(zip, opened, spec, limits);
  } catch (e) {
    if (e instanceof SheetRefusal) throw e;
    if (/too many bytes/.test(String((e as Error)?.message))) throw new SheetRefusal(MSG.damaged);
    throw new SheetRefusal(MSG.badFile);
  } finally {
    for (const s of opened) s.destroy();
    zip.close();
  }
}

async function readRows(zip: ZipFile, opened: Readable[], spec: SheetSpec, limits: XlsxLimits): Promise<SheetRow[]> {
  const parts = await directory(zip, limits);
  const open = async (name: string): Promise<Readable | null> => {
    const entry = parts.get(name);
    if (!entry) return null;
    const stream = await zip.openReadStreamPromise(entry);
    opened.push(stream);
    return stream;
  };
  const required = async (name: string) => (await open(name)) ?? Promise.reject(new SheetRefusal(MSG.badFile));

  // Shared strings are emitted one by one and kept here, so the count is checked at each.
  const reader = new WorkbookReader(null, { sharedStrings: "emit", styles: "cache", hyperlinks: "ignore", worksheets: "emit", entries: "ignore" });
  await reader._parseRels(await required("xl/_rels/workbook.xml.rels"));
  await reader._parseWorkbook(await required("xl/workbook.xml"));
  const rels = reader.workbookRels ?? [];
  const target = (type: string, fallback: string) => {
    const rel = rels.find((r) => r.Type === REL + type);
    return rel ? partPath(rel.Target) : fallback;
  };
  // Styles say which numbers are dates.
  const styles = await open(target("styles", "xl/styles.xml"));
  if (styles) await reader._parseStyles(styles);
  const strings: NonNullable<typeof reader.sharedStrings> = [];
  const shared = await open(target("sharedStrings", "xl/sharedStrings.xml"));
  if (shared) {
    for await (const { text } of reader._parseSharedStrings(shared)) {
      if (strings.length >= limits.sharedStrings) throw new SheetRefusal(MSG.sharedStrings(limits));
      strings.push(text);
    }
  }
  reader.sharedStrings = strings;

  // The first worksheet in the workbook's order, as exceljs' own worksheets[0].
  const sheetParts = (reader.model?.sheets ?? []).map((s) => rels.find((r) => r.Id === s.rId)).filter((r) => r && r.Type === REL + "worksheet");
  const sheetPath = sheetParts[0] ? partPath(sheetParts[0].Target) : null;
  const sheetStream = sheetPath ? await open(sheetPath) : null;
  if (!sheetStream) throw new SheetRefusal(MSG.badFile);
  const sheetNo = /(\d+)\.xml$/.exec(sheetPath!)?.[1] ?? "1";
  const emitted = reader._parseWorksheet(sheetStream, sheetNo).next();
  if (emitted.done) throw new SheetRefusal(MSG.badFile);
  const sheet = emitted.value.value;

  const columns = new Map<number, string>();
  const rows: SheetRow[] = [];
  let seen = 0;
  for await (const r of sheet) {
    if (++seen > limits.sheetRows) throw new SheetRefusal(MSG.sheetRows(limits));
    if (r.number === 1) {
      r.eachCell((cell, col) => {
        const found = spec.columns.find((c) => c.title === cellText(cell.value).trim());
        if (found) columns.set(col, found.key);
      });
      continue;
    }
    if (!columns.size) throw new SheetRefusal(MSG.noHeader);
    const cells: Partial<Record<string, string>> = {};
    for (const [col, key] of columns) {
      const value = r.getCell(col).value;
      const text = spec.dates.has(key) ? dateText(value) : cellText(value).trim();
      if (text) cells[key] = text;
    }
    if (!Object.keys(cells).length) continue;
    if (rows.length >= limits.dataRows) throw new SheetRefusal(MSG.dataRows(limits));
    rows.push({ row: r.number, cells });
  }
  if (!columns.size) throw new SheetRefusal(MSG.noHeader);
  const none = say("imports.fileHasNoData", { what: spec.what });
  if (!rows.length) throw new SheetRefusal(none);
  return rows;
}
