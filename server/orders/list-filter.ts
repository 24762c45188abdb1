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

/** A list filter's values as the queries take them: booking days as times, the name as a LIKE pattern. */
export interface PartyFilterValues {
  status?: number;
  createFrom?: string;
  createBefore?: string;
  orderNo?: string;
  namePattern?: string;
}

export function partyFilterValues(f: ListFilter): PartyFilterValues {
  return {
    status: f.status,
    createFrom: f.createDateStart ? chinaDayStart(f.createDateStart) : undefined,
    createBefore: f.createDateEnd ? chinaDayAfter(f.createDateEnd) : undefined,
    orderNo: f.orderNo || undefined,
    namePattern: f.travellerName ? containing(f.travellerName) : undefined,
  };
}

/** Which filters apply: what changes the text of a list's queries. */
export type PartyFilterShape = Record<keyof PartyFilterValues, boolean>;

export const partyFilterShape = (v: PartyFilterValues): PartyFilterShape => ({
  status: v.status !== undefined,
  createFrom: v.createFrom !== undefined,
  createBefore: v.createBefore !== undefined,
  orderNo: v.orderNo !== undefined,
  namePattern: v.namePattern !== undefined,
});

/**
 * Narrows one party's rows of a list (`order_parties as p`) by the filters the shape names, with
 * their values from `v` (each placed as a value of its own, so the query can be compiled once per
 * shape): status and booking time on the rows themselves, an order number through the orders'
 * unique index, a traveller's name through the people of each order the party has.
 */
export function filterParties(query: PartiesQuery, v: PartyFilterValues, s: PartyFilterShape, people: PeopleTable): PartiesQuery {
  let q = query;
  if (s.status) q = q.where("p.status", "=", v.status!);
  if (s.createFrom) q = q.where("p.createTime", ">=", v.createFrom!);
  if (s.createBefore) q = q.where("p.createTime", "<", v.createBefore!);
  if (s.orderNo) {
    const orderNo = v.orderNo!;
    q = q.where("p.orderId", "=", (eb) => eb.selectFrom("orders").select("orders.id").where("orders.orderNo", "=", orderNo));
  }
  if (s.namePattern) q = q.where(sql<boolean>`exists (select 1 from ${sql.table(people)} x where x."orderId" = p."orderId" and x.name like ${v.namePattern} escape '\\')`);
  return q;
}
