// What an uploaded xlsx may unpack to, checked while it is read in a worker thread: a file of
// too many shared strings, parts that declare (or really unpack to) too much, too many rows,
// a worker that runs out of memory; the server answering while a file is read, and imports
// beyond the few at a time asked to try again later. SQLite and (DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startHarness, post, type Harness } from "./harness";
import { createSession } from "../../server/services/accounts/sessions";
import { createSheetReaders } from "../../server/imports/sheet-reader";
import { createSlots, importSlots } from "../../server/imports/slots";
import { SheetRefusal } from "../../server/imports/limits";
import { EMPLOYEE_IMPORT_COLUMNS } from "../../src/domain/people/employee-rules";
import { IMPORT_COLUMNS } from "../../src/domain/people/import";
import { sharedStringsXml, sheetXml, workbookParts, zipArchive } from "./xlsx-archive";

let h: Harness;
const db = () => h.db.db;
const tokens: Record<string, string> = {};
async function tokenOf(mobile: string): Promise<string> {
  if (!tokens[mobile]) {
    const m = await db().selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow();
    tokens[mobile] = await createSession(db(), m.id);
  }
  return tokens[mobile];
}
const as = async (mobile: string, url: string, body: Record<string, string | number> = {}) => (await post(h.app, url, { token: await tokenOf(mobile), ...body })).body;
const ADMIN = "13800000070";
// Importing frequent travellers needs pnrImport=1: the demo distributor (40) has it.
const DISTRIBUTOR = "13800000040";
const count = async (table: "employees" | "travellers") => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n);

const HEADER = EMPLOYEE_IMPORT_COLUMNS.map((c) => c.title);
const employeeRow = (i: number) => [`员工${i}`, `137${String(i).padStart(8, "0")}`, "", "市场部", "", "", "", "否"];
const b64 = (parts: Parameters<typeof zipArchive>[0]) => zipArchive(parts).toString("base64");
/** The employee template's header and these rows, every text inline. */
const employeeFile = (rows: string[][], extra = "") => b64(workbookParts({ name: "", data: sheetXml([HEADER, ...rows], extra) }));

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe("xlsx import limits", () => {
  it("reads a valid file written part by part (the helper below makes a real workbook)", async () => {
    const r = await as(ADMIN, "/credit/employee/import/preview", { file: employeeFile([employeeRow(1), employeeRow(2)]) });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data).toMatchObject({ valid: 2, invalid: 0 });
  });

  it("refuses a file of 150,000 shared strings at the limit of 100,000, for every kind of import, writing nothing", async () => {
    // 2.5 MB of XML, well under the size limit: it is the count that stops it.
    const file = b64(workbookParts({ name: "", data: sheetXml([HEADER]) }, { name: "", data: sharedStringsXml(150_000) }));
    const message = "文件中的文本超过 100000 条的上限，请只保留模板中的数据后重新上传";
    const [employees, travellers] = [await count("employees"), await count("travellers")];
    for (const [who, url] of [[ADMIN, "/credit/employee/import/preview"], [ADMIN, "/credit/employee/import/commit"], [DISTRIBUTOR, "/new_beneficiary/import/commit"]]) {
      const r = await as(who, url, { file });
      expect(r, url).toMatchObject({ ret: 400, msg: message, data: { errors: { file: message } } });
    }
    await db().updateTable("members").set({ pnrImport: 1 }).where("mobilePhone", "=", "13800000072").execute();
    expect(await as("13800000072", "/credit/external_passenger/import/preview", { file })).toMatchObject({ ret: 400, msg: message });
    expect([await count("employees"), await count("travellers")]).toEqual([employees, travellers]);
  });

  it("refuses parts that declare more than 16 MB unpacked, before inflating any", async () => {
    // 17 MB of zeros deflates to 17 KB: a small upload that says what it would unpack to.
    const parts = [...workbookParts({ name: "", data: sheetXml([HEADER, employeeRow(1)]) }), { name: "xl/media/pad.bin", data: Buffer.alloc(17 * 1024 * 1024) }];
    expect(await as(ADMIN, "/credit/employee/import/preview", { file: b64(parts) })).toMatchObject({ ret: 400, msg: "文件解压后超过 16 MB 的上限，请只保留模板中的数据后重新上传" });
  });

  it("refuses a part that unpacks to more than it declares, at the byte past it", async () => {
    // The sheet says 4 KB but unpacks to 20 MB (blank padding inside it): read stops at 4 KB.
    const padded = sheetXml([HEADER, employeeRow(1)], " ".repeat(20 * 1024 * 1024));
    const file = b64(workbookParts({ name: "", data: padded, declaredSize: 4096 }));
    expect(await as(ADMIN, "/credit/employee/import/preview", { file })).toMatchObject({ ret: 400, msg: "文件已损坏：解压后的内容与文件记录的大小不符，请使用下载的模板（.xlsx）" });
  });

  it("refuses more than 5,000 rows of data, and more than 50,000 rows counting blank ones", async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => employeeRow(i));
    expect(await as(ADMIN, "/credit/employee/import/preview", { file: employeeFile(rows) })).toMatchObject({ ret: 400, msg: "每个文件最多 5000 行" });
    const blank = Array.from({ length: 50_000 }, (_, i) => `<row r="${i + 2}"/>`).join("");
    expect(await as(ADMIN, "/credit/employee/import/preview", { file: employeeFile([], blank) })).toMatchObject({ ret: 400, msg: "表格超过 50000 行（含空行）的上限，请删除多余的空行后重新上传" });
  });

  it("a worker that runs out of memory ends with a clear message, and the server goes on", async () => {
    const file = zipArchive(workbookParts({ name: "", data: sheetXml([HEADER, employeeRow(1)]) }));
    const spec = { columns: EMPLOYEE_IMPORT_COLUMNS, dates: new Set<string>(), what: "员工" };
    // Readers with a heap far too small for the reader itself.
    const readers = createSheetReaders({ memory: { maxOldGenerationSizeMb: 2, maxYoungGenerationSizeMb: 1 } });
    const refused = await readers.read(file, spec).catch((e) => e);
    expect(refused).toBeInstanceOf(SheetRefusal);
    expect(refused.message).toBe("文件过于复杂，读取时超出了可用的内存，请减少行数后重新上传");
    // The worker that died is not kept for the next file.
    expect(readers.idle).toBe(0);
    expect((await h.app.inject({ method: "GET", url: "/api/health" })).json()).toMatchObject({ ret: 0 });
  });

  it("answers other requests while a file is read", async () => {
    const chinese = (n: number) => [...String(n)].map((d) => "零一二三四五六七八九"[Number(d)]).join("");
    const rows = Array.from({ length: 5000 }, (_, i) => [`旅客${chinese(i)}`, "", "", "", "港澳通行证", `C${String(i).padStart(7, "0")}`]);
    const file = b64(workbookParts({ name: "", data: sheetXml([IMPORT_COLUMNS.map((c) => c.title), ...rows]) }));
    let importDone = false;
    const importing = as(DISTRIBUTOR, "/new_beneficiary/import/preview", { file }).then((r) => {
      importDone = true;
      return r;
    });
    await vi.waitUntil(() => importSlots.running === 1, { timeout: 30_000, interval: 5 });
    const health = await h.app.inject({ method: "GET", url: "/api/health" });
    expect(health.json()).toMatchObject({ ret: 0, data: { status: "ok" } });
    // The health check was answered while the import was still being read and checked.
    expect(importDone).toBe(false);
    const r = await importing;
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.rows).toHaveLength(5000);
  }, 60_000);
});

