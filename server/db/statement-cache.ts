// Prepared statements kept per SQL text: Kysely asks the SQLite driver to prepare every query
// afresh, and re-preparing was a fifth of a list request's CPU. Kysely runs one query at a time
// on the connection (streams hold it until they finish), so a cached statement is never busy
// when handed out again. Bounded: least recently used texts are dropped.
import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

export const STATEMENT_CACHE_SIZE = 500;

export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql); // re-inserted below: Map order is recency order
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt as unknown as SqliteStatement;
    },
  };
}
