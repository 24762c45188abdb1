// The watch job of an export (see watch.ts): while the task runs and beats, it looks again later;
// once the task is done or failed it ends; when the beat has stopped it takes the task over — one
// process wins the conditional update — and writes the file itself, so an export outlives the
// process that started it.
import { z } from "zod";
import { defineJobKind } from "../jobs/kinds";
import { isoAt, now } from "../services/clock";
import type { AppContext } from "../services/context";
import { exportDefinition, failExport, writeExport } from "./tasks";
import { EXPORT_WATCH_JOB, RESUME_AFTER_MS, watchExport, type ExportWatch } from "./watch";

const payload: z.ZodType<ExportWatch> = z.object({
  taskId: z.number().int().positive(),
  memberId: z.number().int().positive(),
  kind: z.string().min(1).max(100),
  input: z.record(z.string(), z.unknown()),
});

export function exportWatchJob(ctx: AppContext) {
  return defineJobKind<ExportWatch, "watching" | "ended">({
    kind: EXPORT_WATCH_JOB,
    payload,
    // Writing the file happens here, outside the job's transaction: a long write must not hold one.
    async prepare(watch, { db }) {
      const task = await db.selectFrom("export_tasks").select(["id", "status", "updateTime", "downloadKey"]).where("id", "=", watch.taskId).executeTakeFirst();
      if (!task || task.status !== "running") return "ended";
      if (Date.parse(task.updateTime) > now() - RESUME_AFTER_MS) return "watching";
      const taken = await db
        .updateTable("export_tasks")
        .set({ updateTime: isoAt() })
        .where("id", "=", task.id)
        .where("status", "=", "running")
        .where("updateTime", "=", task.updateTime)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return "watching"; // another process took it just now
      const def = exportDefinition(watch.kind);
      const member = await db.selectFrom("members").selectAll().where("id", "=", watch.memberId).executeTakeFirst();
      if (!def || !member) {
        await failExport(db, task.id, task.downloadKey);
        return "ended";
      }
      try {
        await writeExport(def, { ctx: { ...ctx, db }, member, input: watch.input }, task.id, task.downloadKey);
      } catch {
        await failExport(db, task.id, task.downloadKey);
      }
      return "ended";
    },
    async run(watch, { trx, prepared, now: at }) {
      if (prepared === "watching") await watchExport(trx, watch, at);
    },
  });
}
