// Who may see an order, as rows an index can range over. A member sees the orders they booked
// for themself, booked for someone else, or travel on; a company administrator also sees every
// order of the company. Read straight from `orders`, that is an OR over four columns that no
// single index answers, so every order list walked the whole table. Here each order has one row
// per party that sees it:
// - partyKind 0: a member (the order's member, booker and traveller, each once);
// - partyKind 1: the company the order belongs to;
// keyed so that one party's orders of one list (product, and the 政府采购 flag) come in order id
// order, with the order's status and booking time beside it for the list's filters, and for a
// member's row the order's company (an administrator's own orders of their company are already
// among the company's, so the list skips them there).
// order_party_counts holds how many orders each party has per list and status: a list's total
// without counting its rows.
// Triggers on orders keep both in step inside the very statement that writes an order, whoever
// writes it (every booking path, the seed, imports). Count rows are changed in key order in one
// statement, so two transactions moving orders of one company in opposite directions lock them in
// the same order and never wait for each other.
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

const KEY = `"partyKind", "partyId", product, gp`;
const COUNT_KEY = `${KEY}, status`;
/** The columns a change of which moves an order between parties, lists or counts. */
const WATCHED = ["memberId", "bookerMemberId", "travellerMemberId", "companyId", "product", "gp", "status", "createTime"];

/** The party rows of order row `r` (new or old): its members, each once, then its company. */
const partiesOf = (r: string) => `
  select 0 as "partyKind", m.id as "partyId", ${r}.product as product, ${r}.gp as gp, ${r}.id as "orderId", ${r}.status as status, ${r}."createTime" as "createTime", ${r}."companyId" as "companyId"
    from (select ${r}."memberId" as id union select ${r}."bookerMemberId" union select ${r}."travellerMemberId") m where m.id is not null
  union all
  select 1, ${r}."companyId", ${r}.product, ${r}.gp, ${r}.id, ${r}.status, ${r}."createTime", ${r}."companyId" where ${r}."companyId" is not null`;

/** The counts moved from the old row's parties to the new row's (either may be absent). */
function countsMoved(added: string | null, removed: string | null): string {
  const parts = [...(added ? [`select ${COUNT_KEY}, 1 as d from (${partiesOf(added)}) a`] : []), ...(removed ? [`select ${COUNT_KEY}, -1 as d from (${partiesOf(removed)}) r`] : [])];
  return `insert into order_party_counts (${COUNT_KEY}, n)
    select ${COUNT_KEY}, sum(d) from (${parts.join(" union all ")}) x where true
    group by ${COUNT_KEY} having sum(d) <> 0 order by ${COUNT_KEY}
    on conflict (${COUNT_KEY}) do update set n = order_party_counts.n + excluded.n;`;
}

const insertParties = (r: string) => `insert into order_parties (${KEY}, "orderId", status, "createTime", "companyId") ${partiesOf(r)};`;
const deleteParties = (r: string) => `delete from order_parties where "orderId" = ${r}.id;`;

const changed = WATCHED.map((c) => `old."${c}" is distinct from new."${c}"`).join(" or ");

function tables(postgres: boolean): string[] {
  return [
    `create table order_parties ("partyKind" integer not null, "partyId" integer not null, product text not null, gp integer not null, "orderId" integer not null,
      status integer not null, "createTime" text not null, "companyId" integer, primary key (${KEY}, "orderId"))${postgres ? "" : " without rowid"}`,
    `create index order_parties_status_idx on order_parties (${KEY}, status, "orderId")`,
    `create index order_parties_created_idx on order_parties (${KEY}, "createTime", "orderId")`,
    `create index order_parties_order_idx on order_parties ("orderId")`,
    `create table order_party_counts ("partyKind" integer not null, "partyId" integer not null, product text not null, gp integer not null, status integer not null,
      n integer not null, primary key (${COUNT_KEY}))${postgres ? "" : " without rowid"}`,
  ];
}

function sqliteTriggers(): string[] {
  // SQLite has no "is distinct from": "is not" is its null-safe inequality.
  const sqliteChanged = changed.replaceAll("is distinct from", "is not");
  return [
    `create trigger order_parties_ai after insert on orders begin ${insertParties("new")} ${countsMoved("new", null)} end`,
    `create trigger order_parties_au after update of ${WATCHED.map((c) => `"${c}"`).join(", ")} on orders when ${sqliteChanged} begin
      ${deleteParties("old")} ${insertParties("new")} ${countsMoved("new", "old")} end`,
    `create trigger order_parties_ad after delete on orders begin ${deleteParties("old")} ${countsMoved(null, "old")} end`,
  ];
}

function postgresTriggers(): string[] {
  return [
    `create function order_parties_sync() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then ${insertParties("new")} ${countsMoved("new", null)} end if;
      if tg_op = 'UPDATE' then ${deleteParties("old")} ${insertParties("new")} ${countsMoved("new", "old")} end if;
      if tg_op = 'DELETE' then ${deleteParties("old")} ${countsMoved(null, "old")} end if;
      return null; end $$`,
    `create trigger order_parties_ai after insert on orders for each row execute function order_parties_sync()`,
    `create trigger order_parties_au after update of ${WATCHED.map((c) => `"${c}"`).join(", ")} on orders for each row when (${changed}) execute function order_parties_sync()`,
    `create trigger order_parties_ad after delete on orders for each row execute function order_parties_sync()`,
  ];
}

/** Every order there is now: its parties, then the counts from them. */
const backfill = [
  `insert into order_parties (${KEY}, "orderId", status, "createTime", "companyId")
    select 0, o."memberId", o.product, o.gp, o.id, o.status, o."createTime", o."companyId" from orders o
    union select 0, o."bookerMemberId", o.product, o.gp, o.id, o.status, o."createTime", o."companyId" from orders o
    union select 0, o."travellerMemberId", o.product, o.gp, o.id, o.status, o."createTime", o."companyId" from orders o where o."travellerMemberId" is not null
    union all select 1, o."companyId", o.product, o.gp, o.id, o.status, o."createTime", o."companyId" from orders o where o."companyId" is not null`,
  `insert into order_party_counts (${COUNT_KEY}, n) select ${COUNT_KEY}, count(*) from order_parties group by ${COUNT_KEY}`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const s of [...tables(postgres), ...backfill, ...(postgres ? postgresTriggers() : sqliteTriggers())]) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`drop trigger if exists order_parties_ai on orders; drop trigger if exists order_parties_au on orders;
      drop trigger if exists order_parties_ad on orders; drop function if exists order_parties_sync()`).execute(db);
  } else {
    for (const t of ["order_parties_ai", "order_parties_au", "order_parties_ad"]) await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  await sql.raw(`drop table if exists order_party_counts`).execute(db);
  await sql.raw(`drop table if exists order_parties`).execute(db);
}
