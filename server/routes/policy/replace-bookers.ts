// Replace-booking (ReplaceSettings): which employees may book for which colleagues, set by the
// company's main member (70); and, for an employee (7_0), the colleagues they may book for.
import { say } from "../../services/i18n/catalogue";
import { said, saidLazy } from "../../services/i18n/text";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineRoute } from "../../services/http/route";
import { offsetOf, pageInput, type Page, likePattern } from "../../services/http/paging";
import { isoAt } from "../../services/clock";
import { toCount } from "../../db";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zInt, zOptionalString } from "../../../src/domain/zod";
import { BOOKER_SCOPES, BOOKER_SCOPE_LABELS, replaceBookerFormSchema, type BookerScope } from "../../../src/domain/policy";
import { assertCompanyIds, companyCaller, ownRow } from "../../policy/company";
import { readJson } from "../../policy/json";
import { bookerScopeOf } from "../../policy/replace-booker";

const ACCESS = "replace-bookers";
const TAGS = ["replace-bookers"];
const MISSING = said("policy.bookerSettingFound");
const keyword = zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText"));

export interface BookerRow {
  id: number;
  bookerEmployeeId: number;
  bookerName: string | null;
  bookerMobile: string | null;
  bookerDepartmentName: string | null;
  scope: BookerScope;
  scopeLabel: string;
  departments: { id: number; name: string }[];
  employees: { id: number; name: string }[];
  updateTime: string;
}

type Stored = { id: number; bookerEmployeeId: number; scope: string; departmentIds: string; employeeIds: string; updateTime: string; realName: string | null; mobilePhone: string | null; departmentName: string | null };

function bookersQuery(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom("replace_bookers as r")
    .innerJoin("employees as e", "e.id", "r.bookerEmployeeId")
    .leftJoin("members as m", "m.id", "e.memberId")
    .leftJoin("departments as d", "d.id", "e.departmentId")
    .where("r.companyId", "=", companyId);
}
const COLUMNS = ["r.id", "r.bookerEmployeeId", "r.scope", "r.departmentIds", "r.employeeIds", "r.updateTime", "m.realName", "m.mobilePhone", "d.name as departmentName"] as const;

async function rowsOf(db: Kysely<Database>, companyId: number, rows: Stored[]): Promise<BookerRow[]> {
  const [departments, employees] = await Promise.all([
    db.selectFrom("departments").select(["id", "name"]).where("companyId", "=", companyId).execute(),
    db.selectFrom("employees as e").leftJoin("members as m", "m.id", "e.memberId").select(["e.id", "m.realName", "m.mobilePhone"]).where("e.companyId", "=", companyId).execute(),
  ]);
  const deptName = new Map(departments.map((d) => [d.id, d.name]));
  const empName = new Map(employees.map((e) => [e.id, e.realName ?? e.mobilePhone ?? say("policy.employee", { id: e.id })]));
  return rows.map((r) => ({
    id: r.id,
    bookerEmployeeId: r.bookerEmployeeId,
    bookerName: r.realName,
    bookerMobile: r.mobilePhone,
    bookerDepartmentName: r.departmentName,
    scope: r.scope as BookerScope,
    scopeLabel: BOOKER_SCOPE_LABELS[r.scope as BookerScope],
    departments: readJson<number[]>(r.departmentIds, []).map((id) => ({ id, name: deptName.get(id) ?? say("policy.deletedDepartment") })),
    employees: readJson<number[]>(r.employeeIds, []).map((id) => ({ id, name: empName.get(id) ?? say("policy.formerEmployee") })),
    updateTime: r.updateTime,
  }));
}

const ORDER = { bookerName: "m.realName", updateTime: "r.updateTime" } as const;

