// Inventory read by searches and kept in this process until a count changes. On SQLite every
// statement that can change a seat or room count passes this process's driver (holds, releases,
// refunds, generation), so the first write to those tables empties every cache here before the
// next search reads; a read overlapping a write or an open writing transaction is not kept. A
// hold therefore shows in the very next search. PostgreSQL has no such watch (other processes
// write the same counts) and always reads.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inventoryWatchOf } from "../db";

export class InventoryCache<V> {
  private readonly byDb = new WeakMap<Kysely<Database>, { epoch: number; entries: Map<string, V> }>();

  constructor(private readonly max: number) {}

  async get(db: Kysely<Database>, key: string, load: () => Promise<V>): Promise<V> {
    const watch = inventoryWatchOf(db);
    if (!watch) return load();
    let state = this.byDb.get(db);
    if (!state || state.epoch !== watch.epoch) this.byDb.set(db, (state = { epoch: watch.epoch, entries: new Map() }));
    const hit = state.entries.get(key);
    if (hit !== undefined) return hit;
    const epoch = watch.epoch;
    const value = await load();
    // Kept only when no count was written, or is being written, while it was read.
    if (watch.epoch === epoch && watch.open === 0 && state.epoch === epoch) {
      if (state.entries.size >= this.max) state.entries.delete(state.entries.keys().next().value!);
      state.entries.set(key, value);
    }
    return value;
  }
}
