// International flight orders are flight orders (product "air") whose trip leaves or reaches a
// place abroad, often over several segments: a flag keeps them apart for the lists and reports
// that tell the two apart, without a second product the cashier, refunds and bills would need to
// learn.
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

// Its passengers travel on a document that carries their name in Latin letters, a nationality
// and an expiry date: the ticket is issued in that name.
const PASSENGER_COLUMNS = ["englishName", "nationality", "certExpiry"];

// The spend reports' covering index (migration 074) gains the flag: the domestic and the
// international flight reports are told apart without reading the wide order rows.
const REPORT_COLUMNS = ["status", "memberId", "totalFen", "ticketFen", "fullFareFen", "depDate", "title"];

async function reportIndex(db: Kysely<any>, columns: string[]): Promise<void> {
  await db.schema.dropIndex("orders_report_idx").execute();
  if (isPostgres(db)) {
    await sql`create index orders_report_idx on orders ("companyId", "product", "createTime") include (${sql.join(columns.map((c) => sql.ref(c)))})`.execute(db);
  } else {
    await db.schema.createIndex("orders_report_idx").on("orders").columns(["companyId", "product", "createTime", ...columns]).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("international", "integer", (c) => c.notNull().defaultTo(0)).execute();
  for (const name of PASSENGER_COLUMNS) await db.schema.alterTable("order_passengers").addColumn(name, "text").execute();
  await reportIndex(db, [...REPORT_COLUMNS, "international"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await reportIndex(db, REPORT_COLUMNS);
  for (const name of [...PASSENGER_COLUMNS].reverse()) await db.schema.alterTable("order_passengers").dropColumn(name).execute();
  await db.schema.alterTable("orders").dropColumn("international").execute();
}
