// The approval state machine, as data: { state → { action → next, guard } }. Its subject is a
// trip application or an order; the server applies a transition with a conditional update
// (where status = <from> and level = <from>), and the portal asks the same table which buttons
// to show. A guard answers why an action is refused, or null when it is allowed.
import { codeTable, type CodeTable } from "./codes";
import type { TimeoutAction } from "./policy/flow";

export const APPROVAL_STATUSES = ["draft", "pending", "approved", "rejected", "withdrawn"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_STATUS_LABELS: CodeTable<ApprovalStatus> = codeTable("approvalStatus", APPROVAL_STATUSES);

export const APPROVAL_ACTIONS = ["submit", "approve", "reject", "withdraw", "escalate", "autoApprove", "expire"] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** How each step reads in the history. */
export const APPROVAL_ACTION_LABELS: CodeTable<ApprovalAction> = codeTable("approvalAction", APPROVAL_ACTIONS);

/** What the guards need to know about the approval now. */
export interface ApprovalFacts {
  status: ApprovalStatus;
  /** The level waiting for a decision, 1-based. */
  level: number;
  levelCount: number;
  applicantMemberId: number;
  /** Members who may decide the current level. */
  assignees: readonly number[];
  onTimeout: TimeoutAction;
}

/** Who acts: a member, or the system (timed steps and automatic decisions). */
export interface Actor {
  memberId: number | null;
}

export interface NextState {
  status: ApprovalStatus;
  level: number;
  /** The level is handed to the company's administrator. */
  toAdmin?: boolean;
}

export interface Transition {
  next: (f: ApprovalFacts) => NextState;
  guard: (f: ApprovalFacts, actor: Actor) => string | null;
}

export const REFUSALS = {
  notApplicant: "只有申请人可以执行此操作",
  ownSubject: "不能审批自己的申请",
  notYourTurn: "当前不是您的审批环节",
  systemOnly: "该操作只能由系统执行",
  submitted: "该申请已提交，请勿重复提交",
  draft: "该申请尚未提交，不能审批",
  draftWithdraw: "该申请尚未提交，无需撤回，可直接删除",
  approved: "该申请已审批通过，不能再操作",
  rejected: "该申请已被驳回，不能再操作",
  withdrawn: "该申请已撤回，不能再操作",
  changed: "该申请的审批状态已变化，请刷新后重试",
} as const;

const applicantOnly = (f: ApprovalFacts, a: Actor) => (a.memberId !== null && a.memberId === f.applicantMemberId ? null : REFUSALS.notApplicant);
const systemOnly = (_f: ApprovalFacts, a: Actor) => (a.memberId === null ? null : REFUSALS.systemOnly);
const currentApprover = (f: ApprovalFacts, a: Actor) => {
  if (a.memberId === null) return REFUSALS.notYourTurn;
  if (a.memberId === f.applicantMemberId) return REFUSALS.ownSubject;
  return f.assignees.includes(a.memberId) ? null : REFUSALS.notYourTurn;
};

export const APPROVAL_MACHINE: Readonly<Record<ApprovalStatus, Partial<Record<ApprovalAction, Transition>>>> = {
  draft: {
    submit: { next: () => ({ status: "pending", level: 1 }), guard: applicantOnly },
  },
  pending: {
    approve: {
      next: (f) => (f.level < f.levelCount ? { status: "pending", level: f.level + 1 } : { status: "approved", level: f.level }),
      guard: currentApprover,
    },
    reject: { next: (f) => ({ status: "rejected", level: f.level }), guard: currentApprover },
    withdraw: { next: (f) => ({ status: "withdrawn", level: f.level }), guard: applicantOnly },
    // A level not decided in time moves on to the next level, or (after the last level, or when
    // the flow says so) is handed to the administrator at the same level.
    escalate: {
      next: (f) => (f.onTimeout === "next" && f.level < f.levelCount ? { status: "pending", level: f.level + 1 } : { status: "pending", level: f.level, toAdmin: true }),
      guard: systemOnly,
    },
    autoApprove: { next: (f) => ({ status: "approved", level: f.level }), guard: systemOnly },
    expire: { next: (f) => ({ status: "rejected", level: f.level }), guard: systemOnly },
  },
  approved: {},
  rejected: {},
  withdrawn: {},
};

/** Why an action has no row in the current state. */
function absent(status: ApprovalStatus, action: ApprovalAction): string {
  if (status === "pending") return action === "submit" ? REFUSALS.submitted : REFUSALS.systemOnly;
  if (status === "draft") return action === "withdraw" ? REFUSALS.draftWithdraw : REFUSALS.draft;
  return REFUSALS[status];
}

export type Decision = { ok: true; next: NextState } | { ok: false; message: string };

export function decide(f: ApprovalFacts, action: ApprovalAction, actor: Actor): Decision {
  const t = APPROVAL_MACHINE[f.status][action];
  if (!t) return { ok: false, message: absent(f.status, action) };
  const refusal = t.guard(f, actor);
  return refusal ? { ok: false, message: refusal } : { ok: true, next: t.next(f) };
}

/** The actions a member may take now: the buttons a page shows. */
export function actionsFor(f: ApprovalFacts, actor: Actor): ApprovalAction[] {
  return (Object.keys(APPROVAL_MACHINE[f.status]) as ApprovalAction[]).filter((a) => APPROVAL_MACHINE[f.status][a]!.guard(f, actor) === null);
}

/** Final states take no more actions. */
export function isFinal(status: ApprovalStatus): boolean {
  return Object.keys(APPROVAL_MACHINE[status]).length === 0;
}

/** The earlier of the fare's and the level's deadline, which a pending approval counts down to. */
export function deadlineOf(a: { status: ApprovalStatus; levelDeadline: string | null; fareDeadline: string | null }): { at: string; kind: "fare" | "level" } | null {
  if (a.status !== "pending") return null;
  const { levelDeadline: level, fareDeadline: fare } = a;
  if (fare && (!level || fare <= level)) return { at: fare, kind: "fare" };
  return level ? { at: level, kind: "level" } : null;
}
