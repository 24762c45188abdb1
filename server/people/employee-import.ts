// Employee imports from xlsx: the template (with the company's trip levels and departments to
// pick from), every row checked with the employee form's schema plus the mobile rules, and the
// valid rows written in one transaction in batches, each active with their sign-in (a 7_0
// member, new or this company's leftover), so 5,000 rows import in seconds.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import { loadExcel } from "../exports/xlsx";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt } from "../services/clock";
import { CERT_TYPES, CERT_TYPE_CODES, label } from "../../src/domain/codes";
import { IMPORT_ROWS_MAX } from "../../src/domain/people/import";
import { maskMobile } from "../../src/domain/people/certificates";
import { EMPLOYEE_IMPORT_COLUMNS, departmentTree, type EmployeeForm, type EmployeeImportCells, type EmployeeImportColumn } from "../../src/domain/people/employee";
import {
  checkEmployeeRow, duplicateMobileErrors,
  type EmployeeImportPreview, type EmployeeImportReport, type EmployeeImportRow, type EmployeeLookups,
} from "../../src/domain/people/employee-import";
import { readRows, type SheetSpec } from "./import";
import type { SheetRow } from "../imports/sheet-rows";
import { importSlots } from "../imports/slots";
import { mapInTurns, nextTurn } from "../imports/turns";
import { assertRoom } from "./employees";

const SHEET: SheetSpec<EmployeeImportColumn> = { columns: EMPLOYEE_IMPORT_COLUMNS, dates: new Set(["expiry"]), what: say("people.employees") };
const BATCH = 400;
const SUB_MEMBER_PAYMENTS = "wallet,alipay,wechat,creditpay";

interface Named {
  id: number;
  name: string;
}

/** Department paths (研发部/前端组) for every department, in tree order. */
async function departmentPaths(db: Kysely<Database> | Transaction<Database>, companyId: number): Promise<Named[]> {
  const rows = await db.selectFrom("departments").select(["id", "parentId", "name", "sort"]).where("companyId", "=", companyId).execute();
  const out: Named[] = [];
  const walk = (nodes: ReturnType<typeof departmentTree<(typeof rows)[number]>>, prefix: string) => {
    for (const n of nodes) {
      const path = prefix ? `${prefix}/${n.name}` : n.name;
      out.push({ id: n.id, name: path });
      walk(n.children as never, path);
    }
  };
  walk(departmentTree(rows), "");
  return out;
}

async function lookupsOf(db: Kysely<Database> | Transaction<Database>, companyId: number): Promise<EmployeeLookups> {
  const [paths, levels] = await Promise.all([
    departmentPaths(db, companyId),
    db.selectFrom("trip_levels").select(["id", "name"]).where("companyId", "=", companyId).execute(),
  ]);
  const departments = new Map<string, number>(paths.map((p) => [p.name, p.id]));
  // A bare name stands for its department when no other department has it.
  const byName = new Map<string, number[]>();
  for (const p of paths) {
    const name = p.name.slice(p.name.lastIndexOf("/") + 1);
    byName.set(name, [...(byName.get(name) ?? []), p.id]);
  }
  for (const [name, ids] of byName) if (ids.length === 1 && !departments.has(name)) departments.set(name, ids[0]);
  const tripLevels = new Map<string, number>();
  for (const l of levels) if (!tripLevels.has(l.name)) tripLevels.set(l.name, l.id);
  return { departments, tripLevels };
}

// A drop-down's list is one formula of at most 255 characters.
const listFormula = (values: string[]) => {
  const text = `"${values.map((v) => v.replace(/[",]/g, "")).join(",")}"`;
  return values.length && text.length <= 255 ? text : null;
};

