// The generic approval engine. Every change of an approval goes through applyTransition: the
// state machine (src/domain/approval.ts) decides, then one conditional update
// (where status = <from> and level = <from>) applies it inside the caller's transaction, so two
// concurrent decisions cannot both succeed; zero rows updated means refused, nothing written.
// Timed steps (level deadlines, fare expiry) are scheduled as durable jobs in the same transaction.
import { say } from "../services/i18n/catalogue";
import { said, type Text } from "../services/i18n/text";
import type { Kysely, Selectable } from "kysely";
import type { ApprovalsTable, Database } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt, now } from "../services/clock";
import { enqueueJob } from "../jobs/queue";
import { decide, REFUSALS, type ApprovalAction, type ApprovalFacts, type ApprovalStatus, type NextState } from "../../src/domain/approval";
import { autoApproves, type SubjectType, type TimeoutAction } from "../../src/domain/policy";
import { loadPreferences } from "../policy/settings";
import { readJson } from "../policy/json";
import { routeFor } from "./resolve";
import { yuanText } from "../../src/domain/money";
import { noticeApprovalMove } from "../notifications/events";

export type ApprovalRow = Selectable<ApprovalsTable>;

export const LEVEL_TIMEOUT_JOB = "approval.level-timeout";
export const FARE_EXPIRY_JOB = "approval.fare-expiry";
export const SYSTEM_NAME = say("approvals.system");
export const NOT_FOUND = said("approvals.approvalFound");

export interface NewApproval {
  companyId: number;
  subjectType: SubjectType;
  subjectId: number;
  applicantMemberId: number;
  applicantName: string;
  /** One line the inbox shows, e.g. 出差申请 · 北京 → 上海. */
  title: string;
  amountFen: number | null;
  /** The subject keeps to the travel standard (orders); trip applications have none to keep to. */
  withinStandard: boolean;
  /** When the held fare expires (orders). */
  fareDeadline?: string | null;
}

export interface Actor {
  memberId: number | null;
  name: string;
}
export const SYSTEM: Actor = { memberId: null, name: SYSTEM_NAME };

/** What a subject does when its approval moves (the orders capability registers "order"). */
export interface SubjectHooks {
  afterTransition(trx: Kysely<Database>, approval: ApprovalRow, change: { action: ApprovalAction; from: ApprovalStatus }): Promise<void>;
}
const subjectHooks = new Map<string, SubjectHooks>();
export function registerApprovalSubject(type: SubjectType, hooks: SubjectHooks): void {
  subjectHooks.set(type, hooks);
}

