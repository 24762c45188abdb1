// Spend reports read a company's orders of one product over a date range and group them by
// booker, title, status and day. Order rows are wide (the booked flight's JSON travels with each),
// so the report index carries every column the report reads: the scan never touches the rows.
// fullFareFen is what the order's tickets cost at the cabin's full fare (the savings basis),
// written at booking; orders older than this column get it from their own snapshot here.
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";
import { flightFullFareFen } from "../../../src/domain/reports";
import type { PassengerType } from "../../../src/domain/travel/air-fares";

const REPORT_COLUMNS = ["status", "memberId", "totalFen", "ticketFen", "fullFareFen", "depDate", "title"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("fullFareFen", "integer").execute();
  if (isPostgres(db)) {
    // PostgreSQL keeps the covering columns out of the key.
    const include = sql.join(REPORT_COLUMNS.map((c) => sql.ref(c)));
    await sql`create index orders_report_idx on orders ("companyId", "product", "createTime") include (${include})`.execute(db);
  } else {
    await db.schema.createIndex("orders_report_idx").on("orders").columns(["companyId", "product", "createTime", ...REPORT_COLUMNS]).execute();
  }
  // Travellers are grouped from the passengers of the report's orders; this index holds all they need.
  await db.schema
    .createIndex("order_passengers_report_idx")
    .on("order_passengers")
    .columns(["orderId", "certType", "certNo", "name", "tktPriceFen", "consTaxFen", "fuelTaxFen", "servFeeFen", "insuPayPriceFen"])
    .execute();
  // Completed changes are looked up by action.
  await db.schema.createIndex("order_events_action_idx").on("order_events").columns(["action", "orderId"]).execute();

  // Backfill, in pages by id: a snapshot without a full fare (not a flight) stays null.
  let last = 0;
  for (;;) {
    const orders: { id: number; snapshot: string }[] = await db
      .selectFrom("orders")
      .select(["id", "snapshot"])
      .where("product", "=", "air")
      .where("id", ">", last)
      .orderBy("id")
      .limit(500)
      .execute();
    if (!orders.length) break;
    last = orders[orders.length - 1].id;
    const passengers: { orderId: number; psgType: string }[] = await db
      .selectFrom("order_passengers")
      .select(["orderId", "psgType"])
      .where("orderId", "in", orders.map((o) => o.id))
      .execute();
    for (const o of orders) {
      let snap: { flight?: { international?: boolean }; seat?: { parPrice?: number; breakdown?: { INF?: { ticket?: number } } } };
      try {
        snap = JSON.parse(o.snapshot);
      } catch {
        continue;
      }
      const par = snap.seat?.parPrice;
      const inf = snap.seat?.breakdown?.INF?.ticket;
      if (typeof par !== "number" || typeof inf !== "number") continue;
      const types = passengers.filter((p) => p.orderId === o.id).map((p) => p.psgType as PassengerType);
      const full = flightFullFareFen(par, inf, types, Boolean(snap.flight?.international));
      await db.updateTable("orders").set({ fullFareFen: full }).where("id", "=", o.id).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("order_events_action_idx").ifExists().execute();
  await db.schema.dropIndex("order_passengers_report_idx").ifExists().execute();
  await db.schema.dropIndex("orders_report_idx").ifExists().execute();
  await db.schema.alterTable("orders").dropColumn("fullFareFen").execute();
}
