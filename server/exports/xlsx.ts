// One sheet written row by row with exceljs' streaming writer, so a 100,000-row bill never sits
// in memory as a workbook: each committed row goes to the file and is forgotten.
import { once } from "node:events";
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { ExportColumn } from "../../src/domain/exports";

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

function cellOf(value: unknown, kind: ExportColumn<unknown>["kind"]): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (kind) {
    // Integer fen to yuan happens here, at the edge: the cell is a number Excel can sum.
    case "money":
      return Number(value) / 100;
    case "int":
      return Number(value);
    case "date":
    case "datetime":
      return dateCell(value, kind);
    default:
      return String(value);
  }
}

function widthOf(column: ExportColumn<unknown>): number {
  if (column.width) return column.width;
  const header = [...column.header].length * 2 + 2;
  const byKind = { money: 14, int: 10, date: 12, datetime: 20, text: 16 }[column.kind];
  return Math.max(header, byKind);
}

const numFmtOf = (kind: ExportColumn<unknown>["kind"]): string | undefined =>
  kind === "money" ? MONEY_FORMAT : kind === "date" ? "yyyy-mm-dd" : kind === "datetime" ? "yyyy-mm-dd hh:mm" : undefined;

/** Rows written between two looks at the compressor's backlog. */
const PACE_ROWS = 250;

/**
 * Lets the zip compressor catch up with the rows. A committed row's XML is handed straight to
 * the sheet's zip entry, which never says no; and the rows come from promises that settle
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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.name, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: widthOf(c as ExportColumn<unknown>),
    style: numFmtOf(c.kind) ? { numFmt: numFmtOf(c.kind) } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  // Values by position: exceljs maps an object row through its column keys cell by cell, which
  // is most of the time a large export spends.
  const keys = spec.columns.map((c) => c.key);
  const kinds = spec.columns.map((c) => c.kind);
  // One style object per column, shared by all its cells: exceljs looks a cell's style up by
  // object identity and otherwise renders it to XML to find its index, cell by cell, which was
  // half of a large export's time. Every data cell gets exactly its column's style either way.
  const styles = spec.columns.map((c) => {
    const numFmt = numFmtOf(c.kind);
    return (numFmt ? { numFmt } : {}) as Partial<ExcelJS.Style>;
  });
  // The row's own style is looked up the same way (exceljs' typings leave it out).
  const rowStyle = {} as Partial<ExcelJS.Style>;
  for await (const row of rows) {
    const values = new Array<ExcelJS.CellValue>(keys.length);
    for (let i = 0; i < keys.length; i++) values[i] = cellOf(row[keys[i]], kinds[i]);
    const added = sheet.addRow(values);
    (added as ExcelJS.Row & { style: Partial<ExcelJS.Style> }).style = rowStyle;
    for (let i = 0; i < keys.length; i++) added.getCell(i + 1).style = styles[i];
    added.commit();
    count += 1;
    if (count % PACE_ROWS === 0) await letCompressorCatchUp(sheet);
    if (onProgress && count % progressEvery === 0) await onProgress(count);
  }
  if (spec.totals) {
    const values: Record<string, ExcelJS.CellValue> = {};
    spec.columns.forEach((c, i) => {
      const total = spec.totals?.[c.key];
      if (total !== undefined) values[c.key] = cellOf(total, c.kind);
      else if (i === 0) values[c.key] = TOTALS_LABEL;
    });
    const totalsRow = sheet.addRow(values);
    totalsRow.font = { bold: true };
    totalsRow.commit();
  }
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
