// The traveller list's default order puts the owner's default traveller first, then the newest:
// an index in exactly that order lets a page be read off it instead of sorting every traveller
// the owner has on each request.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("travellers_owner_default_idx")
    .on("travellers")
    .columns(["ownerKind", "ownerId", "isDefault", "createTime", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("travellers_owner_default_idx").ifExists().execute();
}
