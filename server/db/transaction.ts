// Work that must be atomic but may already run inside the caller's transaction (an order that
// holds seats and inserts itself in one): join it then, else open one.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema";

export function inTransaction<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}
