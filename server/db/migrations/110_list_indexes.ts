// The lists people open all day besides the order lists read their page and total off an index
// range of the person or company asking:
// - an agent's subordinates: the agent's referrals in registration order, and each one's orders
//   as traveller (its own orders as member have their index already);
// - the administrator's approvals box: the company's approvals, latest change first;
// - an employee's trip applications: theirs in the company, newest first.
import type { Kysely } from "kysely";

const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["orders_traveller_idx", "orders", ["travellerMemberId", "product", "memberId"]],
  ["members_referrer_created_idx", "members", ["referrerId", "createTime", "id"]],
  ["approvals_company_updated_idx", "approvals", ["companyId", "updateTime", "id"]],
  ["trip_applications_applicant_created_idx", "trip_applications", ["applicantMemberId", "companyId", "createTime", "id"]],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
