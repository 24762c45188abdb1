// Employees carry their own name, mobile, email, position, status and certificates: an employee
// exists (and is listed, imported, disabled) whether or not they have a sign-in, and the sign-in
// (a member linked by memberId) follows the employee's status. Existing employees take their
// name, mobile and email from their member. A mobile is unique within a company.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("employees")
    .addColumn("realName", "text")
    .execute();
  for (const [name, type] of [["mobilePhone", "text"], ["email", "text"], ["position", "text"], ["updateTime", "text"]] as const) {
    await db.schema.alterTable("employees").addColumn(name, type).execute();
  }
  await db.schema.alterTable("employees").addColumn("status", "integer", (c) => c.notNull().defaultTo(1)).execute();
  // Certificates as JSON: read and written only with their employee.
  await db.schema.alterTable("employees").addColumn("certificates", "text", (c) => c.notNull().defaultTo("[]")).execute();
  for (const column of ["realName", "mobilePhone", "email"]) {
    await sql`update employees set ${sql.ref(column)} = (select m.${sql.ref(column)} from members m where m.id = employees."memberId") where "memberId" is not null`.execute(db);
  }
  await sql`update employees set status = coalesce((select m.status from members m where m.id = employees."memberId"), 1)`.execute(db);
  await db.schema.createIndex("employees_company_mobile_uq").on("employees").columns(["companyId", "mobilePhone"]).unique().execute();
  await db.schema.createIndex("departments_company_parent_idx").on("departments").columns(["companyId", "parentId"]).execute();
  await db.schema.createIndex("employees_department_idx").on("employees").columns(["departmentId"]).execute();
  // The staff list's default order, newest first, read from the index rather than sorted.
  await db.schema.createIndex("employees_company_created_idx").on("employees").columns(["companyId", "createTime"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("employees_company_created_idx").ifExists().execute();
  await db.schema.dropIndex("employees_department_idx").ifExists().execute();
  await db.schema.dropIndex("departments_company_parent_idx").ifExists().execute();
  await db.schema.dropIndex("employees_company_mobile_uq").ifExists().execute();
  for (const c of ["certificates", "status", "updateTime", "position", "email", "mobilePhone", "realName"]) {
    await db.schema.alterTable("employees").dropColumn(c).execute();
  }
}
