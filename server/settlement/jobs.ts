// The settlement job: at the end of each settlement day (midnight in China) the company's
// statement for the period is generated, and the next settlement day's job is scheduled in the
// same transaction. A job whose settlement date the settings no longer name (the day was
// changed, which scheduled a new job) does nothing.
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { defineJobKind } from "../jobs/kinds";
import { enqueueJob } from "../jobs/queue";
import { isoAt } from "../services/clock";
import { addDays } from "../../src/domain/travel/dates";
import { nextSettlementDate, periodCutoffIso, previousSettlementDate } from "../../src/domain/settlement/period";
import { generateStatement, periodStartFor, SYSTEM_SETTLEMENT_ACTOR } from "./statements";

export const SETTLEMENT_JOB = "settlement.statement";

const payload = z.object({ companyId: z.number().int().positive(), periodEnd: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/** Schedules the statement of the period ending `periodEnd`, due when that day is over. */
export async function scheduleStatement(db: Kysely<Database>, companyId: number, periodEnd: string): Promise<void> {
  await enqueueJob(db, { kind: SETTLEMENT_JOB, runAt: periodCutoffIso(periodEnd), payload: { companyId, periodEnd } });
}

export const settlementJobKinds = [
  defineJobKind({
    kind: SETTLEMENT_JOB,
    payload,
    async run({ companyId, periodEnd }, { trx }) {
      const settings = await trx.selectFrom("settlement_settings").select(["settlementDay", "scheduledPeriodEnd"]).where("companyId", "=", companyId).executeTakeFirst();
      if (!settings || settings.scheduledPeriodEnd !== periodEnd) return;
      const day = settings.settlementDay;
      const start = await periodStartFor(trx, companyId, periodEnd, addDays(previousSettlementDate(day, periodEnd), 1));
      await generateStatement(trx, { companyId, periodStart: start, periodEnd, actor: SYSTEM_SETTLEMENT_ACTOR, whenEmpty: "skip" });
      const next = nextSettlementDate(day, periodEnd);
      const moved = await trx
        .updateTable("settlement_settings")
        .set({ scheduledPeriodEnd: next, updateTime: isoAt() })
        .where("companyId", "=", companyId)
        .where("scheduledPeriodEnd", "=", periodEnd)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) await scheduleStatement(trx, companyId, next);
    },
  }),
];
