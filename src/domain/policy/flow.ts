// Approval flows: named, with one or more ordered levels of approvers, applying to the whole
// company or to chosen departments and employees, covering trip applications, orders or both.
// Which flow applies and who approves each level are decided here, from plain data.
import { m, tr, trLazy } from "../tr";
import { z } from "zod";
import { zBool, zIdList, zInt, zNullableInt, zText } from "./fields";

export const SUBJECT_TYPES = ["trip", "order"] as const;
/** What an approval is about: a trip application or an order. */
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export const FLOW_COVERS = ["trip", "order", "both"] as const;
export type FlowCover = (typeof FLOW_COVERS)[number];
export const FLOW_COVER_LABELS: Record<FlowCover, string> = { trip: "出差申请", order: "超标及需审批订单", both: "出差申请和订单" };

/** When a level's time runs out: hand it to the next level (the administrator after the last), or to the administrator. */
export const TIMEOUT_ACTIONS = ["next", "admin"] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];

export const MAX_FLOW_LEVELS = 5;
export const MAX_LEVEL_APPROVERS = 10;
/** A level may wait at most 30 days. */
export const MAX_LEVEL_HOURS = 720;

/**
 * An approver of a level: a named employee, the applicant's department head, or the company's
 * administrator. Any one approver of a level decides for the level.
 */
export type ApproverSpec = { type: "employee"; employeeId: number } | { type: "departmentHead" } | { type: "admin" };

const approverSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("employee"), employeeId: zInt({ min: 1, max: 2_147_483_647, error: trLazy("请选择审批人") }) }).strict(),
    z.object({ type: z.literal("departmentHead") }).strict(),
    z.object({ type: z.literal("admin") }).strict(),
  ],
  { error: trLazy("审批人类型不正确") },
);

const levelSchema = z
  .object({
    approvers: z
      .array(approverSchema, { error: trLazy("请为每一级选择审批人") })
      .min(1, m("请为每一级选择审批人"))
      .max(MAX_LEVEL_APPROVERS, m("每一级最多 {MAX_LEVEL_APPROVERS} 位审批人", { MAX_LEVEL_APPROVERS })),
    timeoutHours: zNullableInt({ min: 1, max: MAX_LEVEL_HOURS, error: trLazy("审批时限须为 1 到 {MAX_LEVEL_HOURS} 小时", { MAX_LEVEL_HOURS }) }),
  })
  .strict()
  .superRefine((level, ctx) => {
    const keys = level.approvers.map((a) => (a.type === "employee" ? `e${a.employeeId}` : a.type));
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: "custom", path: ["approvers"], message: tr("同一级中审批人不能重复") });
  });

export const flowFormSchema = z
  .object({
    /** Present when editing a saved flow. */
    id: zInt({ min: 1, max: 2_147_483_647, error: trLazy("审批流程编号不正确") }).optional(),
    name: zText(30, "请输入流程名称", "流程名称最多 30 个字"),
    covers: z.enum(FLOW_COVERS, { error: trLazy("请选择流程适用的审批类型") }),
    /** 1: every employee of the company; 0: only the departments and employees listed. */
    allEmployees: zBool(trLazy("适用范围不正确")),
    departmentIds: zIdList(trLazy("适用部门不正确")),
    employeeIds: zIdList(trLazy("适用员工不正确")),
    levels: z
      .array(levelSchema, { error: trLazy("请至少设置一级审批") })
      .min(1, m("请至少设置一级审批"))
      .max(MAX_FLOW_LEVELS, m("审批最多 {MAX_FLOW_LEVELS} 级", { MAX_FLOW_LEVELS })),
    onTimeout: z.enum(TIMEOUT_ACTIONS, { error: trLazy("请选择超时后的处理方式") }),
    enabled: zBool(trLazy("启用状态不正确")).optional().default(true),
  })
  .strict()
  .superRefine((flow, ctx) => {
    if (!flow.allEmployees && !flow.departmentIds.length && !flow.employeeIds.length) {
      ctx.addIssue({ code: "custom", path: ["departmentIds"], message: tr("请选择流程适用的部门或员工") });
    }
  });
export type FlowForm = z.output<typeof flowFormSchema>;

