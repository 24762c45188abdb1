// Spend reports from summaries instead of the orders themselves. A year of a large company's
// orders is a hundred thousand rows; grouping them five ways per report (with a join to every
// passenger) took most of a second. The summaries hold the same sums, grouped as reports read
// them, by booking day (China date) for any range and by month for the whole months of a long one:
// - report_days: a company's orders by report product, day, booker, kind (1 spend, 2 refunded,
//   0 neither), days booked ahead and title, with the order count, the money sums and how many
//   went through a completed change;
// - report_months: the same by month, booker and kind only;
// - report_advance_months, report_title_months: the spend by month and days booked ahead, and
//   by month and title, for the whole company;
// - report_traveller_days: the passengers of spend orders by report product, day, booker and
//   certificate (and name), with tickets and money; report_traveller_months: by month, for the
//   whole company.
// Triggers on orders, order_passengers and order_events keep them in step inside the very
// statement that writes an order, whoever writes it: each change adds what the new row
// contributes and takes away what the old one did, and a group left with nothing is removed.
// The department of an order is its booker's as the staff list has it when the report is read,
// so it is not stored: reports with a department read the tables that keep the booker.
// The status sets below were the report's own (src/domain/reports.ts) when this migration was
// written; a later migration that changes them drops the summaries and builds them again with its
// sets (buildSummaries), and a test holds the latest sets equal to the report's.
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

/** Stored products the reports read ("intlAir" is an "air" order flagged international). */
export const SUMMARY_PRODUCTS = ["air", "train", "hotel", "car"] as const;
export const SUMMARY_SPEND_STATUSES: Readonly<Record<string, readonly number[]>> = { air: [1, 7, 2, 3, 9, 10, 11], hotel: [1, 2, 3, 4], train: [1, 2, 3] };
export const SUMMARY_REFUND_STATUSES: Readonly<Record<string, readonly number[]>> = { air: [4, 5, 6, 8], hotel: [6], train: [4, 6] };
export const SUMMARY_CHANGE_ACTION = "confirmChange";

type Dialect = "sqlite" | "postgres";
type StatusSets = Readonly<Record<string, readonly number[]>>;

/** Which order statuses count as spend and as refunded, per product: baked into the triggers. */
export interface SummarySets {
  spend: StatusSets;
  refund: StatusSets;
}

/**
 * Sums later migrations add to the order summaries: per table, the extra terms it sums, and the
 * order columns whose change moves them; and order summaries of their own (kept by the same
 * triggers). Without one the summaries are as this migration made them.
 */
export interface SummaryExtras {
  sums: Readonly<Partial<Record<string, readonly Term[]>>>;
  orderColumns: readonly string[];
  tables?: readonly OrderSummary[];
}
const NO_EXTRAS: SummaryExtras = { sums: {}, orderColumns: [] };

/** What the SQL is written for: the dialect, the status sets and the extra sums. */
type Build = SummarySets & { dialect: Dialect; extras: SummaryExtras };

