// Approvals as a Refine resource: the approver's inbox (TravelAuditIndex) and one approval
// (AuditDetails). A decision (approve, reject) is a create on the approval-decisions resource. The shapes below are what
// the approvals routes answer; trip applications embed the same approval view.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import type { ApprovalAction, ApprovalStatus } from "../../domain/approval";
import type { ApplicationView } from "../travel-applications";
import type { OrderSubject } from "../../domain/orders/business-types";

/** An order under approval as its approver sees it. */
export type { OrderSubject };

export const APPROVAL_PATHS = {
  list: "/credit/get_approve_apply_note",
  detail: "/credit/approval/detail",
  decide: "/credit/op_apply_note",
} as const;

export const approvalsResource: ResourceProps = {
  name: "approvals",
  list: pathFor("TravelAuditIndex"),
  meta: { label: "差旅审批" },
};

export const approvalsEndpoints: ResourceEndpoints = { list: APPROVAL_PATHS.list, one: APPROVAL_PATHS.detail };

/** One approver's decision on an approval's current level. */
export const APPROVAL_DECISIONS = "approval-decisions";
export const approvalDecisionsEndpoints: ResourceEndpoints = { create: APPROVAL_PATHS.decide };

/** An approval's details; opened from 订单审批 they stay under it. */
export const auditDetailPath = (id: number | string, subject: "trip" | "order" = "trip") =>
  pathFor("AuditDetails", undefined, subject === "order" ? { id: String(id), kind: "order" } : { id: String(id) });

export interface Countdown {
  at: string;
  kind: "fare" | "level";
  remainingSeconds: number;
}

/** An inbox row. */
export interface ApprovalRow {
  id: number;
  subjectType: "trip" | "order";
  subjectId: number;
  title: string;
  applicantMemberId: number;
  applicantName: string;
  amountFen: number | null;
  withinStandard: boolean;
  status: ApprovalStatus;
  statusLabel: string;
  level: number;
  levelCount: number;
  flowName: string | null;
  submitTime: string | null;
  finishTime: string | null;
  createTime: string;
  updateTime: string;
  countdown: Countdown | null;
  /** 出差事由: a trip application's purpose, or that of the application an order was booked under. */
  purpose: string | null;
  currentApprovers: string[];
}

export interface ApprovalLevel {
  level: number;
  timeoutHours: number | null;
  state: "done" | "current" | "waiting" | "skipped";
  approvers: { memberId: number; name: string; via: string }[];
  escalatedToAdmin: boolean;
  decision: { action: ApprovalAction; actionLabel: string; actorName: string; comment: string | null; time: string } | null;
}

export interface ApprovalStep {
  id: number;
  level: number;
  action: ApprovalAction;
  actionLabel: string;
  actorName: string | null;
  comment: string | null;
  fromStatus: ApprovalStatus;
  toStatus: ApprovalStatus;
  createTime: string;
}

/** One approval with its levels, history and the viewer's buttons. */
export interface ApprovalView extends Omit<ApprovalRow, "currentApprovers" | "purpose"> {
  onTimeout: string;
  levels: ApprovalLevel[];
  history: ApprovalStep[];
  actions: ApprovalAction[];
}

/** What AuditDetails shows: the approval and, for a trip, the application it decides, for an order the order. */
export interface ApprovalDetail extends ApprovalView {
  subject: ApplicationView | null;
  order: OrderSubject | null;
}
