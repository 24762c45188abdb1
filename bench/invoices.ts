// npm run bench:invoices — reimbursement documents at a month's scale, in a fresh SQLite file:
// BENCH_INVOICES (10,000) issued documents of the demo company are written straight into the
// tables, then two measurements run, each in a process of its own so each peak resident memory
// (maxRSS) is its own, compiled as `npm start` runs the server (the TypeScript loader this script
// runs under would add its own tens of MB): rendering BENCH_PDFS (1,000) PDFs one after another (ms per document),
// and the month's zip of every document (PDF + XML each, and the xlsx index) written by the
// real zip writer to a file (time, size, peak RSS of the whole process, its PDF threads
// included). Goal: the zip's peak RSS ≤ 250 MB (exit 1 above it, or if the zip holds any other
// number of documents).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed/demo";
import { writeEinvoiceZip } from "../server/einvoices/month-zip";
import { defaultPdfThreads } from "../server/einvoices/pdf-renderers";
import { SERVER_NODE_FLAGS } from "./server-node";

const DOCS = Number(process.env.BENCH_INVOICES ?? 10_000);
const PDFS = Number(process.env.BENCH_PDFS ?? 1_000);
const RSS_LIMIT_MB = 250;
const MONTH = "2026-03";
const BATCH = 500;

const peakMb = () => process.resourceUsage().maxRSS / 1024;

/** The process's resident memory split as the kernel counts it (anonymous: heaps, buffers, threads; file: mapped code and data). */
function residentSplit(): { anonMb: number; fileMb: number } {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return { anonMb: kb("RssAnon") / 1024, fileMb: kb("RssFile") / 1024 };
}

/**
 * Where the zip's memory goes, sampled every 200 ms: this thread's JavaScript heap, memory
 * outside it (buffers, zlib, SQLite's cache) and the process's anonymous and mapped resident
 * memory (the PDF thread is in the anonymous part, beside this thread's heap). Each figure's peak.
 */
function sampleMemory(): () => Record<string, number> {
  const peak: Record<string, number> = { heapUsedMb: 0, heapTotalMb: 0, externalMb: 0, arrayBuffersMb: 0, anonMb: 0, fileMb: 0 };
  const take = () => {
    const m = process.memoryUsage();
    const now: Record<string, number> = { heapUsedMb: m.heapUsed / 2 ** 20, heapTotalMb: m.heapTotal / 2 ** 20, externalMb: m.external / 2 ** 20, arrayBuffersMb: m.arrayBuffers / 2 ** 20, ...residentSplit() };
    for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], now[k]);
  };
  const timer = setInterval(take, 200);
  return () => {
    clearInterval(timer);
    take();
    return peak;
  };
}

async function seed(dataDir: string): Promise<void> {
  const database = await openDb({ dataDir });
  const db = database.db;
  await migrateToLatest(db);
  await seedDemo(db);
  const company = await db.selectFrom("companies").select("id").executeTakeFirstOrThrow();
  const staff = await db.selectFrom("members").select(["id", "realName"]).where("mobilePhone", "in", ["13800000071", "13800000072", "13800000073"]).execute();
  const trips = [["北京", "上海", "CA1501", "中国国际航空"], ["上海", "北京", "MU5102", "中国东方航空"], ["北京", "广州", "CZ3100", "中国南方航空"]] as const;
  const start = Date.parse(`${MONTH}-01T00:00:00+08:00`);
  for (let i = 0; i < DOCS; i += BATCH) {
    const n = Math.min(BATCH, DOCS - i);
    const at = (k: number) => new Date(start + Math.floor((k * 27 * 86_400_000) / DOCS)).toISOString();
    const orders = await db
      .insertInto("orders")
      .values(Array.from({ length: n }, (_, j) => {
        const k = i + j;
        const who = staff[k % staff.length];
        return {
          orderNo: `B${String(k).padStart(18, "0")}`, product: "air", memberId: who.id, companyId: company.id, bookerMemberId: who.id, travellerMemberId: null, status: 2,
          ticketFen: 60_000, constructionFeeFen: 5_000, fuelSurchargeFen: 2_000, serviceFeeFen: 0, insuranceFen: 0, totalFen: 67_000, fareKey: "bench", holdId: null,
          depDate: at(k).slice(0, 10), title: `${trips[k % 3][0]}-${trips[k % 3][1]}`, snapshot: "{}", contactName: who.realName ?? "", contactMobile: "13800000070",
          clientKey: `bench-inv-${k}`, expiresAt: null, createTime: at(k), updateTime: at(k),
        };
      }))
      .returning("id")
      .execute();
    await db
      .insertInto("einvoices")
      .values(orders.map(({ id }, j) => {
        const k = i + j;
        const who = staff[k % staff.length];
        const [from, to, flightNo, carrier] = trips[k % 3];
        const ticketNo = `784${String(k).padStart(10, "0")}`;
        const number = `2631${String(k).padStart(16, "0")}`;
        return {
          memberId: who.id, companyId: company.id, orderId: id, passengerId: k + 1, ticketNo, subjectKey: `flight:${k + 1}:${ticketNo}`, kind: "air", direction: "blue", originalId: null,
          status: "issued", titleType: "company", buyerName: "演示企业有限公司", buyerTaxNo: "91110000MA01234567", email: null, passengerName: who.realName ?? "", certNo: "11010519491231002X",
          detail: JSON.stringify({ item: "运输服务*国内航空旅客运输服务", ticketNo, flightNo, carrier, from, to, depDate: at(k).slice(0, 10), depTime: "08:00", cabin: "经济舱", fare: 60_000, fuelSurcharge: 2_000, developmentFund: 5_000 }),
          totalFen: 67_000, taxableFen: 62_000, exemptFen: 5_000, taxFen: 5_119, rateBp: 900, number, issuedAt: at(k),
          xml: `<?xml version="1.0" encoding="UTF-8"?><EInvoice><Number>${number}</Number><Buyer>演示企业有限公司</Buyer><Total>670.00</Total><Signature>${"A".repeat(344)}</Signature></EInvoice>`,
          issuer: "sandbox", sellerName: "差旅服务有限公司", sellerTaxNo: "91310000MA1FL0000X", sandbox: 1, createTime: at(k), updateTime: at(k),
        };
      }))
      .execute();
  }
  await database.close();
}

