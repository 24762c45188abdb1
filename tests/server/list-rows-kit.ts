// The kept order list rows (order_list_rows, migration 116) checked against what each product's
// list assembles from the orders now: every order has its row, and every row a list kept is
// exactly the text the assembly gives. Then each order's fresh text is kept, so the next move an
// order makes is checked against a kept row (a write that failed to empty it shows up there).
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { Database } from "../../server/db/schema";
import { assembleFlightRows } from "../../server/orders/flight/views";
import { assembleHotelRows } from "../../server/orders/hotel/views";
import { assembleTrainRows } from "../../server/orders/train/views";

const ASSEMBLE: Record<string, (db: Kysely<Database>, ids: number[]) => Promise<{ id: number }[]>> = {
  air: assembleFlightRows,
  hotel: assembleHotelRows,
  train: assembleTrainRows,
};

/** Every order's row as its list assembles it now (orders of a product with no list: none). */
export async function assembledRows(db: Kysely<Database>): Promise<Map<number, string>> {
  const orders = await db.selectFrom("orders").select(["id", "product"]).execute();
  const made = new Map<number, string>();
  for (const [product, assemble] of Object.entries(ASSEMBLE)) {
    const ids = orders.filter((o) => o.product === product).map((o) => o.id);
    for (const row of await assemble(db, ids)) made.set(row.id, JSON.stringify(row));
  }
  return made;
}

export async function expectListRowsTrue(db: Kysely<Database>): Promise<void> {
  const [orders, kept, made] = await Promise.all([
    db.selectFrom("orders").select("id").orderBy("id").execute(),
    db.selectFrom("order_list_rows").selectAll().orderBy("orderId").execute(),
    assembledRows(db),
  ]);
  expect(kept.map((r) => r.orderId)).toEqual(orders.map((o) => o.id));
  const stale = kept.filter((r) => r.row !== null && r.row !== made.get(r.orderId));
  expect(stale.map((r) => ({ orderId: r.orderId, kept: r.row, now: made.get(r.orderId) }))).toEqual([]);
  for (const r of kept) {
    const text = made.get(r.orderId);
    if (r.row === null && text !== undefined) {
      await db.updateTable("order_list_rows").set({ row: text }).where("orderId", "=", r.orderId).where("version", "=", r.version).execute();
    }
  }
}
