// Spend reports from summaries instead of the orders themselves. A year of a large company's
// orders is a hundred thousand rows; grouping them five ways per report (with a join to every
// passenger) took most of a second. Three summary tables hold the same sums, grouped as the
// report reads them:
// - report_days: a company's orders by report product, booking day (China date), booker, kind
//   (1 spend, 2 refunded, 0 neither), days booked ahead and title, with the order count, the
//   money sums and how many of them went through a completed change;
// - report_traveller_days: the passengers of spend orders by report product, booking day,
//   booker and certificate (and name), with tickets and money;
// - report_traveller_months: the same by month without the booker, so a report over whole
//   months without a department reads a month's travellers once.
// Triggers on orders, order_passengers and order_events keep them in step inside the very
// statement that writes an order, whoever writes it: each change subtracts what the old row
// contributed and adds what the new one does, and a group left with nothing is removed. The
// department of an order is its booker's as the staff list has it when the report is read, so
// it is not stored: reports filter the bookers.
// The status sets below are the report's own (src/domain/reports.ts) as they stand now; a test
// holds them equal, so changing those sets needs a migration that rebuilds these tables.
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

/** Stored products the reports read ("intlAir" is an "air" order flagged international). */
export const SUMMARY_PRODUCTS = ["air", "train", "hotel", "car"] as const;
export const SUMMARY_SPEND_STATUSES: Readonly<Record<string, readonly number[]>> = { air: [1, 7, 2, 3, 9, 10, 11], hotel: [1, 2, 3, 4], train: [1, 2, 3] };
export const SUMMARY_REFUND_STATUSES: Readonly<Record<string, readonly number[]>> = { air: [4, 5, 6, 8], hotel: [6], train: [4, 6] };
export const SUMMARY_CHANGE_ACTION = "confirmChange";

type Dialect = "sqlite" | "postgres";

/** The expressions of one order row `r` (new, old or a table alias). */
function orderTerms(r: string, d: Dialect) {
  const statuses = (sets: Readonly<Record<string, readonly number[]>>) =>
    "(" + Object.entries(sets).map(([p, s]) => `(${r}.product = '${p}' and ${r}.status in (${s.join(", ")}))`).join(" or ") + ")";
  const spend = statuses(SUMMARY_SPEND_STATUSES);
  const day = d === "postgres" ? `to_char(${r}."createTime"::timestamp + interval '8 hours', 'YYYY-MM-DD')` : `date(${r}."createTime", '+8 hours')`;
  return {
    /** The order is one a company report reads. */
    reported: `${r}."companyId" is not null and ${r}.product in (${SUMMARY_PRODUCTS.map((p) => `'${p}'`).join(", ")})`,
    product: `(case when ${r}.product = 'air' and ${r}.international = 1 then 'intlAir' else ${r}.product end)`,
    spend,
    kind: `(case when ${spend} then 1 when ${statuses(SUMMARY_REFUND_STATUSES)} then 2 else 0 end)`,
    day,
    month: `substr(${day}, 1, 7)`,
    // Whole days from the booking's China date to departure (0 when the date is not one: a write
    // must never fail on a report's account).
    advance:
      d === "postgres"
        ? `(case when ${r}."depDate" ~ '^\\d{4}-\\d{2}-\\d{2}$' then ${r}."depDate"::date - (${r}."createTime"::timestamp + interval '8 hours')::date else 0 end)`
        : `coalesce(cast(julianday(${r}."depDate") - julianday(${day}) as integer), 0)`,
    changed: `(case when exists (select 1 from order_events ce where ce."orderId" = ${r}.id and ce.action = '${SUMMARY_CHANGE_ACTION}') then 1 else 0 end)`,
  };
}

const DAY_KEY = `"companyId", product, day, "memberId", kind, advance, title`;
const DAY_SUMS = ["orders", '"spendFen"', '"ticketFen"', '"fareOrders"', '"fareTicketFen"', '"fullFareFen"', "changed"];
const TRAVELLER_DAY_KEY = `"companyId", product, day, "memberId", "certType", "certNo", name`;
const TRAVELLER_MONTH_KEY = `"companyId", product, month, "certType", "certNo", name`;
const TRAVELLER_SUMS = ["tickets", '"spendFen"', '"ticketFen"'];

const addUp = (table: string, sums: string[]) => `do update set ${sums.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(", ")}`;
const passengerSpend = (p: string) => `${p}."tktPriceFen" + ${p}."consTaxFen" + ${p}."fuelTaxFen" + ${p}."servFeeFen" + ${p}."insuPayPriceFen"`;

