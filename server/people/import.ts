// Traveller imports from xlsx (exceljs): the template, reading an uploaded file's rows, checking
// every row with the form's schema plus the duplicate rule, and importing the valid rows in one
// transaction. The file travels base64 in the form body, so preview and import are stateless:
// the import reads and checks the same file again.
import type ExcelJS from "exceljs";
import { loadExcel } from "../exports/xlsx";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import { isoAt } from "../services/clock";
import { CERT_TYPES, CERT_TYPE_CODES, label } from "../../src/domain/codes";
import { formatYMD } from "../../src/domain/format";
import { maskCertNo } from "../../src/domain/people/certificates";
import {
  IMPORT_COLUMNS, IMPORT_ROWS_MAX, certKey, duplicateErrors, rowPayload,
  type ImportCells, type ImportColumn, type ImportPreview, type ImportReport, type ImportRowResult,
} from "../../src/domain/people/import";
import { assertRoom, writeTraveller, type Owner, type TravellerInput } from "./travellers";

const BAD_FILE = "无法读取文件，请使用下载的模板（.xlsx）";

/** The template: the columns on the first sheet, how to fill them on the second. */
export async function templateXlsx(): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet("旅客");
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.title, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  const types = CERT_TYPE_CODES.map((c) => label(CERT_TYPES, c));
  // A drop-down of certificate types and sexes for the first rows people fill in.
  for (let r = 2; r <= 1001; r++) {
    sheet.getCell(r, 5).dataValidation = { type: "list", allowBlank: true, formulae: [`"${types.join(",")}"`] };
    sheet.getCell(r, 10).dataValidation = { type: "list", allowBlank: true, formulae: ['"男,女"'] };
  }
  for (const key of ["mobilePhone", "certNo", "expiry", "birthday"]) sheet.getColumn(key).numFmt = "@";
  const help = wb.addWorksheet("填写说明");
  help.columns = [{ width: 16 }, { width: 70 }];
  [
    ["中文姓名", "中文姓名与英文姓名至少填写一个；持护照出行须填写英文姓、英文名"],
    ["证件类型", `可填：${types.join("、")}`],
    ["证件号码", "每行一个证件；同一证件号码不能在文件中重复，也不能与已有旅客重复"],
    ["证件有效期", "格式 YYYY-MM-DD；护照必填，并须填写签发国家"],
    ["出生日期、性别", "填写身份证时按身份证号自动生成，可不填"],
    ["行数", `每个文件最多 ${IMPORT_ROWS_MAX} 行`],
  ].forEach((r) => help.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

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

const DATE_COLUMNS: ReadonlySet<string> = new Set<ImportColumn>(["expiry", "birthday"]);
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

export interface SheetColumn<K extends string> {
  key: K;
  title: string;
}

export interface SheetSpec<K extends string> {
  columns: readonly SheetColumn<K>[];
  /** Columns read as dates (YYYY-MM-DD). */
  dates: ReadonlySet<string>;
  /** What a row is, for "文件中没有旅客数据". */
  what: string;
}

const TRAVELLER_SHEET: SheetSpec<ImportColumn> = { columns: IMPORT_COLUMNS, dates: DATE_COLUMNS, what: "旅客" };

/** The data rows of the first sheet, by the template's header titles; blank rows skipped. */
export async function readRows(base64: string): Promise<{ row: number; cells: ImportCells }[]>;
export async function readRows<K extends string>(base64: string, spec: SheetSpec<K>): Promise<{ row: number; cells: Partial<Record<K, string>> }[]>;
export async function readRows(base64: string, spec: SheetSpec<string> = TRAVELLER_SHEET): Promise<{ row: number; cells: Partial<Record<string, string>> }[]> {
  const wb = new (await loadExcel()).Workbook();
  try {
    await wb.xlsx.load(Buffer.from(base64, "base64") as unknown as ArrayBuffer);
  } catch {
    throw new BizError(RET.BAD_INPUT, BAD_FILE, { errors: { file: BAD_FILE } });
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new BizError(RET.BAD_INPUT, BAD_FILE, { errors: { file: BAD_FILE } });
  const columns = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const found = spec.columns.find((c) => c.title === cellText(cell.value).trim());
    if (found) columns.set(col, found.key);
  });
  if (!columns.size) throw new BizError(RET.BAD_INPUT, "文件第一行须为模板的表头", { errors: { file: "文件第一行须为模板的表头" } });
  const rows: { row: number; cells: Partial<Record<string, string>> }[] = [];
  sheet.eachRow((r, n) => {
    if (n === 1) return;
    const cells: Partial<Record<string, string>> = {};
    for (const [col, key] of columns) {
      const value = r.getCell(col).value;
      const text = spec.dates.has(key) ? dateText(value) : cellText(value).trim();
      if (text) cells[key] = text;
    }
    if (Object.keys(cells).length) rows.push({ row: n, cells });
  });
  const none = `文件中没有${spec.what}数据`;
  if (!rows.length) throw new BizError(RET.BAD_INPUT, none, { errors: { file: none } });
  if (rows.length > IMPORT_ROWS_MAX) throw new BizError(RET.BAD_INPUT, `每个文件最多 ${IMPORT_ROWS_MAX} 行`, { errors: { file: `每个文件最多 ${IMPORT_ROWS_MAX} 行` } });
  return rows;
}

