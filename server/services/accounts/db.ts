// Helpers the account services share: per-key transaction locks, unique-violation detection.
import type { Kysely } from "kysely";
import { isPostgres } from "../../db/migrations/helpers";
import { sql } from "kysely";
export { SMS_PURPOSES, type SmsPurpose } from "../../db/schema";

/**
 * Serialises transactions on one key (a phone and purpose, say). SQLite runs one write
 * transaction at a time anyway; PostgreSQL needs an advisory lock, released at commit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- locks are taken in any database, also migrations' untyped ones
export async function lockKey(trx: Kysely<any>, key: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** numUpdatedRows / numDeletedRows come back as bigint. */
export function affected(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined): number {
  return Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0n);
}