/** The expressions of one order row `r` (new, old or a table alias). */
function orderTerms(r: string, d: Build) {
  const statuses = (sets: Readonly<Record<string, readonly number[]>>) =>
    "(" + Object.entries(sets).map(([p, s]) => `(${r}.product = '${p}' and ${r}.status in (${s.join(", ")}))`).join(" or ") + ")";
  const spend = statuses(d.spend);
  const day = d.dialect === "postgres" ? `to_char(${r}."createTime"::timestamp + interval '8 hours', 'YYYY-MM-DD')` : `date(${r}."createTime", '+8 hours')`;
  return {
    /** The order is one a company report reads. */
    reported: `${r}."companyId" is not null and ${r}.product in (${SUMMARY_PRODUCTS.map((p) => `'${p}'`).join(", ")})`,
    spend,
    companyId: `${r}."companyId"`,
    memberId: `${r}."memberId"`,
    title: `${r}.title`,
    product: `(case when ${r}.product = 'air' and ${r}.international = 1 then 'intlAir' else ${r}.product end)`,
    kind: `(case when ${spend} then 1 when ${statuses(d.refund)} then 2 else 0 end)`,
    day,
    month: `substr(${day}, 1, 7)`,
    // Whole days from the booking's China date to departure (0 when the date is not one: a write
    // must never fail on a report's account).
    advance:
      d.dialect === "postgres"
        ? `(case when ${r}."depDate" ~ '^\\d{4}-\\d{2}-\\d{2}$' then ${r}."depDate"::date - (${r}."createTime"::timestamp + interval '8 hours')::date else 0 end)`
        : `coalesce(cast(julianday(${r}."depDate") - julianday(${day}) as integer), 0)`,
    // What the order adds to each sum.
    orders: "1",
    spendFen: `${r}."totalFen"`,
    ticketFen: `${r}."ticketFen"`,
    fareOrders: `(case when ${r}."fullFareFen" is null then 0 else 1 end)`,
    fareTicketFen: `(case when ${r}."fullFareFen" is null then 0 else ${r}."ticketFen" end)`,
    fullFareFen: `coalesce(${r}."fullFareFen", 0)`,
    changed: `(case when exists (select 1 from order_events ce where ce."orderId" = ${r}.id and ce.action = '${SUMMARY_CHANGE_ACTION}') then 1 else 0 end)`,
    // Summed only where a later migration's extras name them (103: over-standard and self-paid).
    overOrders: `(case when ${r}."overStandard" = 1 then 1 else 0 end)`,
    overFen: `(case when ${r}."overStandard" = 1 then ${r}."totalFen" else 0 end)`,
    // The traveller's own part of the order (超标自付), never below 0 nor above the order.
    selfPayFen: `(case when ${r}."selfPayFen" <= 0 then 0 when ${r}."selfPayFen" >= ${r}."totalFen" then ${r}."totalFen" else ${r}."selfPayFen" end)`,
    // The reason given for an over-standard order; none and an empty one are the same ('').
    reason: `coalesce(${r}."overReasons", '')`,
  };
}
export type Term = keyof ReturnType<typeof orderTerms>;

/** A summary of orders: its key and sums (named after the order's terms), and which orders it holds. */
export interface OrderSummary {
  table: string;
  key: Term[];
  sums: Term[];
  spendOnly: boolean;
  /** Only over-standard orders. */
  overOnly?: boolean;
}

const ORDER_SUMS: Term[] = ["orders", "spendFen", "ticketFen", "fareOrders", "fareTicketFen", "fullFareFen"];
const BASE_ORDER_SUMMARIES: OrderSummary[] = [
  { table: "report_days", key: ["companyId", "product", "day", "memberId", "kind", "advance", "title"], sums: [...ORDER_SUMS, "changed"], spendOnly: false },
  { table: "report_months", key: ["companyId", "product", "month", "memberId", "kind"], sums: [...ORDER_SUMS, "changed"], spendOnly: false },
  { table: "report_advance_months", key: ["companyId", "product", "month", "advance"], sums: ["orders"], spendOnly: true },
  { table: "report_title_months", key: ["companyId", "product", "month", "title"], sums: ORDER_SUMS, spendOnly: true },
];

/** The order summaries with the extras' sums after their own. */
const orderSummariesOf = (d: Build): OrderSummary[] => [...BASE_ORDER_SUMMARIES.map((s) => ({ ...s, sums: [...s.sums, ...(d.extras.sums[s.table] ?? [])] })), ...(d.extras.tables ?? [])];

/** The expressions of one passenger row `p` as a traveller. */
const passengerTerms = (p: string) => ({
  certType: `${p}."certType"`,
  certNo: `${p}."certNo"`,
  name: `${p}.name`,
  tickets: "1",
  spendFen: `(${p}."tktPriceFen" + ${p}."consTaxFen" + ${p}."fuelTaxFen" + ${p}."servFeeFen" + ${p}."insuPayPriceFen")`,
  ticketFen: `${p}."tktPriceFen"`,
});
type PassengerTerm = keyof ReturnType<typeof passengerTerms>;

/** A summary of spend orders' passengers: its key (order terms, then passenger terms) and sums. */
interface TravellerSummary {
  table: string;
  orderKey: Term[];
  passengerKey: PassengerTerm[];
}
const TRAVELLER_SUMS: PassengerTerm[] = ["tickets", "spendFen", "ticketFen"];
const TRAVELLER_SUMMARIES: TravellerSummary[] = [
  { table: "report_traveller_days", orderKey: ["companyId", "product", "day", "memberId"], passengerKey: ["certType", "certNo", "name"] },
  { table: "report_traveller_months", orderKey: ["companyId", "product", "month"], passengerKey: ["certType", "certNo", "name"] },
];

