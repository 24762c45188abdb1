// The approvals' timed steps. Each job carries what it was scheduled for; if the approval has
// moved on since (decided, withdrawn, a new level with a new deadline), the job does nothing.
import { say } from "../services/i18n/catalogue";
import { z } from "zod";
import { DomainError } from "../services/domain-error";
import { defineJobKind } from "../jobs/kinds";
import { loadPreferences } from "../policy/settings";
import { FARE_EXPIRY_JOB, LEVEL_TIMEOUT_JOB, SYSTEM, applyTransition } from "./engine";

/** A refusal from the state machine means the step is moot, not that the job failed. */
async function unlessMoot(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
  }
}

export const levelTimeoutJob = defineJobKind({
  kind: LEVEL_TIMEOUT_JOB,
  payload: z.object({ approvalId: z.number().int(), level: z.number().int(), deadline: z.string() }),
  async run(p, { trx }) {
    const a = await trx.selectFrom("approvals").select(["status", "level", "levelDeadline"]).where("id", "=", p.approvalId).executeTakeFirst();
    if (!a || a.status !== "pending" || a.level !== p.level || a.levelDeadline !== p.deadline) return;
    await unlessMoot(() => applyTransition(trx, { approvalId: p.approvalId, action: "escalate", actor: SYSTEM, expectedLevel: p.level, expectedDeadline: p.deadline }));
  },
});

export const fareExpiryJob = defineJobKind({
  kind: FARE_EXPIRY_JOB,
  payload: z.object({ approvalId: z.number().int(), fareDeadline: z.string() }),
  async run(p, { trx }) {
    const a = await trx.selectFrom("approvals").select(["status", "level", "companyId", "fareDeadline"]).where("id", "=", p.approvalId).executeTakeFirst();
    if (!a || a.status !== "pending" || a.fareDeadline !== p.fareDeadline) return;
    // The company's setting when the fare expires decides, not the one when it was submitted.
    if (!(await loadPreferences(trx, a.companyId)).autoDecisions.rejectExpiredFare) return;
    await unlessMoot(() => applyTransition(trx, { approvalId: p.approvalId, action: "expire", actor: SYSTEM, expectedLevel: a.level, comment: say("approvals.fareHasExpiredRejectedAutomatically") }));
  },
});

export const approvalJobKinds = [levelTimeoutJob, fareExpiryJob];
