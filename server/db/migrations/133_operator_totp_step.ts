// The last TOTP time step each operator signed in with (or confirmed enrolment with): a code is
// accepted only for a newer step, so a code seen over a shoulder or lifted from a proxy's log
// cannot be used again within the minute or so it stays valid. Null: nothing accepted yet.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("operators").addColumn("totpLastStep", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("operators").dropColumn("totpLastStep").execute();
}
