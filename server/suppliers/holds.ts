// Holds: inventory taken for an order until it is confirmed (ticketed, issued) or released.
// Taking is a conditional decrement in the hold's transaction (remaining >= n + what other
// channels have sold), so two people can never both get the last seat or room; releasing and
// refunding give the units back. Each state change is itself conditional on the current state,
// so a hold is released or confirmed once, whoever asks twice.
import { said, type Text } from "../services/i18n/text";
import crypto from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { inTransaction } from "../db/transaction";
import type { Database, InventoryHoldsTable } from "../db/schema";
import type { HoldRecord, HoldStatus } from "../../src/domain/travel/types";
import { DomainError } from "../services/domain-error";
import { isoAt, now } from "../services/clock";

type CountTable = "air_flights" | "air_class_seats" | "train_seats" | "hotel_nights";

export interface HoldLine {
  table: CountTable;
  /** The count column: "remaining", or a flight's per-cabin column (fRemaining, cRemaining, yRemaining). */
  column?: "remaining" | "fRemaining" | "cRemaining" | "yRemaining";
  key: Record<string, string | number>;
  n: number;
  /** Units other channels have sold by now: the decrement must leave them untouched. */
  guard: number;
  /**
   * The count row as it starts, for a count written at its first hold (a booking class's seats):
   * inserted unless it is there, in the hold's transaction, before the decrement.
   */
  create?: Record<string, string | number>;
}

export interface NewHold {
  product: HoldRecord["product"];
  lines: HoldLine[];
  quantity: number;
  amount: number;
  description: string;
  detail: Record<string, unknown>;
  ttlMinutes: number;
  /** Message when a line cannot be taken. */
  soldOut: Text | string;
}

export interface StoredHold extends HoldRecord {
  lines: HoldLine[];
  detail: Record<string, unknown>;
  reference: string | null;
}

function toRecord(row: InventoryHoldsTable): StoredHold {
  const detail = JSON.parse(row.detail) as Record<string, unknown>;
  return {
    holdId: row.id,
    product: row.product as HoldRecord["product"],
    status: row.status as HoldStatus,
    quantity: row.quantity,
    expiresAt: row.expiresAt,
    description: String(detail.description ?? ""),
    lines: JSON.parse(row.lines) as HoldLine[],
    detail,
    amount: row.amount,
    reference: row.reference,
  };
}

async function adjust(trx: Transaction<Database>, line: HoldLine, delta: number): Promise<boolean> {
  const column = line.column ?? "remaining";
  let q = trx.updateTable(line.table).set({ [column]: sql<number>`${sql.ref(column)} + ${delta}` } as never);
  for (const [col, value] of Object.entries(line.key)) q = q.where(col as never, "=", value as never);
  if (delta < 0) q = q.where(column as never, ">=", (-delta + line.guard) as never);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function createHold(db: Kysely<Database>, h: NewHold): Promise<StoredHold> {
  const id = crypto.randomUUID();
  const at = now();
  const row: InventoryHoldsTable = {
    id,
    product: h.product,
    status: "held",
    quantity: h.quantity,
    lines: JSON.stringify(h.lines),
    detail: JSON.stringify({ ...h.detail, description: h.description }),
    amount: h.amount,
    reference: null,
    expiresAt: isoAt(at + h.ttlMinutes * 60_000),
    createTime: isoAt(at),
    updateTime: isoAt(at),
  };
  await inTransaction(db, async (trx) => {
    for (const line of h.lines) {
      if (line.create) {
        const keys = Object.keys(line.key);
        await trx.insertInto(line.table).values(line.create as never).onConflict((oc) => oc.columns(keys as never).doNothing()).execute();
      }
      if (!(await adjust(trx, line, -line.n))) throw new DomainError("conflict", h.soldOut);
    }
    await trx.insertInto("inventory_holds").values(row).execute();
  });
  return toRecord(row);
}

export async function findHold(db: Kysely<Database>, id: string): Promise<StoredHold> {
  const row = await db.selectFrom("inventory_holds").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new DomainError("notFound", said("suppliers.seatRoomHoldFound"));
  return toRecord(row);
}

async function transition(db: Kysely<Database>, id: string, from: HoldStatus, to: HoldStatus, giveBack: boolean, reference?: string): Promise<StoredHold> {
  await inTransaction(db, async (trx) => {
    let q = trx
      .updateTable("inventory_holds")
      .set({ status: to, updateTime: isoAt(), ...(reference ? { reference } : {}) })
      .where("id", "=", id)
      .where("status", "=", from);
    // A hold past its expiry can no longer be confirmed: its units belong to the next buyer.
    if (to === "confirmed") q = q.where("expiresAt", ">", isoAt());
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const current = await trx.selectFrom("inventory_holds").select(["status", "expiresAt"]).where("id", "=", id).executeTakeFirst();
      if (!current) throw new DomainError("notFound", said("suppliers.seatRoomHoldFound"));
      if (current.status === from) throw new DomainError("conflict", said("suppliers.seatHoldHasExpiredBook"));
      throw new DomainError("conflict", said("suppliers.doneCurrentStatus", { status: current.status }));
    }
    if (giveBack) {
      const row = await trx.selectFrom("inventory_holds").select("lines").where("id", "=", id).executeTakeFirstOrThrow();
      for (const line of JSON.parse(row.lines) as HoldLine[]) await adjust(trx, line, line.n);
    }
  });
  return findHold(db, id);
}