const col = (name: string) => (/[A-Z]/.test(name) ? `"${name}"` : name);
const cols = (names: string[]) => names.map(col).join(", ");
const addUp = (table: string, sums: string[]) => `do update set ${sums.map((c) => `${col(c)} = ${table}.${col(c)} + excluded.${col(c)}`).join(", ")}`;

/** Which orders summary `s` holds, in terms `t` of one order row. */
const whereOf = (s: OrderSummary, t: ReturnType<typeof orderTerms>) =>
  `${t.reported}${s.spendOnly ? ` and ${t.spend}` : ""}${s.overOnly ? ` and ${t.overOrders} = 1` : ""}`;

/** Adds (sign 1) or takes away (sign -1) order row `r` in order summary `s`. */
function orderSummary(s: OrderSummary, r: string, sign: 1 | -1, d: Build): string {
  const t = orderTerms(r, d);
  const where = whereOf(s, t);
  const insert = `insert into ${s.table} (${cols([...s.key, ...s.sums])})
      select ${s.key.map((k) => t[k]).join(", ")}, ${s.sums.map((k) => `${sign} * ${t[k]}`).join(", ")} where ${where}
      on conflict (${cols(s.key)}) ${addUp(s.table, s.sums)};`;
  if (sign === 1) return insert;
  return `${insert}
      delete from ${s.table} where ${s.key.map((k) => `${col(k)} = ${t[k]}`).join(" and ")} and orders = 0;`;
}

/** Order row `r` added to (or taken from) every order summary. */
const orderSummaries = (r: string, sign: 1 | -1, d: Build) => orderSummariesOf(d).map((s) => orderSummary(s, r, sign, d)).join("\n");

/**
 * An updated order moved from its old groups to its new ones. Where the group stays the same the
 * new row is added first, so the group is never emptied and removed on the way. On PostgreSQL the
 * two rows of each table are locked in key order (summary rows are shared by many orders, and two
 * transactions moving orders in opposite directions must not wait for each other's rows).
 */
function orderMoved(d: Build): string {
  if (d.dialect === "sqlite") return `${orderSummaries("new", 1, d)} ${orderSummaries("old", -1, d)}`;
  return orderSummariesOf(d).map((s) => {
    const key = (r: string) => `row(${s.key.map((k) => orderTerms(r, d)[k]).join(", ")})`;
    return `if ${key("old")} < ${key("new")} then ${orderSummary(s, "old", -1, d)} ${orderSummary(s, "new", 1, d)}
      else ${orderSummary(s, "new", 1, d)} ${orderSummary(s, "old", -1, d)} end if;`;
  }).join("\n");
}

/**
 * Adds or takes away travellers as spend of an order. `o` names the order's fields (a row or an
 * alias), `p` the passengers' (the table alias p, or a row); `from` is the FROM and WHERE that
 * brings them together; `each` says whether p is one row (no grouping) or many.
 */
function travellers(o: string, p: string, from: string, each: boolean, sign: 1 | -1, d: Build): string {
  const t = orderTerms(o, d);
  const pt = passengerTerms(p);
  const source = `${from} and ${t.reported} and ${t.spend}`;
  return TRAVELLER_SUMMARIES.map((s) => {
    const key = [...s.orderKey.map((k) => t[k]), ...s.passengerKey.map((k) => pt[k])].join(", ");
    const names = [...s.orderKey, ...s.passengerKey];
    const sums = TRAVELLER_SUMS.map((k) => (each ? `${sign} * ${pt[k]}` : `${sign} * sum(${pt[k]})`)).join(", ");
    const insert = `insert into ${s.table} (${cols([...names, ...TRAVELLER_SUMS])})
      select ${key}, ${sums} ${source}${each ? "" : ` group by ${key}`}
      on conflict (${cols(names)}) ${addUp(s.table, TRAVELLER_SUMS)};`;
    if (sign === 1) return insert;
    return `${insert}
      delete from ${s.table} where tickets = 0 and (${cols(names)}) in (select ${key} ${source});`;
  }).join("\n");
}