export interface FlowLevel {
  approvers: ApproverSpec[];
  timeoutHours: number | null;
}

export interface FlowRule {
  id: number;
  covers: FlowCover;
  allEmployees: boolean;
  departmentIds: number[];
  employeeIds: number[];
  enabled: boolean;
}

export function flowCovers(cover: FlowCover, subject: SubjectType): boolean {
  return cover === "both" || cover === subject;
}

/** The applicant as flow matching sees them: their department first, then its ancestors. */
export interface Applicant {
  employeeId: number;
  departmentPath: number[];
}

/**
 * How closely a flow names the applicant: the employee by name beats their department, a
 * nearer department beats a parent department, and either beats a company-wide flow. -1: the
 * flow does not apply.
 */
export function flowSpecificity(flow: FlowRule, who: Applicant): number {
  if (flow.employeeIds.includes(who.employeeId)) return 10_000;
  const depth = who.departmentPath.findIndex((d) => flow.departmentIds.includes(d));
  if (depth >= 0) return 5_000 - depth;
  return flow.allEmployees ? 0 : -1;
}

/**
 * The flow that applies to an applicant's subject: enabled, covering the subject type, and the
 * most specific; among equals the oldest (lowest id) wins, so adding a flow never silently
 * reroutes people an older flow already named as closely.
 */
export function matchFlow<F extends FlowRule>(flows: readonly F[], who: Applicant, subject: SubjectType): F | null {
  let best: F | null = null;
  let bestScore = -1;
  for (const flow of flows) {
    if (!flow.enabled || !flowCovers(flow.covers, subject)) continue;
    const score = flowSpecificity(flow, who);
    if (score < 0) continue;
    if (score > bestScore || (score === bestScore && best && flow.id < best.id)) {
      best = flow;
      bestScore = score;
    }
  }
  return best;
}

/** The department path from a department up to the root (cycles in bad data end the walk). */
export function departmentPath(departmentId: number | null, parents: ReadonlyMap<number, number | null>): number[] {
  const path: number[] = [];
  let id = departmentId;
  while (id !== null && id !== undefined && parents.has(id) && !path.includes(id)) {
    path.push(id);
    id = parents.get(id) ?? null;
  }
  return path;
}

/** What approver resolution needs to know about the company. */
export interface Company {
  adminMemberId: number | null;
  /** Employee id → their member id (null: no sign-in). */
  memberOfEmployee: ReadonlyMap<number, number | null>;
  /** Department id → member ids of its employees who may audit, its heads. */
  headsOfDepartment: ReadonlyMap<number, readonly number[]>;
}

export interface ResolvedApprover {
  memberId: number;
  /** How this approver came to the level. */
  via: "employee" | "departmentHead" | "admin";
}

/**
 * The members who may approve each level. The department head is whoever may audit in the
 * applicant's department, else in the nearest parent department that has one. Nobody approves
 * their own subject: a level left without an approver goes to the administrator. Null when a
 * level has no approver even then (a company without an administrator).
 */
export function resolveLevels(levels: readonly FlowLevel[], applicant: Applicant & { memberId: number }, company: Company): ResolvedApprover[][] | null {
  const out: ResolvedApprover[][] = [];
  for (const level of levels) {
    const found: ResolvedApprover[] = [];
    const add = (memberId: number | null | undefined, via: ResolvedApprover["via"]) => {
      if (memberId && memberId !== applicant.memberId && !found.some((f) => f.memberId === memberId)) found.push({ memberId, via });
    };
    for (const spec of level.approvers) {
      if (spec.type === "employee") add(company.memberOfEmployee.get(spec.employeeId), "employee");
      else if (spec.type === "admin") add(company.adminMemberId, "admin");
      else {
        for (const dept of applicant.departmentPath) {
          const heads = (company.headsOfDepartment.get(dept) ?? []).filter((m) => m !== applicant.memberId);
          if (heads.length) {
            heads.forEach((m) => add(m, "departmentHead"));
            break;
          }
        }
      }
    }
    if (!found.length) add(company.adminMemberId, "admin");
    if (!found.length) return null;
    out.push(found);
  }
  return out;
}

/** An approval flow as the server answers it and the pages show it: its rules, and the names they point at. */
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
