// One sheet written row by row with exceljs' streaming writer, so a 100,000-row bill never sits
// in memory as a workbook: each row's XML goes to the file's compressor and is forgotten.
import { once } from "node:events";
import type { Writable } from "node:stream";
import type ExcelJS from "exceljs";
import type { ExportColumn } from "../../src/domain/exports";
import { fenToYuan } from "../../src/domain/money";

// exceljs is loaded when a file is first written or read, not with the server: the whole package
// (its readers, zip readers and their dependencies) is some 25 MB resident. Exports load only its
// streaming writer; imports and templates the whole package.
let writerClass: Promise<typeof ExcelJS.stream.xlsx.WorkbookWriter> | undefined;
let wholePackage: Promise<typeof ExcelJS> | undefined;
const loadWriter = () => (writerClass ??= import("exceljs/lib/stream/xlsx/workbook-writer.js").then((m) => m.default));
export const loadExcel = () => (wholePackage ??= import("exceljs").then((m) => m.default));

export interface SheetSpec<R> {
  name: string;
  columns: ExportColumn<R>[];
  /** Totals of the whole filtered set (from the database, not summed here), written last. */
  totals?: Partial<Record<keyof R & string, number>>;
}

const MONEY_FORMAT = "#,##0.00";
const BEIJING_OFFSET_MS = 8 * 3600_000;
export const TOTALS_LABEL = "合计";

/**
 * A spreadsheet date has no zone: stored instants are shown as Beijing wall time, the time the
 * company's staff booked and flew in, whatever zone the server runs in.
 */
function dateCell(value: unknown, kind: "date" | "datetime"): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const text = String(value);
  if (kind === "date" && /^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const [y, m, d] = text.split("-").map(Number);
    return new Date(Date.UTC(y, m - 1, d));
  }
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  const shifted = new Date(ms + BEIJING_OFFSET_MS);
  return kind === "date" ? new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate())) : shifted;
}

/** A spreadsheet serial date: days since 1899-12-30, the wall time as if it were UTC. */
const serialOf = (d: Date): number => 25569 + d.getTime() / 86_400_000;

function widthOf(column: ExportColumn<unknown>): number {
  if (column.width) return column.width;
  const header = [...column.header].length * 2 + 2;
  const byKind = { money: 14, int: 10, date: 12, datetime: 20, text: 16 }[column.kind];
  return Math.max(header, byKind);
}

const numFmtOf = (kind: ExportColumn<unknown>["kind"]): string | undefined =>
  kind === "money" ? MONEY_FORMAT : kind === "date" ? "yyyy-mm-dd" : kind === "datetime" ? "yyyy-mm-dd hh:mm" : undefined;

// exceljs' ValueType codes (its enum lives in the package's main module).
const NULL_VALUE = 0 as ExcelJS.ValueType;
const NUMBER_VALUE = 2 as ExcelJS.ValueType;
const STRING_VALUE = 3 as ExcelJS.ValueType;
const DATE_VALUE = 4 as ExcelJS.ValueType;
const VALUE_TYPE_OF: Record<ExportColumn<unknown>["kind"], ExcelJS.ValueType> = {
  text: STRING_VALUE,
  money: NUMBER_VALUE,
  int: NUMBER_VALUE,
  date: DATE_VALUE,
  datetime: DATE_VALUE,
};

// XML text: the five markup characters escaped, and the control characters XML cannot carry
// dropped (as exceljs does).
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/;
const XML_SPECIAL_ALL = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const XML_ESCAPES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" };
const xmlText = (text: string): string => (XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => XML_ESCAPES[c] ?? "") : text);

