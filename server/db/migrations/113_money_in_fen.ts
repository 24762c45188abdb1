// Wallets and the company's agreed service fee were decimal yuan text ('1280.50') while orders,
// payments and the ledger are integer fen, so every read parsed and every write formatted. They
// become integer fen columns like the rest (bigint on PostgreSQL, whose pool reads it back as a
// number). Each distinct stored text is converted once, by its digits, never through a float,
// and every value is checked before anything changes: an unreadable amount stops the migration
// rather than becoming 0. Credit used may be below zero (a refund of a settled charge).
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";
import { fenToYuan, parseYuan } from "../../../src/domain/money";

interface MoneyColumn {
  table: "wallets" | "companies";
  text: string;
  fen: string;
  negative: boolean;
}

const COLUMNS: readonly MoneyColumn[] = [
  { table: "wallets", text: "balance", fen: "balanceFen", negative: false },
  { table: "wallets", text: "frozen", fen: "frozenFen", negative: false },
  { table: "wallets", text: "creditLimit", fen: "creditLimitFen", negative: false },
  { table: "wallets", text: "creditUsed", fen: "creditUsedFen", negative: true },
  { table: "companies", text: "dometicketServerFee", fen: "dometicketServerFeeFen", negative: false },
];

async function distinctValues(db: Kysely<any>, table: string, column: string): Promise<unknown[]> {
  const rows = await db.selectFrom(table).select(sql.ref(column).as("v")).distinct().execute();
  return rows.map((r) => r.v);
}

/** Every distinct text of a column with its fen; throws on the first text that is no amount. */
async function textToFen(db: Kysely<any>, c: MoneyColumn): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const v of await distinctValues(db, c.table, c.text)) {
    const fen = parseYuan(v, { negative: c.negative });
    if (typeof v !== "string" || fen === null) throw new Error(`${c.table}.${c.text} holds ${JSON.stringify(v)}, which is no amount of yuan`);
    out.set(v, fen);
  }
  return out;
}

export async function up(db: Kysely<any>): Promise<void> {
  const money = isPostgres(db) ? "bigint" : "integer";
  const plans: [MoneyColumn, Map<string, number>][] = [];
  for (const c of COLUMNS) plans.push([c, await textToFen(db, c)]);
  for (const [c, values] of plans) {
    await db.schema.alterTable(c.table).addColumn(c.fen, money, (col) => col.notNull().defaultTo(0)).execute();
    for (const [text, fen] of values) {
      if (fen !== 0) await db.updateTable(c.table).set({ [c.fen]: fen }).where(c.text, "=", text).execute();
    }
    await db.schema.alterTable(c.table).dropColumn(c.text).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of COLUMNS) {
    await db.schema.alterTable(c.table).addColumn(c.text, "text", (col) => col.notNull().defaultTo("0.00")).execute();
    for (const v of await distinctValues(db, c.table, c.fen)) {
      const fen = Number(v);
      await db.updateTable(c.table).set({ [c.text]: fenToYuan(fen) }).where(c.fen, "=", fen).execute();
    }
    await db.schema.alterTable(c.table).dropColumn(c.fen).execute();
  }
}
