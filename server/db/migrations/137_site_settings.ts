// The operator's settings of each partner site (kind 'partner', key its thirdName) and each brand
// (kind 'brand', key paynow | confirm). A row holds the whole editable set the console saved, not
// only the fields that differ from the code: the operator confirmed every value on the form, so a
// later change of a default in the code must not silently change a site the operator has set.
// Without a row the code's defaults stand. `version` grows with every save, so of two operators
// saving the same item at once the second is refused, and the other server processes see a change
// by comparing versions.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("site_settings")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("updateOperatorId", "integer", (c) => c.references("operators.id"))
    .addColumn("updateTime", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("site_settings_pk", ["kind", "key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_settings").ifExists().execute();
}