/** "A", "B", …, "Z", "AA", … for 1, 2, … */
function columnLetters(n: number): string {
  let out = "";
  for (; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** Column styles are registered with the workbook once; cells name them by index. */
type StylesRegistry = { addStyleModel(style: Partial<ExcelJS.Style>, type: ExcelJS.ValueType): number };

/**
 * The XML of one row, written straight into the sheet. exceljs would build a row object, a cell
 * object per value, a model of each and an XML document per row before writing it; that was most
 * of the time of a large export and a stream of short-lived objects whose collections kept the
 * compressor's buffers alive long enough to be promoted (and so held until a full collection).
 * The XML is the one exceljs writes for these values: strings as t="str", numbers as they are,
 * dates as serial numbers, each cell with its column's style.
 */
function rowRenderer<R>(columns: ExportColumn<R>[], styles: StylesRegistry, styleOf: (c: ExportColumn<R>) => Partial<ExcelJS.Style>) {
  const letters = columns.map((_, i) => columnLetters(i + 1));
  const ids = columns.map((c) => styles.addStyleModel(styleOf(c), VALUE_TYPE_OF[c.kind]));
  const attrs = ids.map((id) => (id ? ` s="${id}"` : ""));
  const text = (i: number, rowNumber: number, value: string): string => `<c r="${letters[i]}${rowNumber}"${attrs[i]} t="str"><v>${xmlText(value)}</v></c>`;
  // No value: an empty cell that keeps its column's format, or nothing for an unformatted column.
  const empty = (i: number, rowNumber: number): string => (ids[i] ? `<c r="${letters[i]}${rowNumber}"${attrs[i]}/>` : "");
  const cell = (i: number, rowNumber: number, value: unknown): string => {
    if (value === null || value === undefined) return empty(i, rowNumber);
    const ref = `${letters[i]}${rowNumber}`;
    switch (columns[i].kind) {
      // Integer fen to yuan happens here, at the edge: the cell is a number Excel can sum.
      case "money":
        return `<c r="${ref}"${attrs[i]}><v>${fenToYuan(Number(value))}</v></c>`;
      case "int":
        return `<c r="${ref}"${attrs[i]}><v>${Number(value)}</v></c>`;
      case "date":
      case "datetime": {
        const d = dateCell(value, columns[i].kind as "date" | "datetime");
        return d ? `<c r="${ref}"${attrs[i]}><v>${serialOf(d)}</v></c>` : empty(i, rowNumber);
      }
      default:
        return text(i, rowNumber, String(value));
    }
  };
  /**
   * A row of the columns' values. `label` puts a text in the first column whatever its kind;
   * `sparse` leaves out the cells without a value (the totals row has only its totals).
   */
  return (rowNumber: number, values: (i: number) => unknown, options: { rowStyleId?: number; label?: string; sparse?: boolean } = {}): string => {
    let cells = "";
    let first = 0;
    let last = 0;
    for (let i = 0; i < columns.length; i++) {
      let c: string;
      if (i === 0 && options.label !== undefined) c = text(0, rowNumber, options.label);
      else {
        const value = values(i);
        c = options.sparse && (value === null || value === undefined) ? "" : cell(i, rowNumber, value);
      }
      if (!c) continue;
      cells += c;
      first ||= i + 1;
      last = i + 1;
    }
    const spans = first ? ` spans="${first}:${last}"` : "";
    const style = options.rowStyleId ? ` s="${options.rowStyleId}" customFormat="1"` : "";
    return `<row r="${rowNumber}"${spans}${style} x14ac:dyDescent="0.25">${cells}</row>`;
  };
}

/** Rows written between two looks at the compressor's backlog. */
const PACE_ROWS = 250;

/**
 * Lets the zip compressor catch up with the rows. The sheet's XML is handed straight to the
 * sheet's zip entry, which never says no; and the rows come from promises that settle
 * without ever returning to the event loop (SQLite answers synchronously), so compression, the
 * file writes and every other request would wait for the whole export while its uncompressed
 * XML piled up in memory. Waiting here for the entry's buffer to drain keeps that backlog to a
 * few hundred kB and lets the server answer the progress polls meanwhile. The entry stream is
 * exceljs' own (a stream buffer piping into the archiver); without that shape it only yields.
 */
async function letCompressorCatchUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes;
  const entry = pipes?.[0] as (Writable & { _writableState?: { length: number; highWaterMark: number } }) | undefined;
  const state = entry?._writableState;
  if (entry && state && state.length > state.highWaterMark) await once(entry, "drain");
  else await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Writes the sheet to `filename` and resolves with the number of data rows. `onProgress` is
 * called every `progressEvery` rows (and awaited, so a slow progress write throttles nothing
 * else: the rows come from an async source anyway).
 */
export async function writeSheet<R extends Record<string, unknown>>(
  filename: string,
  spec: SheetSpec<R>,
  rows: AsyncIterable<R>,
  onProgress?: (rowsDone: number) => Promise<void> | void,
  progressEvery = 2000,
): Promise<number> {
  const WorkbookWriter = await loadWriter();
  const workbook = new WorkbookWriter({ filename, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.name, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: widthOf(c as ExportColumn<unknown>),
    style: numFmtOf(c.kind) ? { numFmt: numFmtOf(c.kind) } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  // The header goes through exceljs, which opens the sheet's data with it; every later row is
  // written as XML into the same stream, and exceljs closes the sheet and the workbook.
  sheet.getRow(1).commit();
  const stream = (sheet as unknown as { stream: { write(xml: string): unknown } }).stream;
  const styles = (workbook as unknown as { styles: StylesRegistry }).styles;
  const columns = spec.columns as ExportColumn<R>[];
  const keys = columns.map((c) => c.key);
  const dataRow = rowRenderer(columns, styles, (c) => (numFmtOf(c.kind) ? { numFmt: numFmtOf(c.kind) } : {}));

  let count = 0;
  let pending = "";
  for await (const row of rows) {
    count += 1;
    pending += dataRow(count + 1, (i) => row[keys[i]]);
    if (count % PACE_ROWS === 0) {
      stream.write(pending);
      pending = "";
      await letCompressorCatchUp(sheet);
    }
    if (onProgress && count % progressEvery === 0) await onProgress(count);
  }
  if (spec.totals) {
    const bold = { bold: true } as Partial<ExcelJS.Font>;
    const totalsRow = rowRenderer(columns, styles, (c) => (numFmtOf(c.kind) ? { font: bold, numFmt: numFmtOf(c.kind) } : { font: bold }));
    const rowStyleId = styles.addStyleModel({ font: bold }, NULL_VALUE);
    const totals = spec.totals;
    // The label sits in the first column unless that column has a total of its own.
    const label = totals[keys[0]] === undefined ? TOTALS_LABEL : undefined;
    pending += totalsRow(count + 2, (i) => totals[keys[i]], { rowStyleId, label, sparse: true });
  }
  if (pending) stream.write(pending);
  sheet.commit();
  await workbook.commit();
  return count;
}

/**
 * Reads a large result in keyset chunks, so an export holds at most one chunk in memory on both
 * databases (neither needs a server-side cursor). `fetch` gets the last row of the previous
 * chunk (null first) and returns the next at most `size` rows in the screen's order, continuing
 * after that row (e.g. `(createTime, id) < (last.createTime, last.id)` for newest first).
 * Chunks are small on purpose: a chunk that outlives a few young-generation collections while
 * its rows are written is moved to the old generation, and a 100,000-row export then left some
 * hundred MB of dead rows there; each keyset chunk is an index seek, so more of them cost little.
 */
export async function* inChunks<R>(fetch: (last: R | null, size: number) => Promise<R[]>, size = 250): AsyncIterable<R> {
  let last: R | null = null;
  for (;;) {
    const chunk: (R | undefined)[] = await fetch(last, size);
    const n = chunk.length;
    const tail = chunk[n - 1];
    // Each row is let go once it is handed on, so it dies young instead of being carried into
    // the old generation with the rest of its chunk.
    for (let i = 0; i < n; i++) {
      const row = chunk[i] as R;
      chunk[i] = undefined;
      yield row;
    }
    if (n < size) return;
    last = tail as R;
  }
}
