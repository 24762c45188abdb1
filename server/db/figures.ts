// What a database holds, in a few figures that change with every order, payment and wallet move:
// a restored backup is compared with its source by these.
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "./schema";

export interface DatabaseFigures {
  members: number;
  orders: number;
  payments: number;
  ledgerRows: number;
  /** The sum of every ledger amount, in fen. */
  ledgerFen: number;
  wallets: number;
}

const count = async (db: Kysely<Database>, table: keyof Database) =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow()).n);

export async function databaseFigures(db: Kysely<Database>): Promise<DatabaseFigures> {
  const ledger = await sql<{ n: string | number; fen: string | number | null }>`select count(*) as n, sum("amountFen") as fen from ledger`.execute(db);
  return {
    members: await count(db, "members"),
    orders: await count(db, "orders"),
    payments: await count(db, "payments"),
    ledgerRows: Number(ledger.rows[0].n),
    ledgerFen: Number(ledger.rows[0].fen ?? 0),
    wallets: await count(db, "wallets"),
  };
}
