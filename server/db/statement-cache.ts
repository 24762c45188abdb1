// Prepared statements kept per SQL text: Kysely asks the SQLite driver to prepare every query
// afresh, and re-preparing was a fifth of a list request's CPU. Kysely runs one query at a time
// on the connection (streams hold it until they finish), so a cached statement is never busy
// when handed out again. Bounded: least recently used texts are dropped.
//
// Rows of a reading statement come from SQLite as arrays and become objects in one literal per
// statement: the driver setting each column on a fresh object one by one cost up to twice as
// much for wide rows (a flight's 31 columns). The objects are the same: keys in column order, a
// repeated name keeping its first place and its last value, as the driver's objects do. A schema
// change empties the cache, since `select *` then returns other columns.
import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

export const STATEMENT_CACHE_SIZE = 500;

type Row = Record<string, unknown>;

const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;

// SQLite's planner reads a bare bound LIMIT or OFFSET value, so a statement whose page changes
// between runs (every paged list) was re-prepared on each run, a sixth of a short list's SQLite
// time. `? + 0` is an expression the planner leaves alone; the rows are the same.
const BOUND_PAGE = / (limit|offset) \?(?=[\s)]|$)/g;
export const unboundPage = (sql: string) => sql.replace(BOUND_PAGE, " $1 ? + 0");

/** A function turning one row array of these columns into the row object. */
export function rowBuilder(columns: readonly string[]): (values: unknown[]) => Row {
  // Quoted keys assign as the driver does, "__proto__" included (it sets no own property).
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: v[${i}]`);
  return new Function("v", `return { ${fields.join(", ")} };`) as (values: unknown[]) => Row;
}

export interface CachedSqlite extends SqliteDatabase {
  /**
   * The rows of a reading statement run at once, or undefined when it must wait its turn: a
   * transaction is open on the connection (its writes are not committed, and Kysely would queue
   * this read behind it) or a streamed read still holds the connection.
   */
  readNow(sql: string, parameters: readonly unknown[]): unknown[] | undefined;
  /**
   * The rows of a reading statement as one JSON array text made by SQLite, when they can be
   * read at once (as readNow). Each row is an object keyed by its column names, which must be
   * distinct; integers, text and nulls come out as JSON.stringify writes them (REAL columns
   * would be printed by SQLite's own rules, so the rows must hold none).
   */
  readJsonNow(sql: string, parameters: readonly unknown[]): string | undefined;
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteText = (text: string) => `'${text.replaceAll("'", "''")}'`;

export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): CachedSqlite {
  const cache = new Map<string, SqliteStatement>();
  /** Per reading statement's text, the text that reads its rows as one JSON array. */
  const jsonTexts = new Map<string, string>();
  let streaming = 0;

  const wrap = (stmt: SQLite.Statement): SqliteStatement => {
    if (!stmt.reader) return stmt as unknown as SqliteStatement;
    const build = rowBuilder(stmt.columns().map((c) => c.name));
    stmt.raw(true);
    return {
      reader: true,
      all: (parameters) => (stmt.all(parameters) as unknown[][]).map(build),
      run: (parameters) => stmt.run(parameters) as ReturnType<SqliteStatement["run"]>,
      *iterate(parameters) {
        streaming++;
        try {
          for (const values of stmt.iterate(parameters) as IterableIterator<unknown[]>) yield build(values);
        } finally {
          streaming--;
        }
      },
    };
  };

  return {
    close: () => sqlite.close(),
    readNow(sql, parameters) {
      if (sqlite.inTransaction || streaming > 0) return undefined;
      const stmt = this.prepare(sql);
      return stmt.reader ? stmt.all(parameters) : undefined;
    },
    readJsonNow(sql, parameters) {
      if (sqlite.inTransaction || streaming > 0) return undefined;
      let text = jsonTexts.get(sql);
      if (text === undefined) {
        const fields = sqlite
          .prepare(unboundPage(sql))
          .columns()
          .map((c) => `${quoteText(c.name)}, ${quoteName(c.name)}`);
        // Bounded with the statement cache: a text that left it is re-derived when asked again.
        if (jsonTexts.size >= size) jsonTexts.delete(jsonTexts.keys().next().value!);
        text = `select coalesce(json_group_array(json_object(${fields.join(", ")})), '[]') as "rows" from (${sql})`;
        jsonTexts.set(sql, text);
      }
      return (this.prepare(text).all(parameters)[0] as { rows: string }).rows;
    },
    prepare(sql: string): SqliteStatement {
      // A changed table changes what `select *` returns, and with it the row literal.
      if (SCHEMA_CHANGE.test(sql)) {
        cache.clear();
        jsonTexts.clear();
      }
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql); // re-inserted below: Map order is recency order
      } else {
        stmt = wrap(sqlite.prepare(unboundPage(sql)));
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}
