// The order centre's list filters, the same for every product: status, order number, booking
// dates (China days, inclusive) and a traveller's name, which each product finds in its own
// table of the people on an order (passengers, guests).
import { sql, type SelectQueryBuilder } from "kysely";
import type { Database } from "../db/schema";

export interface ListFilter {
  pageNum: number;
  pageSize: number;
  orderType: "asc" | "desc";
  status?: number;
  orderNo?: string;
  /** China dates of booking, inclusive. */
  createDateStart?: string;
  createDateEnd?: string;
  /** Part of a traveller's (passenger's, guest's) name. */
  travellerName?: string;
}

export const chinaDayStart = (date: string) => new Date(`${date}T00:00:00+08:00`).toISOString();
export const chinaDayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`) + 86_400_000).toISOString();

/** A LIKE pattern (backslash as its escape character) for text containing `part`, with the % and _ a person types taken literally. */
export const containing = (part: string) => `%${part.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** The tables that name the people on an order, by product. */
export type PeopleTable = "order_passengers" | "hotel_order_guests" | "train_order_passengers";

export type PartiesQuery = SelectQueryBuilder<Database & { p: Database["order_parties"] }, "p", { orderId: number }>;

/**
 * Narrows one party's rows of a list (`order_parties as p`) by the filters given: status and
 * booking time on the rows themselves, an order number through the orders' unique index, a
 * traveller's name through the people of each order the party has.
 */
export function filterParties(query: PartiesQuery, f: ListFilter, people: PeopleTable): PartiesQuery {
  let q = query;
  if (f.status !== undefined) q = q.where("p.status", "=", f.status);
  if (f.createDateStart) q = q.where("p.createTime", ">=", chinaDayStart(f.createDateStart));
  if (f.createDateEnd) q = q.where("p.createTime", "<", chinaDayAfter(f.createDateEnd));
  if (f.orderNo) {
    const orderNo = f.orderNo;
    q = q.where("p.orderId", "=", (eb) => eb.selectFrom("orders").select("orders.id").where("orders.orderNo", "=", orderNo));
  }
  if (f.travellerName) {
    const pattern = containing(f.travellerName);
    q = q.where(sql<boolean>`exists (select 1 from ${sql.table(people)} x where x."orderId" = p."orderId" and x.name like ${pattern} escape '\\')`);
  }
  return q;
}
