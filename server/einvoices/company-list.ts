// The company's reimbursement documents for its finance user (发票管理): the filtered set as a
// page with the totals of the whole set, the issued ones of a month in keyset chunks for the
// month's zip, and one document checked to the company. Scoping comes first and is no filter
// the caller can change: only the documents made out on the caller's company's business trips.
// A month is the Beijing calendar month the document was issued in; (companyId, issuedAt, id)
// serves it (migration 126).
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { said } from "../services/i18n/text";
import { DomainError } from "../services/domain-error";
import { offsetOf } from "../services/http/paging";
import { inChunks } from "../exports/xlsx";
import { memberTypeKey } from "../../src/domain/member";
import { maskCertNo } from "../../src/domain/people/certificates";
import { EINVOICE_KIND_LABELS, EINVOICE_STATE_LABELS, type EinvoiceKind, type EinvoiceState } from "../../src/domain/einvoice/kinds";
import type { CompanyEinvoiceFilter, CompanyEinvoiceListInput, CompanyEinvoicePage, CompanyEinvoiceRow } from "../../src/domain/einvoice/company";
import type { EinvoiceRow } from "./documents";

const NO_COMPANY = said("einvoiceFinance.noCompany");
const FOREIGN_DEPARTMENT = said("einvoiceFinance.foreignDepartment");
const NOT_FOUND = said("einvoice.notFound");

/** Documents with files: issued, or issued and reversed since (the original stays filed). */
export const FILED_STATES = ["issued", "reversed"] as const;

type Q = SelectQueryBuilder<Database & { e: Database["einvoices"]; o: Database["orders"] }, "e" | "o", object>;

/** The company a finance user reads: the administrator's own; anyone else has none. */
export function financeCompanyOf(member: Member): number {
  if (memberTypeKey(member) !== "70" || !(member.creditMemberId > 0)) throw new DomainError("forbidden", NO_COMPANY);
  return member.creditMemberId;
}

/** The first instant of a Beijing month and of the month after it, as stored (ISO, UTC). */
export function monthRange(month: string): [string, string] {
  const [y, m] = month.split("-").map(Number);
  const start = new Date(Date.UTC(y, m - 1, 1) - 8 * 3600_000).toISOString();
  const end = new Date(Date.UTC(y, m, 1) - 8 * 3600_000).toISOString();
  return [start, end];
}

/** Typed wildcards are dropped: a name with _ must not match any character. */
const contains = (text: string) => `%${text.replace(/[%_\\]/g, "")}%`;

async function scoped(db: Kysely<Database>, companyId: number, f: CompanyEinvoiceFilter): Promise<Q> {
  let q = db.selectFrom("einvoices as e").innerJoin("orders as o", "o.id", "e.orderId").where("e.companyId", "=", companyId) as Q;
  if (f.month) {
    const [start, end] = monthRange(f.month);
    q = q.where("e.issuedAt", ">=", start).where("e.issuedAt", "<", end);
  }
  if (f.kind) q = q.where("e.kind", "=", f.kind);
  if (f.status) q = q.where("e.status", "=", f.status);
  if (f.travellerName) q = q.where("e.passengerName", "like", contains(f.travellerName));
  if (f.departmentId !== undefined) {
    const departmentId = f.departmentId;
    const d = await db.selectFrom("departments").select("companyId").where("id", "=", departmentId).executeTakeFirst();
    if (!d || d.companyId !== companyId) throw new DomainError("forbidden", FOREIGN_DEPARTMENT);
    // The traveller's department (the employee the order is for; the booker when booked for
    // themself), as the enterprise bill counts it.
    q = q.where((eb) => eb.fn.coalesce("o.travellerMemberId", "o.bookerMemberId"), "in", (eb) =>
      eb.selectFrom("members as m").innerJoin("employees as em", "em.id", "m.creditEmployeeId").select("m.id").where("em.departmentId", "=", departmentId),
    );
  }
  return q;
}

type Listed = EinvoiceRow & { orderNo: string; travellerId: number | null };

/** The departments of the rows' travellers, one query per page or chunk. */
async function departmentsOf(db: Kysely<Database>, rows: Listed[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.travellerId === null ? [] : [r.travellerId])))];
  if (!ids.length) return new Map();
  const found = await db
    .selectFrom("members as m")
    .innerJoin("employees as em", "em.id", "m.creditEmployeeId")
    .leftJoin("departments as d", "d.id", "em.departmentId")
    .select(["m.id", "d.name"])
    .where("m.id", "in", ids)
    .execute();
  return new Map(found.map((r) => [r.id, r.name ?? ""]));
}

const selectListed = (q: Q) =>
  q.selectAll("e").select(["o.orderNo"]).select((eb) => eb.fn.coalesce("o.travellerMemberId", "o.bookerMemberId").as("travellerId"));

