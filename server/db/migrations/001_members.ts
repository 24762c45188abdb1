import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("companies"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("adminMemberId", "integer")
    .addColumn("dometicketServerFee", "text", (c) => c.notNull().defaultTo("0.00"))
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("departments"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("parentId", "integer")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable("trip_levels"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("approveFlag", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("feeFlag", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("changeApprove", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("overproof", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("overApprove", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable("members"))
    .addColumn("memberType", "text", (c) => c.notNull())
    .addColumn("memberLevel", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("appId", "text")
    .addColumn("creditMemberId", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("creditEmployeeId", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("femaleEndId", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isThirdParty", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("thirdPartyName", "text")
    .addColumn("pnrImport", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("realName", "text")
    .addColumn("username", "text")
    .addColumn("mobilePhone", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("account", "text")
    .addColumn("photo", "text")
    .addColumn("birthday", "text")
    .addColumn("sex", "integer")
    .addColumn("remark", "text")
    .addColumn("memberCardType", "text")
    .addColumn("experienceDate", "text")
    .addColumn("passwordHash", "text")
    .addColumn("payPasswordHash", "text")
    .addColumn("showPayPwd", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("showServFee", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("paymentLimits", "text", (c) => c.notNull().defaultTo("wallet,alipay,wechat"))
    .addColumn("referrerId", "integer")
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("members_mobile_uq").on("members").column("mobilePhone").unique().execute();
  await db.schema.createIndex("members_account_idx").on("members").column("account").execute();

  await withId(db, db.schema.createTable("employees"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("memberId", "integer", (c) => c.references("members.id").onDelete("set null"))
    .addColumn("departmentId", "integer", (c) => c.references("departments.id").onDelete("set null"))
    .addColumn("tripLevelId", "integer", (c) => c.references("trip_levels.id").onDelete("set null"))
    .addColumn("employeeLevel", "text")
    .addColumn("canAudit", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("employees_company_idx").on("employees").column("companyId").execute();

  await withId(db, db.schema.createTable("partners"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("appId", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("memberId", "integer", (c) => c.references("members.id").onDelete("set null"))
    .addColumn("createTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("partners_appid_uq").on("partners").column("appId").unique().execute();

  await withId(db, db.schema.createTable("sessions"))
    .addColumn("tokenHash", "text", (c) => c.notNull())
    .addColumn("memberId", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("revokedAt", "text")
    .execute();
  await db.schema.createIndex("sessions_token_uq").on("sessions").column("tokenHash").unique().execute();
  await db.schema.createIndex("sessions_member_idx").on("sessions").column("memberId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["sessions", "partners", "employees", "members", "trip_levels", "departments", "companies"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
