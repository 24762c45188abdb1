// A member's own small lists (addresses, invoice titles): a row named by id must be the caller's
// (missing: not found; another member's: refused), and at most one row is the default.
import { say } from "../services/i18n/catalogue";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { DomainError } from "../services/domain-error";
import { uniquely } from "../db/unique";

export type OwnedTable = "addresses" | "invoice_titles";
type Db = Kysely<Database> | Transaction<Database>;

export interface OwnedMessages {
  missing: string;
  notYours: string;
  tooMany: string;
}

export async function assertOwned(db: Db, table: OwnedTable, memberId: number, id: number, m: OwnedMessages): Promise<void> {
  const row = await db.selectFrom(table).select(["id", "memberId"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new DomainError("notFound", m.missing);
  if (row.memberId !== memberId) throw new DomainError("forbidden", m.notYours);
}

export async function assertRoom(db: Db, table: OwnedTable, memberId: number, max: number, m: OwnedMessages): Promise<void> {
  const count = await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where("memberId", "=", memberId).executeTakeFirst();
  if (toCount(count?.n) >= max) throw new DomainError("badInput", m.tooMany);
}

/** Makes the row the member's default (clearing the previous one), or clears its flag. */
export async function setDefault(trx: Transaction<Database>, table: OwnedTable, memberId: number, id: number, isDefault: boolean): Promise<void> {
  if (isDefault) await trx.updateTable(table).set({ isDefault: 0 }).where("memberId", "=", memberId).where("isDefault", "=", 1).where("id", "!=", id).execute();
  await uniquely(
    () => trx.updateTable(table).set({ isDefault: isDefault ? 1 : 0 }).where("id", "=", id).where("memberId", "=", memberId).execute(),
    () => new DomainError("badInput", say("people.defaultBeingChangedTryAgain")),
  );
}

export async function deleteOwned(db: Kysely<Database>, table: OwnedTable, memberId: number, id: number, m: OwnedMessages): Promise<{ id: number }> {
  await assertOwned(db, table, memberId, id, m);
  await db.deleteFrom(table).where("id", "=", id).where("memberId", "=", memberId).execute();
  return { id };
}
