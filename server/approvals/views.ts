// How approvals read: the inbox row and the detail with every level's approvers and outcome, the
// history of every step (who, when, what they said), the countdown to the nearer deadline and
// the buttons the viewer may press. Both trip applications and orders read the same way.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { now } from "../services/clock";
import {
  APPROVAL_ACTION_LABELS, APPROVAL_STATUS_LABELS, actionsFor, deadlineOf,
  type ApprovalAction, type ApprovalStatus,
} from "../../src/domain/approval";
import { label } from "../../src/domain/codes";
import type { TimeoutAction } from "../../src/domain/policy";
import { readJson } from "../policy/json";
import type { ApprovalRow } from "./engine";

export interface Countdown {
  at: string;
  kind: "fare" | "level";
  /** Seconds from the server's now; the page counts down from here. */
  remainingSeconds: number;
}

export function countdownOf(row: Pick<ApprovalRow, "status" | "levelDeadline" | "fareDeadline">): Countdown | null {
  const d = deadlineOf({ status: row.status as ApprovalStatus, levelDeadline: row.levelDeadline, fareDeadline: row.fareDeadline });
  if (!d) return null;
  return { ...d, remainingSeconds: Math.max(0, Math.floor((Date.parse(d.at) - now()) / 1000)) };
}

export interface ApproverView {
  memberId: number;
  name: string;
  via: string;
}

/** The members who may decide each (approvalId, level), with names. */
async function assigneesOf(db: Kysely<Database>, approvalIds: number[]) {
  if (!approvalIds.length) return [];
  return db
    .selectFrom("approval_assignees as a")
    .innerJoin("members as m", "m.id", "a.memberId")
    .select(["a.approvalId", "a.level", "a.memberId", "a.via", "m.realName", "m.mobilePhone"])
    .where("a.approvalId", "in", approvalIds)
    .orderBy("a.id")
    .execute();
}

export function baseView(row: ApprovalRow) {
  const status = row.status as ApprovalStatus;
  return {
    id: row.id,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    title: row.title,
    applicantMemberId: row.applicantMemberId,
    applicantName: row.applicantName,
    amountFen: row.amountFen,
    withinStandard: Boolean(row.withinStandard),
    status,
    statusLabel: label(APPROVAL_STATUS_LABELS, status),
    level: row.level,
    levelCount: row.levelCount,
    flowName: row.flowName,
    submitTime: row.submitTime,
    finishTime: row.finishTime,
    createTime: row.createTime,
    updateTime: row.updateTime,
    countdown: countdownOf(row),
  };
}

/**
 * 出差事由 of each row, read for the whole page at once: a trip application's own purpose, an
 * order's from the application it was booked under. Only applications of the approval's company.
 */
async function purposesOf(db: Kysely<Database>, rows: ApprovalRow[]): Promise<Map<number, string>> {
  const trips = rows.filter((r) => r.subjectType === "trip");
  const orders = rows.filter((r) => r.subjectType === "order");
  const [own, booked] = await Promise.all([
    trips.length
      ? db.selectFrom("trip_applications").select(["id", "companyId", "purpose"]).where("id", "in", trips.map((r) => r.subjectId)).execute()
      : [],
    orders.length
      ? db
          .selectFrom("orders as o")
          .innerJoin("trip_applications as t", (j) => j.onRef("t.id", "=", "o.applyId").onRef("t.companyId", "=", "o.companyId"))
          .select(["o.id", "o.approvalId", "t.companyId", "t.purpose"])
          // By the order's key (the approval's subject): the approval it names must be this one.
          .where("o.id", "in", orders.map((r) => r.subjectId))
          .execute()
      : [],
  ]);
  const out = new Map<number, string>();
  for (const r of trips) {
    const t = own.find((x) => x.id === r.subjectId && x.companyId === r.companyId);
    if (t) out.set(r.id, t.purpose);
  }
  for (const r of orders) {
    const t = booked.find((x) => x.id === r.subjectId && x.approvalId === r.id && x.companyId === r.companyId);
    if (t) out.set(r.id, t.purpose);
  }
  return out;
}

