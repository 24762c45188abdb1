// Travel management of a company: travel standards per trip level, car-use standards, approval
// flows, replace-booking rules, and one settings row (preferences, hotel city tiers). Rules that
// are read and written whole are JSON text, validated by the src/domain/policy schemas on save;
// amounts inside are integer fen.
import { sql, type Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable("travel_standards"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("tripLevelId", "integer", (c) => c.notNull().references("trip_levels.id").onDelete("cascade"))
    .addColumn("rules", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  // One standard per trip level: a concurrent second save finds the first.
  await db.schema.createIndex("travel_standards_level_uq").on("travel_standards").column("tripLevelId").unique().execute();
  await db.schema.createIndex("travel_standards_company_idx").on("travel_standards").column("companyId").execute();

  await db.schema
    .createTable("company_travel_settings")
    .addColumn("companyId", "integer", (c) => c.primaryKey().references("companies.id").onDelete("cascade"))
    .addColumn("preferences", "text")
    .addColumn("cityTiers", "text")
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("car_standards"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("rules", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("car_standards_company_idx").on("car_standards").columns(["companyId", "id"]).execute();
  // A trip level has at most one car standard; the unique index settles concurrent saves.
  await db.schema
    .createTable("car_standard_levels")
    .addColumn("carStandardId", "integer", (c) => c.notNull().references("car_standards.id").onDelete("cascade"))
    .addColumn("tripLevelId", "integer", (c) => c.notNull().references("trip_levels.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("car_standard_levels_pk", ["carStandardId", "tripLevelId"])
    .execute();
  await db.schema.createIndex("car_standard_levels_level_uq").on("car_standard_levels").column("tripLevelId").unique().execute();

  await withId(db, db.schema.createTable("approval_flows"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("covers", "text", (c) => c.notNull()) // trip | order | both
    .addColumn("allEmployees", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("departmentIds", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("employeeIds", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("levels", "text", (c) => c.notNull())
    .addColumn("onTimeout", "text", (c) => c.notNull()) // next | admin
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("approval_flows_name_uq").on("approval_flows").columns(["companyId", "name"]).unique().execute();

  await withId(db, db.schema.createTable("replace_bookers"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("bookerEmployeeId", "integer", (c) => c.notNull().references("employees.id").onDelete("cascade"))
    .addColumn("scope", "text", (c) => c.notNull()) // all | departments | employees
    .addColumn("departmentIds", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("employeeIds", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("createTime", "text", (c) => c.notNull())
    .addColumn("updateTime", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("replace_bookers_booker_uq").on("replace_bookers").column("bookerEmployeeId").unique().execute();
  await sql`create index replace_bookers_company_idx on replace_bookers ("companyId", id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["replace_bookers", "approval_flows", "car_standard_levels", "car_standards", "company_travel_settings", "travel_standards"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
