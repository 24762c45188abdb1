// Attempt counters of every guessable secret (passwords, SMS codes, pay password) and the
// per-address quotas, replacing login_failures. Keys are SHA-256 hashes of what they count
// (scope, account, address), so a row has a fixed size whatever the caller typed; rows expire
// and are pruned by updateTime.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("throttles")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("tries", "integer", (c) => c.notNull())
    .addColumn("lockedUntil", "text")
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("throttles_time_idx").on("throttles").column("updateTime").execute();
  await db.schema.dropTable("login_failures").ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("throttles").ifExists().execute();
}
