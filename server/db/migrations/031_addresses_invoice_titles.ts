// A member's mailing addresses and invoice titles, each with at most one default (partial unique
// index, so two concurrent saves cannot both win).
import { sql, type Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("addresses"))
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("receiver", "text", (c) => c.notNull())
    .addColumn("mobilePhone", "text", (c) => c.notNull())
    .addColumn("provinceCode", "text", (c) => c.notNull())
    .addColumn("provinceName", "text", (c) => c.notNull())
    .addColumn("cityCode", "text", (c) => c.notNull())
    .addColumn("cityName", "text", (c) => c.notNull())
    .addColumn("districtCode", "text", (c) => c.notNull())
    .addColumn("districtName", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("postcode", "text")
    .addColumn("isDefault", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("addresses_member_idx").on("addresses").columns(["memberId", "id"]).execute();
  await sql`create unique index addresses_default_uq on addresses ("memberId") where "isDefault" = 1`.execute(db);

  await withId(db, db.schema.createTable("invoice_titles"))
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("titleType", "integer", (c) => c.notNull()) // 1 personal, 2 company
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("taxNo", "text")
    .addColumn("address", "text")
    .addColumn("phone", "text")
    .addColumn("bankName", "text")
    .addColumn("bankAccount", "text")
    .addColumn("isDefault", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoice_titles_member_idx").on("invoice_titles").columns(["memberId", "id"]).execute();
  await sql`create unique index invoice_titles_default_uq on invoice_titles ("memberId") where "isDefault" = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invoice_titles").ifExists().execute();
  await db.schema.dropTable("addresses").ifExists().execute();
}