/** Adds (sign 1) or takes away (sign -1) order `r`'s own group in report_days. */
function orderDay(r: string, sign: 1 | -1, d: Dialect): string {
  const t = orderTerms(r, d);
  const insert = `insert into report_days (${DAY_KEY}, ${DAY_SUMS.join(", ")})
    select ${r}."companyId", ${t.product}, ${t.day}, ${r}."memberId", ${t.kind}, ${t.advance}, ${r}.title,
      ${sign}, ${sign} * ${r}."totalFen", ${sign} * ${r}."ticketFen", ${sign} * (case when ${r}."fullFareFen" is null then 0 else 1 end),
      ${sign} * (case when ${r}."fullFareFen" is null then 0 else ${r}."ticketFen" end), ${sign} * coalesce(${r}."fullFareFen", 0), ${sign} * ${t.changed}
    where ${t.reported}
    on conflict (${DAY_KEY}) ${addUp("report_days", DAY_SUMS)};`;
  if (sign === 1) return insert;
  return `${insert}
    delete from report_days where "companyId" = ${r}."companyId" and product = ${t.product} and day = ${t.day} and "memberId" = ${r}."memberId"
      and kind = ${t.kind} and advance = ${t.advance} and title = ${r}.title and orders = 0;`;
}

/**
 * Adds or takes away travellers as spend of an order. `o` names the order's fields (a row or an
 * alias), `p` the passengers' (the table alias p, or a row); `from` is the FROM and WHERE that
 * brings them together; `each` says whether p is one row (no grouping) or many.
 */
function travellers(o: string, p: string, from: string, each: boolean, sign: 1 | -1, d: Dialect): string {
  const t = orderTerms(o, d);
  const source = `${from} and ${t.reported} and ${t.spend}`;
  const sums = each ? `${sign}, ${sign} * (${passengerSpend(p)}), ${sign} * ${p}."tktPriceFen"` : `${sign} * count(*), ${sign} * sum(${passengerSpend(p)}), ${sign} * sum(${p}."tktPriceFen")`;
  const dayKey = `${o}."companyId", ${t.product}, ${t.day}, ${o}."memberId", ${p}."certType", ${p}."certNo", ${p}.name`;
  const monthKey = `${o}."companyId", ${t.product}, ${t.month}, ${p}."certType", ${p}."certNo", ${p}.name`;
  const add = `insert into report_traveller_days (${TRAVELLER_DAY_KEY}, ${TRAVELLER_SUMS.join(", ")})
      select ${dayKey}, ${sums} ${source}${each ? "" : ` group by ${dayKey}`}
      on conflict (${TRAVELLER_DAY_KEY}) ${addUp("report_traveller_days", TRAVELLER_SUMS)};
    insert into report_traveller_months (${TRAVELLER_MONTH_KEY}, ${TRAVELLER_SUMS.join(", ")})
      select ${monthKey}, ${sums} ${source}${each ? "" : ` group by ${monthKey}`}
      on conflict (${TRAVELLER_MONTH_KEY}) ${addUp("report_traveller_months", TRAVELLER_SUMS)};`;
  if (sign === 1) return add;
  return `${add}
    delete from report_traveller_days where tickets = 0 and (${TRAVELLER_DAY_KEY}) in (select ${dayKey} ${source});
    delete from report_traveller_months where tickets = 0 and (${TRAVELLER_MONTH_KEY}) in (select ${monthKey} ${source});`;
}

/** The passengers of order row `r` (new or old), as that row says the order was. */
const ofOrder = (r: string, sign: 1 | -1, d: Dialect) => travellers(r, "p", `from order_passengers p where p."orderId" = ${r}.id`, false, sign, d);
/** Passenger row `r` (new or old), with its order as it is now. */
const ofPassenger = (r: string, sign: 1 | -1, d: Dialect) => travellers("o", r, `from orders o where o.id = ${r}."orderId"`, true, sign, d);

/** Counts order `orderId` as changed (sign 1) or not any more (-1) when `when` holds. */
function changedFlag(orderId: string, sign: 1 | -1, when: string, d: Dialect): string {
  const t = orderTerms("o", d);
  return `update report_days set changed = changed + ${sign}
    where (${DAY_KEY}) in (select o."companyId", ${t.product}, ${t.day}, o."memberId", ${t.kind}, ${t.advance}, o.title from orders o where o.id = ${orderId} and ${t.reported})
      and ${when};`;
}

const changeEvents = (orderId: string) => `(select count(*) from order_events e where e."orderId" = ${orderId} and e.action = '${SUMMARY_CHANGE_ACTION}')`;

