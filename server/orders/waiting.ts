// An order that leaves 待审批 by itself (cancelled by its booker, or its held booking expired)
// takes its approval with it, whatever the product: withdrawn in the booker's name, or rejected
// as the fare expired. An approval already decided is left as it is.
import { say } from "../services/i18n/catalogue";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { applyTransition } from "../approvals/engine";

export async function closeOrderApproval(trx: Kysely<Database>, approvalId: number, action: "cancel" | "expire", actorName: string): Promise<void> {
  const a = await trx.selectFrom("approvals").select(["status", "applicantMemberId"]).where("id", "=", approvalId).executeTakeFirst();
  if (!a || a.status !== "pending") return;
  if (action === "cancel") {
    await applyTransition(trx, { approvalId, action: "withdraw", actor: { memberId: a.applicantMemberId, name: actorName }, comment: say("orders.bookerCancelledOrder") });
  } else {
    await applyTransition(trx, { approvalId, action: "expire", actor: { memberId: null, name: say("approvals.system") }, comment: say("approvals.fareHasExpiredRejectedAutomatically") });
  }
}
