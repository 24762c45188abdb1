// Helpers the account services share: per-key transaction locks, unique-violation detection.
import type { Kysely } from "kysely";
import { isPostgres } from "../../db/migrations/helpers";
import { sql } from "kysely";
export { SMS_PURPOSES, type SmsPurpose } from "../../db/schema";

/**
 * Serialises transactions on one key (a phone and purpose, say). SQLite runs one write
 * transaction at a time anyway; PostgreSQL needs an advisory lock, released at commit.
 */
export async function lockKey(trx: Kysely<any>, key: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** A unique-index violation in either dialect (a concurrent insert won the race). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** numUpdatedRows / numDeletedRows come back as bigint. */
export function affected(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined): number {
  return Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0n);
}