/** The columns whose change moves an order between groups or changes its sums. */
const ORDER_COLUMNS = ["companyId", "product", "international", "status", "createTime", "memberId", "depDate", "title", "totalFen", "ticketFen", "fullFareFen"];
const PASSENGER_COLUMNS = ["orderId", "certType", "certNo", "name", "tktPriceFen", "consTaxFen", "fuelTaxFen", "servFeeFen", "insuPayPriceFen"];
const quoted = (cols: string[]) => cols.map((c) => `"${c}"`).join(", ");

function tables(d: Dialect): string[] {
  const money = d === "postgres" ? "bigint" : "integer";
  const rowid = d === "postgres" ? "" : " without rowid";
  return [
    `create table report_days ("companyId" integer not null, product text not null, day text not null, "memberId" integer not null, kind integer not null,
      advance integer not null, title text not null, orders integer not null, "spendFen" ${money} not null, "ticketFen" ${money} not null,
      "fareOrders" integer not null, "fareTicketFen" ${money} not null, "fullFareFen" ${money} not null, changed integer not null,
      primary key (${DAY_KEY}))${rowid}`,
    `create table report_traveller_days ("companyId" integer not null, product text not null, day text not null, "memberId" integer not null,
      "certType" integer not null, "certNo" text not null, name text not null, tickets integer not null, "spendFen" ${money} not null, "ticketFen" ${money} not null,
      primary key (${TRAVELLER_DAY_KEY}))${rowid}`,
    // A department's travellers are read booker by booker.
    `create index report_traveller_days_member_idx on report_traveller_days ("companyId", product, "memberId", day, tickets, "spendFen", "ticketFen")`,
    `create table report_traveller_months ("companyId" integer not null, product text not null, month text not null,
      "certType" integer not null, "certNo" text not null, name text not null, tickets integer not null, "spendFen" ${money} not null, "ticketFen" ${money} not null,
      primary key (${TRAVELLER_MONTH_KEY}))${rowid}`,
  ];
}

/** Everything there is now, summed. */
function backfill(d: Dialect): string[] {
  const t = orderTerms("o", d);
  return [
    `insert into report_days (${DAY_KEY}, ${DAY_SUMS.join(", ")})
      select o."companyId", ${t.product}, ${t.day}, o."memberId", ${t.kind}, ${t.advance}, o.title,
        count(*), sum(o."totalFen"), sum(o."ticketFen"), count(o."fullFareFen"), sum(case when o."fullFareFen" is null then 0 else o."ticketFen" end),
        sum(coalesce(o."fullFareFen", 0)), sum(${t.changed})
      from orders o where ${t.reported}
      group by o."companyId", ${t.product}, ${t.day}, o."memberId", ${t.kind}, ${t.advance}, o.title`,
    `insert into report_traveller_days (${TRAVELLER_DAY_KEY}, ${TRAVELLER_SUMS.join(", ")})
      select o."companyId", ${t.product}, ${t.day}, o."memberId", p."certType", p."certNo", p.name, count(*), sum(${passengerSpend("p")}), sum(p."tktPriceFen")
      from order_passengers p join orders o on o.id = p."orderId" where ${t.reported} and ${t.spend}
      group by o."companyId", ${t.product}, ${t.day}, o."memberId", p."certType", p."certNo", p.name`,
    `insert into report_traveller_months (${TRAVELLER_MONTH_KEY}, ${TRAVELLER_SUMS.join(", ")})
      select "companyId", product, substr(day, 1, 7), "certType", "certNo", name, sum(tickets), sum("spendFen"), sum("ticketFen")
      from report_traveller_days group by "companyId", product, substr(day, 1, 7), "certType", "certNo", name`,
  ];
}

function sqliteTriggers(): string[] {
  const d = "sqlite";
  const isChange = (r: string) => `${r}.action = '${SUMMARY_CHANGE_ACTION}'`;
  return [
    `create trigger report_orders_ai after insert on orders begin ${orderDay("new", 1, d)} end`,
    // New first: when the order stays in its groups, nothing is removed and added back.
    `create trigger report_orders_au after update of ${quoted(ORDER_COLUMNS)} on orders begin
      ${orderDay("new", 1, d)} ${orderDay("old", -1, d)}
      ${ofOrder("new", 1, d)} ${ofOrder("old", -1, d)} end`,
    // An order's passengers and events go first (the cascade would take them anyway), each
    // taken out of the summaries while the order still says where they were counted.
    `create trigger report_orders_bd before delete on orders begin
      delete from order_passengers where "orderId" = old.id; delete from order_events where "orderId" = old.id; end`,
    `create trigger report_orders_ad after delete on orders begin ${orderDay("old", -1, d)} end`,
    `create trigger report_passengers_ai after insert on order_passengers begin ${ofPassenger("new", 1, d)} end`,
    `create trigger report_passengers_au after update of ${quoted(PASSENGER_COLUMNS)} on order_passengers begin
      ${ofPassenger("new", 1, d)} ${ofPassenger("old", -1, d)} end`,
    `create trigger report_passengers_ad after delete on order_passengers begin ${ofPassenger("old", -1, d)} end`,
    // An order counts as changed from its first completed change to its last one's removal.
    `create trigger report_events_ai after insert on order_events when ${isChange("new")} begin
      ${changedFlag('new."orderId"', 1, `${changeEvents('new."orderId"')} = 1`, d)} end`,
    `create trigger report_events_ad after delete on order_events when ${isChange("old")} begin
      ${changedFlag('old."orderId"', -1, `${changeEvents('old."orderId"')} = 0`, d)} end`,
    `create trigger report_events_au after update of action, "orderId" on order_events
      when (${isChange("old")} or ${isChange("new")}) and (old.action is not new.action or old."orderId" is not new."orderId") begin
      ${changedFlag('old."orderId"', -1, `${isChange("old")} and ${changeEvents('old."orderId"')} = 0`, d)}
      ${changedFlag('new."orderId"', 1, `${isChange("new")} and ${changeEvents('new."orderId"')} = 1`, d)} end`,
  ];
}

