// What every product's booking shares: the order number, the idempotent resubmission (one order
// per clientKey) and the reply the order page reads.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { now } from "../services/clock";
import { CHINA_OFFSET_MS } from "../../src/domain/travel/dates";
import { moneyText } from "../../src/domain/money";

export interface BookReply {
  id: number;
  orderNo: string;
  status: number;
  payprice: number;
  expiresAt: string | null;
}

/** Product letter (F flight, H hotel, T train, R recharge) + China date-time to the second + 6 random digits: readable on the phone, unique by index. */
export function newOrderNo(prefix: "F" | "H" | "T" | "R"): string {
  const stamp = new Date(now() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, "").slice(2, 14);
  return `${prefix}${stamp}${crypto.randomInt(0, 1_000_000).toString().padStart(6, "0")}`;
}

export const yuan = (fen: number) => moneyText(fen);

/** The order a resubmitted form already created (same member, same clientKey), if any. */
export async function existingOrder(db: Kysely<Database>, memberId: number, clientKey: string): Promise<BookReply | null> {
  const row = await db
    .selectFrom("orders")
    .select(["id", "orderNo", "status", "totalFen", "expiresAt"])
    .where("memberId", "=", memberId)
    .where("clientKey", "=", clientKey)
    .executeTakeFirst();
  return row ? { id: row.id, orderNo: row.orderNo, status: row.status, payprice: row.totalFen, expiresAt: row.expiresAt } : null;
}