/** The passengers of order row `r` (new or old), as that row says the order was. */
const ofOrder = (r: string, sign: 1 | -1, d: Build) => travellers(r, "p", `from order_passengers p where p."orderId" = ${r}.id`, false, sign, d);
/** Passenger row `r` (new or old), with its order as it is now. */
const ofPassenger = (r: string, sign: 1 | -1, d: Build) => travellers("o", r, `from orders o where o.id = ${r}."orderId"`, true, sign, d);

/** Counts order `orderId` as changed (sign 1) or not any more (-1) when `when` holds. */
function changedFlag(orderId: string, sign: 1 | -1, when: string, d: Build): string {
  const t = orderTerms("o", d);
  return orderSummariesOf(d).filter((s) => s.sums.includes("changed"))
    .map(
      (s) => `update ${s.table} set changed = changed + ${sign}
        where (${cols(s.key)}) in (select ${s.key.map((k) => t[k]).join(", ")} from orders o where o.id = ${orderId} and ${t.reported}) and ${when};`,
    )
    .join("\n");
}

const changeEvents = (orderId: string) => `(select count(*) from order_events e where e."orderId" = ${orderId} and e.action = '${SUMMARY_CHANGE_ACTION}')`;

/** The columns whose change moves an order between groups or changes its sums. */
const ORDER_COLUMNS = ["companyId", "product", "international", "status", "createTime", "memberId", "depDate", "title", "totalFen", "ticketFen", "fullFareFen"];
const PASSENGER_COLUMNS = ["orderId", "certType", "certNo", "name", "tktPriceFen", "consTaxFen", "fuelTaxFen", "servFeeFen", "insuPayPriceFen"];

const TYPES: Record<string, "int" | "text" | "money"> = {
  companyId: "int", memberId: "int", kind: "int", advance: "int", certType: "int", orders: "int", fareOrders: "int", changed: "int", tickets: "int",
  product: "text", day: "text", month: "text", title: "text", certNo: "text", name: "text", reason: "text",
  spendFen: "money", ticketFen: "money", fareTicketFen: "money", fullFareFen: "money",
  overOrders: "int", overFen: "money", selfPayFen: "money",
};

function tables(b: Build): string[] {
  const d = b.dialect;
  const type = (c: string) => ({ int: "integer", text: "text", money: d === "postgres" ? "bigint" : "integer" })[TYPES[c]];
  const table = (name: string, key: string[], sums: string[]) =>
    `create table ${name} (${[...key, ...sums].map((c) => `${col(c)} ${type(c)} not null`).join(", ")}, primary key (${cols(key)}))${d === "postgres" ? "" : " without rowid"}`;
  return [
    ...orderSummariesOf(b).map((s) => table(s.table, s.key, s.sums)),
    ...TRAVELLER_SUMMARIES.map((s) => table(s.table, [...s.orderKey, ...s.passengerKey], TRAVELLER_SUMS)),
    // A department's travellers are read booker by booker.
    `create index report_traveller_days_member_idx on report_traveller_days ("companyId", product, "memberId", day, tickets, "spendFen", "ticketFen")`,
  ];
}

/** Everything there is now, summed. */
function backfill(d: Build): string[] {
  const t = orderTerms("o", d);
  const pt = passengerTerms("p");
  return [
    ...orderSummariesOf(d).map((s) => {
      const key = s.key.map((k) => t[k]).join(", ");
      return `insert into ${s.table} (${cols([...s.key, ...s.sums])})
        select ${key}, ${s.sums.map((k) => `sum(${t[k]})`).join(", ")}
        from orders o where ${whereOf(s, t)} group by ${key}`;
    }),
    ...TRAVELLER_SUMMARIES.map((s) => {
      const key = [...s.orderKey.map((k) => t[k]), ...s.passengerKey.map((k) => pt[k])].join(", ");
      return `insert into ${s.table} (${cols([...s.orderKey, ...s.passengerKey, ...TRAVELLER_SUMS])})
        select ${key}, ${TRAVELLER_SUMS.map((k) => `sum(${pt[k]})`).join(", ")}
        from order_passengers p join orders o on o.id = p."orderId" where ${t.reported} and ${t.spend} group by ${key}`;
    }),
  ];
}

