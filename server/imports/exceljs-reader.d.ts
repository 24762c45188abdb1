// exceljs' streaming workbook reader on its own, and the part parsers it is built from. Its own
// read() unzips the file in archive order and copies a sheet that comes before the shared
// strings (as Excel writes them) to a temporary file, without any bound; the import reader
// opens each part itself instead (with its limits) and hands the part's stream to these.
declare module "exceljs/lib/stream/xlsx/workbook-reader.js" {
  import type ExcelJS from "exceljs";
  import type { Readable } from "node:stream";

  interface Relationship {
    Id: string;
    Type: string;
    Target: string;
    TargetMode?: string;
  }
  interface SheetModel {
    id: number;
    name: string;
    rId: string;
    state?: string;
  }
  type SharedString = string | { richText: { text: string }[] };

  class WorkbookReader {
    constructor(input: null, options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>);
    workbookRels?: Relationship[];
    model?: { sheets?: SheetModel[] };
    sharedStrings?: SharedString[];
    _parseRels(entry: Readable): Promise<void>;
    _parseWorkbook(entry: Readable): Promise<void>;
    _parseStyles(entry: Readable): Promise<void>;
    /** With the option sharedStrings: "emit", yields each string as it is read. */
    _parseSharedStrings(entry: Readable): AsyncGenerator<{ index: number; text: SharedString }>;
    _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: "worksheet"; value: AsyncIterable<ExcelJS.Row> }>;
  }
  export = WorkbookReader;
}
