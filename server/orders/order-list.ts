// Which orders a page of an order list shows, and how many the list has, read from the party
// rows (order_parties, kept by triggers on orders) through their indexes: the cost follows the
// rows of the page and the party's own orders, never the size of the orders table. The page's
// rows come as the texts kept per order (order_list_rows), joined by primary key.
// Who sees what is the same rule as visibleTo: a member sees the orders they are the member,
// booker or traveller of; a company administrator also every order of the company. An
// administrator's list is two ranges that never share an order (the company's, then their own
// orders of no company or another company), merged in id order.
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { offsetOf, type Page, type ReplyPage } from "../services/http/paging";
import { RawJson } from "../services/http/raw-json";
import { memberTypeKey } from "../../src/domain/member";
import { prepareQuery } from "../db/prepared";
import { filterParties, partyFilterShape, partyFilterValues, type ListFilter, type PartiesQuery, type PartyFilterShape, type PartyFilterValues, type PeopleTable } from "./list-filter";

/** One list of the order centre: a product's orders, and for flights the 政府采购 tab or the other. */
export interface OrderListScope {
  product: string;
  gp: 0 | 1;
  /** Where the list finds a traveller's name. */
  people: PeopleTable;
}

/** One range of party rows: a member's (leaving out one company's orders) or a company's. */
interface Range {
  kind: 0 | 1;
  party: number;
  exceptCompany?: number;
}

/** The ranges a member's lists read: their own orders, and for a company administrator the company's. */
export function rangesOf(member: Member): Range[] {
  const admin = memberTypeKey(member) === "70" && member.creditMemberId > 0;
  if (!admin) return [{ kind: 0, party: member.id }];
  return [
    { kind: 1, party: member.creditMemberId },
    { kind: 0, party: member.id, exceptCompany: member.creditMemberId },
  ];
}

/** The values of a list's queries: range i's party in kind{i}/party{i}, the filters', the page's bounds. */
interface ListParams extends PartyFilterValues, Record<string, unknown> {
  product: string;
  gp: number;
  /** The company whose orders the administrator's own range leaves out. */
  except: number;
  limit: number;
  offset: number;
}

/** What decides the text of a list's queries (compiled once per shape). */
interface ListShape {
  /** Per range, whether it leaves one company's orders out. */
  excepts: boolean[];
  filters: PartyFilterShape;
  people: PeopleTable;
  dir: "asc" | "desc";
}

const shapeKey = (s: ListShape) => `${s.excepts.map(Number).join("")} ${Object.values(s.filters).map(Number).join("")} ${s.people} ${s.dir}`;

function rangeQuery(db: Kysely<Database>, p: ListParams, s: ListShape, i: number): PartiesQuery {
  let q = db
    .selectFrom("order_parties as p")
    .select("p.orderId")
    .where("p.partyKind", "=", p[`kind${i}`] as number)
    .where("p.partyId", "=", p[`party${i}`] as number)
    .where("p.product", "=", p.product)
    .where("p.gp", "=", p.gp);
  if (s.excepts[i]) {
    const except = p.except;
    q = q.where((eb) => eb.or([eb("p.companyId", "is", null), eb("p.companyId", "<>", except)]));
  }
  return filterParties(q, p, s.filters, s.people);
}

/** Filters the maintained counts cannot answer: the total is then counted over the party rows' index. */
const countedByRows = (f: PartyFilterShape) => f.createFrom || f.createBefore || f.orderNo || f.namePattern;

function pageQuery(db: Kysely<Database>, p: ListParams, s: ListShape) {
  const queries = s.excepts.map((_, i) => rangeQuery(db, p, s, i));
  return queries
    .slice(1)
    .reduce((q, next) => q.unionAll(next), queries[0])
    .orderBy("orderId", s.dir)
    .limit(p.limit)
    .offset(p.offset);
}

/** Range i's part of the list's total. */
function totalQuery(db: Kysely<Database>, p: ListParams, s: ListShape, i: number) {
  if (countedByRows(s.filters) || s.excepts[i]) return db.selectFrom(rangeQuery(db, p, s, i).as("r")).select((eb) => eb.fn.countAll<number | string | bigint>().as("n"));
  let c = db
    .selectFrom("order_party_counts as c")
    .select((eb) => eb.fn.sum<number | string | bigint>("c.n").as("n"))
    .where("c.partyKind", "=", p[`kind${i}`] as number)
    .where("c.partyId", "=", p[`party${i}`] as number)
    .where("c.product", "=", p.product)
    .where("c.gp", "=", p.gp);
  if (s.filters.status) c = c.where("c.status", "=", p.status!);
  return c;
}