function rowOf(r: Listed, departments: Map<number, string>): CompanyEinvoiceRow {
  return {
    id: r.id, orderId: r.orderId, orderNo: r.orderNo, number: r.number, kind: r.kind, kindLabel: EINVOICE_KIND_LABELS[r.kind as EinvoiceKind] ?? r.kind,
    direction: r.direction as "blue" | "red", status: r.status, statusLabel: EINVOICE_STATE_LABELS[r.status as EinvoiceState] ?? r.status, issuedAt: r.issuedAt,
    passengerName: r.passengerName, certNoMasked: maskCertNo(r.certNo), departmentName: (r.travellerId !== null && departments.get(r.travellerId)) || "",
    buyerName: r.buyerName, ticketNo: r.ticketNo, totalFen: r.totalFen, taxFen: r.taxFen, sandbox: r.sandbox === 1,
  };
}

/** One page, newest first, with the count and money totals of the whole filtered set. */
export async function companyEinvoicePage(db: Kysely<Database>, member: Member, input: CompanyEinvoiceListInput): Promise<CompanyEinvoicePage> {
  const companyId = financeCompanyOf(member);
  const { pageNum, pageSize, ...filter } = input;
  const q = await scoped(db, companyId, filter);
  const [rows, sums] = await Promise.all([
    selectListed(q).orderBy("e.id", "desc").limit(pageSize).offset(offsetOf(input)).execute() as Promise<Listed[]>,
    q
      .select((eb) => [eb.fn.countAll().as("n"), eb.fn.coalesce(eb.fn.sum("e.totalFen"), sql.lit(0)).as("totalFen"), eb.fn.coalesce(eb.fn.sum("e.taxFen"), sql.lit(0)).as("taxFen")])
      .executeTakeFirst(),
  ]);
  const departments = await departmentsOf(db, rows);
  const count = toCount(sums?.n);
  return {
    list: rows.map((r) => rowOf(r, departments)),
    total: count,
    pageNum,
    pageSize,
    totals: { count, totalFen: Number(sums?.totalFen ?? 0), taxFen: Number(sums?.taxFen ?? 0) },
  };
}

/** How many filed documents the month's zip holds (its progress total). */
export async function companyFiledCount(db: Kysely<Database>, companyId: number, filter: CompanyEinvoiceFilter): Promise<number> {
  const q = (await scoped(db, companyId, filter)).where("e.status", "in", [...FILED_STATES]);
  const r = await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toCount(r?.n);
}

export type FiledDocument = { row: EinvoiceRow; listed: CompanyEinvoiceRow };

/**
 * The filed documents of the filter, in issue order, read in keyset chunks over (issuedAt, id)
 * so the zip holds one chunk at a time whatever the month's size.
 */
export async function* companyFiledDocuments(db: Kysely<Database>, companyId: number, filter: CompanyEinvoiceFilter, chunk = 100): AsyncIterable<FiledDocument> {
  const base = (await scoped(db, companyId, filter)).where("e.status", "in", [...FILED_STATES]);
  const rows = inChunks<FiledDocument>(async (last, size) => {
    let q = base;
    if (last) {
      const at = last.row.issuedAt!;
      const id = last.row.id;
      q = q.where((eb) => eb.or([eb("e.issuedAt", ">", at), eb.and([eb("e.issuedAt", "=", at), eb("e.id", ">", id)])]));
    }
    const found = (await selectListed(q).orderBy("e.issuedAt").orderBy("e.id").limit(size).execute()) as Listed[];
    const departments = await departmentsOf(db, found);
    return found.map((r) => ({ row: r, listed: rowOf(r, departments) }));
  }, chunk);
  yield* rows;
}

/** One document of the caller's company, or notFound (another company's is not told apart from none). */
export async function companyEinvoiceRow(db: Kysely<Database>, member: Member, id: number): Promise<EinvoiceRow> {
  const companyId = financeCompanyOf(member);
  const row = await db.selectFrom("einvoices").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || row.companyId !== companyId) throw new DomainError("notFound", NOT_FOUND);
  return row;
}

/**
 * The blue documents issued on each of the orders (a statement line links to its order's
 * tickets' documents): the ones a finance user files, a red-letter one belongs with its original.
 */
export async function filedDocumentsOf(db: Kysely<Database>, orderIds: number[]): Promise<Map<number, { id: number; number: string }[]>> {
  const out = new Map<number, { id: number; number: string }[]>();
  const ids = [...new Set(orderIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("einvoices")
      .select(["id", "orderId", "number"])
      .where("orderId", "in", ids.slice(i, i + 500))
      .where("direction", "=", "blue")
      .where("status", "in", [...FILED_STATES])
      .orderBy("id")
      .execute();
    for (const r of rows) out.set(r.orderId, [...(out.get(r.orderId) ?? []), { id: r.id, number: r.number ?? "" }]);
  }
  return out;
}
