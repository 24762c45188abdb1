// Keyword search and totals of the people lists on SQLite, from the trigram tables and the
// totals migration 089 keeps by trigger. On PostgreSQL none of them exist and the lists search
// and count their rows directly.
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../db/schema";
import { isPostgres } from "../db/migrations/helpers";

/** A trigram table answers LIKE '%…%' from its index only for this many characters or more. */
export const SEARCH_MIN_CHARS = 3;

export type SearchTable = "travellers_search" | "employees_search";

/** Lower-cases A–Z only, as LIKE (and the trigram tables) compare. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The ids of rows that may match any of the keywords (wildcards already removed): a superset
 * the list narrows with its own conditions. Null when the table cannot answer (PostgreSQL, or
 * a keyword too short), and the list then tests every row of its owner.
 */
export function searchCandidates(db: Kysely<Database>, table: SearchTable, keywords: string[]): Expression<number> | null {
  const distinct = trigramKeywords(db, keywords);
  return distinct ? candidateRows(table, distinct.map((k) => `%${k}%`)) : null;
}

/** The distinct keywords a trigram table can look up, or null when it cannot (see searchCandidates). */
export function trigramKeywords(db: Kysely<Database>, keywords: string[]): string[] | null {
  if (isPostgres(db)) return null;
  const distinct = [...new Map(keywords.map((k) => [asciiLower(k), k])).values()];
  if (!distinct.length || distinct.some((k) => [...k].length < SEARCH_MIN_CHARS)) return null;
  return distinct;
}

/** The ids of the table's rows whose body matches any of the LIKE patterns. */
export function candidateRows(table: SearchTable, patterns: string[]): Expression<number> {
  const selects = patterns.map((pattern) => sql`select rowid from ${sql.table(table)} where body like ${pattern}`);
  return sql<number>`(${sql.join(selects, sql` union `)})`;
}

/**
 * `column = value` that SQLite will not answer from an index, so that a short list of ids (keyword
 * candidates, a page's ids) leads the query instead of every row of the owner. PostgreSQL plans
 * this itself and gets the plain condition.
 */
export function notIndexed(db: Kysely<Database>, column: string, value: unknown): Expression<SqlBool> {
  return isPostgres(db) ? sql<SqlBool>`${sql.ref(column)} = ${value}` : sql<SqlBool>`+${sql.ref(column)} = ${value}`;
}

/** The stored number of an owner's travellers (SQLite), or null where none is kept. */
export async function storedTravellerTotal(db: Kysely<Database>, ownerKind: string, ownerId: number): Promise<number | null> {
  if (isPostgres(db)) return null;
  const { rows } = await sql<{ total: number }>`select total from traveller_totals where "ownerKind" = ${ownerKind} and "ownerId" = ${ownerId}`.execute(db);
  return rows[0]?.total ?? 0;
}

/** The stored number of a company's employees (SQLite), or null where none is kept. */
export async function storedEmployeeTotal(db: Kysely<Database>, companyId: number): Promise<number | null> {
  if (isPostgres(db)) return null;
  const { rows } = await sql<{ total: number }>`select total from employee_totals where "companyId" = ${companyId}`.execute(db);
  return rows[0]?.total ?? 0;
}
