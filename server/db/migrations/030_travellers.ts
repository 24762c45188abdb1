// Travellers a member books for (frequent travellers, ownerKind 'member', ownerId the member) and
// a company books for (external travellers, ownerKind 'company', ownerId the company), with their
// certificates. A certificate number is unique per owner, and an owner has at most one default
// traveller: unique indexes settle concurrent saves.
import { sql, type Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("travellers"))
    .addColumn("ownerKind", "text", (c) => c.notNull()) // member | company
    .addColumn("ownerId", "integer", (c) => c.notNull())
    .addColumn("name", "text") // Chinese name
    .addColumn("surname", "text") // English surname, capitals
    .addColumn("givenName", "text") // English given names, capitals
    .addColumn("mobilePhone", "text")
    .addColumn("birthday", "text") // YYYY-MM-DD
    .addColumn("sex", "integer") // 1 male, 2 female
    .addColumn("isDefault", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("remark", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("travellers_owner_idx").on("travellers").columns(["ownerKind", "ownerId", "createTime", "id"]).execute();
  await db.schema.createIndex("travellers_owner_name_idx").on("travellers").columns(["ownerKind", "ownerId", "name"]).execute();
  await sql`create unique index travellers_default_uq on travellers ("ownerKind", "ownerId") where "isDefault" = 1`.execute(db);

  await withId(db, db.schema.createTable("traveller_certificates"))
    .addColumn("travellerId", "integer", (c) => c.notNull().references("travellers.id").onDelete("cascade"))
    .addColumn("ownerKind", "text", (c) => c.notNull())
    .addColumn("ownerId", "integer", (c) => c.notNull())
    .addColumn("certType", "integer", (c) => c.notNull())
    .addColumn("certNo", "text", (c) => c.notNull()) // capitals, no blanks
    .addColumn("expiry", "text") // YYYY-MM-DD
    .addColumn("issueCountry", "text")
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("traveller_certificates_no_uq")
    .on("traveller_certificates")
    .columns(["ownerKind", "ownerId", "certType", "certNo"])
    .unique()
    .execute();
  await db.schema.createIndex("traveller_certificates_traveller_idx").on("traveller_certificates").columns(["travellerId", "sort"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("traveller_certificates").ifExists().execute();
  await db.schema.dropTable("travellers").ifExists().execute();
}
