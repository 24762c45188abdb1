// The order centre's list filters, the same for every product: status, order number, booking
// dates (China days, inclusive) and a traveller's name, which each product finds in its own
// table of the people on an order (passengers, guests).
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
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

type OrdersQuery = SelectQueryBuilder<Database, "orders", object>;

/** Narrows a query over `orders` (alone or joined with its product's table) by the filters given. */
export function filterOrders<Q extends SelectQueryBuilder<never, never, object>>(query: Q, f: ListFilter, people: PeopleTable): Q {
  // Typed as a plain orders query here: the joins a product adds do not change these columns.
  let q = query as unknown as OrdersQuery;
  if (f.status !== undefined) q = q.where("orders.status", "=", f.status);
  if (f.orderNo) q = q.where("orders.orderNo", "=", f.orderNo);
  if (f.createDateStart) q = q.where("orders.createTime", ">=", chinaDayStart(f.createDateStart));
  if (f.createDateEnd) q = q.where("orders.createTime", "<", chinaDayAfter(f.createDateEnd));
  if (f.travellerName) {
    const pattern = containing(f.travellerName);
    q = q.where((eb: ExpressionBuilder<Database, "orders">) =>
      eb.exists(
        eb
          .selectFrom(people)
          .select(`${people}.id`)
          .whereRef(`${people}.orderId`, "=", "orders.id")
          .where(sql<boolean>`${sql.ref(`${people}.name`)} like ${pattern} escape '\\'`),
      ),
    );
  }
  return q as unknown as Q;
}
