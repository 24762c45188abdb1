// The one way to run work atomically: join the caller's transaction when there is one (an order
// that holds seats and inserts itself in one), else open one.
//
// Lock order. Every transaction that writes both takes inventory rows (seat and room counts, the
// holds) before order rows: a booking takes its seats and then inserts its order, whose triggers
// add it to the summary rows of its member and company (bills, lists, reports). A move that gives
// seats back therefore locks its order row first (lockedForMove), gives the seats back, and only
// then writes the order. Two transactions that took the same rows in opposite orders would wait
// for each other until PostgreSQL ended one of them with a deadlock.
//
// Should PostgreSQL still end a transaction this way (a deadlock among rows it chose to lock
// itself, or a serialization failure), the transaction is run once more from the start: it wrote
// nothing, and the work inside is database work only. A call to an outside service (a payment
// gateway) is never made inside it, because it could not be taken back; such calls are made before
// the transaction opens (a job kind's prepare step).
//
// A new order's number ends in random digits (server/orders/booking.ts), so two processes booking
// in the same second may draw the same one; its unique index refuses the second insert. Run again,
// the transaction draws a new number, so that refusal is retried the same way instead of reaching
// the user as a server error.
import { PostgresAdapter, type Kysely, type Transaction } from "kysely";
import type { Database } from "./schema";

/** deadlock_detected, serialization_failure: the transaction was rolled back and may simply run again. */
const RETRYABLE = new Set(["40P01", "40001"]);

let retries = 0;

/** Transactions run again after a deadlock or a serialization failure, since the process started. */
export function transactionRetries(): number {
  return retries;
}

/** Runs of one transaction at most: the first and two more. */
const MAX_RUNS = 3;

export function isRetryable(e: unknown): boolean {
  if (typeof e !== "object" || e === null) return false;
  const err = e as { code?: unknown; constraint?: unknown; message?: unknown };
  return RETRYABLE.has(String(err.code)) || isOrderNoCollision(err);
}

/** The order-number index refused a number another order drew first (PostgreSQL or SQLite). */
function isOrderNoCollision(err: { code?: unknown; constraint?: unknown; message?: unknown }): boolean {
  if (err.code === "23505") return err.constraint === "orders_no_uq";
  return err.code === "SQLITE_CONSTRAINT_UNIQUE" && typeof err.message === "string" && err.message.includes("orders.orderNo");
}

export async function inTransaction<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  // Inside a transaction the retry belongs to whoever opened it: only a whole transaction runs again.
  if (db.isTransaction) return fn(db as Transaction<Database>);
  for (let run = 1; ; run += 1) {
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      if (run >= MAX_RUNS || !isRetryable(e)) throw e;
      retries += 1;
    }
  }
}

/**
 * A read of rows the transaction is about to move, locking them on PostgreSQL (`for update`) so the
 * transaction takes them before anything it writes next. SQLite runs one writer at a time and has
 * no row locks: there the read is plain.
 */
export function lockedForMove<Q extends { forUpdate(): Q }>(db: Kysely<Database>, query: Q): Q {
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
}