/** An approval waiting to be submitted (a trip application's draft). */
export async function createDraftApproval(trx: Kysely<Database>, a: NewApproval): Promise<ApprovalRow> {
  const at = isoAt(now());
  return trx
    .insertInto("approvals")
    .values({
      companyId: a.companyId, subjectType: a.subjectType, subjectId: a.subjectId, applicantMemberId: a.applicantMemberId,
      applicantName: a.applicantName, title: a.title, amountFen: a.amountFen, withinStandard: a.withinStandard ? 1 : 0,
      fareDeadline: a.fareDeadline ? new Date(a.fareDeadline).toISOString() : null,
      status: "draft", level: 0, levelCount: 0, levels: "[]", onTimeout: "next", flowId: null, flowName: null,
      levelDeadline: null, submitTime: null, finishTime: null, createTime: at, updateTime: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An approval submitted at once (orders sent for approval by the booking). */
export async function startApproval(trx: Kysely<Database>, a: NewApproval): Promise<ApprovalRow> {
  const draft = await createDraftApproval(trx, a);
  return applyTransition(trx, { approvalId: draft.id, action: "submit", actor: { memberId: a.applicantMemberId, name: a.applicantName } });
}

export interface TransitionInput {
  approvalId: number;
  action: ApprovalAction;
  actor: Actor;
  comment?: string | null;
  /** The level the actor saw; refused when the approval has moved on since. */
  expectedLevel?: number;
  /** Timed steps: the level deadline the job was scheduled for; a moved deadline makes it moot. */
  expectedDeadline?: string | null;
}

async function loadFacts(trx: Kysely<Database>, approvalId: number): Promise<{ row: ApprovalRow; facts: ApprovalFacts }> {
  const row = await trx.selectFrom("approvals").selectAll().where("id", "=", approvalId).executeTakeFirst();
  if (!row) throw new DomainError("notFound", NOT_FOUND);
  const assignees = await trx.selectFrom("approval_assignees").select("memberId").where("approvalId", "=", approvalId).where("level", "=", row.level).execute();
  return {
    row,
    facts: {
      status: row.status as ApprovalStatus,
      level: row.level,
      levelCount: row.levelCount,
      applicantMemberId: row.applicantMemberId,
      assignees: assignees.map((a) => a.memberId),
      onTimeout: row.onTimeout as TimeoutAction,
    },
  };
}

const refuse = (message: Text | string) => new DomainError("conflict", message);

function levelHours(row: Pick<ApprovalRow, "levels">, level: number): number | null {
  return readJson<{ timeoutHours: number | null }[]>(row.levels, [])[level - 1]?.timeoutHours ?? null;
}

/** Applies one action; throws a conflict DomainError with the state machine's reason when refused. */
export async function applyTransition(trx: Kysely<Database>, input: TransitionInput): Promise<ApprovalRow> {
  const { row, facts } = await loadFacts(trx, input.approvalId);
  if (input.expectedLevel !== undefined && facts.status === "pending" && facts.level !== input.expectedLevel) {
    throw refuse(said("approvals.levelApprovalHasBeenHandled", { expectedLevel: input.expectedLevel, level: facts.level }));
  }
  const decision = decide(facts, input.action, { memberId: input.actor.memberId });
  if (!decision.ok) throw refuse(decision.message);
  const next: NextState = decision.next;
  const at = now();
  const atIso = isoAt(at);

  // What the update writes besides status and level.
  const extra: Partial<ApprovalRow> = { updateTime: atIso };
  let route: Awaited<ReturnType<typeof routeFor>> | null = null;
  if (input.action === "submit") {
    route = await routeFor(trx, row.companyId, row.applicantMemberId, row.subjectType as SubjectType);
    Object.assign(extra, {
      flowId: route.flowId, flowName: route.flowName, onTimeout: route.onTimeout, levels: JSON.stringify(route.levels),
      levelCount: route.assignees.length, submitTime: atIso,
    });
  }
  const levelsRow = route ? { levels: JSON.stringify(route.levels) } : row;
  const admin = next.toAdmin ? await trx.selectFrom("companies").select("adminMemberId").where("id", "=", row.companyId).executeTakeFirst() : null;
  if (next.status === "pending" && (next.level !== facts.level || input.action === "submit")) {
    const hours = levelHours(levelsRow, next.level);
    extra.levelDeadline = hours === null ? null : isoAt(at + hours * 3_600_000);
  } else if (next.toAdmin || next.status !== "pending") {
    extra.levelDeadline = null;
  }
  if (next.status !== "pending") extra.finishTime = atIso;

  let update = trx
    .updateTable("approvals")
    .set({ ...extra, status: next.status, level: next.level })
    .where("id", "=", row.id)
    .where("status", "=", facts.status)
    .where("level", "=", facts.level);
  if (input.expectedDeadline !== undefined) {
    update = input.expectedDeadline === null ? update.where("levelDeadline", "is", null) : update.where("levelDeadline", "=", input.expectedDeadline);
  }
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    // Someone else acted first: say what the approval is now, as a fresh decision would.
    const again = await loadFacts(trx, row.id);
    const now2 = decide(again.facts, input.action, { memberId: input.actor.memberId });
    throw refuse(now2.ok ? REFUSALS.changed : now2.message);
  }

  if (route) {
    const values = route.assignees.flatMap((list, i) => list.map((a) => ({ approvalId: row.id, level: i + 1, memberId: a.memberId, via: a.via })));
    await trx.insertInto("approval_assignees").values(values).execute();
  }
  let comment = input.comment ?? null;
  if (input.action === "escalate") comment = await escalate(trx, row, facts.level, next, admin?.adminMemberId ?? null);
  if (extra.levelDeadline) {
    await enqueueJob(trx, { kind: LEVEL_TIMEOUT_JOB, runAt: extra.levelDeadline, payload: { approvalId: row.id, level: next.level, deadline: extra.levelDeadline } });
  }
  if (input.action === "submit" && row.fareDeadline) {
    await enqueueJob(trx, { kind: FARE_EXPIRY_JOB, runAt: row.fareDeadline, payload: { approvalId: row.id, fareDeadline: row.fareDeadline } });
  }

  await trx
    .insertInto("approval_steps")
    .values({
      approvalId: row.id, level: input.action === "submit" ? 0 : facts.level, action: input.action, actorMemberId: input.actor.memberId,
      actorName: input.actor.name, comment, fromStatus: facts.status, toStatus: next.status, createTime: atIso,
    })
    .execute();

  const updated = await trx.selectFrom("approvals").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
  await subjectHooks.get(updated.subjectType)?.afterTransition(trx, updated, { action: input.action, from: facts.status });
  // An approver who also approves the next level (a department head who is the company's
  // administrator too) is not asked twice in a row: their approval carries over to that level,
  // recorded as such, and only the level after it (or the applicant, once approved) is told.
  if (input.action === "approve" && updated.status === "pending" && updated.level > facts.level && input.actor.memberId !== null) {
    const next = await trx.selectFrom("approval_assignees").select("memberId").where("approvalId", "=", row.id).where("level", "=", updated.level).execute();
    if (next.some((a) => a.memberId === input.actor.memberId)) {
      return applyTransition(trx, { approvalId: row.id, action: "approve", actor: input.actor, comment: say("approvals.sameApproverCarriedOver", { level: facts.level }) });
    }
  }
  await noticeApprovalMove(trx, updated, facts, input.action);

  if (input.action === "submit") {
    const prefs = await loadPreferences(trx, row.companyId);
    if (autoApproves(prefs, { withinStandard: Boolean(row.withinStandard), amountFen: row.amountFen })) {
      const max = prefs.autoDecisions.approveWithinStandardMaxFen!;
      return applyTransition(trx, {
        approvalId: row.id, action: "autoApprove", actor: SYSTEM,
        comment: say("approvals.withinTravelPolicyOverYuan", { max: yuanText(max) }),
      });
    }
  }
  return updated;
}

/** Hands a timed-out level on; answers the history's comment. */
async function escalate(trx: Kysely<Database>, row: ApprovalRow, level: number, next: NextState, adminMemberId: number | null): Promise<string> {
  const hours = levelHours(row, level);
  const late = say("approvals.levelApprovalHandledOverHours", { level, hours: hours ?? 0 });
  if (!next.toAdmin) return say("approvals.passedLevelApproval", { late, level: next.level });
  if (adminMemberId === null) return say("approvals.companyHasNoAdministratorStill", { late });
  await trx
    .insertInto("approval_assignees")
    .values({ approvalId: row.id, level, memberId: adminMemberId, via: "escalation" })
    .onConflict((oc) => oc.columns(["approvalId", "level", "memberId"]).doNothing())
    .execute();
  return say("approvals.passedCompanyAdministratorApproval", { late });
}
