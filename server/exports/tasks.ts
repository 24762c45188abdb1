// Export tasks: starting one answers at once with its id; the file is written in the background
// while the portal polls /export/status for the progress bar, then posts the task id to the
// download path and saves the reply.
// Each export route takes the same filters and the same access resource as the list it exports,
// so an export can never hold a row its caller could not page through.
import { say } from "../services/i18n/catalogue";
import { said, saidLazy } from "../services/i18n/text";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Member } from "../db/schema";
import type { AppContext } from "../services/context";
import { MSG, RET, fail } from "../services/http/envelope";
import { DomainError } from "../services/domain-error";
import { defineRoute, sessionTokenOf, type Access, type RouteSpec } from "../services/http/route";
import { resolveSession } from "../services/accounts/sessions";
import { callerLang } from "../services/i18n/caller-lang";
import { isoAt, now } from "../services/clock";
import { zInt } from "../../src/domain/zod";
import { EXPORT_FILE_PATH, type ExportColumn, type ExportStatus, type ExportTaskView } from "../../src/domain/exports";

const EXPORT_FILE_PATH_API = `/api${EXPORT_FILE_PATH}`;
import { writeSheet } from "./xlsx";
import { watchExport } from "./watch";

/** More rows than this is not a spreadsheet anyone opens: ask for a narrower filter. */
export const EXPORT_ROWS_MAX = 200_000;
/** Files are kept this long after they are made; the link says so when it has gone. */
const FILE_TTL_MS = 60 * 60_000;
/** A task still "running" after this long died with its process. */
const STALE_MS = 10 * 60_000;

const MESSAGES = {
  tooMany: said("exports.exportHasOverRowsNarrow", { US: EXPORT_ROWS_MAX.toLocaleString("en-US") }),
  busy: said("exports.exportAlreadyBeingPreparedWait"),
  missing: said("exports.exportTaskFound"),
  failed: say("exports.exportFailedTryAgainLater"),
  gone: said("exports.exportFileHasExpiredExport"),
} as const;

export interface ExportCall<I> {
  ctx: AppContext;
  member: Member;
  input: I;
}

export interface ExportDefinition<S extends z.ZodType, R extends Record<string, unknown>> {
  /** The catalogue's excel path, e.g. /bill/enterpriseBill/excel. */
  url: string;
  summary: string;
  tags?: string[];
  access: Access;
  /** The list's own filter schema (paging keys are ignored). */
  input: S;
  kind: string;
  fileName: (input: z.output<S>) => string;
  sheetName: string;
  columns: ExportColumn<R>[];
  count: (c: ExportCall<z.output<S>>) => Promise<number>;
  totals?: (c: ExportCall<z.output<S>>) => Promise<Partial<Record<keyof R & string, number>>>;
  /** The rows in the screen's order (see inChunks). */
  rows: (c: ExportCall<z.output<S>>) => AsyncIterable<R>;
  /** The file's format: a spreadsheet of the rows (default), or an archive `write` makes. */
  format?: ExportFormat;
  /**
   * Writes the file itself instead of a sheet of `rows` (an archive of documents); resolves with
   * the number of items written and calls `progress` as it goes, the task's heartbeat.
   */
  write?: (c: ExportCall<z.output<S>>, file: string, progress: (done: number) => Promise<void>) => Promise<number>;
}

export type ExportFormat = "xlsx" | "zip";

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
};

export function exportDir(): string {
  return process.env.EXPORT_DIR || path.join(os.tmpdir(), "travel-portal-exports");
}

const fileOf = (taskId: number, key: string, format: ExportFormat = "xlsx") => path.join(exportDir(), `${taskId}-${key}.${format}`);

type TaskRow = { id: number; status: string; rowsDone: number; rowsTotal: number; fileName: string; downloadKey: string; error: string | null };

function viewOf(row: TaskRow): ExportTaskView {
  const status = row.status as ExportStatus;
  return {
    taskId: row.id,
    status,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    fileName: row.fileName,
    downloadPath: status === "done" ? EXPORT_FILE_PATH : null,
    error: row.error,
  };
}

// Exports still being written, per app, so closing the server waits for them instead of pulling
// the database from under them.
const running = new WeakMap<AppContext, Set<Promise<void>>>();

