// Whether the (embedded) airline's desk accepts refund and change requests by itself. By default
// it does, a few seconds after each request, unless an operator has taken the request into the
// after-sales queue. An operator may turn that off so that every request waits in the queue for a
// person's decision (a desk that reviews everything, or a demonstration); turning it back on
// schedules the acceptance of every request still waiting and held by nobody.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { isoAt } from "../../services/clock";

const AUTO_ACCEPT = "afterSales.autoAccept";

export async function autoAcceptOn(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("ops_settings").select("value").where("key", "=", AUTO_ACCEPT).executeTakeFirst();
  return row?.value !== "0";
}

export async function setAutoAccept(db: Kysely<Database>, on: boolean): Promise<void> {
  const value = on ? "1" : "0";
  const at = isoAt();
  await db
    .insertInto("ops_settings")
    .values({ key: AUTO_ACCEPT, value, updateTime: at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updateTime: at }))
    .execute();
}
