// Tells in-process caches when rows they copy may have changed. Every statement of this process
// passes the driver, so a cache fed from some tables learns of every write to them here, whoever
// makes it and however it is built (query builder or raw SQL). A write inside a transaction
// counts twice: when it runs (readers stop trusting what they hold) and when the transaction
// ends (what other connections read in between may predate the commit). While such a
// transaction is open, `open` is above zero and nothing read may be kept.
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from "kysely";

export interface WriteWatch {
  /** Bumped on every write to a watched table, and again when its transaction ends. */
  readonly epoch: number;
  /** Transactions that wrote to a watched table and have not ended yet. */
  readonly open: number;
  /** Called after the epoch moved. */
  onChange(listener: () => void): void;
}

interface ConnectionState {
  inner: DatabaseConnection;
  inTransaction: boolean;
  wrote: boolean;
}

/** True for a statement that may change one of the tables (over-matching only costs a reload). */
export function writesTo(tables: readonly string[]): (sqlText: string) => boolean {
  const names = tables.map((t) => t.replace(/[^a-z0-9_]/gi, "")).join("|");
  const pattern = new RegExp(`\\b(?:update|into|from|table)\\s+"?(?:${names})"?(?![\\w])`, "i");
  return (sqlText) => !/^\s*select\b/i.test(sqlText) && pattern.test(sqlText);
}

export function watchWrites(dialect: Dialect, tables: readonly string[]): { dialect: Dialect; watch: WriteWatch } {
  const touches = writesTo(tables);
  const listeners: (() => void)[] = [];
  const state = { epoch: 0, open: 0 };
  const changed = () => {
    state.epoch += 1;
    for (const l of listeners) l();
  };
  const watch: WriteWatch = {
    get epoch() {
      return state.epoch;
    },
    get open() {
      return state.open;
    },
    onChange: (l) => listeners.push(l),
  };

  const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection & { state: ConnectionState }>();
  const wrap = (inner: DatabaseConnection) => {
    let w = wrappers.get(inner);
    if (!w) {
      const s: ConnectionState = { inner, inTransaction: false, wrote: false };
      w = {
        state: s,
        async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
          if (!touches(query.sql)) return s.inner.executeQuery<R>(query);
          if (s.inTransaction && !s.wrote) {
            s.wrote = true;
            state.open += 1;
          }
          changed();
          try {
            return await s.inner.executeQuery<R>(query);
          } finally {
            changed();
          }
        },
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => s.inner.streamQuery<R>(query, chunkSize),
      };
      wrappers.set(inner, w);
    }
    return w;
  };
  const stateOf = (c: DatabaseConnection) => (c as DatabaseConnection & { state: ConnectionState }).state;
  const ended = (c: DatabaseConnection) => {
    const s = stateOf(c);
    s.inTransaction = false;
    if (s.wrote) {
      s.wrote = false;
      state.open -= 1;
      changed();
    }
  };

  const wrapDriver = (inner: Driver): Driver => ({
    init: () => inner.init(),
    destroy: () => inner.destroy(),
    acquireConnection: async () => wrap(await inner.acquireConnection()),
    releaseConnection: (c) => inner.releaseConnection(stateOf(c).inner),
    async beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
      await inner.beginTransaction(stateOf(c).inner, settings);
      stateOf(c).inTransaction = true;
    },
    async commitTransaction(c) {
      try {
        await inner.commitTransaction(stateOf(c).inner);
      } finally {
        ended(c);
      }
    },
    async rollbackTransaction(c) {
      try {
        await inner.rollbackTransaction(stateOf(c).inner);
      } finally {
        ended(c);
      }
    },
    ...(inner.savepoint
      ? {
          savepoint: (c: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) => inner.savepoint!(stateOf(c).inner, name, compile),
          rollbackToSavepoint: (c: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) => inner.rollbackToSavepoint!(stateOf(c).inner, name, compile),
          releaseSavepoint: (c: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) => inner.releaseSavepoint!(stateOf(c).inner, name, compile),
        }
      : {}),
  });

  return {
    watch,
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => wrapDriver(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
  };
}
