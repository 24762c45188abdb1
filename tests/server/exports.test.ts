// Spreadsheet exports: a task answers at once, reports progress, and its file (read back with
// exceljs) holds the rows, formats and totals asked for; only its owner sees it, only with the key.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startHarness, type Harness } from "./harness";
import { call, count, downloadExport, freshClient, login } from "./account-helpers";
import { defineExport, EXPORT_ROWS_MAX } from "../../server/exports/tasks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inChunks, TOTALS_LABEL, writeSheet } from "../../server/exports/xlsx";
import type { ExportColumn } from "../../src/domain/exports";
import { zInt } from "../../src/domain/zod";

type Row = { id: number; name: string; amountFen: number; day: string; at: string; seats: number };
const sample = (i: number): Row => ({ id: i, name: `旅客${i}`, amountFen: 123456 + i, day: "2026-10-31", at: "2026-10-31T16:30:00.000Z", seats: i % 3 });

const testExport = defineExport({
  url: "/test/excel",
  summary: "test export",
  access: "member",
  input: z.object({ n: zInt({ min: 0, max: 10_000_000, error: "n" }), failAt: zInt({ min: 0, max: 10_000_000, error: "f" }).optional() }).strict(),
  kind: "test",
  fileName: (input) => `测试导出-${input.n}.xlsx`,
  sheetName: "测试",
  columns: [
    { key: "name", header: "姓名", kind: "text" },
    { key: "amountFen", header: "金额（元）", kind: "money" },
    { key: "day", header: "日期", kind: "date" },
    { key: "at", header: "下单时间", kind: "datetime" },
    { key: "seats", header: "座位数", kind: "int" },
  ],
  count: async ({ input }) => input.n,
  totals: async ({ input }) => {
    let amountFen = 0;
    let seats = 0;
    for (let i = 1; i <= input.n; i++) {
      amountFen += sample(i).amountFen;
      seats += sample(i).seats;
    }
    return { amountFen, seats };
  },
  rows: ({ input }) =>
    inChunks<Row>(async (last, size) => {
      const from = (last?.id ?? 0) + 1;
      const out: Row[] = [];
      for (let i = from; i <= Math.min(input.n, from + size - 1); i++) {
        if (input.failAt === i) throw new Error("boom");
        out.push(sample(i));
      }
      return out;
    }, 500),
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [testExport] });
});
afterAll(async () => h?.close());