function sqliteTriggers(d: Build): string[] {
  const isChange = (r: string) => `${r}.action = '${SUMMARY_CHANGE_ACTION}'`;
  return [
    `create trigger report_orders_ai after insert on orders begin ${orderSummaries("new", 1, d)} end`,
    `create trigger report_orders_au after update of ${cols([...ORDER_COLUMNS, ...d.extras.orderColumns])} on orders begin
      ${orderMoved(d)} ${ofOrder("new", 1, d)} ${ofOrder("old", -1, d)} end`,
    // An order's passengers and events go first (the cascade would take them anyway), each
    // taken out of the summaries while the order still says where they were counted.
    `create trigger report_orders_bd before delete on orders begin
      delete from order_passengers where "orderId" = old.id; delete from order_events where "orderId" = old.id; end`,
    `create trigger report_orders_ad after delete on orders begin ${orderSummaries("old", -1, d)} end`,
    `create trigger report_passengers_ai after insert on order_passengers begin ${ofPassenger("new", 1, d)} end`,
    `create trigger report_passengers_au after update of ${cols(PASSENGER_COLUMNS)} on order_passengers begin
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

function postgresTriggers(d: Build): string[] {
  const isChange = (r: string) => `${r}.action = '${SUMMARY_CHANGE_ACTION}'`;
  const fn = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`;
  return [
    fn(
      "report_orders_sync",
      `if tg_op = 'DELETE' and tg_when = 'BEFORE' then
        delete from order_passengers where "orderId" = old.id; delete from order_events where "orderId" = old.id;
        return old;
      end if;
      if tg_op = 'INSERT' then ${orderSummaries("new", 1, d)} end if;
      if tg_op = 'UPDATE' then ${orderMoved(d)} ${ofOrder("new", 1, d)} ${ofOrder("old", -1, d)} end if;
      if tg_op = 'DELETE' then ${orderSummaries("old", -1, d)} end if;
      return null;`,
    ),
    `create trigger report_orders_ai after insert on orders for each row execute function report_orders_sync()`,
    `create trigger report_orders_au after update of ${cols([...ORDER_COLUMNS, ...d.extras.orderColumns])} on orders for each row execute function report_orders_sync()`,
    `create trigger report_orders_bd before delete on orders for each row execute function report_orders_sync()`,
    `create trigger report_orders_ad after delete on orders for each row execute function report_orders_sync()`,
    fn(
      "report_passengers_sync",
      `if tg_op in ('INSERT', 'UPDATE') then ${ofPassenger("new", 1, d)} end if;
      if tg_op in ('UPDATE', 'DELETE') then ${ofPassenger("old", -1, d)} end if;
      return null;`,
    ),
    `create trigger report_passengers_sync after insert or update of ${cols(PASSENGER_COLUMNS)} or delete on order_passengers for each row execute function report_passengers_sync()`,
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

export const SUMMARY_TABLES = [...BASE_ORDER_SUMMARIES.map((s) => s.table), ...TRAVELLER_SUMMARIES.map((s) => s.table)];

/** The summary tables, their triggers and their contents from the orders, for these status sets (and extra sums). */
export async function buildSummaries(db: Kysely<any>, sets: SummarySets, extras: SummaryExtras = NO_EXTRAS): Promise<void> {
  const d: Build = { dialect: isPostgres(db) ? "postgres" : "sqlite", ...sets, extras };
  const triggers = d.dialect === "postgres" ? postgresTriggers(d) : sqliteTriggers(d);
  for (const s of [...tables(d), ...triggers, ...backfill(d)]) await sql.raw(s).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await buildSummaries(db, { spend: SUMMARY_SPEND_STATUSES, refund: SUMMARY_REFUND_STATUSES });
}

export const down = dropSummaries;

/** The triggers and the summary tables gone (a later migration builds them again with other sets). */
export async function dropSummaries(db: Kysely<any>): Promise<void> {
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
  for (const t of [...SUMMARY_TABLES].reverse()) await sql.raw(`drop table if exists ${t}`).execute(db);
}