/** Inbox rows: the base view plus who may decide the current level and the trip's purpose. */
export async function inboxRows(db: Kysely<Database>, rows: ApprovalRow[]) {
  const [assignees, purposes] = await Promise.all([assigneesOf(db, rows.map((r) => r.id)), purposesOf(db, rows)]);
  return rows.map((r) => ({
    ...baseView(r),
    purpose: purposes.get(r.id) ?? null,
    currentApprovers: r.status === "pending" ? assignees.filter((a) => a.approvalId === r.id && a.level === r.level).map((a) => a.realName ?? a.mobilePhone) : [],
  }));
}

const DECISIONS: ApprovalAction[] = ["approve", "reject", "escalate", "autoApprove", "expire", "withdraw"];
const PERSON_ACTIONS: ApprovalAction[] = ["submit", "approve", "reject", "withdraw"];

export async function approvalView(db: Kysely<Database>, row: ApprovalRow, viewerMemberId: number) {
  const [assignees, steps] = await Promise.all([
    assigneesOf(db, [row.id]),
    db.selectFrom("approval_steps").selectAll().where("approvalId", "=", row.id).orderBy("id").execute(),
  ]);
  const status = row.status as ApprovalStatus;
  const levelHours = readJson<{ timeoutHours: number | null }[]>(row.levels, []);
  const levels = levelHours.map((l, i) => {
    const level = i + 1;
    const decisions = steps.filter((s) => s.level === level && DECISIONS.includes(s.action as ApprovalAction));
    const last = decisions.at(-1);
    // done: decided or passed on; current: waiting now; waiting: not reached yet; skipped: never reached.
    const state =
      status === "pending" && level === row.level ? "current"
      : last ? "done"
      : level > row.level && status === "pending" ? "waiting"
      : "skipped";
    const approvers = assignees.filter((a) => a.level === level);
    return {
      level,
      timeoutHours: l.timeoutHours,
      state,
      approvers: approvers.map((a): ApproverView => ({ memberId: a.memberId, name: a.realName ?? a.mobilePhone, via: a.via })),
      /** The level ran out of time and the administrator was added to decide it. */
      escalatedToAdmin: approvers.some((a) => a.via === "escalation"),
      // A level still waiting has no decision yet, even if its time ran out and it was handed on.
      decision:
        last && state !== "current"
          ? { action: last.action, actionLabel: label(APPROVAL_ACTION_LABELS, last.action), actorName: last.actorName, comment: last.comment, time: last.createTime }
          : null,
    };
  });
  const facts = {
    status,
    level: row.level,
    levelCount: row.levelCount,
    applicantMemberId: row.applicantMemberId,
    assignees: assignees.filter((a) => a.level === row.level).map((a) => a.memberId),
    onTimeout: row.onTimeout as TimeoutAction,
  };
  return {
    ...baseView(row),
    onTimeout: row.onTimeout,
    levels,
    history: steps.map((s) => ({
      id: s.id,
      level: s.level,
      action: s.action,
      actionLabel: label(APPROVAL_ACTION_LABELS, s.action),
      actorName: s.actorName,
      comment: s.comment,
      fromStatus: s.fromStatus,
      toStatus: s.toStatus,
      createTime: s.createTime,
    })),
    /** What this viewer may do now (the page's buttons). */
    actions: actionsFor(facts, { memberId: viewerMemberId }).filter((a) => PERSON_ACTIONS.includes(a)),
  };
}

/** Whether a member takes part in an approval: assigned to a level, or acted on it. */
export async function isParticipant(db: Kysely<Database>, approvalId: number, memberId: number): Promise<boolean> {
  const [assigned, acted] = await Promise.all([
    db.selectFrom("approval_assignees").select("id").where("approvalId", "=", approvalId).where("memberId", "=", memberId).executeTakeFirst(),
    db.selectFrom("approval_steps").select("id").where("approvalId", "=", approvalId).where("actorMemberId", "=", memberId).executeTakeFirst(),
  ]);
  return Boolean(assigned || acted);
}
