// Trip applications and the generic approval engine. An approval's subject is a trip
// application or an order (subjectType, subjectId); its state (status, level) lives only here,
// with who may decide each level (approval_assignees, resolved when it is submitted, so editing
// a flow never reroutes approvals already under way) and every step taken (approval_steps).
import { sql, type Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("trip_applications"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("noteNo", "text", (c) => c.notNull())
    .addColumn("applicantMemberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("applicantEmployeeId", "integer", (c) => c.references("employees.id").onDelete("set null"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull()) // domestic | intl
    .addColumn("startDate", "text", (c) => c.notNull())
    .addColumn("endDate", "text", (c) => c.notNull())
    .addColumn("fromCity", "text", (c) => c.notNull())
    .addColumn("toCities", "text", (c) => c.notNull()) // JSON string[]
    .addColumn("travellers", "text", (c) => c.notNull()) // JSON: employees and external travellers, names as applied
    .addColumn("modes", "text", (c) => c.notNull()) // JSON TravelMode[]
    .addColumn("budgetFen", "integer", (c) => c.notNull())
    .addColumn("remark", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("trip_applications_no_uq").on("trip_applications").column("noteNo").unique().execute();
  await db.schema.createIndex("trip_applications_applicant_idx").on("trip_applications").columns(["applicantMemberId", "id"]).execute();
  // The company's employees who travel on an application: they may book against it once approved.
  await db.schema
    .createTable("trip_application_travellers")
    .addColumn("tripApplicationId", "integer", (c) => c.notNull().references("trip_applications.id").onDelete("cascade"))
    .addColumn("employeeId", "integer", (c) => c.notNull().references("employees.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("trip_application_travellers_pk", ["tripApplicationId", "employeeId"])
    .execute();
  await db.schema.createIndex("trip_application_travellers_employee_idx").on("trip_application_travellers").columns(["employeeId", "tripApplicationId"]).execute();

  await withId(db, db.schema.createTable("approvals"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("subjectType", "text", (c) => c.notNull()) // trip | order
    .addColumn("subjectId", "integer", (c) => c.notNull())
    .addColumn("applicantMemberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("applicantName", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("amountFen", "integer")
    .addColumn("withinStandard", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("flowId", "integer", (c) => c.references("approval_flows.id").onDelete("set null"))
    .addColumn("flowName", "text")
    .addColumn("onTimeout", "text", (c) => c.notNull().defaultTo("next"))
    .addColumn("levels", "text", (c) => c.notNull().defaultTo("[]")) // JSON [{ timeoutHours }] as submitted
    .addColumn("status", "text", (c) => c.notNull()) // draft | pending | approved | rejected | withdrawn
    .addColumn("level", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("levelCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("levelDeadline", "text")
    .addColumn("fareDeadline", "text")
    .addColumn("submitTime", "text")
    .addColumn("finishTime", "text")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("approvals_subject_uq").on("approvals").columns(["subjectType", "subjectId"]).unique().execute();
  await db.schema.createIndex("approvals_company_idx").on("approvals").columns(["companyId", "status", "id"]).execute();

  await withId(db, db.schema.createTable("approval_assignees"))
    .addColumn("approvalId", "integer", (c) => c.notNull().references("approvals.id").onDelete("cascade"))
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("via", "text", (c) => c.notNull()) // employee | departmentHead | admin | escalation
    .execute();
  await db.schema.createIndex("approval_assignees_uq").on("approval_assignees").columns(["approvalId", "level", "memberId"]).unique().execute();
  await db.schema.createIndex("approval_assignees_member_idx").on("approval_assignees").columns(["memberId", "approvalId"]).execute();

  await withId(db, db.schema.createTable("approval_steps"))
    .addColumn("approvalId", "integer", (c) => c.notNull().references("approvals.id").onDelete("cascade"))
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("actorMemberId", "integer", (c) => c.references("members.id").onDelete("set null"))
    .addColumn("actorName", "text", (c) => c.notNull())
    .addColumn("comment", "text")
    .addColumn("fromStatus", "text", (c) => c.notNull())
    .addColumn("toStatus", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("approval_steps_approval_idx").on("approval_steps").columns(["approvalId", "id"]).execute();
  await sql`create index approval_steps_actor_idx on approval_steps ("actorMemberId", "approvalId")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["approval_steps", "approval_assignees", "approvals", "trip_application_travellers", "trip_applications"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
