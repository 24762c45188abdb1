// The totals row of an orders bill from a summary instead of the orders themselves. A bill's
// totals are the count and money sums of every order of its filtered set; read from the orders,
// a month of a large company is tens of thousands of wide rows per page asked for. bill_days holds
// the same sums grouped by the grain of the bill's summable filters:
// - scopeKind 0: a member's own orders (orders.memberId, what a member's bills read);
//   scopeKind 1: a company's orders (what the enterprise bill reads);
// - the order's product, its booking day (China date, the grain of the date filter) and status;
// - n orders and their sums: ticket, tax (construction fee + fuel surcharge), service fee,
//   insurance, total and the traveller's own part (selfPayFen). What a bill settles is a sum over
//   the statuses that hold money, so it is read from these, not stored.
// Triggers on orders keep it in step inside the very statement that writes an order, whoever
// writes it: each change adds what the new row contributes and takes away what the old one did,
// in one statement whose rows are changed in key order (two transactions moving orders of one
// company in opposite directions lock them in the same order), and a group left with no order
// is removed.
// The bill's page itself reads the company's orders through an index that holds the page's
// filters beside the booking time, so a page reads only the rows it returns.
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

const KEY = `"scopeKind", "scopeId", product, day, status`;
const SUMS = ["n", "ticketFen", "taxFen", "serviceFeeFen", "insuranceFen", "totalFen", "selfPayFen"] as const;
const sumCols = SUMS.map((c) => `"${c}"`).join(", ");
/** The columns a change of which moves an order between groups or changes its sums. */
const WATCHED = ["memberId", "companyId", "product", "status", "createTime", "ticketFen", "constructionFeeFen", "fuelSurchargeFen", "serviceFeeFen", "insuranceFen", "totalFen", "selfPayFen"];

const dayOf = (r: string, postgres: boolean) =>
  postgres ? `to_char(${r}."createTime"::timestamp + interval '8 hours', 'YYYY-MM-DD')` : `date(${r}."createTime", '+8 hours')`;

/**
 * The summary rows order row `r` (new, old, or the alias of `from`) contributes to, each with its
 * sums times `sign`: its member's, and its company's when it has one.
 */
function scopesOf(r: string, sign: 1 | -1, postgres: boolean, from = ""): string {
  const s = sign === 1 ? "" : "-";
  const sums = [
    `${s}1 as n`, `${s}${r}."ticketFen" as "ticketFen"`, `${s}(${r}."constructionFeeFen" + ${r}."fuelSurchargeFen") as "taxFen"`, `${s}${r}."serviceFeeFen" as "serviceFeeFen"`,
    `${s}${r}."insuranceFen" as "insuranceFen"`, `${s}${r}."totalFen" as "totalFen"`, `${s}${r}."selfPayFen" as "selfPayFen"`,
  ].join(", ");
  const rest = `${r}.product as product, ${dayOf(r, postgres)} as day, ${r}.status as status, ${sums}`;
  return `select 0 as "scopeKind", ${r}."memberId" as "scopeId", ${rest} ${from}
    union all select 1 as "scopeKind", ${r}."companyId" as "scopeId", ${rest} ${from} where ${r}."companyId" is not null`;
}

const columns = `${KEY}, ${sumCols}`;
const excluded = SUMS.map((c) => `"${c}" = bill_days."${c}" + excluded."${c}"`).join(", ");

/** The sums moved from the old row's groups to the new row's (either may be absent), then the emptied groups removed. */
function moved(added: string | null, removed: string | null, postgres: boolean): string {
  const parts = [...(added ? [scopesOf(added, 1, postgres)] : []), ...(removed ? [scopesOf(removed, -1, postgres)] : [])];
  const upsert = `insert into bill_days (${columns})
    select ${KEY}, ${SUMS.map((c) => `sum("${c}")`).join(", ")} from (${parts.join(" union all ")}) d where true
    group by ${KEY} having ${SUMS.map((c) => `sum("${c}") <> 0`).join(" or ")} order by ${KEY}
    on conflict (${KEY}) do update set ${excluded};`;
  if (!removed) return upsert;
  return `${upsert}
    delete from bill_days where n = 0 and (${KEY}) in (select ${KEY} from (${scopesOf(removed, -1, postgres)}) g);`;
}

