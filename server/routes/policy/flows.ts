// Approval flows (ProcessSettings, EditProcessSettings): named flows with ordered levels of
// approvers, the departments and employees they apply to, and what they cover. The company's
// main member (70) only. Approvers named by name must be employees allowed to audit, or they
// could never open their approval inbox.
import { say } from "../../services/i18n/catalogue";
import { said, saidLazy } from "../../services/i18n/text";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineRoute } from "../../services/http/route";
import { BizError, RET } from "../../services/http/envelope";
import { offsetOf, pageInput, type Page, likePattern } from "../../services/http/paging";
import { isoAt } from "../../services/clock";
import { toCount } from "../../db";
import { KEYWORD_MAX } from "../../../src/domain/lists";
import { zBool, zInt, zOptionalString } from "../../../src/domain/zod";
import { FLOW_COVERS, FLOW_COVER_LABELS, flowFormSchema, type FlowCover, type FlowLevel, type TimeoutAction } from "../../../src/domain/policy";
import { assertCompanyIds, companyCaller, ownRow } from "../../policy/company";
import { readJson } from "../../policy/json";
import { uniquely } from "../../db/unique";

const ACCESS = "approval-flows";
const TAGS = ["approval-flows"];
const MISSING = said("policy.approvalFlowFound");
const APPROVER_LABELS = { departmentHead: say("policy.departmentHead"), admin: say("policy.companyAdministrator") } as const;


export interface FlowRow {
  id: number;
  name: string;
  covers: FlowCover;
  coversLabel: string;
  allEmployees: boolean;
  departments: { id: number; name: string }[];
  employees: { id: number; name: string }[];
  levels: (FlowLevel & { approverNames: string[] })[];
  onTimeout: TimeoutAction;
  enabled: boolean;
  createTime: string;
  updateTime: string;
}

type StoredFlow = { id: number; name: string; covers: string; allEmployees: number; departmentIds: string; employeeIds: string; levels: string; onTimeout: string; enabled: number; createTime: string; updateTime: string };

/** Flows with the names of the departments, employees and approvers they mention. */
async function rowsOf(db: Kysely<Database>, companyId: number, flows: StoredFlow[]): Promise<FlowRow[]> {
  const [departments, employees] = await Promise.all([
    db.selectFrom("departments").select(["id", "name"]).where("companyId", "=", companyId).execute(),
    db
      .selectFrom("employees as e")
      .leftJoin("members as m", "m.id", "e.memberId")
      .select(["e.id", "m.realName", "m.mobilePhone"])
      .where("e.companyId", "=", companyId)
      .execute(),
  ]);
  const deptName = new Map(departments.map((d) => [d.id, d.name]));
  const empName = new Map(employees.map((e) => [e.id, e.realName ?? e.mobilePhone ?? say("policy.employee", { id: e.id })]));
  return flows.map((f) => {
    const levels = readJson<FlowLevel[]>(f.levels, []);
    return {
      id: f.id,
      name: f.name,
      covers: f.covers as FlowCover,
      coversLabel: FLOW_COVER_LABELS[f.covers as FlowCover],
      allEmployees: Boolean(f.allEmployees),
      departments: readJson<number[]>(f.departmentIds, []).map((id) => ({ id, name: deptName.get(id) ?? say("policy.deletedDepartment") })),
      employees: readJson<number[]>(f.employeeIds, []).map((id) => ({ id, name: empName.get(id) ?? say("policy.formerEmployee") })),
      levels: levels.map((l) => ({
        ...l,
        approverNames: l.approvers.map((a) => (a.type === "employee" ? (empName.get(a.employeeId) ?? say("policy.formerEmployee")) : APPROVER_LABELS[a.type])),
      })),
      onTimeout: f.onTimeout as TimeoutAction,
      enabled: Boolean(f.enabled),
      createTime: f.createTime,
      updateTime: f.updateTime,
    };
  });
}

const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("policy.invalidApprovalFlowNumber") }) }).strict();

const listInput = z
  .object({
    ...pageInput(["name", "updateTime", "createTime"] as const),
    keyword: zOptionalString(z.string().trim().max(KEYWORD_MAX, say("people.keywordMostCharacters", { KEYWORD_MAX })), say("people.keywordMustText")),
    covers: z.enum(FLOW_COVERS, { error: saidLazy("policy.approvalTypeOnlyTripOrder2") }).optional(),
    enabled: zBool(say("policy.enabledStatusOnly01")).optional(),
  })
  .strict();