/** Gives the units back (a hold not confirmed: cancelled by the buyer or expired). */
export const releaseHold = (db: Kysely<Database>, id: string) => transition(db, id, "held", "released", true);
/** Ticketed or issued: the units stay taken. */
export const confirmHold = (db: Kysely<Database>, id: string, reference: string) => transition(db, id, "held", "confirmed", false, reference);
/** A confirmed booking refunded: the units go back on sale. */
export const refundHold = (db: Kysely<Database>, id: string) => transition(db, id, "confirmed", "refunded", true);

/**
 * Some units of a confirmed booking refunded (some passengers' tickets): they go back on sale on
 * every line and the booking keeps the rest, refunded once none is left. `detail` says what the
 * booking remembers of itself afterwards. The quantity is taken with a conditional update, so two
 * refunds can never give back more than the booking holds.
 */
export async function refundHoldPart(
  db: Kysely<Database>,
  id: string,
  units: number,
  detail: (before: Record<string, unknown>) => Record<string, unknown>,
): Promise<StoredHold> {
  await inTransaction(db, async (trx) => {
    const taken = await trx
      .updateTable("inventory_holds")
      .set({ quantity: sql<number>`${sql.ref("quantity")} - ${units}`, updateTime: isoAt() })
      .where("id", "=", id)
      .where("status", "=", "confirmed")
      .where("quantity", ">=", units)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      const current = await trx.selectFrom("inventory_holds").select("status").where("id", "=", id).executeTakeFirst();
      if (!current) throw new DomainError("notFound", said("suppliers.seatRoomHoldFound"));
      throw new DomainError("conflict", said("suppliers.doneCurrentStatus", { status: current.status }));
    }
    const row = await trx.selectFrom("inventory_holds").select(["lines", "quantity", "detail"]).where("id", "=", id).executeTakeFirstOrThrow();
    const lines = JSON.parse(row.lines) as HoldLine[];
    if (units > 0) for (const line of lines) await adjust(trx, { ...line, n: units }, units);
    const { description, ...rest } = JSON.parse(row.detail) as Record<string, unknown>;
    await trx
      .updateTable("inventory_holds")
      .set({
        lines: JSON.stringify(lines.map((l) => ({ ...l, n: l.n - units }))),
        detail: JSON.stringify({ ...detail(rest), description }),
        ...(row.quantity === 0 ? { status: "refunded" } : {}),
      })
      .where("id", "=", id)
      .execute();
  });
  return findHold(db, id);
}
