// Orders (one table for every product; flights first), their passengers and their events. Money
// is integer fen. Each order belongs to the member who booked it (and their company, if any);
// every status change is an event row written in the same transaction as the change.
import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("orders"))
    .addColumn("orderNo", "text", (c) => c.notNull())
    .addColumn("product", "text", (c) => c.notNull()) // air (train, hotel later)
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("companyId", "integer", (c) => c.references("companies.id").onDelete("set null"))
    .addColumn("bookerMemberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("travellerMemberId", "integer", (c) => c.references("members.id").onDelete("set null"))
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("ticketFen", "integer", (c) => c.notNull())
    .addColumn("constructionFeeFen", "integer", (c) => c.notNull())
    .addColumn("fuelSurchargeFen", "integer", (c) => c.notNull())
    .addColumn("serviceFeeFen", "integer", (c) => c.notNull())
    .addColumn("insuranceFen", "integer", (c) => c.notNull())
    .addColumn("totalFen", "integer", (c) => c.notNull())
    .addColumn("fareKey", "text", (c) => c.notNull())
    .addColumn("holdId", "text")
    .addColumn("depDate", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull()) // JSON: the flight and fare as booked
    .addColumn("contactName", "text", (c) => c.notNull())
    .addColumn("contactMobile", "text", (c) => c.notNull())
    .addColumn("clientKey", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_no_uq").on("orders").column("orderNo").unique().execute();
  // A resubmitted form (double click, retry after a timeout) finds the order it created.
  await db.schema.createIndex("orders_client_key_uq").on("orders").columns(["memberId", "clientKey"]).unique().execute();
  await db.schema.createIndex("orders_member_idx").on("orders").columns(["memberId", "product", "id"]).execute();
  await db.schema.createIndex("orders_company_idx").on("orders").columns(["companyId", "product", "id"]).execute();

  await withId(db, db.schema.createTable("order_passengers"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("psgType", "text", (c) => c.notNull()) // ADT | CHD | INF
    .addColumn("certType", "integer", (c) => c.notNull())
    .addColumn("certNo", "text", (c) => c.notNull())
    .addColumn("birthday", "text")
    .addColumn("mobile", "text")
    .addColumn("tktPriceFen", "integer", (c) => c.notNull())
    .addColumn("consTaxFen", "integer", (c) => c.notNull())
    .addColumn("fuelTaxFen", "integer", (c) => c.notNull())
    .addColumn("servFeeFen", "integer", (c) => c.notNull())
    .addColumn("insuType", "text")
    .addColumn("insuPayPriceFen", "integer", (c) => c.notNull())
    .addColumn("insuStatus", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ticketNo", "text")
    .execute();
  await db.schema.createIndex("order_passengers_order_idx").on("order_passengers").columns(["orderId", "id"]).execute();

  await withId(db, db.schema.createTable("order_events"))
    .addColumn("orderId", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("fromStatus", "integer")
    .addColumn("toStatus", "integer", (c) => c.notNull())
    .addColumn("actorMemberId", "integer", (c) => c.references("members.id").onDelete("set null"))
    .addColumn("actorName", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_events_order_idx").on("order_events").columns(["orderId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["order_events", "order_passengers", "orders"]) await db.schema.dropTable(t).ifExists().execute();
}
