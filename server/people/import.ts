// Traveller imports from xlsx (exceljs): the template, reading an uploaded file's rows, checking
// every row with the form's schema plus the duplicate rule, and importing the valid rows in one
// transaction. The file travels base64 in the form body, so preview and import are stateless:
// the import reads and checks the same file again.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import { loadExcel } from "../exports/xlsx";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt } from "../services/clock";
import { CERT_TYPES, CERT_TYPE_CODES, label } from "../../src/domain/codes";
import { maskCertNo } from "../../src/domain/people/certificates";
import {
  IMPORT_COLUMNS, IMPORT_ROWS_MAX, certKey, duplicateErrors, rowPayload,
  type ImportCells, type ImportColumn, type ImportPreview, type ImportReport, type ImportRowResult,
} from "../../src/domain/people/import";
import { assertRoom, writeTraveller, type Owner, type TravellerInput } from "./travellers";
import { SheetRefusal } from "../imports/limits";
import { readSheetInWorker } from "../imports/sheet-reader";
import type { SheetRow, SheetSpec } from "../imports/sheet-rows";
import { importSlots } from "../imports/slots";
import { mapInTurns, nextTurn } from "../imports/turns";

export type { SheetSpec } from "../imports/sheet-rows";

/** The template: the columns on the first sheet, how to fill them on the second. */
export async function templateXlsx(): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet(say("people.travellers"));
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.title, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  const types = CERT_TYPE_CODES.map((c) => label(CERT_TYPES, c));
  // A drop-down of certificate types and sexes for the first rows people fill in.
  for (let r = 2; r <= 1001; r++) {
    sheet.getCell(r, 5).dataValidation = { type: "list", allowBlank: true, formulae: [`"${types.join(",")}"`] };
    sheet.getCell(r, 10).dataValidation = { type: "list", allowBlank: true, formulae: ['"男,女"'] };
  }
  for (const key of ["mobilePhone", "certNo", "expiry", "birthday"]) sheet.getColumn(key).numFmt = "@";
  const help = wb.addWorksheet(say("people.instructions"));
  help.columns = [{ width: 16 }, { width: 70 }];
  [
    [say("people.chineseName"), say("people.giveChineseNameEnglishName")],
    [say("people.certificateType"), say("people.allowed", { types: types.join("、") })],
    [say("people.certificateNumber"), say("people.oneCertificatePerRowCertificate")],
    [say("people.certificateExpiry"), say("people.formatYyyyMmDdRequired")],
    [say("people.dateBirthGender"), say("people.filledFromIdCardNumber")],
    [say("people.rows"), say("people.mostRowsPerFile", { IMPORT_ROWS_MAX })],
  ].forEach((r) => help.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const TRAVELLER_SHEET: SheetSpec<ImportColumn> = { columns: IMPORT_COLUMNS, dates: new Set<ImportColumn>(["expiry", "birthday"]), what: say("people.travellers") };

/**
 * The data rows of the first sheet, by the template's header titles; blank rows skipped. Read
 * in a worker thread with the limits on what the file unpacks to; a refusal is the file's error.
 */
export async function readRows(base64: string): Promise<{ row: number; cells: ImportCells }[]>;
export async function readRows<K extends string>(base64: string, spec: SheetSpec<K>): Promise<SheetRow<K>[]>;
export async function readRows(base64: string, spec: SheetSpec = TRAVELLER_SHEET): Promise<SheetRow[]> {
  try {
    return await readSheetInWorker(Buffer.from(base64, "base64"), spec);
  } catch (e) {
    if (e instanceof SheetRefusal) throw new DomainError("badInput", e.message, { errors: { file: e.message } });
    throw e;
  }
}

interface Checked {
  preview: ImportPreview;
  valid: TravellerInput[];
}

/** Every row checked with the form's schema, then for numbers repeated in the file or already held. */
export function checkFile(db: Kysely<Database>, owner: Owner, schema: z.ZodType, base64: string): Promise<Checked> {
  return importSlots.run(async () => checkRows(db, owner, schema, await readRows(base64)));
}

async function checkRows(db: Kysely<Database>, owner: Owner, schema: z.ZodType, rows: SheetRow<ImportColumn>[]): Promise<Checked> {
  const parsed = await mapInTurns(rows, ({ row, cells }) => ({ row, cells, result: schema.safeParse(rowPayload(cells)) }));
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
export function importFile(db: Kysely<Database>, owner: Owner, schema: z.ZodType, base64: string): Promise<ImportReport> {
  return importSlots.run(async () => {
    const { preview, valid } = await checkRows(db, owner, schema, await readRows(base64));
    if (!valid.length) throw new DomainError("badInput", said("people.fileHasNoTravellersImport"), { errors: { file: said("people.fileHasNoTravellersImport") } });
    const at = isoAt();
    await db.transaction().execute(async (trx) => {
      await assertRoom(trx, owner, valid.length);
      for (const [i, input] of valid.entries()) {
        if (i > 0 && i % 200 === 0) await nextTurn();
        await writeTraveller(trx, owner, { ...input, id: undefined }, at, true);
      }
    });
    return { ...preview, imported: valid.length };
  });
}