function track(ctx: AppContext, work: Promise<void>): void {
  let set = running.get(ctx);
  if (!set) running.set(ctx, (set = new Set()));
  set.add(work);
  void work.finally(() => set!.delete(work));
}

async function removeOldFiles(): Promise<void> {
  const dir = exportDir();
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  // A file's age is measured on the same clock that stamped it, the machine's: the app's business
  // clock may be set elsewhere (a test's or a replay's day), and read against real modification
  // times it would take every other process's fresh files in a shared directory for old ones.
  const cutoff = Date.now() - FILE_TTL_MS;
  await Promise.all(
    names
      .filter((n) => n.endsWith(".xlsx") || n.endsWith(".zip") || n.endsWith(".partial"))
      .map(async (n) => {
        const file = path.join(dir, n);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat && stat.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
      }),
  );
}

// Every export by its kind, so a task whose process died can be written again by another.
const definitions = new Map<string, ExportDefinition<z.ZodType, Record<string, unknown>>>();

export function exportDefinition(kind: string): ExportDefinition<z.ZodType, Record<string, unknown>> | undefined {
  return definitions.get(kind);
}

/**
 * Writes a task's file and marks it done. The file is written under a name of its own and renamed
 * into place when whole, so a download never reads half a file, and two writers of one task (a
 * process thought dead that was only slow, and the one that took the task over) never mix.
 */
export async function writeExport<I>(def: ExportDefinition<z.ZodType, Record<string, unknown>>, call: ExportCall<I>, taskId: number, key: string): Promise<void> {
  const db = call.ctx.db;
  await fs.promises.mkdir(exportDir(), { recursive: true });
  await removeOldFiles();
  const totals = def.totals ? await def.totals(call) : undefined;
  // Each progress write is also the task's heartbeat: a task whose heartbeat stops is taken over.
  const progress = (rowsDone: number) =>
    db.updateTable("export_tasks").set({ rowsDone, updateTime: isoAt() }).where("id", "=", taskId).where("status", "=", "running").execute().then(() => undefined);
  const file = fileOf(taskId, key, def.format);
  const partial = `${file}.${crypto.randomBytes(4).toString("hex")}.partial`;
  try {
    const written = def.write ? await def.write(call, partial, progress) : await writeSheet(partial, { name: def.sheetName, columns: def.columns, totals }, def.rows(call), progress);
    await fs.promises.rename(partial, file);
    await db.updateTable("export_tasks").set({ status: "done", rowsDone: written, rowsTotal: written, updateTime: isoAt() }).where("id", "=", taskId).where("status", "=", "running").execute();
  } finally {
    await fs.promises.rm(partial, { force: true }).catch(() => undefined);
  }
}

/** Marks a task failed and drops its file (a failure the member is told to retry). */
export async function failExport(db: AppContext["db"], taskId: number, key: string): Promise<void> {
  for (const format of Object.keys(CONTENT_TYPES) as ExportFormat[]) await fs.promises.rm(fileOf(taskId, key, format), { force: true }).catch(() => undefined);
  await db.updateTable("export_tasks").set({ status: "failed", error: MESSAGES.failed, updateTime: isoAt() }).where("id", "=", taskId).execute().catch(() => undefined);
}