function listOf(member: Member, scope: OrderListScope, f: ListFilter): { p: ListParams; s: ListShape } {
  const ranges = rangesOf(member);
  const values = partyFilterValues(f);
  const p: ListParams = { ...values, product: scope.product, gp: scope.gp, except: 0, limit: f.pageSize, offset: offsetOf(f) };
  ranges.forEach((r, i) => {
    p[`kind${i}`] = r.kind;
    p[`party${i}`] = r.party;
    if (r.exceptCompany !== undefined) p.except = r.exceptCompany;
  });
  return { p, s: { excepts: ranges.map((r) => r.exceptCompany !== undefined), filters: partyFilterShape(values), people: scope.people, dir: f.orderType } };
}

/** The page's orders with their kept list rows (order_list_rows, by primary key), in no particular order. */
const rowsQuery = (db: Kysely<Database>, p: ListParams, s: ListShape) =>
  db.selectFrom(pageQuery(db, p, s).as("page")).innerJoin("order_list_rows as r", "r.orderId", "page.orderId").select(["page.orderId", "r.version", "r.row"]);

/** The queries of one list page: its orders with their kept rows, and each part of its total. */
export function orderListQueries(db: Kysely<Database>, member: Member, scope: OrderListScope, f: ListFilter) {
  const { p, s } = listOf(member, scope, f);
  return { page: rowsQuery(db, p, s), totals: s.excepts.map((_, i) => totalQuery(db, p, s, i)) };
}

// Built and compiled once per shape: building and compiling the page's and the total's queries
// cost the list about as much CPU as SQLite reading them.
const preparedRows = prepareQuery(rowsQuery, shapeKey);
const preparedTotal = prepareQuery((db, p: ListParams, s: ListShape & { range: number }) => totalQuery(db, p, s, s.range), (s) => `${shapeKey(s)} #${s.range}`);

/** A page of a list as the JSON texts of its rows, in list order. */
export interface ListedRows {
  rows: string[];
  total: number;
}

/**
 * The page's rows as the list sends them, and the list's total. Each row is the text kept in
 * order_list_rows; an order whose text was dropped by a write since (or never made) is assembled
 * by `assemble` (the product's own reading of its orders, given their ids; an order gone
 * meanwhile is left out) and its text kept for the next request, on the condition that no write
 * moved its version on since the page read it: a text made from older rows is never kept.
 */
export async function orderListRows<T extends { id: number }>(
  db: Kysely<Database>, member: Member, scope: OrderListScope, f: ListFilter, assemble: (ids: number[]) => Promise<T[]>,
): Promise<ListedRows> {
  const { p, s } = listOf(member, scope, f);
  const [found, ...counts] = await Promise.all([preparedRows.all(db, p, s), ...s.excepts.map((_, range) => preparedTotal.first(db, p, { ...s, range }))]);
  const total = counts.reduce((sum, c) => sum + toCount(c?.n ?? 0), 0);
  // Sorted here: an ORDER BY over the joined page made SQLite sort it in a temporary b-tree.
  found.sort(s.dir === "desc" ? (a, b) => b.orderId - a.orderId : (a, b) => a.orderId - b.orderId);
  const missing = found.filter((r) => r.row === null);
  if (!missing.length) return { rows: found.map((r) => r.row!), total };
  const made = new Map<number, string>();
  for (const row of await assemble(missing.map((r) => r.orderId))) made.set(row.id, JSON.stringify(row));
  await keepRows(db, missing.flatMap((r) => (made.has(r.orderId) ? [{ orderId: r.orderId, version: r.version, row: made.get(r.orderId)! }] : [])));
  const rows: string[] = [];
  for (const r of found) {
    const text = r.row ?? made.get(r.orderId);
    if (text !== undefined) rows.push(text);
  }
  return { rows, total };
}

/** Keeps made rows whose version is still the one read (a conditional update: a newer write wins). */
async function keepRows(db: Kysely<Database>, rows: { orderId: number; version: number; row: string }[]): Promise<void> {
  // Each row on its own, outside any transaction: a keep never holds one row's lock while waiting
  // for another's, so it can never close a cycle with a move emptying rows of several orders.
  for (const r of rows) {
    try {
      await db.updateTable("order_list_rows").set({ row: r.row }).where("orderId", "=", r.orderId).where("version", "=", r.version).where("row", "is", null).execute();
    } catch {
      // Keeping is a saving, not the answer: the page is right without it, and the next request
      // that shows this order assembles it again.
    }
  }
}

/** A listed page as the reply sends it: the rows' texts placed into the reply as they are. */
export const replyPage = <T>(listed: ListedRows, f: ListFilter): ReplyPage<T> => ({
  list: new RawJson(`[${listed.rows.join(",")}]`),
  total: listed.total,
  pageNum: f.pageNum,
  pageSize: f.pageSize,
});

/** A listed page as objects, for callers inside the server. */
export const parsedPage = <T>(listed: ListedRows, f: ListFilter): Page<T> => ({
  list: listed.rows.map((r) => JSON.parse(r) as T),
  total: listed.total,
  pageNum: f.pageNum,
  pageSize: f.pageSize,
});
