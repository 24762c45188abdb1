// The order centre's 航变 flag: each order's latest disruption and the traveller's choice about it,
// read for a page of orders at once (an order's list row is dropped when its flag moves, migration 128).
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { DisruptionChoice } from "../../src/domain/disruptions";

export async function disruptionFlags(db: Kysely<Database>, orderIds: readonly number[]): Promise<Map<number, DisruptionChoice>> {
  const out = new Map<number, DisruptionChoice>();
  if (!orderIds.length) return out;
  const rows = await db.selectFrom("order_disruptions").select(["orderId", "status"]).where("orderId", "in", [...orderIds]).orderBy("disruptionId").execute();
  // The latest disruption of an order says where it stands.
  for (const r of rows) out.set(r.orderId, r.status as DisruptionChoice);
  return out;
}