async function waitDone(token: string, taskId: number) {
  for (let i = 0; i < 200; i++) {
    const r = await call(h.app, "/export/status", { token, taskId });
    if (r.body.ret !== 0 || r.body.data.status !== "running") return r.body;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error("export did not finish");
}

describe("inChunks", () => {
  const numbers = (n: number, size: number) => {
    const asked: (number | null)[] = [];
    const rows = inChunks<{ id: number }>(async (last, max) => {
      asked.push(last?.id ?? null);
      const from = (last?.id ?? 0) + 1;
      return Array.from({ length: Math.max(0, Math.min(max, n - from + 1)) }, (_, i) => ({ id: from + i }));
    }, size);
    return { rows, asked };
  };
  const collect = async (rows: AsyncIterable<{ id: number }>) => {
    const out: number[] = [];
    for await (const r of rows) out.push(r.id);
    return out;
  };

  it("reads exactly one full chunk once, then asks once more after its last row and stops", async () => {
    const { rows, asked } = numbers(250, 250);
    expect(await collect(rows)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(asked).toEqual([null, 250]);
  });

  it("continues across chunk boundaries without repeating or skipping a row", async () => {
    for (const n of [0, 1, 249, 251, 500, 501]) {
      const { rows, asked } = numbers(n, 250);
      expect(await collect(rows)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(asked.length).toBe(Math.floor(n / 250) + 1);
    }
  });
});

describe("writeSheet", () => {
  type Mixed = { at: string | null; name: string | null; fen: number | null; day: string; n: number };
  const columns: ExportColumn<Mixed>[] = [
    { key: "at", header: "时间", kind: "datetime" },
    { key: "name", header: "名称", kind: "text", width: 12 },
    { key: "fen", header: "金额（元）", kind: "money" },
    { key: "day", header: "日期", kind: "date" },
    { key: "n", header: "数量", kind: "int" },
  ];
  const rows: Mixed[] = Array.from({ length: 600 }, (_, i) => ({
    at: i % 7 === 0 ? null : new Date(Date.UTC(2026, 9, 31, 16, 30) - i * 3_600_000).toISOString(),
    name: i % 5 === 0 ? null : i % 5 === 1 ? "" : `旅客<${i}> & "A'B"\u0001`,
    fen: i % 4 === 0 ? null : 123_456 - i * 101,
    day: i % 9 === 0 ? "" : "2026-10-31",
    n: i,
  }));
  const BEIJING_MS = 8 * 3_600_000;

  /** What exceljs itself writes for the same values, through its own rows and cells. */
  async function referenceSheet(file: string, totals: Partial<Record<keyof Mixed, number>>) {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet("表", { views: [{ state: "frozen", ySplit: 1 }] });
    const formats: Record<string, string | undefined> = { money: "#,##0.00", date: "yyyy-mm-dd", datetime: "yyyy-mm-dd hh:mm" };
    sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 20, style: formats[c.kind] ? { numFmt: formats[c.kind] } : {} }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const r of rows) {
      const at = r.at === null ? null : new Date(Date.parse(r.at) + BEIJING_MS);
      const day = r.day ? new Date(`${r.day}T00:00:00.000Z`) : null;
      sheet.addRow([at, r.name, r.fen === null ? null : r.fen / 100, day, r.n]).commit();
    }
    const last = sheet.addRow({ at: TOTALS_LABEL, fen: totals.fen! / 100, n: totals.n });
    last.font = { bold: true };
    last.commit();
    sheet.commit();
    await book.commit();
  }

  async function cellsOf(file: string) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.getWorksheet("表")!;
    const out: unknown[] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const cells = columns.map((_, i) => {
        const c = row.getCell(i + 1);
        return [c.type, c.value instanceof Date ? c.value.toISOString() : c.value, c.numFmt ?? null, c.font?.bold ?? null];
      });
      out.push([n, row.font?.bold ?? null, cells]);
    });
    return { rows: out, count: sheet.rowCount, views: sheet.views };
  }

  it("writes the cells, formats and totals exceljs itself writes for the same values", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sheet-test-"));
    try {
      const totals = { fen: 987_654, n: 600 };
      async function* source() {
        yield* rows;
      }
      expect(await writeSheet(path.join(dir, "ours.xlsx"), { name: "表", columns, totals }, source())).toBe(600);
      await referenceSheet(path.join(dir, "reference.xlsx"), totals);
      const ours = await cellsOf(path.join(dir, "ours.xlsx"));
      expect(ours.count).toBe(602);
      expect(ours).toEqual(await cellsOf(path.join(dir, "reference.xlsx")));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("exports", () => {
  it("writes the rows with Chinese headers, money as numbers, dates as dates, a totals row and a frozen header", async () => {
    freshClient();
    const token = await login(h.app, "13800000070");
    const start = await call(h.app, "/test/excel", { token, n: 1234 });
    expect(start.body.ret).toBe(0);
    expect(start.body.data).toMatchObject({ status: "running", rowsTotal: 1234, fileName: "测试导出-1234.xlsx", downloadPath: null });
    const done = await waitDone(token, start.body.data.taskId);
    expect(done.data).toMatchObject({ status: "done", rowsDone: 1234, rowsTotal: 1234 });

    expect(done.data.downloadPath).toBe("/export/file");
    const file = await downloadExport(h.app, token, done.data);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers["content-disposition"])).toContain(encodeURIComponent("测试导出-1234.xlsx"));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("测试")!;
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, "姓名", "金额（元）", "日期", "下单时间", "座位数"]);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe("旅客1");
    expect(first.getCell(2).value).toBe(1234.57);
    expect(first.getCell(2).numFmt).toBe("#,##0.00");
    expect((first.getCell(3).value as Date).toISOString()).toBe("2026-10-31T00:00:00.000Z");
    // 16:30 UTC is 00:30 the next day in Beijing: the sheet shows the wall time staff saw.
    expect((first.getCell(4).value as Date).toISOString()).toBe("2026-11-01T00:30:00.000Z");
    expect(first.getCell(4).numFmt).toBe("yyyy-mm-dd hh:mm");
    expect(sheet.getRow(1235).getCell(2).numFmt).toBe("#,##0.00");
    expect(sheet.rowCount).toBe(1 + 1234 + 1);
    const totals = sheet.getRow(1236);
    expect(totals.getCell(1).value).toBe("合计");
    let fen = 0;
    for (let i = 1; i <= 1234; i++) fen += sample(i).amountFen;
    expect(Math.round((totals.getCell(2).value as number) * 100)).toBe(fen);
    expect(totals.font?.bold).toBe(true);
  });

  it("shows a task and gives its file only to its owner's session; no key or token is in any URL", async () => {
    freshClient();
    const owner = await login(h.app, "13800000070");
    const other = await login(h.app, "13800000071");
    const start = await call(h.app, "/test/excel", { token: owner, n: 3 });
    const done = await waitDone(owner, start.body.data.taskId);
    expect(JSON.stringify(done.data)).not.toMatch(/key|token/i);
    const foreign = await call(h.app, "/export/status", { token: other, taskId: start.body.data.taskId });
    expect(foreign.body.ret).toBe(404);
    const othersFile = await downloadExport(h.app, other, done.data);
    expect(othersFile.statusCode).toBe(404);
    expect(othersFile.json()).toMatchObject({ ret: 404, msg: "未找到该导出任务" });
    const noSession = await downloadExport(h.app, null, done.data);
    expect(noSession.statusCode).toBe(401);
    const garbage = await downloadExport(h.app, owner, { taskId: "abc" as never, downloadPath: "/export/file" });
    expect(garbage.statusCode).toBe(404);
    // The old link with the key in its query string is gone.
    const row = await h.db.db.selectFrom("export_tasks").select("downloadKey").where("id", "=", done.data.taskId).executeTakeFirstOrThrow();
    const byKey = await h.app.inject({ method: "GET", url: `/api/export/file/${done.data.taskId}?key=${row.downloadKey}` });
    expect(byKey.statusCode).not.toBe(200);
    expect((await downloadExport(h.app, owner, done.data)).statusCode).toBe(200);
  });

  it("refuses an export larger than the limit and writes no task", async () => {
    freshClient();
    const token = await login(h.app, "13800000072");
    const before = await count(h.db.db, "export_tasks");
    const r = await call(h.app, "/test/excel", { token, n: EXPORT_ROWS_MAX + 1 });
    expect(r.body.ret).toBe(400);
    expect(r.body.msg).toContain("请缩小筛选范围");
    expect(await count(h.db.db, "export_tasks")).toBe(before);
    const bad = await call(h.app, "/test/excel", { token, n: "many" });
    expect(bad.body.ret).toBe(400);
    expect(await count(h.db.db, "export_tasks")).toBe(before);
  });

  it("marks a task failed with a clear message when reading its rows fails", async () => {
    freshClient();
    const token = await login(h.app, "13800000073");
    const start = await call(h.app, "/test/excel", { token, n: 800, failAt: 700 });
    const done = await waitDone(token, start.body.data.taskId);
    expect(done.data).toMatchObject({ status: "failed", error: "导出失败，请稍后重试", downloadPath: null });
  });

  it("needs a session", async () => {
    const r = await call(h.app, "/export/status", { taskId: 1 });
    expect(r.body.ret).toBe(401);
  });
});
