// The company finance user's documents (发票管理) on a fresh database (SQLite, or PostgreSQL with
// DATABASE_URL): the list's filters and the totals of the filtered set, masked certificate
// numbers, another company's documents and non-finance callers refused, the finance-side PDF and
// XML, and the month's zip whose xlsx index lists exactly the documents it holds (its PDFs drawn
// on the calling thread for a few documents, and in worker threads replaced as they go).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { call, downloadExport, freshClient, login } from "./account-helpers";
import { COMPANY_EINVOICE_PATHS as C } from "../../src/domain/einvoice/company";
import { writeEinvoiceZip } from "../../server/einvoices/month-zip";
import { createPdfRenderers } from "../../server/einvoices/pdf-renderers";

let h: Harness;
const tokens: Record<string, string> = {};
const FINANCE = "13800000070";
const EMPLOYEE = "13800000071";
const PRIVATE = "13800000010";
const db = () => h.db.db;
let companyId = 0;
let departmentId = 0;
let employeeId = 0;
let financeId = 0;
let otherDocId = 0;
let otherCompanyId = 0;
let seq = 0;

/** An order of the company and one document on it, written directly (the issuer is tested elsewhere). */
async function addDocument(o: { companyId: number; traveller?: number | null; kind?: string; status?: string; direction?: "blue" | "red"; issuedAt?: string | null; name?: string; totalFen?: number }) {
  seq++;
  const at = "2026-03-10T02:00:00.000Z";
  const order = await db()
    .insertInto("orders")
    .values({
      orderNo: `EF${String(seq).padStart(10, "0")}`, product: "air", memberId: o.traveller ?? employeeId, companyId: o.companyId, bookerMemberId: o.traveller ?? financeId, travellerMemberId: o.traveller ?? null,
      status: 1, ticketFen: 50_000, constructionFeeFen: 5_000, fuelSurchargeFen: 2_000, serviceFeeFen: 0, insuranceFen: 0, totalFen: 57_000, fareKey: "test", holdId: null, depDate: "2026-04-01",
      title: "北京-上海", gp: 0, snapshot: JSON.stringify({ flight: {}, seat: {} }), contactName: "测试", contactMobile: "13800000000", clientKey: `einvfin-${seq}`, expiresAt: null, createTime: at, updateTime: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const status = o.status ?? "issued";
  const filed = status === "issued" || status === "reversed";
  const total = o.totalFen ?? 57_000;
  const row = await db()
    .insertInto("einvoices")
    .values({
      memberId: o.traveller ?? employeeId, companyId: o.companyId, orderId: order.id, passengerId: seq, ticketNo: `7840000${String(seq).padStart(6, "0")}`, subjectKey: `flight:${seq}:x`, kind: o.kind ?? "air",
      direction: o.direction ?? "blue", originalId: null, status, titleType: "company", buyerName: "演示企业", buyerTaxNo: "91110000MA01234567", email: null, passengerName: o.name ?? "陈静",
      certNo: "11010519491231002X", detail: JSON.stringify({ item: "运输服务*国内航空旅客运输服务", ticketNo: `7840000${seq}`, fare: 50_000, fuelSurcharge: 2_000, developmentFund: 5_000 }),
      totalFen: total, taxableFen: total - 5_000, exemptFen: 5_000, taxFen: 4_300, rateBp: 900, number: filed ? `2611${String(seq).padStart(16, "0")}` : null,
      issuedAt: filed ? (o.issuedAt ?? "2026-03-15T04:00:00.000Z") : null, xml: filed ? `<Invoice><No>${seq}</No></Invoice>` : null, issuer: "sandbox", sellerName: "卖方", sellerTaxNo: "91110000MA01234567",
      sandbox: 1, createTime: at, updateTime: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const api = async (who: string, url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, { ...body, token: tokens[who] })).body;

beforeAll(async () => {
  h = await startHarness();
  freshClient();
  for (const m of [FINANCE, EMPLOYEE, PRIVATE]) tokens[m] = await login(h.app, m);
  const finance = await db().selectFrom("members").select(["id", "creditMemberId"]).where("mobilePhone", "=", FINANCE).executeTakeFirstOrThrow();
  companyId = finance.creditMemberId;
  financeId = finance.id;
  const employee = await db().selectFrom("members as m").innerJoin("employees as e", "e.id", "m.creditEmployeeId").select(["m.id", "e.departmentId"]).where("m.mobilePhone", "=", EMPLOYEE).executeTakeFirstOrThrow();
  employeeId = employee.id;
  departmentId = employee.departmentId!;
  // March: 3 issued air tickets of 陈静 (one in the first hour of 1 March Beijing time), a service
  // fee of 王五 booked by the administrator (no department), one pending; one April document; another company's document.
  await addDocument({ companyId, traveller: employeeId, issuedAt: "2026-02-28T16:30:00.000Z" });
  await addDocument({ companyId, traveller: employeeId });
  await addDocument({ companyId, traveller: employeeId, status: "reversed" });
  await addDocument({ companyId, traveller: null, kind: "service", name: "王五", totalFen: 2_000 });
  await addDocument({ companyId, traveller: employeeId, status: "pending" });
  await addDocument({ companyId, traveller: employeeId, issuedAt: "2026-04-02T01:00:00.000Z" });
  const other = await db().insertInto("companies").values({ name: "另一家企业", adminMemberId: null, dometicketServerFeeFen: 0, creditCode: null, createTime: "2026-01-01T00:00:00.000Z" }).returning("id").executeTakeFirstOrThrow();
  otherCompanyId = other.id;
  otherDocId = await addDocument({ companyId: otherCompanyId, traveller: null, name: "外人" });
});
afterAll(async () => h?.close());

describe("the company's document list", () => {
  it("lists only the company's documents, newest first, certificate numbers masked, with the totals of the whole set", async () => {
    const r = await api(FINANCE, C.list, { pageSize: 2 });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.total).toBe(6);
    expect(r.data.list).toHaveLength(2);
    expect(r.data.list[0].id).toBeGreaterThan(r.data.list[1].id);
    expect(r.data.totals).toEqual({ count: 6, totalFen: 5 * 57_000 + 2_000, taxFen: 6 * 4_300 });
    expect(r.data.list[0].certNoMasked).toBe("110105********002X");
    expect(JSON.stringify(r.data)).not.toContain("11010519491231002X");
    expect(r.data.list.map((d: { passengerName: string }) => d.passengerName)).not.toContain("外人");
  });

  it("filters by issue month (Beijing), kind, state, traveller and department", async () => {
    const march = await api(FINANCE, C.list, { month: "2026-03" });
    expect(march.data.total).toBe(4);
    expect(march.data.totals.totalFen).toBe(3 * 57_000 + 2_000);
    expect((await api(FINANCE, C.list, { month: "2026-02" })).data.total).toBe(0);
    expect((await api(FINANCE, C.list, { month: "2026-04" })).data.total).toBe(1);
    expect((await api(FINANCE, C.list, { month: "2026-03", kind: "service" })).data.totals).toEqual({ count: 1, totalFen: 2_000, taxFen: 4_300 });
    expect((await api(FINANCE, C.list, { status: "pending" })).data.total).toBe(1);
    expect((await api(FINANCE, C.list, { status: "reversed" })).data.total).toBe(1);
    expect((await api(FINANCE, C.list, { travellerName: "王" })).data.total).toBe(1);
    const dept = await api(FINANCE, C.list, { month: "2026-03", departmentId });
    expect(dept.data.total).toBe(3);
    expect(dept.data.list[0].departmentName).toBeTruthy();
  });

  it("refuses bad filters, another company's department, and callers who are not the company's finance user", async () => {
    expect((await api(FINANCE, C.list, { month: "2026-13" })).ret).toBe(400);
    expect((await api(FINANCE, C.list, { kind: "boat" })).ret).toBe(400);
    const foreign = await db().insertInto("departments").values({ companyId: otherCompanyId, parentId: null, name: "外部门", sort: 1 }).returning("id").executeTakeFirstOrThrow();
    expect((await api(FINANCE, C.list, { departmentId: foreign.id })).ret).toBe(403);
    expect((await api(EMPLOYEE, C.list)).ret).toBe(403);
    expect((await api(PRIVATE, C.list)).ret).toBe(403);
    expect((await api(EMPLOYEE, C.zip, { month: "2026-03" })).ret).toBe(403);
  });
});

async function file(who: string, url: string, id: number) {
  return h.app.inject({ method: "POST", url: `/api${url}`, payload: { id, token: tokens[who] } });
}

describe("a document's files for the finance user", () => {
  it("answers the company's issued document's PDF and XML, and refuses another company's, a pending one and other callers", async () => {
    const march = (await api(FINANCE, C.list, { month: "2026-03", kind: "air", status: "issued" })).data.list[0];
    const pdf = await file(FINANCE, C.pdf, march.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const xml = await file(FINANCE, C.xml, march.id);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain("<Invoice>");
    expect((await file(FINANCE, C.pdf, otherDocId)).statusCode).toBe(404);
    const pending = (await api(FINANCE, C.list, { status: "pending" })).data.list[0];
    expect((await file(FINANCE, C.pdf, pending.id)).statusCode).toBe(409);
    expect((await file(EMPLOYEE, C.pdf, march.id)).statusCode).toBe(403);
    expect((await file(PRIVATE, C.xml, march.id)).statusCode).toBe(403);
  });
});

async function waitDone(token: string, taskId: number) {
  for (let i = 0; i < 400; i++) {
    const r = await call(h.app, "/export/status", { token, taskId });
    if (r.body.ret !== 0 || r.body.data.status !== "running") return r.body;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error("zip did not finish");
}

describe("the month's zip", () => {
  it("holds each filed document's PDF and XML and an index whose rows are exactly those documents", async () => {
    const start = await api(FINANCE, C.zip, { month: "2026-03" });
    expect(start.ret, start.msg).toBe(0);
    expect(start.data.rowsTotal).toBe(3 + 1);
    const done = await waitDone(tokens[FINANCE], start.data.taskId);
    expect(done.data.status).toBe("done");
    expect(done.data.rowsDone).toBe(4);
    expect(done.data.fileName).toBe("报销凭证-2026-03.zip");
    const res = await downloadExport(h.app, tokens[FINANCE], done.data);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    const pdfs = names.filter((n) => n.startsWith("PDF/"));
    const xmls = names.filter((n) => n.startsWith("XML/"));
    expect(pdfs).toHaveLength(4);
    expect(xmls).toHaveLength(4);
    expect((await zip.file(pdfs[0])!.async("nodebuffer")).subarray(0, 5).toString()).toBe("%PDF-");
    const indexName = names.find((n) => n.endsWith(".xlsx"))!;
    expect(indexName).toBe("凭证清单-2026-03.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await zip.file(indexName)!.async("nodebuffer")) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: string[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? "")));
    });
    expect(rows).toHaveLength(4);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const pdfCol = header.indexOf("PDF 文件");
    const xmlCol = header.indexOf("XML 文件");
    expect(rows.map((r) => r[pdfCol]).sort()).toEqual([...pdfs].sort());
    expect(rows.map((r) => r[xmlCol]).sort()).toEqual([...xmls].sort());
    expect(rows.some((r) => r.includes("王五"))).toBe(true);
    expect(rows.flat().join()).not.toContain("11010519491231002X");
  });

  it("needs a month, and another member cannot fetch the finance user's file", async () => {
    expect((await api(FINANCE, C.zip)).ret).toBe(400);
    const start = await api(FINANCE, C.zip, { month: "2026-04" });
    const done = await waitDone(tokens[FINANCE], start.data.taskId);
    expect(done.data.rowsDone).toBe(1);
    expect((await downloadExport(h.app, tokens[EMPLOYEE], done.data)).statusCode).toBe(404);
  });
});

describe("the month's zip drawn in worker threads", () => {
  it("holds each document's own PDF, in the index's order, with threads replaced after their share", { timeout: 120_000 }, async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "einv-zip-")), "month.zip");
    const progress: number[] = [];
    const count = await writeEinvoiceZip(db(), companyId, { month: "2026-03" }, file, { indexName: "index.xlsx", sheetName: "凭证清单" }, (n) => void progress.push(n), { renderers: createPdfRenderers({ threads: 2, recycleEvery: 1 }) });
    expect(count).toBe(4);
    const zip = await JSZip.loadAsync(fs.readFileSync(file));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await zip.file("index.xlsx")!.async("nodebuffer")) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const listed: { number: string; pdf: string }[] = [];
    sheet.eachRow((row, n) => {
      const v = (row.values as unknown[]).slice(1);
      if (n > 1) listed.push({ number: String(v[header.indexOf("发票号码")]), pdf: String(v[header.indexOf("PDF 文件")]) });
    });
    // Oldest first (the first hour of March in Beijing leads), each PDF the document's own.
    const march = (await api(FINANCE, C.list, { month: "2026-03", pageSize: 10 })).data.list as { number: string; issuedAt: string; id: number }[];
    const byIssue = [...march].sort((a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.id - b.id).map((d) => d.number);
    expect(listed.map((r) => r.number)).toEqual(byIssue);
    for (const r of listed) {
      const pdf = await zip.file(r.pdf)!.async("uint8array");
      const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
      expect(text).toContain(r.number);
    }
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});

describe("a month of many documents, put together in a thread of its own", () => {
  it("holds every document once, in the index's order, reports its progress, and fails cleanly on a file it cannot write", { timeout: 120_000 }, async () => {
    // More than are drawn on the calling thread: the zip goes to its thread, which draws in another.
    for (let i = 0; i < 120; i++) await addDocument({ companyId, traveller: employeeId, issuedAt: `2025-11-${String(1 + (i % 28)).padStart(2, "0")}T0${i % 10}:00:00.000Z` });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "einv-zip-thread-"));
    const file = path.join(dir, "month.zip");
    const progress: number[] = [];
    const count = await writeEinvoiceZip(db(), companyId, { month: "2025-11" }, file, { indexName: "index.xlsx", sheetName: "凭证清单" }, (n) => void progress.push(n));
    expect(count).toBe(120);
    expect(progress).toEqual([50, 100]);
    const zip = await JSZip.loadAsync(fs.readFileSync(file));
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    expect(names.filter((n) => n.startsWith("PDF/"))).toHaveLength(120);
    expect(names.filter((n) => n.startsWith("XML/"))).toHaveLength(120);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await zip.file("index.xlsx")!.async("nodebuffer")) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const listed: { number: string; pdf: string; issued: string }[] = [];
    sheet.eachRow((row, n) => {
      const v = (row.values as unknown[]).slice(1);
      if (n > 1) listed.push({ number: String(v[header.indexOf("发票号码")]), pdf: String(v[header.indexOf("PDF 文件")]), issued: String(v[header.indexOf("开票日期")]) });
    });
    expect(listed).toHaveLength(120);
    expect(new Set(listed.map((r) => r.number)).size).toBe(120);
    for (const r of [listed[0], listed[61], listed[119]]) {
      const { text } = await extractText(await getDocumentProxy(await zip.file(r.pdf)!.async("uint8array")), { mergePages: true });
      expect(text).toContain(r.number);
    }
    // A file that cannot be written fails the zip, in its thread or here, as a rejection (an unhandled error would end the server).
    for (const place of ["thread", "here"] as const) {
      await expect(writeEinvoiceZip(db(), companyId, { month: "2025-11" }, path.join(dir, "missing", "month.zip"), { indexName: "index.xlsx", sheetName: "凭证清单" }, undefined, { place })).rejects.toThrow(/ENOENT/);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
