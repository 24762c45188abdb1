// Rows read for a hot list or search and kept in this process until one of their tables is
// written. On SQLite every statement that can change those tables passes this process's driver
// (routes, jobs, raw SQL, generation), so the first such write empties the cache before the next
// read; a read overlapping a write or an open writing transaction is not kept. A change
// therefore shows in the very next request. PostgreSQL has no such watch (other processes write
// the same tables) and always reads.
import type { Kysely } from "kysely";
import type { Database } from "./schema";
import type { WriteWatch } from "./write-watch";

export class WatchedCache<V> {
  private readonly byDb = new WeakMap<Kysely<Database>, { epoch: number; entries: Map<string, V> }>();

  constructor(
    private readonly max: number,
    private readonly watchOf: (db: Kysely<Database>) => WriteWatch | undefined,
  ) {}

  /** Whether this database's reads can be kept at all (SQLite opened here). */
  keeps(db: Kysely<Database>): boolean {
    return this.watchOf(db) !== undefined;
  }

  async get(db: Kysely<Database>, key: string, load: () => Promise<V>): Promise<V> {
    const watch = this.watchOf(db);
    if (!watch) return load();
    let state = this.byDb.get(db);
    if (!state || state.epoch !== watch.epoch) this.byDb.set(db, (state = { epoch: watch.epoch, entries: new Map() }));
    const hit = state.entries.get(key);
    if (hit !== undefined) return hit;
    const epoch = watch.epoch;
    const value = await load();
    // Kept only when nothing was written, or is being written, while it was read.
    if (watch.epoch === epoch && watch.open === 0 && state.epoch === epoch) {
      if (state.entries.size >= this.max) state.entries.delete(state.entries.keys().next().value!);
      state.entries.set(key, value);
    }
    return value;
  }
}