/** 1,000 PDFs rendered one after another, each drained to nothing. */
async function pdfPhase(dataDir: string): Promise<void> {
  const database = await openDb({ dataDir });
  const rows = await database.db.selectFrom("einvoices").selectAll().orderBy("id").limit(PDFS).execute();
  // Loaded here, as the server loads it when a PDF is first drawn: the zip's phase runs without it.
  const { renderEinvoicePdf } = await import("../server/einvoices/pdf");
  const began = performance.now();
  let bytes = 0;
  for (const row of rows) {
    for await (const chunk of renderEinvoicePdf(row) as unknown as AsyncIterable<Buffer>) bytes += chunk.length;
  }
  const ms = performance.now() - began;
  await database.close();
  console.log(JSON.stringify({ docs: rows.length, ms, msPerDoc: ms / rows.length, avgKb: bytes / rows.length / 1024, peakMb: peakMb() }));
}

/** The month's zip through the real writer, to a file. */
async function zipPhase(dataDir: string): Promise<void> {
  const database = await openDb({ dataDir });
  const company = await database.db.selectFrom("companies").select("id").executeTakeFirstOrThrow();
  const file = path.join(dataDir, "month.zip");
  const stopSampling = sampleMemory();
  const began = performance.now();
  let last = began;
  const docs = await writeEinvoiceZip(database.db, company.id, { month: MONTH }, file, { indexName: `凭证清单-${MONTH}.xlsx`, sheetName: "凭证清单" }, (done) => {
    if (performance.now() - last > 30_000) {
      last = performance.now();
      process.stderr.write(`  zip: ${done} documents, ${((last - began) / 1000).toFixed(0)} s, peak ${peakMb().toFixed(0)} MB\n`);
    }
  });
  const ms = performance.now() - began;
  const memory = stopSampling();
  const size = fs.statSync(file).size;
  await database.close();
  console.log(JSON.stringify({ docs, ms, msPerDoc: ms / docs, sizeMb: size / 1024 / 1024, peakMb: peakMb(), threads: defaultPdfThreads(), ...memory }));
}

const PHASES_DIR = path.join("dist-server", "bench-invoices");


function runPhase(phase: string, dataDir: string): Record<string, number> {
  const r = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, path.join(PHASES_DIR, "invoices.mjs"), phase, dataDir], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${phase} phase failed (exit ${r.status})`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as Record<string, number>;
}

const [phase, dir] = process.argv.slice(2);
// A phase on its own against a seeded folder (`seed` fills one and keeps it), to look at one measurement.
if (phase === "seed") await seed(dir);
else if (phase === "pdf") await pdfPhase(dir);
else if (phase === "zip") await zipPhase(dir);
else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-invoices-"));
  try {
    const seedStart = Date.now();
    await seed(dataDir);
    console.log(`seeded ${DOCS.toLocaleString("en-US")} issued documents of ${MONTH} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    execFileSync(process.execPath, ["scripts/build-server.mjs", "bench/invoices.ts", PHASES_DIR], { stdio: "inherit" });
    const pdf = runPhase("pdf", dataDir);
    console.log(`PDF render: ${pdf.docs} documents in ${(pdf.ms / 1000).toFixed(1)} s, ${pdf.msPerDoc.toFixed(1)} ms per document, ${pdf.avgKb.toFixed(0)} kB each, peak RSS ${pdf.peakMb.toFixed(0)} MB`);
    const zip = runPhase("zip", dataDir);
    const split = ["heapUsedMb", "heapTotalMb", "externalMb", "arrayBuffersMb", "anonMb", "fileMb"].map((k) => `${k.replace(/Mb$/, "")} ${zip[k].toFixed(0)}`).join(", ");
    console.log(`month zip: ${zip.docs} documents in ${(zip.ms / 1000).toFixed(1)} s (${zip.msPerDoc.toFixed(1)} ms per document, PDFs drawn in ${zip.threads} threads), ${zip.sizeMb.toFixed(1)} MB, peak RSS ${zip.peakMb.toFixed(0)} MB (goal ≤ ${RSS_LIMIT_MB} MB)`);
    console.log(`  peaks in MB: ${split}`);
    const failures = [
      ...(zip.docs !== DOCS ? [`the zip holds ${zip.docs} documents, not ${DOCS}`] : []),
      ...(zip.peakMb > RSS_LIMIT_MB ? [`the zip's peak RSS ${zip.peakMb.toFixed(0)} MB is above ${RSS_LIMIT_MB} MB`] : []),
    ];
    for (const f of failures) console.error(`FAIL: ${f}`);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
