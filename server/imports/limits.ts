// What an uploaded xlsx may hold, and what a person is told when it holds more. The file itself
// is at most about 700 KB, but zipped XML inflates up to a thousand times, and ten million
// one-letter shared strings fit in 500 KB: so the limits are on what the file unpacks to, each
// checked while it is read, and reading stops at the first one passed.
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
  badFile: "无法读取文件，请使用下载的模板（.xlsx）",
  damaged: "文件已损坏：解压后的内容与文件记录的大小不符，请使用下载的模板（.xlsx）",
  inflated: (l: XlsxLimits) => `文件解压后超过 ${MB(l.inflatedBytes)} MB 的上限，请只保留模板中的数据后重新上传`,
  entries: (l: XlsxLimits) => `文件包含的部件超过 ${l.entries} 个的上限，请使用下载的模板（.xlsx）`,
  sharedStrings: (l: XlsxLimits) => `文件中的文本超过 ${l.sharedStrings} 条的上限，请只保留模板中的数据后重新上传`,
  dataRows: (l: XlsxLimits) => `每个文件最多 ${l.dataRows} 行`,
  sheetRows: (l: XlsxLimits) => `表格超过 ${l.sheetRows} 行（含空行）的上限，请删除多余的空行后重新上传`,
  noHeader: "文件第一行须为模板的表头",
  memory: "文件过于复杂，读取时超出了可用的内存，请减少行数后重新上传",
  timeout: (seconds: number) => `读取文件超过 ${seconds} 秒仍未完成，请减少行数后重新上传`,
  busy: "当前正在导入的文件较多，请稍后再试",
} as const;

/** A file refused while reading it: the message says which limit or fault, in the person's words. */
export class SheetRefusal extends Error {}
