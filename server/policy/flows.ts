// Approval flows: named flows with ordered levels of approvers, the departments and employees
// they apply to, and what they cover, each the company's own. Approvers named by name must be
// employees allowed to audit, or they could never open their approval inbox.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { BizError, RET } from "../services/http/envelope";
import { likePattern, offsetOf, type Page } from "../services/http/paging";
import { isoAt } from "../services/clock";
import { toCount } from "../db";
import { uniquely } from "../db/unique";
import { FLOW_COVER_LABELS, type FlowCover, type FlowForm, type FlowLevel, type FlowRow, type TimeoutAction } from "../../src/domain/policy";
export type { FlowRow };
import { assertCompanyIds, ownRow } from "./company";
import { readJson } from "./json";

const MISSING = said("policy.approvalFlowFound");
const APPROVER_LABELS = { departmentHead: say("policy.departmentHead"), admin: say("policy.companyAdministrator") } as const;

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

/** What the flow list is asked for. */
export interface FlowListQuery {
  pageNum: number;
  pageSize: number;
  orderBy?: "name" | "updateTime" | "createTime";
  orderType: "asc" | "desc";
  keyword?: string;
  covers?: FlowCover;
  enabled?: boolean;
}

/** A page of the company's flows; a flow for both kinds also answers a filter for either. */
export async function flowPage(db: Kysely<Database>, companyId: number, input: FlowListQuery): Promise<Page<FlowRow>> {
  let q = db.selectFrom("approval_flows").where("companyId", "=", companyId);
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
  return { list: await rowsOf(db, companyId, rows), total: toCount(count?.n), pageNum: input.pageNum, pageSize: input.pageSize };
}

/** One of the company's flows. */
export async function flowDetail(db: Kysely<Database>, companyId: number, id: number): Promise<FlowRow> {
  const row = ownRow(await db.selectFrom("approval_flows").selectAll().where("id", "=", id).executeTakeFirst(), companyId, MISSING);
  return (await rowsOf(db, companyId, [row]))[0];
}

/** Adds a flow, or changes one of the company's (input.id); names are unique within the company. */
export async function saveFlow(db: Kysely<Database>, companyId: number, input: FlowForm): Promise<FlowRow> {
  await assertCompanyIds(db, "departments", input.departmentIds, companyId, say("policy.invalidDepartments"));
  await assertCompanyIds(db, "employees", input.employeeIds, companyId, say("policy.invalidEmployees"));
  const approverIds = [...new Set(input.levels.flatMap((l) => l.approvers.flatMap((a) => (a.type === "employee" ? [a.employeeId] : []))))];
  if (approverIds.length) {
    const auditors = await db
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
  const clash = await db
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
    ownRow(await db.selectFrom("approval_flows").select(["id", "companyId"]).where("id", "=", id).executeTakeFirst(), companyId, MISSING);
    const flowId = id;
    await uniquely(() => db.updateTable("approval_flows").set(values).where("id", "=", flowId).where("companyId", "=", companyId).execute(), sameName);
  } else {
    id = (await uniquely(() => db.insertInto("approval_flows").values({ ...values, companyId, createTime: values.updateTime }).returning("id").executeTakeFirstOrThrow(), sameName)).id;
  }
  const row = await db.selectFrom("approval_flows").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return (await rowsOf(db, companyId, [row]))[0];
}

/** Deletes one of the company's flows; applications under way keep the flow they were submitted with. */
export async function deleteFlow(db: Kysely<Database>, companyId: number, id: number): Promise<void> {
  ownRow(await db.selectFrom("approval_flows").select(["id", "companyId"]).where("id", "=", id).executeTakeFirst(), companyId, MISSING);
  await db.deleteFrom("approval_flows").where("id", "=", id).where("companyId", "=", companyId).execute();
}
