// Each order's row of its order list (what the flight, hotel or train list shows of it) kept as
// the JSON text the list sends, so a page is one indexed read of its rows instead of reading each
// wide order row, its product row and its people, and assembling them, on every request.
// The text is written by the list itself the first time the order is shown after a change; every
// write to an order or to a table its row is made from drops the text and moves the row's version
// on in the same transaction (triggers: with the statement on SQLite, at commit on PostgreSQL),
// whoever writes (every move, the seed, imports). A list only stores a text it made from what it read after seeing the version, and
// only while the version is still the one it saw: a write committed meanwhile keeps its row
// empty, so a stored text is never older than the order.
// One row per order, from its insertion (the trigger) or from here for the orders there are.
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

/** The tables an order's list row is made from besides orders, each keyed to its order by "orderId". */
export const LIST_ROW_SOURCES = ["order_passengers", "hotel_orders", "hotel_order_guests", "train_orders", "train_order_passengers"] as const;

const drop = (id: string) => `update order_list_rows set row = null, version = version + 1 where "orderId" = ${id};`;
const dropEither = `update order_list_rows set row = null, version = version + 1 where "orderId" in (old."orderId", new."orderId");`;

function sqliteTriggers(): string[] {
  return [
    `create trigger order_list_rows_ai after insert on orders begin insert into order_list_rows ("orderId", version, row) values (new.id, 0, null); end`,
    `create trigger order_list_rows_au after update on orders begin ${drop("new.id")} end`,
    `create trigger order_list_rows_ad after delete on orders begin delete from order_list_rows where "orderId" = old.id; end`,
    ...LIST_ROW_SOURCES.flatMap((t) => [
      `create trigger ${t}_list_row_ai after insert on ${t} begin ${drop(`new."orderId"`)} end`,
      `create trigger ${t}_list_row_au after update on ${t} begin ${dropEither} end`,
      `create trigger ${t}_list_row_ad after delete on ${t} begin ${drop(`old."orderId"`)} end`,
    ]),
  ];
}

// PostgreSQL locks the row a trigger updates until the transaction ends. Taken in the middle of a
// move, the list row's lock joined every other lock the move takes in its own order: a refund
// holding a passenger's ticket then waiting for the list row, a change holding the order and its
// list row then waiting for that ticket, deadlocked where one of them used to be refused. Emptying
// the row at commit instead (deferred triggers, still inside the transaction) takes it after
// every other lock the move holds. An order's own row is made and removed at once: a new order's
// row is nobody else's, and a deleted order leaves nothing to empty.
function postgresTriggers(): string[] {
  return [
    `create function order_list_rows_order() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then insert into order_list_rows ("orderId", version, row) values (new.id, 0, null); end if;
      if tg_op = 'UPDATE' then ${drop("new.id")} end if;
      if tg_op = 'DELETE' then delete from order_list_rows where "orderId" = old.id; end if;
      return null; end $$`,
    `create trigger order_list_rows_aid after insert or delete on orders for each row execute function order_list_rows_order()`,
    `create constraint trigger order_list_rows_au after update on orders deferrable initially deferred for each row execute function order_list_rows_order()`,
    `create function order_list_rows_source() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then ${drop(`new."orderId"`)} end if;
      if tg_op = 'UPDATE' then ${dropEither} end if;
      if tg_op = 'DELETE' then ${drop(`old."orderId"`)} end if;
      return null; end $$`,
    ...LIST_ROW_SOURCES.map((t) => `create constraint trigger ${t}_list_row_aiud after insert or update or delete on ${t} deferrable initially deferred for each row execute function order_list_rows_source()`),
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const statements = [
    `create table order_list_rows ("orderId" integer primary key, version integer not null, row text)`,
    `insert into order_list_rows ("orderId", version, row) select id, 0, null from orders`,
    ...(postgres ? postgresTriggers() : sqliteTriggers()),
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const t of ["order_list_rows_aid", "order_list_rows_au"]) await sql.raw(`drop trigger if exists ${t} on orders`).execute(db);
    for (const t of LIST_ROW_SOURCES) await sql.raw(`drop trigger if exists ${t}_list_row_aiud on ${t}`).execute(db);
    await sql.raw(`drop function if exists order_list_rows_order(); drop function if exists order_list_rows_source()`).execute(db);
  } else {
    for (const t of ["order_list_rows_ai", "order_list_rows_au", "order_list_rows_ad", ...LIST_ROW_SOURCES.flatMap((s) => [`${s}_list_row_ai`, `${s}_list_row_au`, `${s}_list_row_ad`])]) {
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    }
  }
  await sql.raw(`drop table if exists order_list_rows`).execute(db);
}
