// An export outlives the process that started it: its watch job (run by any process) ends once
// the task is done, looks again while the task beats, and takes over a task whose beat stopped —
// one taker — writing the whole file, which the member then downloads. SQLite and PostgreSQL.
import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startHarness, type Harness } from "./harness";
import { call, downloadExport, fakeClock, freshClient, login, realClock } from "./account-helpers";
import { defineExport } from "../../server/exports/tasks";
import { inChunks } from "../../server/exports/xlsx";
import { EXPORT_WATCH_JOB, RESUME_AFTER_MS, WATCH_MS } from "../../server/exports/watch";
import { zInt } from "../../src/domain/zod";

type Row = { id: number; name: string };

// The first writer of a task may be made to hang before its first row, as a process that died
// would: no progress, no heartbeat. Released at the end so the app can close.
let hang: Promise<void> | null = null;
let release = () => {};
let rowReads = 0;
// Resolved when a writer first asks for rows: the first writer starts after the reply, so the
// test waits for it to be stalled before the watch may run (else the watch would take the stall).
let firstRead: Promise<void> = Promise.resolve();
let readStarted = () => {};

const resumable = defineExport({
  url: "/test/resume/excel",
  summary: "test export that can stall",
  access: "member",
  input: z.object({ n: zInt({ min: 1, max: 10_000, error: "n" }) }).strict(),
  kind: "test-resume",
  fileName: (input) => `续写-${input.n}.xlsx`,
  sheetName: "续写",
  columns: [{ key: "name", header: "姓名", kind: "text" }],
  count: async ({ input }) => input.n,
  rows: ({ input }) => {
    rowReads += 1;
    readStarted();
    const gate = hang;
    hang = null; // only the first writer stalls
    return inChunks<Row>(async (last, size) => {
      if (gate) await gate;
      const from = (last?.id ?? 0) + 1;
      return Array.from({ length: Math.max(0, Math.min(size, input.n - from + 1)) }, (_, i) => ({ id: from + i, name: `旅客${from + i}` }));
    }, 100);
  },
});

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness({ routes: [resumable] });
  freshClient();
  token = await login(h.app, "13800000010");
});
afterEach(() => {
  release();
  realClock();
});
afterAll(async () => h?.close());

const status = async (taskId: number) => (await call(h.app, "/export/status", { token, taskId })).body.data as { status: string; rowsDone: number };
const watches = (taskId: number) =>
  h.db.db.selectFrom("jobs").select(["id", "doneAt"]).where("kind", "=", EXPORT_WATCH_JOB).where("payload", "like", `%"taskId":${taskId},%`).orderBy("id").execute();

async function start(n: number): Promise<number> {
  const r = await call(h.app, "/test/resume/excel", { token, n });
  expect(r.body.ret, r.body.msg).toBe(0);
  return r.body.data.taskId;
}

async function settled(taskId: number) {
  for (let i = 0; i < 400; i++) {
    const s = await status(taskId);
    if (s.status !== "running") return s;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("export did not finish");
}

describe("an export's watch", () => {
  it("ends with the task: a finished export is not written again", async () => {
    const clock = fakeClock();
    rowReads = 0;
    const taskId = await start(250);
    expect((await settled(taskId)).status).toBe("done");
    clock.advance(WATCH_MS + RESUME_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect(rowReads).toBe(1);
    const jobs = await watches(taskId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].doneAt).not.toBeNull();
  });

  it("looks again later while the task beats, and takes over once the beat has stopped", async () => {
    const clock = fakeClock();
    rowReads = 0;
    hang = new Promise<void>((r) => (release = r));
    firstRead = new Promise<void>((r) => (readStarted = r));
    const taskId = await start(1_234);
    await firstRead;
    // Due, but the task's last beat is recent: the watch comes back later.
    clock.advance(WATCH_MS);
    await h.app.jobs.runDueJobs();
    expect((await status(taskId)).status).toBe("running");
    expect(await watches(taskId)).toHaveLength(2);
    // No beat for longer than a live export ever pauses: the next watch writes the file itself.
    clock.advance(RESUME_AFTER_MS);
    await h.app.jobs.runDueJobs();
    expect(rowReads).toBe(2);
    expect(await status(taskId)).toMatchObject({ status: "done", rowsDone: 1_234 });
    const file = await downloadExport(h.app, token, { taskId, downloadPath: "/export/file" });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(1 + 1_234);
    expect(sheet.getRow(1_235).getCell(1).value).toBe("旅客1234");
    // The stalled first writer, released, finds the task done and leaves it so.
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect((await status(taskId)).status).toBe("done");
    expect((await watches(taskId)).every((j) => j.doneAt !== null)).toBe(true);
  });
});
