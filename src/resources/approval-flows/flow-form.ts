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

/** A schema or server path ("levels.0.approvers.1") as the form field that shows it. */
export function flowFieldOf(path: string): string {
  const [head, index, key] = path.split(".");
  if (head === "levels") return index !== undefined && /^\d+$/.test(index) ? `levels.${index}.${key === "timeoutHours" ? "timeoutHours" : "approvers"}` : "levels";
  return head ?? path;
}

/** The fields the form shows, where problems can be placed. */
export function flowFields(v: FlowFormValues): string[] {
  const scope = v.allEmployees === false ? ["departmentIds", "employeeIds"] : [];
  return ["name", "enabled", "covers", "allEmployees", ...scope, "levels", ...(v.levels ?? []).flatMap((_, i) => [`levels.${i}.approvers`, `levels.${i}.timeoutHours`]), "onTimeout"];
}
