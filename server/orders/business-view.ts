// How an order's business facts read on its detail, whatever the product: 因公 or 因私, the
// standard's verdict and the reason given, its trip application, and its approval with the
// current approvers, the countdown and every step so far.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { label } from "../../src/domain/codes";
import { APPROVAL_ACTION_LABELS } from "../../src/domain/approval";
import type { OrderBusinessFacts, OrderPeople } from "../../src/domain/orders/business-types";
import { inboxRows } from "../approvals/views";

/** The order columns the facts are read from. */
export const BUSINESS_COLUMNS = ["orders.travelType", "orders.overStandard", "orders.overReasons", "orders.standardVerdict", "orders.applyId", "orders.approvalId"] as const;

type BusinessRow = Pick<OrderBusinessFacts, "travelType" | "overStandard" | "overReasons" | "standardVerdict" | "applyId"> & { approvalId: number | null };

export async function orderBusinessFacts(db: Kysely<Database>, o: BusinessRow): Promise<OrderBusinessFacts> {
  const [approvalRow, steps, apply] = await Promise.all([
    o.approvalId ? db.selectFrom("approvals").selectAll().where("id", "=", o.approvalId).executeTakeFirst() : undefined,
    o.approvalId ? db.selectFrom("approval_steps").selectAll().where("approvalId", "=", o.approvalId).orderBy("id").execute() : [],
    o.applyId ? db.selectFrom("trip_applications").select("noteNo").where("id", "=", o.applyId).executeTakeFirst() : undefined,
  ]);
  const approval = approvalRow ? (await inboxRows(db, [approvalRow]))[0] : null;
  return {
    travelType: o.travelType,
    overStandard: o.overStandard,
    overReasons: o.overReasons,
    standardVerdict: o.standardVerdict,
    applyId: o.applyId,
    applyNoteNo: apply?.noteNo ?? null,
    approval: approval
      ? {
          id: approval.id, status: approval.status, statusLabel: approval.statusLabel, level: approval.level, levelCount: approval.levelCount,
          currentApprovers: approval.currentApprovers, countdown: approval.countdown,
          history: steps.map((s) => ({ id: s.id, level: s.level, action: s.action, actionLabel: label(APPROVAL_ACTION_LABELS, s.action), actorName: s.actorName, comment: s.comment, createTime: s.createTime })),
        }
      : null,
  };
}

/**
 * Who booked the order and, when they booked it for someone else (a colleague through
 * replace-booking, an agent's subordinate), who travels: both see it and its detail names both.
 */
export async function orderPeople(db: Kysely<Database>, o: { bookerMemberId: number; travellerMemberId: number | null }): Promise<OrderPeople> {
  const ids = [o.bookerMemberId, ...(o.travellerMemberId ? [o.travellerMemberId] : [])];
  const people = await db.selectFrom("members").select(["id", "realName", "mobilePhone"]).where("id", "in", ids).execute();
  const nameOf = (id: number) => {
    const m = people.find((p) => p.id === id);
    return m ? (m.realName ?? m.mobilePhone) : null;
  };
  return {
    bookerName: nameOf(o.bookerMemberId) ?? "",
    travellerName: o.travellerMemberId && o.travellerMemberId !== o.bookerMemberId ? nameOf(o.travellerMemberId) : null,
  };
}