interface Checked {
  preview: ImportPreview;
  valid: TravellerInput[];
}

/** Every row checked with the form's schema, then for numbers repeated in the file or already held. */
export async function checkFile(db: Kysely<Database>, owner: Owner, schema: z.ZodType, base64: string): Promise<Checked> {
  const rows = await readRows(base64);
  const parsed = rows.map(({ row, cells }) => ({ row, cells, result: schema.safeParse(rowPayload(cells)) }));
  const stored = await db
    .selectFrom("traveller_certificates")
    .select(["certType", "certNo"])
    .where("ownerKind", "=", owner.kind)
    .where("ownerId", "=", owner.id)
    .execute();
  const storedKeys = new Set(stored.map((c) => certKey(c.certType, c.certNo)));
  const dups = duplicateErrors(
    parsed.map((p) => (p.result.success ? (p.result.data as TravellerInput).certificates[0] : { certType: null, certNo: null })),
    storedKeys,
  );
  const valid: TravellerInput[] = [];
  const results: ImportRowResult[] = parsed.map((p, i) => {
    const errors = p.result.success ? [] : [...new Set(p.result.error.issues.map((issue) => issue.message))];
    const dup = dups.get(i);
    if (dup) errors.push(dup);
    if (!errors.length) valid.push(p.result.data as TravellerInput);
    const cert = p.result.success ? (p.result.data as TravellerInput).certificates[0] : null;
    return {
      row: p.row,
      name: p.cells.name || [p.cells.surname, p.cells.givenName].filter(Boolean).join("/"),
      certType: cert ? label(CERT_TYPES, cert.certType) : (p.cells.certType ?? ""),
      certNo: maskCertNo(cert?.certNo ?? p.cells.certNo ?? ""),
      errors,
    };
  });
  return { preview: { rows: results, valid: valid.length, invalid: results.length - valid.length }, valid };
}

/** Imports the file's valid rows in one transaction: all of them, or (on any failure) none. */
export async function importFile(db: Kysely<Database>, owner: Owner, schema: z.ZodType, base64: string): Promise<ImportReport> {
  const { preview, valid } = await checkFile(db, owner, schema, base64);
  if (!valid.length) throw new BizError(RET.BAD_INPUT, "文件中没有可导入的旅客", { errors: { file: "文件中没有可导入的旅客" } });
  const at = isoAt();
  await db.transaction().execute(async (trx) => {
    await assertRoom(trx, owner, valid.length);
    for (const input of valid) await writeTraveller(trx, owner, { ...input, id: undefined }, at, true);
  });
  return { ...preview, imported: valid.length };
}
