// Row types of the tables of migration 003 and a typed view of the database that includes them.
// Kept beside the services that use them; db/schema.ts holds the tables of 001-002.
import type { Generated, Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { isPostgres } from "../db/migrations/helpers";
import { sql } from "kysely";

export const SMS_PURPOSES = ["login", "register", "reset", "verify", "paypwd"] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export interface SmsCodesTable {
  id: Generated<number>;
  mobilePhone: string;
  purpose: SmsPurpose;
  codeHash: string;
  createTime: string;
  expiresAt: string;
  wrongTries: Generated<number>;
  verifiedAt: string | null;
  usedAt: string | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  mobilePhone: string;
  content: string;
  code: string | null;
  createTime: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  account: string;
  failures: number;
  lockedUntil: string | null;
  updateTime: string;
}

export interface UsedSignsTable {
  id: Generated<number>;
  appId: string;
  sign: string;
  createTime: string;
}

export interface FilesTable {
  id: string;
  memberId: number;
  fileName: string;
  mime: string;
  size: number;
  dataBase64: string;
  createTime: string;
}

// A type alias, not an interface: withTables<T> needs an index-signature-compatible record.
export type AccountTables = {
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  login_failures: LoginFailuresTable;
  used_signs: UsedSignsTable;
  files: FilesTable;
};

export type AccountDatabase = Database & AccountTables;
export type AccountDb = Kysely<AccountDatabase>;

/** The same connection (or transaction), typed to include the account tables. */
export function accounts(db: Kysely<Database>): AccountDb;
export function accounts(db: Transaction<Database>): Transaction<AccountDatabase>;
export function accounts(db: Kysely<Database>): AccountDb {
  return db.withTables<AccountTables>() as AccountDb;
}

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
