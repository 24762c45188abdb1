// The flow form's values and their translation to the save input, checked with the server's own
// schema. An approver is picked from one list that mixes the two roles and the company's
// employees, so each option is a string: "departmentHead", "admin" or "e<employeeId>".
import type { z } from "zod";
import { flowFormSchema, type ApproverSpec, type FlowCover, type TimeoutAction } from "../../domain/policy";
import type { FlowRow } from "./index";

export interface LevelValues {
  approvers?: string[];
  timeoutHours?: string;
}

export interface FlowFormValues {
  name?: string;
  covers?: FlowCover;
  allEmployees?: boolean;
  departmentIds?: number[];
  employeeIds?: number[];
  levels?: LevelValues[];
  onTimeout?: TimeoutAction;
  enabled?: boolean;
}

export type FlowInput = z.input<typeof flowFormSchema>;
type FieldName = (string | number)[];

export function approverKey(a: ApproverSpec): string {
  return a.type === "employee" ? `e${a.employeeId}` : a.type;
}

export function approverOf(key: string): ApproverSpec | null {
  if (key === "departmentHead" || key === "admin") return { type: key };
  const m = /^e(\d+)$/.exec(key);
  return m ? { type: "employee", employeeId: Number(m[1]) } : null;
}

export const NEW_FLOW: FlowFormValues = {
  name: "",
  covers: "both",
  allEmployees: true,
  departmentIds: [],
  employeeIds: [],
  levels: [{ approvers: ["departmentHead"], timeoutHours: "24" }],
  onTimeout: "next",
  enabled: true,
};

export function toFlowValues(row: FlowRow): FlowFormValues {
  return {
    name: row.name,
    covers: row.covers,
    allEmployees: row.allEmployees,
    departmentIds: row.departments.map((d) => d.id),
    employeeIds: row.employees.map((e) => e.id),
    levels: row.levels.map((l) => ({ approvers: l.approvers.map(approverKey), timeoutHours: l.timeoutHours === null ? "" : String(l.timeoutHours) })),
    onTimeout: row.onTimeout,
    enabled: row.enabled,
  };
}

function hours(text: string | undefined): number | string | null {
  const s = text?.trim() ?? "";
  if (!s) return null;
  return /^\d{1,9}$/.test(s) ? Number(s) : "invalid";
}

export function toFlowInput(id: number | undefined, v: FlowFormValues): FlowInput {
  const all = v.allEmployees ?? true;
  return {
    ...(id === undefined ? {} : { id }),
    name: v.name?.trim() ?? "",
    covers: v.covers ?? ("" as FlowCover),
    allEmployees: all,
    // A company-wide flow names no one; lists left over from a narrower choice are dropped.
    departmentIds: all ? [] : (v.departmentIds ?? []),
    employeeIds: all ? [] : (v.employeeIds ?? []),
    levels: (v.levels ?? []).map((l) => ({
      approvers: (l.approvers ?? []).map(approverOf).filter((a): a is ApproverSpec => a !== null),
      timeoutHours: hours(l.timeoutHours),
    })) as FlowInput["levels"],
    onTimeout: v.onTimeout ?? ("" as TimeoutAction),
    enabled: v.enabled ?? true,
  };
}

/** A schema or server path as the form field that shows it. */
export function flowFieldOf(path: readonly PropertyKey[] | string): FieldName {
  const parts = (typeof path === "string" ? path.split(".") : path.filter((k): k is string | number => typeof k !== "symbol")).map((k) =>
    typeof k === "string" && /^\d+$/.test(k) ? Number(k) : k,
  );
  const [head, index, key] = parts;
  if (head === "levels") return typeof index === "number" ? ["levels", index, key === "timeoutHours" ? "timeoutHours" : "approvers"] : ["levels"];
  if (head === "employeeIds") return ["employeeIds"];
  if (head === "departmentIds") return ["departmentIds"];
  return [head];
}

export function flowProblems(input: FlowInput): { name: FieldName; errors: string[] }[] {
  const r = flowFormSchema.safeParse(input);
  if (r.success) return [];
  return firstPerField(r.error.issues.map((i) => [i.path, i.message] as const));
}

export function flowServerProblems(errors: Record<string, string | string[]> | undefined) {
  return firstPerField(Object.entries(errors ?? {}).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? "") : v] as const));
}

function firstPerField(issues: readonly (readonly [readonly PropertyKey[] | string, string])[]) {
  const seen = new Map<string, { name: FieldName; errors: string[] }>();
  for (const [path, message] of issues) {
    const name = flowFieldOf(path);
    if (!seen.has(name.join("."))) seen.set(name.join("."), { name, errors: [message] });
  }
  return [...seen.values()];
}
