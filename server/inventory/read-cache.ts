// Inventory read by searches, kept until a seat or room count is written (see WatchedCache):
// every hold, release, refund and generation on SQLite passes this process's driver, so a hold
// shows in the very next search. PostgreSQL always reads.
import { inventoryWatchOf } from "../db";
import { WatchedCache } from "../db/watched-cache";

export class InventoryCache<V> extends WatchedCache<V> {
  constructor(max: number) {
    super(max, inventoryWatchOf);
  }
}