function tables(postgres: boolean): string[] {
  const money = postgres ? "bigint" : "integer";
  return [
    `create table bill_days ("scopeKind" integer not null, "scopeId" integer not null, product text not null, day text not null, status integer not null,
      n integer not null, ${SUMS.filter((c) => c !== "n").map((c) => `"${c}" ${money} not null`).join(", ")},
      primary key (${KEY}))${postgres ? "" : " without rowid"}`,
  ];
}

/**
 * A company's page in booking-time order with the bill's product and status filters answered from
 * the index entry, before the order row is read (the wider index replaces the one of migration 073).
 */
async function pageIndex(db: Kysely<any>, postgres: boolean): Promise<void> {
  await db.schema.dropIndex("orders_company_created_idx").ifExists().execute();
  if (postgres) await sql.raw(`create index orders_company_created_idx on orders ("companyId", "createTime", id) include (product, status)`).execute(db);
  else await sql.raw(`create index orders_company_created_idx on orders ("companyId", "createTime", id, product, status)`).execute(db);
}

const changed = WATCHED.map((c) => `old."${c}" is distinct from new."${c}"`).join(" or ");

function sqliteTriggers(): string[] {
  // SQLite has no "is distinct from": "is not" is its null-safe inequality.
  const sqliteChanged = changed.replaceAll("is distinct from", "is not");
  return [
    `create trigger bill_days_ai after insert on orders begin ${moved("new", null, false)} end`,
    `create trigger bill_days_au after update of ${WATCHED.map((c) => `"${c}"`).join(", ")} on orders when ${sqliteChanged} begin ${moved("new", "old", false)} end`,
    `create trigger bill_days_ad after delete on orders begin ${moved(null, "old", false)} end`,
  ];
}

function postgresTriggers(): string[] {
  return [
    `create function bill_days_sync() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then ${moved("new", null, true)} end if;
      if tg_op = 'UPDATE' then ${moved("new", "old", true)} end if;
      if tg_op = 'DELETE' then ${moved(null, "old", true)} end if;
      return null; end $$`,
    `create trigger bill_days_ai after insert on orders for each row execute function bill_days_sync()`,
    `create trigger bill_days_au after update of ${WATCHED.map((c) => `"${c}"`).join(", ")} on orders for each row when (${changed}) execute function bill_days_sync()`,
    `create trigger bill_days_ad after delete on orders for each row execute function bill_days_sync()`,
  ];
}

/** Every order there is now, summed. */
const backfill = (postgres: boolean) =>
  `insert into bill_days (${columns})
    select ${KEY}, ${SUMS.map((c) => `sum("${c}")`).join(", ")} from (${scopesOf("o", 1, postgres, "from orders o")}) d group by ${KEY}`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const s of tables(postgres)) await sql.raw(s).execute(db);
  await sql.raw(backfill(postgres)).execute(db);
  await pageIndex(db, postgres);
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`drop trigger if exists bill_days_ai on orders; drop trigger if exists bill_days_au on orders;
      drop trigger if exists bill_days_ad on orders; drop function if exists bill_days_sync()`).execute(db);
  } else {
    for (const t of ["bill_days_ai", "bill_days_au", "bill_days_ad"]) await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  await sql.raw(`drop table if exists bill_days`).execute(db);
  await db.schema.dropIndex("orders_company_created_idx").ifExists().execute();
  await db.schema.createIndex("orders_company_created_idx").on("orders").columns(["companyId", "createTime", "id"]).execute();
}