export const replaceBookerRoutes = [
  defineRoute({
    method: "POST",
    url: "/api/v1/trip_manager/employee_rsrv",
    summary: "代订人设置列表（分页，可按代订人姓名/手机号、代订范围筛选）",
    tags: TAGS,
    access: ACCESS,
    input: z.object({ ...pageInput(["bookerName", "updateTime"] as const), keyword, scope: z.enum(BOOKER_SCOPES, { error: saidLazy("policy.invalidBookingScope") }).optional() }).strict(),
    handler: async ({ input, member, ctx }): Promise<Page<BookerRow>> => {
      const { companyId } = await companyCaller(ctx.db, member!);
      let q = bookersQuery(ctx.db, companyId);
      const pattern = likePattern(input.keyword);
      if (pattern) q = q.where((eb) => eb.or([eb("m.realName", "like", pattern), eb("m.mobilePhone", "like", pattern)]));
      if (input.scope) q = q.where("r.scope", "=", input.scope);
      const [rows, count] = await Promise.all([
        q
          .select([...COLUMNS])
          .orderBy(ORDER[input.orderBy ?? "updateTime"], (ob) => (input.orderType === "asc" ? ob.asc() : ob.desc()).nullsLast())
          .orderBy("r.id", input.orderType)
          .limit(input.pageSize)
          .offset(offsetOf(input))
          .execute(),
        q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
      ]);
      return { list: await rowsOf(ctx.db, companyId, rows), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/api/v1/trip_manager/employee_rsrv/save",
    summary: "保存代订人设置（每位代订人一条，已有则修改）",
    tags: TAGS,
    access: ACCESS,
    input: replaceBookerFormSchema,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      await assertCompanyIds(ctx.db, "employees", [input.bookerEmployeeId], companyId, said("policy.invalidBooker"));
      await assertCompanyIds(ctx.db, "departments", input.departmentIds, companyId, said("policy.invalidDepartmentsBook"));
      await assertCompanyIds(ctx.db, "employees", input.employeeIds, companyId, said("policy.invalidEmployeesBook"));
      const at = isoAt();
      const values = {
        scope: input.scope,
        departmentIds: JSON.stringify(input.scope === "departments" ? input.departmentIds : []),
        employeeIds: JSON.stringify(input.scope === "employees" ? input.employeeIds : []),
        updateTime: at,
      };
      await ctx.db
        .insertInto("replace_bookers")
        .values({ ...values, companyId, bookerEmployeeId: input.bookerEmployeeId, createTime: at })
        .onConflict((oc) => oc.column("bookerEmployeeId").doUpdateSet(values))
        .execute();
      const rows = await bookersQuery(ctx.db, companyId).select([...COLUMNS]).where("r.bookerEmployeeId", "=", input.bookerEmployeeId).execute();
      return (await rowsOf(ctx.db, companyId, rows))[0];
    },
  }),
  defineRoute({
    method: "POST",
    url: "/api/v1/trip_manager/employee_rsrv/delete",
    summary: "删除代订人设置（该员工此后只能为自己预订）",
    tags: TAGS,
    access: ACCESS,
    input: z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidBookerSettingNumber") }) }).strict(),
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      ownRow(await ctx.db.selectFrom("replace_bookers").select(["id", "companyId"]).where("id", "=", input.id).executeTakeFirst(), companyId, MISSING);
      await ctx.db.deleteFrom("replace_bookers").where("id", "=", input.id).where("companyId", "=", companyId).execute();
      return { id: input.id };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/api/v1/trip_manager/employee_rsrv/travellers",
    summary: "我可以代为预订的同事（员工：含本人与代订设置允许的同事；企业管理员：全部员工；分页，可按姓名/手机号筛选）",
    tags: TAGS,
    access: "booking-travellers",
    input: z.object({ ...pageInput(["realName"] as const), keyword }).strict(),
    handler: async ({ input, member, ctx }) => {
      const { me, allows } = await bookerScopeOf(ctx.db, member!);
      const people = () =>
        ctx.db
          .selectFrom("employees as e")
          .leftJoin("members as m", "m.id", "e.memberId")
          .leftJoin("departments as d", "d.id", "e.departmentId")
          .where("e.companyId", "=", me.companyId)
          .select(["e.id", "e.departmentId", "m.realName", "m.mobilePhone", "d.name as departmentName"]);
      let q = people();
      const pattern = likePattern(input.keyword);
      if (pattern) q = q.where((eb) => eb.or([eb("m.realName", "like", pattern), eb("m.mobilePhone", "like", pattern)]));
      // The rule is evaluated on the company's employees (a company is hundreds, not millions),
      // so departments include their sub-departments exactly as mayBookFor says.
      const everyone = await q.orderBy("m.realName", input.orderType).orderBy("e.id", input.orderType).execute();
      const allowed = everyone.filter((e) => allows(e.id, e.departmentId));
      const start = offsetOf(input);
      const view = (e: (typeof everyone)[number]) => ({ employeeId: e.id, realName: e.realName, mobilePhone: e.mobilePhone, departmentName: e.departmentName, self: e.id === me.employee?.id });
      // The booker themself whatever the page or keyword: forms start with them as the traveller.
      const mine = me.employee ? await people().where("e.id", "=", me.employee.id).executeTakeFirst() : undefined;
      return {
        list: allowed.slice(start, start + input.pageSize).map(view),
        self: mine ? view(mine) : null,
        total: allowed.length,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
      };
    },
  }),
];
