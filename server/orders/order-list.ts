// Which orders a page of an order list shows, and how many the list has, read from the party
// rows (order_parties, kept by triggers on orders) through their indexes: the cost follows the
// rows of the page and the party's own orders, never the size of the orders table.
// Who sees what is the same rule as visibleTo: a member sees the orders they are the member,
// booker or traveller of; a company administrator also every order of the company. An
// administrator's list is two ranges that never share an order (the company's, then their own
// orders of no company or another company), merged in id order.
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { toCount } from "../db";
import { offsetOf } from "../services/http/paging";
import { memberTypeKey } from "../../src/domain/member";
import { filterParties, type ListFilter, type PartiesQuery, type PeopleTable } from "./list-filter";

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

function rangeQuery(db: Kysely<Database>, r: Range, scope: OrderListScope, f: ListFilter): PartiesQuery {
  let q = db
    .selectFrom("order_parties as p")
    .select("p.orderId")
    .where("p.partyKind", "=", r.kind)
    .where("p.partyId", "=", r.party)
    .where("p.product", "=", scope.product)
    .where("p.gp", "=", scope.gp);
  const except = r.exceptCompany;
  if (except !== undefined) q = q.where((eb) => eb.or([eb("p.companyId", "is", null), eb("p.companyId", "<>", except)]));
  return filterParties(q, f, scope.people);
}

/** Filters the maintained counts cannot answer: the total is then counted over the party rows' index. */
const countedByRows = (f: ListFilter) => Boolean(f.createDateStart || f.createDateEnd || f.orderNo || f.travellerName);

/** The queries of one list page: the ids of its orders in list order, and each part of its total. */
export function orderListQueries(db: Kysely<Database>, member: Member, scope: OrderListScope, f: ListFilter) {
  const ranges = rangesOf(member);
  const queries = ranges.map((r) => rangeQuery(db, r, scope, f));
  const page = queries
    .slice(1)
    .reduce((q, next) => q.unionAll(next), queries[0])
    .orderBy("orderId", f.orderType)
    .limit(f.pageSize)
    .offset(offsetOf(f));
  const totals = ranges.map((r, i) => {
    if (countedByRows(f) || r.exceptCompany !== undefined) return db.selectFrom(queries[i].as("r")).select((eb) => eb.fn.countAll().as("n"));
    let c = db
      .selectFrom("order_party_counts as c")
      .select((eb) => eb.fn.sum<number | string | bigint>("c.n").as("n"))
      .where("c.partyKind", "=", r.kind)
      .where("c.partyId", "=", r.party)
      .where("c.product", "=", scope.product)
      .where("c.gp", "=", scope.gp);
    if (f.status !== undefined) c = c.where("c.status", "=", f.status);
    return c;
  });
  return { page, totals };
}

/** The ids of the page's orders in list order, and the list's total. */
export async function orderListPage(db: Kysely<Database>, member: Member, scope: OrderListScope, f: ListFilter): Promise<{ ids: number[]; total: number }> {
  const { page, totals } = orderListQueries(db, member, scope, f);
  const [rows, ...counts] = await Promise.all([page.execute(), ...totals.map((t) => t.executeTakeFirst())]);
  return { ids: rows.map((r) => r.orderId), total: counts.reduce((sum, c) => sum + toCount(c?.n ?? 0), 0) };
}
