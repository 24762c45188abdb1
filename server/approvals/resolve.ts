// Who approves a subject: the company's flow that applies to the applicant (src/domain/policy
// matchFlow) and each level's approvers resolved to members at submission time.
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { departmentPath, matchFlow, resolveLevels, type FlowCover, type FlowLevel, type ResolvedApprover, type SubjectType, type TimeoutAction } from "../../src/domain/policy";
import { readJson } from "../policy/json";

export interface Route {
  flowId: number | null;
  flowName: string;
  onTimeout: TimeoutAction;
  levels: { timeoutHours: number | null }[];
  assignees: ResolvedApprover[][];
}

/** With no flow for the applicant, the company's administrator approves in one level. */
export const FALLBACK_FLOW_NAME = say("approvals.defaultFlowApprovalByCompany");
const FALLBACK_LEVELS: FlowLevel[] = [{ approvers: [{ type: "admin" }], timeoutHours: null }];

export const NO_APPROVER = said("approvals.noApproverDeterminedAskCompany");

export async function loadDepartmentParents(db: Kysely<Database>, companyId: number): Promise<Map<number, number | null>> {
  const rows = await db.selectFrom("departments").select(["id", "parentId"]).where("companyId", "=", companyId).execute();
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

export async function routeFor(db: Kysely<Database>, companyId: number, applicantMemberId: number, subject: SubjectType): Promise<Route> {
  const [member, company, parents, employees, flows] = await Promise.all([
    db.selectFrom("members").select("creditEmployeeId").where("id", "=", applicantMemberId).executeTakeFirst(),
    db.selectFrom("companies").select("adminMemberId").where("id", "=", companyId).executeTakeFirst(),
    loadDepartmentParents(db, companyId),
    db.selectFrom("employees").select(["id", "memberId", "departmentId", "canAudit"]).where("companyId", "=", companyId).execute(),
    db.selectFrom("approval_flows").selectAll().where("companyId", "=", companyId).execute(),
  ]);
  const own = employees.find((e) => e.id === member?.creditEmployeeId);
  const applicant = { memberId: applicantMemberId, employeeId: own?.id ?? 0, departmentPath: departmentPath(own?.departmentId ?? null, parents) };

  const heads = new Map<number, number[]>();
  for (const e of employees) {
    if (e.canAudit && e.departmentId !== null && e.memberId !== null) heads.set(e.departmentId, [...(heads.get(e.departmentId) ?? []), e.memberId]);
  }
  const people = {
    adminMemberId: company?.adminMemberId ?? null,
    memberOfEmployee: new Map(employees.map((e) => [e.id, e.memberId])),
    headsOfDepartment: heads,
  };

  const rules = flows.map((f) => ({
    ...f,
    covers: f.covers as FlowCover,
    allEmployees: Boolean(f.allEmployees),
    enabled: Boolean(f.enabled),
    departmentIds: readJson<number[]>(f.departmentIds, []),
    employeeIds: readJson<number[]>(f.employeeIds, []),
  }));
  const flow = matchFlow(rules, applicant, subject);
  const levels = flow ? readJson<FlowLevel[]>(flow.levels, []) : FALLBACK_LEVELS;
  const assignees = resolveLevels(levels, applicant, people);
  if (!assignees || !assignees.length) throw new DomainError("conflict", NO_APPROVER);
  return {
    flowId: flow?.id ?? null,
    flowName: flow?.name ?? FALLBACK_FLOW_NAME,
    onTimeout: (flow?.onTimeout as TimeoutAction | undefined) ?? "admin",
    levels: levels.map((l) => ({ timeoutHours: l.timeoutHours })),
    assignees,
  };
}