export function defineExport<S extends z.ZodType, R extends Record<string, unknown>>(def: ExportDefinition<S, R>): RouteSpec<S, ExportTaskView> {
  const known = definitions.get(def.kind);
  if (known && known.url !== def.url) throw new Error(`export kind ${def.kind} defined twice`);
  definitions.set(def.kind, def as unknown as ExportDefinition<z.ZodType, Record<string, unknown>>);
  return defineRoute({
    method: "POST",
    url: def.url,
    summary: def.summary,
    tags: def.tags,
    access: def.access,
    input: def.input,
    handler: async ({ input, member, ctx, req }) => {
      const call: ExportCall<z.output<S>> = { ctx, member: member!, input };
      const db = ctx.db;
      const staleBefore = isoAt(now() - STALE_MS);
      const busy = await db
        .selectFrom("export_tasks")
        .select("id")
        .where("memberId", "=", member!.id)
        .where("status", "=", "running")
        .where("updateTime", ">", staleBefore)
        .executeTakeFirst();
      if (busy) throw new DomainError("conflict", MESSAGES.busy);
      const total = await def.count(call);
      if (total > EXPORT_ROWS_MAX) throw new DomainError("badInput", MESSAGES.tooMany);
      const at = isoAt();
      const key = crypto.randomBytes(16).toString("hex");
      // The task and its watch are written together: if this process dies while writing the file,
      // the watch (run by any process) finds the task's heartbeat stopped and writes it again.
      const task = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("export_tasks")
          .values({ memberId: member!.id, kind: def.kind, fileName: def.fileName(input), status: "running", rowsDone: 0, rowsTotal: total, downloadKey: key, error: null, createTime: at, updateTime: at })
          .returning(["id", "status", "rowsDone", "rowsTotal", "fileName", "downloadKey", "error"])
          .executeTakeFirstOrThrow();
        await watchExport(trx, { taskId: row.id, memberId: member!.id, kind: def.kind, input: input as Record<string, unknown> }, now());
        return row;
      });

      const work = writeExport(def as unknown as ExportDefinition<z.ZodType, Record<string, unknown>>, call, task.id, key).catch(async (err: unknown) => {
        req.log.error({ err, taskId: task.id, kind: def.kind }, "export failed");
        await failExport(db, task.id, key);
      });
      track(ctx, work);
      return viewOf(task);
    },
  });
}

const statusInput = z.object({ taskId: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("exports.invalidExportTaskNumber") }) }).strict();

export const exportRoutes = [
  defineRoute({
    method: "POST",
    url: "/export/status",
    summary: "导出任务进度（已写行数、总行数；完成后给出下载链接）",
    tags: ["exports"],
    access: "member",
    input: statusInput,
    handler: async ({ input, member, ctx }): Promise<ExportTaskView> => {
      const row = await ctx.db
        .selectFrom("export_tasks")
        .select(["id", "status", "rowsDone", "rowsTotal", "fileName", "downloadKey", "error"])
        .where("id", "=", input.taskId)
        .where("memberId", "=", member!.id)
        .executeTakeFirst();
      // Someone else's task answers like a missing one: ids reveal nothing.
      if (!row) throw new DomainError("notFound", MESSAGES.missing);
      return viewOf(row);
    },
  }),
];

/**
 * The download: a POST of the task id with the member's session (the Authorization header), so
 * neither a token nor the file's key travels in a URL; the page saves the reply as a file. Only
 * the member who started the task gets it; any other task answers like a missing one.
 */
export function registerExportDownload(app: FastifyInstance, ctx: AppContext): void {
  app.post(EXPORT_FILE_PATH_API, async (req, reply) => {
    const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
    const token = sessionTokenOf(req, typeof body.token === "string" ? body.token : undefined);
    const member = token ? await resolveSession(ctx.db, token) : null;
    if (!member) return reply.status(401).send(fail(RET.UNAUTHORISED, MSG.sessionExpired.in(callerLang(req))));
    const taskId = Number(body.taskId);
    const row = Number.isSafeInteger(taskId) && taskId > 0
      ? await ctx.db
          .selectFrom("export_tasks")
          .select(["id", "kind", "status", "fileName", "downloadKey"])
          .where("id", "=", taskId)
          .where("memberId", "=", member.id)
          .executeTakeFirst()
      : undefined;
    if (!row || row.status !== "done") return reply.status(404).send(fail(RET.NOT_FOUND, MESSAGES.missing.in(callerLang(req))));
    const format = exportDefinition(row.kind)?.format ?? "xlsx";
    const file = fileOf(row.id, row.downloadKey, format);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) return reply.status(410).send(fail(RET.NOT_FOUND, MESSAGES.gone.in(callerLang(req))));
    return reply
      .header("content-type", CONTENT_TYPES[format])
      .header("content-length", stat.size)
      .header("content-disposition", `attachment; filename="export.${format}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
      .header("cache-control", "no-store")
      .send(fs.createReadStream(file));
  });
  app.addHook("onClose", async () => {
    await Promise.all([...(running.get(ctx) ?? [])]);
  });
}
