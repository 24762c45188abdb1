// An orders bill's count and totals read from bill_days (migration 109: the orders' sums per
// scope, product, booking day and status, kept by triggers in the transaction that writes an
// order), so a month of a large company is a few hundred summary rows rather than every order.
// Only filters of that grain can be answered here: a traveller's name, an order number or a
// department are not in the summary, and a bill filtered by one is totalled from the orders of
// its scope and range (an index-bounded read, see query.ts).
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { BILL_PRODUCTS, HOLDING_STATUSES, SOLD_STATUSES, type BillDefinition, type BillProduct } from "../../src/domain/bills";

/** Whose orders the bill reads: a company's (the enterprise bill) or a member's own. */
export interface BillScope {
  kind: "company" | "member";
  id: number;
}

/** The filters of an orders bill; the summary answers those of its own grain (see `summable`). */
export interface SummableFilter {
  /** China dates of booking (orders) or of the movement (ledger), inclusive. */
  startDate?: string;
  endDate?: string;
  travellerName?: string;
  departmentId?: number;
  orderNo?: string;
  product?: BillProduct;
  status?: number;
}

/** Whether the summary answers this filter: only the product, status and date filters are of its grain. */
export const summable = (f: SummableFilter) => !f.travellerName && !f.orderNo && f.departmentId === undefined;

/**
 * The count and totals of the bill's filtered set, with the same rules as the orders read: the
 * bill's products and statuses, sold orders unless a status is asked for, and on a company bill
 * only the company's part of what the orders still hold.
 */
export function summaryQuery(db: Kysely<Database>, bill: BillDefinition, scope: BillScope, f: SummableFilter) {
  let q = db.selectFrom("bill_days as b").where("b.scopeKind", "=", scope.kind === "company" ? 1 : 0).where("b.scopeId", "=", scope.id);
  q = bill.product ? q.where("b.product", "=", bill.product) : q.where("b.product", "in", [...BILL_PRODUCTS]);
  if (bill.statuses) q = q.where("b.status", "in", [...bill.statuses]);
  if (f.product) q = q.where("b.product", "=", f.product);
  if (f.status !== undefined) q = q.where("b.status", "=", f.status);
  else if (!bill.statuses) q = q.where("b.status", "in", [...SOLD_STATUSES]);
  // Days are China dates, as the date filter's are: the range is inclusive at both ends.
  if (f.startDate) q = q.where("b.day", ">=", f.startDate);
  if (f.endDate) q = q.where("b.day", "<=", f.endDate);
  const companyPaysOnly = bill.scope === "company";
  return q.select((eb) => {
      const sumOf = (c: "b.n" | "b.ticketFen" | "b.taxFen" | "b.serviceFeeFen" | "b.insuranceFen" | "b.totalFen" | "b.selfPayFen") => eb.fn.coalesce(eb.fn.sum(c), sql.lit(0));
      const held = companyPaysOnly ? eb("b.totalFen", "-", eb.ref("b.selfPayFen")) : eb.ref("b.totalFen");
      return [
        sumOf("b.n").as("count"),
        sumOf("b.ticketFen").as("ticketFen"),
        sumOf("b.taxFen").as("taxFen"),
        sumOf("b.serviceFeeFen").as("serviceFeeFen"),
        sumOf("b.insuranceFen").as("insuranceFen"),
        sumOf("b.totalFen").as("totalFen"),
        sumOf("b.selfPayFen").as("selfPayFen"),
        eb.fn.coalesce(eb.fn.sum(eb.case().when("b.status", "in", [...HOLDING_STATUSES]).then(held).else(sql.lit(0)).end()), sql.lit(0)).as("settledFen"),
      ];
    });
}

export async function summaryTotals(db: Kysely<Database>, bill: BillDefinition, scope: BillScope, f: SummableFilter): Promise<Record<string, number>> {
  const r = await summaryQuery(db, bill, scope, f).executeTakeFirst();
  // PostgreSQL answers sums of integers as text (bigint, numeric).
  return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, toCount(v)]));
}
