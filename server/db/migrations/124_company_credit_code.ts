// A company's 统一社会信用代码: a business trip's reimbursement document is made out to the
// company by its name and this code. Null until the company gives it; documents are refused then.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("companies").addColumn("creditCode", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("companies").dropColumn("creditCode").execute();
}
