// What an uploaded xlsx may hold, and what a person is told when it holds more. The file itself
// is at most about 700 KB, but zipped XML inflates up to a thousand times, and ten million
// one-letter shared strings fit in 500 KB: so the limits are on what the file unpacks to, each
// checked while it is read, and reading stops at the first one passed.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import { IMPORT_ROWS_MAX } from "../../src/domain/people/import";

export const XLSX_LIMITS = {
  /**
   * Bytes all the parts of the archive unpack to, as declared and as they really inflate. A
   * full 5,000-row template unpacks to about 3 MB.
   */
  inflatedBytes: 16 * 1024 * 1024,
  /** Parts in the archive (a workbook has a dozen or so). */
  entries: 500,
  /** Distinct texts in the workbook: 5,000 rows of 12 columns, all different, are 60,000. */
  sharedStrings: 100_000,
  /** Rows with data after the header. */
  dataRows: IMPORT_ROWS_MAX,
  /** Rows of the sheet, blank ones (formatted, say) included. */
  sheetRows: 10 * IMPORT_ROWS_MAX,
} as const;

export type XlsxLimits = { [K in keyof typeof XLSX_LIMITS]: number };

const MB = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const XLSX_MESSAGES = {
  badFile: say("imports.fileReadUseDownloadedTemplate"),
  damaged: say("imports.fileDamagedItsUnpackedContent"),
  inflated: (l: XlsxLimits) => say("imports.unpackedFileExceedsMbLimit", { inflatedBytes: MB(l.inflatedBytes) }),
  entries: (l: XlsxLimits) => say("imports.fileHasMoreThanLimit", { entries: l.entries }),
  sharedStrings: (l: XlsxLimits) => say("imports.fileHasMoreThanLimit2", { sharedStrings: l.sharedStrings }),
  dataRows: (l: XlsxLimits) => say("imports.mostRowsPerFile", { dataRows: l.dataRows }),
  sheetRows: (l: XlsxLimits) => say("imports.sheetHasMoreThanLimit", { sheetRows: l.sheetRows }),
  noHeader: say("imports.firstRowFileMustTemplate"),
  memory: say("imports.fileTooComplexReadingRan"),
  timeout: (seconds: number) => say("imports.readingFileTookOverSeconds", { seconds }),
  busy: said("imports.manyFilesAreBeingImported"),
} as const;

/** A file refused while reading it: the message says which limit or fault, in the person's words. */
export class SheetRefusal extends Error {}