export const flowRoutes = [
  defineRoute({
    method: "POST",
    url: "/credit/approve_flow/list",
    summary: "审批流程列表（分页，可按名称、审批类型、启用状态筛选）",
    tags: TAGS,
    access: ACCESS,
    input: listInput,
    handler: async ({ input, member, ctx }): Promise<Page<FlowRow>> => {
      const { companyId } = await companyCaller(ctx.db, member!);
      let q = ctx.db.selectFrom("approval_flows").where("companyId", "=", companyId);
      const pattern = likePattern(input.keyword);
      if (pattern) q = q.where("name", "like", pattern);
      // A flow for both kinds also answers a filter for either.
      if (input.covers) q = q.where("covers", "in", input.covers === "both" ? ["both"] : [input.covers, "both"]);
      if (input.enabled !== undefined) q = q.where("enabled", "=", input.enabled ? 1 : 0);
      const column = input.orderBy ?? "createTime";
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy(column, input.orderType).orderBy("id", input.orderType).limit(input.pageSize).offset(offsetOf(input)).execute(),
        q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
      ]);
      return { list: await rowsOf(ctx.db, companyId, rows), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/approve_flow/detail",
    summary: "一个审批流程",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      const row = ownRow(await ctx.db.selectFrom("approval_flows").selectAll().where("id", "=", input.id).executeTakeFirst(), companyId, MISSING);
      return (await rowsOf(ctx.db, companyId, [row]))[0];
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/approve_flow/save",
    summary: "新增或修改审批流程（带 id 为修改）",
    tags: TAGS,
    access: ACCESS,
    input: flowFormSchema,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      await assertCompanyIds(ctx.db, "departments", input.departmentIds, companyId, said("policy.invalidDepartments"));
      await assertCompanyIds(ctx.db, "employees", input.employeeIds, companyId, said("policy.invalidEmployees"));
      const approverIds = [...new Set(input.levels.flatMap((l) => l.approvers.flatMap((a) => (a.type === "employee" ? [a.employeeId] : []))))];
      if (approverIds.length) {
        const auditors = await ctx.db
          .selectFrom("employees as e")
          .leftJoin("members as m", "m.id", "e.memberId")
          .select(["e.id", "e.canAudit", "e.memberId", "m.realName"])
          .where("e.id", "in", approverIds)
          .where("e.companyId", "=", companyId)
          .execute();
        for (const id of approverIds) {
          const e = auditors.find((a) => a.id === id);
          if (!e) throw new BizError(RET.BAD_INPUT, said("policy.invalidApprover"), { errors: { levels: said("policy.invalidApprover") } });
          if (!e.canAudit || e.memberId === null) {
            const msg = said("policy.hasNoApprovalRightApprover", { realName: e.realName ?? said("policy.thisEmployee") });
            throw new BizError(RET.BAD_INPUT, msg, { errors: { levels: msg } });
          }
        }
      }
      const values = {
        name: input.name,
        covers: input.covers,
        allEmployees: input.allEmployees ? 1 : 0,
        departmentIds: JSON.stringify(input.allEmployees ? [] : input.departmentIds),
        employeeIds: JSON.stringify(input.allEmployees ? [] : input.employeeIds),
        levels: JSON.stringify(input.levels),
        onTimeout: input.onTimeout,
        enabled: input.enabled ? 1 : 0,
        updateTime: isoAt(),
      };
      const clash = await ctx.db
        .selectFrom("approval_flows")
        .select("id")
        .where("companyId", "=", companyId)
        .where("name", "=", input.name)
        .$if(input.id !== undefined, (qb) => qb.where("id", "<>", input.id!))
        .executeTakeFirst();
      const sameName = () => new BizError(RET.BAD_INPUT, said("policy.approvalFlowWithNameAlready"), { errors: { name: said("policy.approvalFlowWithNameAlready") } });
      if (clash) throw sameName();
      let id = input.id;
      if (id !== undefined) {
        ownRow(await ctx.db.selectFrom("approval_flows").select(["id", "companyId"]).where("id", "=", id).executeTakeFirst(), companyId, MISSING);
        const flowId = id;
        await uniquely(() => ctx.db.updateTable("approval_flows").set(values).where("id", "=", flowId).where("companyId", "=", companyId).execute(), sameName);
      } else {
        id = (await uniquely(() => ctx.db.insertInto("approval_flows").values({ ...values, companyId, createTime: values.updateTime }).returning("id").executeTakeFirstOrThrow(), sameName)).id;
      }
      const row = await ctx.db.selectFrom("approval_flows").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      return (await rowsOf(ctx.db, companyId, [row]))[0];
    },
  }),
  defineRoute({
    method: "POST",
    url: "/credit/approve_flow/delete",
    summary: "删除审批流程（审批中的申请按提交时的流程继续）",
    tags: TAGS,
    access: ACCESS,
    input: idInput,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      ownRow(await ctx.db.selectFrom("approval_flows").select(["id", "companyId"]).where("id", "=", input.id).executeTakeFirst(), companyId, MISSING);
      await ctx.db.deleteFrom("approval_flows").where("id", "=", input.id).where("companyId", "=", companyId).execute();
      return { id: input.id };
    },
  }),
];
