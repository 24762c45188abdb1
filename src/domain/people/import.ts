// Importing travellers from a spreadsheet: the template's columns, one row as the traveller form's
// payload (one certificate per row), and the duplicate rule (a certificate number twice in the
// file, or already held, is an error on every row that carries it). Row checks are the form's own
// schema, so an imported traveller obeys exactly the rules of one typed in.
import { CERT_TYPE_CODES, CERT_TYPES, label, type CertType } from "../codes";
import { maskCertNo, normaliseCertNo } from "./certificates";

/** At most this many rows per file. */
export const IMPORT_ROWS_MAX = 5_000;
/** The uploaded file, base64, at most this long (about 700 KB of xlsx). */
export const IMPORT_FILE_MAX = 960_000;

export const IMPORT_COLUMNS = [
  { key: "name", title: "中文姓名", width: 14 },
  { key: "surname", title: "英文姓", width: 12 },
  { key: "givenName", title: "英文名", width: 14 },
  { key: "mobilePhone", title: "手机号", width: 14 },
  { key: "certType", title: "证件类型", width: 12 },
  { key: "certNo", title: "证件号码", width: 22 },
  { key: "expiry", title: "证件有效期", width: 14 },
  { key: "issueCountry", title: "签发国家", width: 12 },
  { key: "birthday", title: "出生日期", width: 14 },
  { key: "sex", title: "性别", width: 8 },
  { key: "remark", title: "备注", width: 20 },
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]["key"];
export type ImportCells = Partial<Record<ImportColumn, string>>;

/** A type typed as its Chinese name (身份证) or its code (1); unknown text stays as typed. */
export function certTypeFromCell(cell: string): CertType | string {
  const text = cell.trim();
  if (/^\d$/.test(text) && CERT_TYPE_CODES.includes(Number(text) as CertType)) return Number(text) as CertType;
  const found = CERT_TYPE_CODES.find((c) => label(CERT_TYPES, c) === text);
  return found ?? text;
}

/** One spreadsheet row as the traveller form's payload. */
export function rowPayload(cells: ImportCells): Record<string, unknown> {
  const cell = (k: ImportColumn) => (cells[k] ?? "").trim();
  const sex = cell("sex");
  return {
    name: cell("name"),
    surname: cell("surname"),
    givenName: cell("givenName"),
    mobilePhone: cell("mobilePhone"),
    birthday: cell("birthday"),
    sex: sex === "男" ? 1 : sex === "女" ? 2 : sex,
    remark: cell("remark"),
    certificates: [{ certType: cell("certType") ? certTypeFromCell(cell("certType")) : "", certNo: cell("certNo"), expiry: cell("expiry"), issueCountry: cell("issueCountry") }],
  };
}

/** The key a certificate is unique by: its type and normalised number. */
export const certKey = (certType: unknown, certNo: unknown) => `${String(certType)}:${normaliseCertNo(String(certNo ?? ""))}`;

/**
 * Rows (by index) whose certificate appears in another row of the file, or among the stored
 * ones, with the message for each.
 */
export function duplicateErrors(rows: { certType: unknown; certNo: unknown }[], stored: ReadonlySet<string>): Map<number, string> {
  const seen = new Map<string, number[]>();
  rows.forEach((r, i) => {
    if (!r.certNo) return;
    const key = certKey(r.certType, r.certNo);
    seen.set(key, [...(seen.get(key) ?? []), i]);
  });
  const out = new Map<number, string>();
  for (const [key, indexes] of seen) {
    const masked = maskCertNo(key.slice(key.indexOf(":") + 1));
    if (stored.has(key)) for (const i of indexes) out.set(i, `证件号码 ${masked} 已属于其他旅客`);
    else if (indexes.length > 1) for (const i of indexes) out.set(i, `证件号码 ${masked} 在文件中重复`);
  }
  return out;
}

export interface ImportRowResult {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  name: string;
  certType: string;
  /** Masked, as lists show it. */
  certNo: string;
  errors: string[];
}

export interface ImportPreview {
  rows: ImportRowResult[];
  valid: number;
  invalid: number;
}

export interface ImportReport extends ImportPreview {
  imported: number;
}
