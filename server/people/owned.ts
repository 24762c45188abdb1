// A member's own small lists (addresses, invoice titles): a row named by id must be the caller's
// (missing: not found; another member's: refused), and at most one row is the default.
import { said, type Text } from "../services/i18n/text";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { toCount } from "../db";
import { DomainError } from "../services/domain-error";
import { uniquely } from "../db/unique";

export type OwnedTable = "addresses" | "invoice_titles";
type Db = Kysely<Database> | Transaction<Database>;

export interface OwnedMessages {
  missing: Text | string;
  notYours: Text | string;
  tooMany: Text | string;
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
    () => new DomainError("badInput", said("people.defaultBeingChangedTryAgain")),
  );
}

export async function deleteOwned(db: Kysely<Database>, table: OwnedTable, memberId: number, id: number, m: OwnedMessages): Promise<{ id: number }> {
  await assertOwned(db, table, memberId, id, m);
  await db.deleteFrom(table).where("id", "=", id).where("memberId", "=", memberId).execute();
  return { id };
}

/**
 * Saves a row of the member's own list in one transaction: an id updates the caller's row (theirs,
 * else refused), none adds one while the list has room; then the default flag. The new row's id.
 */
export async function saveOwned(
  db: Kysely<Database>,
  table: OwnedTable,
  memberId: number,
  row: { id?: number; isDefault: boolean; values: Record<string, unknown>; at: string },
  limits: { max: number; messages: OwnedMessages },
): Promise<number> {
  const { id, isDefault, values, at } = row;
  // The callers' values are the table's own columns (typed where they are made); Kysely cannot
  // type one insert over a union of tables, so they pass through untyped here.
  return db.transaction().execute(async (trx) => {
    let rowId: number;
    if (id !== undefined) {
      await assertOwned(trx, table, memberId, id, limits.messages);
      await trx.updateTable(table).set(values as never).where("id", "=", id).where("memberId", "=", memberId).execute();
      rowId = id;
    } else {
      await assertRoom(trx, table, memberId, limits.max, limits.messages);
      rowId = (await trx.insertInto(table).values({ ...values, memberId, createTime: at } as never).returning("id").executeTakeFirstOrThrow()).id;
    }
    await setDefault(trx, table, memberId, rowId, isDefault);
    return rowId;
  });
}
