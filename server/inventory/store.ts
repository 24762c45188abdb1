// Generated inventory is written on first touch and remembered: a mark (product, scope, day)
// is inserted in the same transaction as its rows, with "on conflict do nothing", so two
// requests generating the same day at once write it once. Marks already seen are cached per
// database so a search pays for the check only the first time. A search on the replica never
// writes: it generates on the primary and then reads there, until the replica holds the marks.
import { CompiledQuery, PostgresAdapter, type Kysely, type Transaction } from "kysely";
import { inTransaction } from "../db/transaction";
import type { Database } from "../db/schema";
import { ReadOnPrimary, replicaOf } from "../db/replica";
import { nextStamp } from "../db/replica-lag";
import { isoAt } from "../services/clock";

export interface Mark {
  scope: string;
  day: string;
}

/** Marks known generated, each with the stamp (nextStamp) taken once it was known committed on the primary. */
const seen = new WeakMap<Kysely<Database>, Map<string, number>>();
const markId = (product: string, m: Mark) => `${product}|${m.scope}|${m.day}`;

function cacheOf(db: Kysely<Database>): Map<string, number> {
  let map = seen.get(db);
  if (!map) seen.set(db, (map = new Map()));
  return map;
}

/**
 * Makes sure every mark of `wanted` has been generated: `write` is called (inside the
 * transaction that claims them) with the marks no one has generated yet.
 */
export async function ensureGenerated(
  db: Kysely<Database>,
  product: string,
  wanted: readonly Mark[],
  write: (trx: Transaction<Database>, marks: Mark[]) => Promise<void>,
): Promise<void> {
  const replica = replicaOf(db);
  if (replica) {
    // The replica holds a mark once it has replayed a primary position sampled after the mark
    // was known committed; until then its rows may be missing there.
    const asOf = replica.visibleAsOf();
    const known = cacheOf(replica.primary);
    const held = (m: Mark) => {
      const at = known.get(markId(product, m));
      return at !== undefined && asOf !== null && at < asOf;
    };
    if (wanted.every(held)) return;
    await ensureGenerated(replica.primary, product, wanted, write);
    throw new ReadOnPrimary();
  }
  const cache = cacheOf(db);
  let missing = dedupe(wanted).filter((m) => !cache.has(markId(product, m)));
  if (!missing.length) return;
  const found = new Set<string>();
  for (const part of chunks(missing, 400)) {
    const rows = await db
      .selectFrom("inventory_marks")
      .select(["scope", "day"])
      .where("product", "=", product)
      .where("day", "in", [...new Set(part.map((m) => m.day))])
      .where("scope", "in", [...new Set(part.map((m) => m.scope))])
      .execute();
    for (const r of rows) found.add(markId(product, r));
  }
  const foundAt = nextStamp();
  for (const id of found) cache.set(id, foundAt);
  missing = missing.filter((m) => !found.has(markId(product, m)));
  if (!missing.length) return;
  await inTransaction(db, async (trx) => {
    const claimed: Mark[] = [];
    const now = isoAt();
    for (const part of chunks(missing, 500)) {
      const rows = await trx
        .insertInto("inventory_marks")
        .values(part.map((m) => ({ product, scope: m.scope, day: m.day, createTime: now })))
        .onConflict((oc) => oc.doNothing())
        .returning(["scope", "day"])
        .execute();
      claimed.push(...rows);
    }
    if (claimed.length) await write(trx, claimed);
  });
  const committedAt = nextStamp();
  for (const m of missing) cache.set(markId(product, m), committedAt);
}

function dedupe(marks: readonly Mark[]): Mark[] {
  const byId = new Map<string, Mark>();
  for (const m of marks) byId.set(`${m.scope}|${m.day}`, m);
  return [...byId.values()];
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Inserts rows in statements sized under both dialects' bound-parameter limits. Generation
 * writes hundreds of thousands of rows at start, so the statement text is built directly
 * (column names are our own, values always bound) instead of through the query builder.
 */
export async function insertRows<T extends keyof Database & string>(
  trx: Transaction<Database> | Kysely<Database>,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  for (const part of chunks(rows, Math.max(1, Math.floor(30_000 / columns.length)))) {
    const params: unknown[] = new Array(part.length * columns.length);
    let i = 0;
    for (const row of part) for (const c of columns) params[i++] = row[c];
    await trx.executeQuery(CompiledQuery.raw(insertText(table, columns, part.length, postgres), params));
    // SQLite runs statements synchronously: let the event loop take in requests between them.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const insertTexts = new Map<string, string>();

function insertText(table: string, columns: string[], count: number, postgres: boolean): string {
  const key = `${table}|${columns.join(",")}|${count}|${postgres}`;
  let text = insertTexts.get(key);
  if (!text) {
    const tuples: string[] = [];
    let n = 0;
    for (let r = 0; r < count; r++) tuples.push(`(${columns.map(() => (postgres ? `$${++n}` : "?")).join(", ")})`);
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values ${tuples.join(", ")}`;
    if (insertTexts.size > 200) insertTexts.clear();
    insertTexts.set(key, text);
  }
  return text;
}

/** Loads the marks of a product between two days into the cache in one query (start-up). */
export async function preloadMarks(db: Kysely<Database>, product: string, fromDay: string, toDay: string): Promise<void> {
  const cache = cacheOf(db);
  const rows = await db.selectFrom("inventory_marks").select(["scope", "day"]).where("product", "=", product).where("day", ">=", fromDay).where("day", "<=", toDay).execute();
  const at = nextStamp();
  for (const r of rows) cache.set(markId(product, r), at);
}

/** Whether a mark is in the cache (after preloadMarks or ensureGenerated has seen it). */
export function isMarked(db: Kysely<Database>, product: string, mark: Mark): boolean {
  return cacheOf(db).has(markId(product, mark));
}

/** Forget cached marks (tests that drop rows behind the cache's back). */
export function forgetMarks(db: Kysely<Database>): void {
  seen.delete(db);
}