function postgresTriggers(): string[] {
  const d = "postgres";
  const isChange = (r: string) => `${r}.action = '${SUMMARY_CHANGE_ACTION}'`;
  const fn = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`;
  return [
    fn(
      "report_orders_sync",
      `if tg_op = 'DELETE' and tg_when = 'BEFORE' then
        delete from order_passengers where "orderId" = old.id; delete from order_events where "orderId" = old.id;
        return old;
      end if;
      if tg_op = 'INSERT' then ${orderDay("new", 1, d)} end if;
      if tg_op = 'UPDATE' then
        ${orderDay("new", 1, d)} ${orderDay("old", -1, d)}
        ${ofOrder("new", 1, d)} ${ofOrder("old", -1, d)}
      end if;
      if tg_op = 'DELETE' then ${orderDay("old", -1, d)} end if;
      return null;`,
    ),
    `create trigger report_orders_ai after insert on orders for each row execute function report_orders_sync()`,
    `create trigger report_orders_au after update of ${quoted(ORDER_COLUMNS)} on orders for each row execute function report_orders_sync()`,
    `create trigger report_orders_bd before delete on orders for each row execute function report_orders_sync()`,
    `create trigger report_orders_ad after delete on orders for each row execute function report_orders_sync()`,
    fn(
      "report_passengers_sync",
      `if tg_op in ('INSERT', 'UPDATE') then ${ofPassenger("new", 1, d)} end if;
      if tg_op in ('UPDATE', 'DELETE') then ${ofPassenger("old", -1, d)} end if;
      return null;`,
    ),
    `create trigger report_passengers_sync after insert or update of ${quoted(PASSENGER_COLUMNS)} or delete on order_passengers for each row execute function report_passengers_sync()`,
    fn(
      "report_events_sync",
      `if tg_op = 'UPDATE' and old.action is not distinct from new.action and old."orderId" is not distinct from new."orderId" then return null; end if;
      if tg_op in ('UPDATE', 'DELETE') and ${isChange("old")} then ${changedFlag('old."orderId"', -1, `${changeEvents('old."orderId"')} = 0`, d)} end if;
      if tg_op in ('INSERT', 'UPDATE') and ${isChange("new")} then ${changedFlag('new."orderId"', 1, `${changeEvents('new."orderId"')} = 1`, d)} end if;
      return null;`,
    ),
    `create trigger report_events_sync after insert or update of action, "orderId" or delete on order_events for each row execute function report_events_sync()`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  const d: Dialect = isPostgres(db) ? "postgres" : "sqlite";
  for (const s of [...tables(d), ...(d === "postgres" ? postgresTriggers() : sqliteTriggers()), ...backfill(d)]) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`drop trigger if exists report_orders_ai on orders; drop trigger if exists report_orders_au on orders;
      drop trigger if exists report_orders_bd on orders; drop trigger if exists report_orders_ad on orders;
      drop trigger if exists report_passengers_sync on order_passengers; drop trigger if exists report_events_sync on order_events;
      drop function if exists report_orders_sync(); drop function if exists report_passengers_sync(); drop function if exists report_events_sync()`).execute(db);
  } else {
    for (const t of ["report_orders_ai", "report_orders_au", "report_orders_bd", "report_orders_ad", "report_passengers_ai", "report_passengers_au", "report_passengers_ad", "report_events_ai", "report_events_ad", "report_events_au"]) {
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    }
  }
  for (const t of ["report_traveller_months", "report_traveller_days", "report_days"]) await sql.raw(`drop table if exists ${t}`).execute(db);
}
