// The company's staff, read-only (EnterpriseStall, permission item 5): the employee list of the
// caller's company, paged, and its departments for the list's filter. Only the
// company's main member (70) may call them; the company is member.creditMemberId.
import { z } from "zod";
import { KEYWORD_MAX, type EmployeeRow } from "../../src/domain/lists";
import type { Member } from "../db/schema";
import { defineRoute } from "../services/http/route";
import { BizError, RET } from "../services/http/envelope";
import { pageInput, offsetOf, type Page } from "../services/http/paging";
import { toCount } from "../db";
import { zInt, zOptionalString } from "../../src/domain/zod";
import { UNASSIGNED_DEPARTMENT } from "./workbench";


const listInput = z
  .object({
    ...pageInput(["realName", "createTime", "departmentName"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, `关键字最多 ${KEYWORD_MAX} 个字符`), "关键字须为文本"),
    // 0 means "no department" (the statistics' 未分配部门 row).
    departmentId: zInt({ min: 0, max: 2_147_483_647, error: "部门编号须为非负整数" }).optional(),
    canAudit: z.enum(["0", "1"], { error: "审批权限只能是 0 或 1" }).optional(),
  })
  .strict();


function companyIdOf(member: Member): number {
  // 'staff' admits only 70, which already implies a creditMemberId; checked again so a policy
  // change can never turn company 0 into a query.
  if (!member.creditMemberId) throw new BizError(RET.NOT_FOUND, "未找到您的企业信息");
  return member.creditMemberId;
}

// The columns orderBy names, as the joined query spells them.
const ORDER_COLUMNS = { realName: "m.realName", createTime: "e.createTime", departmentName: "d.name" } as const;

export const staffRoutes = [
  defineRoute({
    method: "POST",
    url: "/credit/employee/list",
    summary: "企业员工列表（分页，可按姓名/手机号、部门、审批权限筛选）",
    tags: ["staff"],
    access: "staff",
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<Page<EmployeeRow>> => {
      const companyId = companyIdOf(member!);
      let q = ctx.db
        .selectFrom("employees as e")
        .leftJoin("members as m", "m.id", "e.memberId")
        // The company check on the joins keeps a stray id from showing another company's names.
        .leftJoin("departments as d", (j) => j.onRef("d.id", "=", "e.departmentId").onRef("d.companyId", "=", "e.companyId"))
        .leftJoin("trip_levels as t", (j) => j.onRef("t.id", "=", "e.tripLevelId").onRef("t.companyId", "=", "e.companyId"))
        .where("e.companyId", "=", companyId);
      // LIKE wildcards typed by the user are dropped: 1_3 must not match 1x3.
      const keyword = input.keyword?.replace(/[%_\\]/g, "");
      if (keyword) {
        const pattern = `%${keyword}%`;
        q = q.where((eb) => eb.or([eb("m.realName", "like", pattern), eb("m.mobilePhone", "like", pattern)]));
      }
      if (input.departmentId !== undefined) {
        q = input.departmentId === 0 ? q.where("e.departmentId", "is", null) : q.where("e.departmentId", "=", input.departmentId);
      }
      if (input.canAudit !== undefined) q = q.where("e.canAudit", "=", Number(input.canAudit));

      const column = ORDER_COLUMNS[input.orderBy ?? "createTime"];
      const dir = input.orderType;
      // Nulls last in both directions and both dialects (SQLite and PostgreSQL disagree by default);
      // the id breaks ties so pages never overlap.
      const [rows, count] = await Promise.all([
        q
          .select([
            "e.id", "e.memberId", "m.realName", "m.mobilePhone", "e.departmentId", "d.name as departmentName",
            "e.employeeLevel", "t.name as tripLevelName", "t.approveFlag", "t.feeFlag", "t.changeApprove",
            "t.overproof", "t.overApprove", "e.canAudit", "e.createTime",
          ])
          .orderBy(column, (ob) => (dir === "asc" ? ob.asc() : ob.desc()).nullsLast())
          .orderBy("e.id", dir)
          .limit(input.pageSize)
          .offset(offsetOf(input))
          .execute(),
        q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
      ]);
      const flag = (v: number | null) => (Number(v) ? 1 : 0);
      const list = rows.map((r) => ({
        ...r,
        approveFlag: flag(r.approveFlag),
        feeFlag: flag(r.feeFlag),
        changeApprove: flag(r.changeApprove),
        overproof: flag(r.overproof),
        overApprove: flag(r.overApprove),
        canAudit: flag(r.canAudit),
      }));
      return { list, total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/department/list",
    summary: "企业部门列表（含员工人数，供员工列表筛选）",
    tags: ["staff"],
    access: "staff",
    input: z.object({}).strict(),
    handler: async ({ member, ctx }) => {
      const companyId = companyIdOf(member!);
      const [perDept, loose] = await Promise.all([
        ctx.db
          .selectFrom("departments as d")
          .leftJoin("employees as e", (j) => j.onRef("e.departmentId", "=", "d.id").onRef("e.companyId", "=", "d.companyId"))
          .select(["d.id", "d.name", "d.sort", (eb) => eb.fn.count("e.id").as("n")])
          .where("d.companyId", "=", companyId)
          .groupBy(["d.id", "d.name", "d.sort"])
          .orderBy("d.sort")
          .orderBy("d.id")
          .execute(),
        ctx.db
          .selectFrom("employees")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("companyId", "=", companyId)
          .where("departmentId", "is", null)
          .executeTakeFirst(),
      ]);
      const list = perDept.map((d) => ({ id: d.id, name: d.name, employeeCount: toCount(d.n) }));
      // Employees without a department are filterable too (departmentId 0), as in the statistics.
      const unassigned = toCount(loose?.n);
      if (unassigned > 0) list.push({ id: 0, name: UNASSIGNED_DEPARTMENT, employeeCount: unassigned });
      return list;
    },
  }),
];