describe("xlsx readers", () => {
  const file = zipArchive(workbookParts({ name: "", data: sheetXml([HEADER, employeeRow(1)]) }));
  const spec = { columns: EMPLOYEE_IMPORT_COLUMNS, dates: new Set<string>(), what: "员工" };

  it("keep a worker for the next file, as many as asked, and end it once idle", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const readers = createSheetReaders({ keep: 1, idleMs: 60_000 });
      const [a, b] = await Promise.all([readers.read(file, spec), readers.read(file, spec)]);
      expect([a, b]).toEqual([[{ row: 2, cells: { realName: "员工1", mobilePhone: "13700000001", department: "市场部", canAudit: "否" } }], a]);
      expect(readers.idle).toBe(1);
      expect(await readers.read(file, spec)).toEqual(a);
      expect(readers.idle).toBe(1);
      vi.advanceTimersByTime(60_000);
      expect(readers.idle).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);
});

describe("import slots", () => {
  it("runs two at once, keeps six waiting in order, and asks the rest to try again later", async () => {
    const slots = createSlots({ running: 2, waiting: 6 });
    const gates: (() => void)[] = [];
    const started: number[] = [];
    const task = (n: number) => () => new Promise<number>((resolve) => {
      started.push(n);
      gates[n] = () => resolve(n);
    });
    const runs = Array.from({ length: 8 }, (_, n) => slots.run(task(n)));
    await Promise.resolve();
    expect([slots.running, slots.waiting]).toEqual([2, 6]);
    expect(started).toEqual([0, 1]);
    await expect(slots.run(task(8))).rejects.toMatchObject({ code: "tooMany", message: "当前正在导入的文件较多，请稍后再试" });
    gates[1]();
    expect(await runs[1]).toBe(1);
    await vi.waitUntil(() => started.length === 3);
    expect(started).toEqual([0, 1, 2]);
    for (let n = 0; n < 8; n++) {
      await vi.waitUntil(() => gates[n] !== undefined);
      gates[n]();
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it("frees the slot of a task that fails", async () => {
    const slots = createSlots({ running: 1, waiting: 0 });
    await expect(slots.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await slots.run(async () => "next")).toBe("next");
  });
});
