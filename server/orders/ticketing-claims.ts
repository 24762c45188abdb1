// Whether an operator holds a paid order of the ticketing queue (server/ops/ticketing). The
// suppliers' automatic ticketing reads it in its own transaction, after locking the order row as
// a take does, so a take and an automatic ticketing of one order never both go through: whichever
// locks the order first decides, and the other finds the order held or no longer waiting.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export async function heldForTicketing(trx: Kysely<Database>, orderId: number): Promise<boolean> {
  const claim = await trx.selectFrom("ticketing_claims").select("id").where("orderId", "=", orderId).executeTakeFirst();
  return claim !== undefined;
}
