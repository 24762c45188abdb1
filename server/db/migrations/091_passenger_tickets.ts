// Refund and change of some passengers of a flight order. Each passenger's ticket gets its own
// status (none until issued; ticketed, refunding, refunded, changing, changed) and the confirmed
// change its current ticket comes from (null: the order's own flight and fare). An order may now
// have several refunds (the whole order's, or some passengers' each), so the one-per-order index
// gives way to a plain one; refunds and changes say whether they were the whole order's.
// Existing orders are carried over: their passengers' tickets take the status the order's implies.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_passengers").addColumn("ticketStatus", "text", (c) => c.notNull().defaultTo("none")).execute();
  await db.schema.alterTable("order_passengers").addColumn("changeId", "integer").execute();
  await db.schema.alterTable("flight_refunds").addColumn("wholeOrder", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("flight_changes").addColumn("wholeOrder", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.dropIndex("flight_refunds_order_uq").execute();
  await db.schema.createIndex("flight_refunds_order_idx").on("flight_refunds").columns(["orderId", "id"]).execute();

  // Until now a change was always the whole order's: every passenger flies on its latest confirmed one.
  await sql`update order_passengers set "changeId" = (
    select max(c.id) from flight_changes c where c."orderId" = order_passengers."orderId" and c.status = 'confirmed'
  )`.execute(db);
  // Flight order statuses: 2 ticketed, 3 changed, 11 change requested, 9 / 10 refund requested /
  // processing, 4 ticket refunded, 6 money refunded (refunded tickets only when a refund was made:
  // a rejected or voided order's money goes back too). Anything else has no ticket.
  await sql`update order_passengers set "ticketStatus" = coalesce((
    select case
      when o.status in (2, 3) and order_passengers."changeId" is not null then 'changed'
      when o.status in (2, 3) then 'ticketed'
      when o.status = 11 then 'changing'
      when o.status in (9, 10) then 'refunding'
      when o.status = 4 then 'refunded'
      when o.status = 6 and exists (select 1 from flight_refunds r where r."orderId" = o.id) then 'refunded'
    end
    from orders o where o.id = order_passengers."orderId" and o.product = 'air'
  ), 'none')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("flight_refunds_order_idx").ifExists().execute();
  await db.schema.createIndex("flight_refunds_order_uq").on("flight_refunds").column("orderId").unique().execute();
  await db.schema.alterTable("flight_changes").dropColumn("wholeOrder").execute();
  await db.schema.alterTable("flight_refunds").dropColumn("wholeOrder").execute();
  await db.schema.alterTable("order_passengers").dropColumn("changeId").execute();
  await db.schema.alterTable("order_passengers").dropColumn("ticketStatus").execute();
}