/** The template: the columns on the first sheet, how to fill them (and the names to use) on the second. */
export async function employeeTemplateXlsx(db: Kysely<Database>, companyId: number): Promise<Buffer> {
  const [paths, levels] = await Promise.all([
    departmentPaths(db, companyId),
    db.selectFrom("trip_levels").select("name").where("companyId", "=", companyId).orderBy("id").execute(),
  ]);
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet(say("people.employees"));
  sheet.columns = EMPLOYEE_IMPORT_COLUMNS.map((c) => ({ header: c.title, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  const types = CERT_TYPE_CODES.map((c) => label(CERT_TYPES, c));
  const col = (key: EmployeeImportColumn) => EMPLOYEE_IMPORT_COLUMNS.findIndex((c) => c.key === key) + 1;
  const lists: [EmployeeImportColumn, string | null][] = [
    ["department", listFormula(paths.map((p) => p.name))],
    ["tripLevel", listFormula(levels.map((l) => l.name))],
    ["canAudit", listFormula([say("people.yes"), say("people.no")])],
    ["certType", listFormula(types)],
  ];
  for (let r = 2; r <= 1001; r++) {
    for (const [key, formula] of lists) if (formula) sheet.getCell(r, col(key)).dataValidation = { type: "list", allowBlank: true, formulae: [formula] };
  }
  for (const key of ["mobilePhone", "certNo", "expiry"]) sheet.getColumn(key).numFmt = "@";
  const help = wb.addWorksheet(say("people.instructions"));
  help.columns = [{ width: 16 }, { width: 80 }];
  [
    [say("people.nameMobileNumber"), say("people.requiredMobileNumberRepeatFile")],
    [say("people.sign"), say("people.importedEmployeesAreEnabledSign")],
    [say("people.department"), say("people.departmentNameFullPathE", { name: paths.map((p) => p.name).join("、") || "暂无" })],
    [say("people.travelLevel"), say("people.optionalCompanySTravelLevels", { name: levels.map((l) => l.name).join("、") || "暂无" })],
    [say("people.approvalRight"), say("people.yesNoEmptyMeansNo")],
    [say("people.certificate"), say("people.optionalCertificateTypesPassportNeeds", { types: types.join("、") })],
    [say("people.rows"), say("people.mostRowsPerFile", { IMPORT_ROWS_MAX })],
  ].forEach((r) => help.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Checked {
  preview: EmployeeImportPreview;
  valid: EmployeeForm[];
}

/**
 * Why each mobile may not be imported: already an employee of the company, or the sign-in of a
 * member this company may not take over (only its own leftovers, a deleted employee's, are reused).
 */
async function mobileProblems(db: Kysely<Database> | Transaction<Database>, companyId: number, mobiles: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < mobiles.length; i += BATCH) {
    const chunk = mobiles.slice(i, i + BATCH);
    const [employees, members] = await Promise.all([
      db
        .selectFrom("employees as e")
        .leftJoin("members as m", "m.id", "e.memberId")
        .select((eb) => eb.fn.coalesce("e.mobilePhone", "m.mobilePhone").as("mobilePhone"))
        .where("e.companyId", "=", companyId)
        .where((eb) => eb.or([eb("e.mobilePhone", "in", chunk), eb("m.mobilePhone", "in", chunk)]))
        .execute(),
      db
        .selectFrom("members as m")
        .leftJoin("employees as e", "e.id", "m.creditEmployeeId")
        .select(["m.mobilePhone", "m.memberType", "m.creditMemberId", "m.creditEmployeeId", "e.id as liveEmployee"])
        .where("m.mobilePhone", "in", chunk)
        .execute(),
    ]);
    for (const m of members) {
      const leftover = String(m.memberType) !== "70" && m.creditMemberId === companyId && (m.creditEmployeeId === 0 || m.liveEmployee === null);
      if (!leftover) out.set(m.mobilePhone, say("people.registeredAnotherMemberCompanySign", { mobilePhone: maskMobile(m.mobilePhone) }));
    }
    for (const e of employees) if (e.mobilePhone) out.set(e.mobilePhone, say("people.alreadyEmployeeCompany", { mobilePhone: maskMobile(e.mobilePhone) }));
  }
  return out;
}

type RowChecks = ({ row: number; cells: EmployeeImportCells } & ReturnType<typeof checkEmployeeRow>)[];

/** Each row on its own, with the form's schema and the company's department and trip-level names. */
const checkCells = (rows: SheetRow<EmployeeImportColumn>[], lookups: EmployeeLookups): Promise<RowChecks> =>
  mapInTurns(rows, ({ row, cells }) => ({ row, cells, ...checkEmployeeRow(cells, lookups) }));

const sameMap = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
const sameLookups = (a: EmployeeLookups, b: EmployeeLookups) => sameMap(a.departments, b.departments) && sameMap(a.tripLevels, b.tripLevels);

/** The rows checked, then for mobiles repeated in the file or already taken. */
async function withMobiles(db: Kysely<Database> | Transaction<Database>, companyId: number, checked: RowChecks): Promise<Checked> {
  const mobiles = checked.map((c) => c.value?.mobilePhone ?? (c.cells.mobilePhone || "").trim());
  const problems = await mobileProblems(db, companyId, [...new Set(mobiles.filter((m) => /^1\d{10}$/.test(m)))]);
  const dups = duplicateMobileErrors(mobiles, (m) => problems.get(m) ?? null);
  const valid: EmployeeForm[] = [];
  const results: EmployeeImportRow[] = checked.map((c, i) => {
    const errors = [...c.errors];
    const dup = dups.get(i);
    if (dup) errors.push(dup);
    if (!errors.length && c.value) valid.push(c.value);
    return { row: c.row, realName: c.cells.realName ?? "", mobilePhone: maskMobile(mobiles[i]), department: c.cells.department ?? "", errors };
  });
  return { preview: { rows: results, valid: valid.length, invalid: results.length - valid.length }, valid };
}

/** Every row checked with the form's schema, then for mobiles repeated in the file or already taken. */
export function checkEmployeeFile(db: Kysely<Database>, companyId: number, base64: string): Promise<Checked> {
  return importSlots.run(async () => {
    const rows = await readRows(base64, SHEET);
    return withMobiles(db, companyId, await checkCells(rows, await lookupsOf(db, companyId)));
  });
}

/** Imports the file's valid rows in one transaction: all of them, or (on any failure) none. */
export function importEmployeeFile(db: Kysely<Database>, companyId: number, base64: string): Promise<EmployeeImportReport> {
  return importSlots.run(async () => {
    // The file is read, and each row checked, before the transaction opens: on SQLite a
    // transaction holds the one connection, and every other request's query waits for it.
    const rows = await readRows(base64, SHEET);
    const lookups = await lookupsOf(db, companyId);
    const early = await checkCells(rows, lookups);
    const at = isoAt();
    return db.transaction().execute(async (trx) => {
      // Checked again inside the transaction, so what it found free is still free when
      // written: the rows only when a department or trip level changed meanwhile.
      const current = await lookupsOf(trx, companyId);
      const checked = sameLookups(current, lookups) ? early : await checkCells(rows, current);
      const { preview, valid } = await withMobiles(trx, companyId, checked);
      if (!valid.length) throw new DomainError("badInput", said("people.fileHasNoEmployeesImport"), { errors: { file: said("people.fileHasNoEmployeesImport") } });
      await assertRoom(trx, companyId, valid.length);
      for (let i = 0; i < valid.length; i += BATCH) {
        if (i > 0) await nextTurn();
        await writeBatch(trx, companyId, valid.slice(i, i + BATCH), at);
      }
      return { ...preview, imported: valid.length };
    });
  });
}

async function writeBatch(trx: Transaction<Database>, companyId: number, batch: EmployeeForm[], at: string): Promise<void> {
  const mobiles = batch.map((e) => e.mobilePhone);
  await trx
    .insertInto("employees")
    .values(batch.map((e) => ({
      companyId, status: 1, createTime: at, updateTime: at,
      realName: e.realName, mobilePhone: e.mobilePhone, email: e.email ?? null, departmentId: e.departmentId, position: e.position ?? null,
      employeeLevel: e.employeeLevel ?? null, tripLevelId: e.tripLevelId, canAudit: e.canAudit ? 1 : 0,
      certificates: JSON.stringify(e.certificates.map((c) => ({ certType: c.certType, certNo: c.certNo, expiry: c.expiry ?? null, issueCountry: c.issueCountry ?? null }))),
    })))
    .execute();
  // The unique (company, mobile) index makes the mobile the new rows' key.
  const ids = new Map(
    (await trx.selectFrom("employees").select(["id", "mobilePhone"]).where("companyId", "=", companyId).where("mobilePhone", "in", mobiles).execute()).map((r) => [r.mobilePhone!, r.id]),
  );
  const leftovers = new Map(
    (await trx.selectFrom("members").select(["id", "mobilePhone"]).where("mobilePhone", "in", mobiles).execute()).map((m) => [m.mobilePhone, m.id]),
  );
  const fresh = batch.filter((e) => !leftovers.has(e.mobilePhone));
  if (fresh.length) {
    await trx
      .insertInto("members")
      .values(fresh.map((e) => ({
        memberType: "10", memberLevel: 1, status: 1, mobilePhone: e.mobilePhone, account: e.mobilePhone, username: e.mobilePhone,
        realName: e.realName, email: e.email ?? null, creditMemberId: companyId, creditEmployeeId: ids.get(e.mobilePhone)!,
        paymentLimits: SUB_MEMBER_PAYMENTS, createTime: at, updateTime: at,
      })))
      .execute();
  }
  for (const e of batch.filter((x) => leftovers.has(x.mobilePhone))) {
    await trx
      .updateTable("members")
      .set({ status: 1, realName: e.realName, email: e.email ?? null, creditMemberId: companyId, creditEmployeeId: ids.get(e.mobilePhone)!, updateTime: at })
      .where("id", "=", leftovers.get(e.mobilePhone)!)
      .execute();
  }
  // Each new employee points at its sign-in: one statement for the batch.
  await trx
    .updateTable("employees")
    .set((eb) => ({ memberId: eb.selectFrom("members").select("members.id").whereRef("members.creditEmployeeId", "=", "employees.id").limit(1) }))
    .where("companyId", "=", companyId)
    .where("id", "in", [...ids.values()])
    .execute();
}
