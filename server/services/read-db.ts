// Reads that tolerate a second of lag (searches, city suggestions, spend reports) run on the
// replica when one is in use. Anything a user reads right after writing it (their order list,
// an order's details, the cashier, bills) stays on ctx.db: a member's new order must show at once.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ReadOnPrimary } from "../db/replica";
import { BizError } from "./http/envelope";
import { DomainError } from "./domain-error";
import type { AppContext } from "./context";

/**
 * Runs `read` on ctx.readDb; a failure there (other than a business answer, which the primary
 * would give alike) is run again once on the primary, so no user sees the replica's outage.
 */
export async function withReadDb<T>(ctx: Pick<AppContext, "db" | "readDb" | "replica">, read: (db: Kysely<Database>) => Promise<T> | T): Promise<T> {
  const db = ctx.readDb;
  if (db === ctx.db) return read(db);
  try {
    return await read(db);
  } catch (e) {
    if (e instanceof BizError || e instanceof DomainError) throw e;
    if (!(e instanceof ReadOnPrimary)) ctx.replica?.failed(e);
    return read(ctx.db);
  }
}
