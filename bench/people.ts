// npm run bench:people — the people lists at scale. A fresh SQLite file database gets the demo
// seed; 5,000 employees arrive for the demo company through the real import route (one xlsx, its
// time printed) and 10,000 frequent travellers (with an ID card each) for one member by bulk
// insert. The real app serves them on a local port and each list is asked for at 20 concurrent
// requests for BENCH_SECONDS (default 5): a random page, then a keyword search. Prints p50/p95/p99;
// exits 1 when the import takes over 10 s.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { buildApp } from "../server/app";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed/demo";
import { createSession } from "../server/services/accounts/sessions";
import { createAuthorize } from "../server/services/authorize";
import { EMPLOYEE_IMPORT_COLUMNS } from "../src/domain/people/employee-rules";
import { idCardCheckChar } from "../src/domain/validators";

const EMPLOYEES = 5_000;
const TRAVELLERS = 10_000;
const CONCURRENCY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const IMPORT_BUDGET_MS = 10_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-people-"));
const database = await openDb({ dataDir });
const db = database.db;
await migrateToLatest(db);
await seedDemo(db);

const memberId = async (mobile: string) => (await db.selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow()).id;
const adminToken = await createSession(db, await memberId("13800000070"));
const travellerOwner = await memberId("13800000010");
const travellerToken = await createSession(db, travellerOwner);

// 10,000 frequent travellers for one member, each with a mainland ID card.
const at = new Date().toISOString();
const seeded = performance.now();
for (let i = 0; i < TRAVELLERS; i += 500) {
  const batch = Array.from({ length: Math.min(500, TRAVELLERS - i) }, (_, j) => i + j);
  await db
    .insertInto("travellers")
    .values(batch.map((n) => ({ ownerKind: "member" as const, ownerId: travellerOwner, name: `旅客${String(n).padStart(5, "0")}`, mobilePhone: `136${String(n).padStart(8, "0")}`, createTime: at, updateTime: at })))
    .execute();
}
const travellerIds = (await db.selectFrom("travellers").select("id").where("ownerKind", "=", "member").where("ownerId", "=", travellerOwner).orderBy("id").execute()).map((r) => r.id);
for (let i = 0; i < travellerIds.length; i += 500) {
  await db
    .insertInto("traveller_certificates")
    .values(travellerIds.slice(i, i + 500).map((id, j) => {
      const first17 = `1101051990${String((i + j) % 12 + 1).padStart(2, "0")}${String(((i + j) % 28) + 1).padStart(2, "0")}${String((i + j) % 1000).padStart(3, "0")}`;
      return { travellerId: id, ownerKind: "member" as const, ownerId: travellerOwner, certType: 1, certNo: first17 + idCardCheckChar(first17) };
    }))
    .execute();
}
console.log(`seeded ${TRAVELLERS} travellers in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

const app = await buildApp({ db: database, nodeEnv: "production", authorize: createAuthorize(db) });
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;

async function call(url: string, token: string, body: Record<string, string>): Promise<{ ret: number; msg: string; data: any }> {
  const res = await fetch(`http://127.0.0.1:${port}/api${url}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...body, token, device: "web", timestamp: String(Date.now()) }).toString(),
  });
  return (await res.json()) as { ret: number; msg: string; data: any };
}

let failed = false;
try {
  // 5,000 employees in one file, through the import route as the portal sends it.
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("员工");
  sheet.addRow(EMPLOYEE_IMPORT_COLUMNS.map((c) => c.title));
  const departments = ["总经办", "研发部", "市场部", "财务部"];
  for (let i = 0; i < EMPLOYEES; i++) {
    const first17 = `3101151988${String((i % 12) + 1).padStart(2, "0")}${String((i % 28) + 1).padStart(2, "0")}${String(i % 1000).padStart(3, "0")}`;
    sheet.addRow([`员工${String(i).padStart(4, "0")}`, `137${String(i).padStart(8, "0")}`, `e${i}@example.com`, departments[i % 4], "工程师", "员工", "普通员工", i % 10 ? "否" : "是", "身份证", first17 + idCardCheckChar(first17)]);
  }
  const file = Buffer.from(await wb.xlsx.writeBuffer()).toString("base64");
  const importStart = performance.now();
  const imported = await call("/credit/employee/import/commit", adminToken, { file });
  const importMs = performance.now() - importStart;
  if (imported.ret !== 0) throw new Error(`import: ${imported.msg}`);
  const verdict = importMs <= IMPORT_BUDGET_MS ? "met" : "MISSED";
  failed = importMs > IMPORT_BUDGET_MS;
  console.log(`import of ${imported.data.imported} employees from one xlsx (${(file.length / 1024).toFixed(0)} KB base64): ${(importMs / 1000).toFixed(2)} s  (goal ≤ 10 s: ${verdict})`);

  const rand = (n: number) => Math.floor(Math.random() * n);
  const digits = () => String(rand(10_000)).padStart(4, "0");
  const scenarios: { name: string; url: string; token: string; body: () => Record<string, string> }[] = [
    { name: "employee list, random page", url: "/credit/employee/list", token: adminToken, body: () => ({ pageNum: String(1 + rand(250)), pageSize: "20" }) },
    { name: "employee keyword search", url: "/credit/employee/list", token: adminToken, body: () => ({ keyword: rand(2) ? digits() : `员工${digits().slice(0, 3)}`, pageSize: "20" }) },
    { name: "passenger list, random page", url: "/new_beneficiary/list", token: travellerToken, body: () => ({ pageNum: String(1 + rand(500)), pageSize: "20" }) },
    { name: "passenger keyword search", url: "/new_beneficiary/list", token: travellerToken, body: () => ({ keyword: rand(2) ? digits() : `旅客${digits()}`, pageSize: "20" }) },
  ];
  const [load1] = fs.existsSync("/proc/loadavg") ? fs.readFileSync("/proc/loadavg", "utf8").split(" ") : ["?"];
  console.log(`\n${CONCURRENCY} concurrent requests, ${SECONDS} s each (load average ${load1} on ${os.cpus().length} cores)`);
  for (const s of scenarios) {
    for (let i = 0; i < 10; i++) await call(s.url, s.token, s.body()); // warm-up
    const latencies: number[] = [];
    let errors = 0;
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) {
          const started = performance.now();
          const r = await call(s.url, s.token, s.body());
          if (r.ret === 0) latencies.push(performance.now() - started);
          else errors++;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
    console.log(
      `${s.name.padEnd(30)} ${(latencies.length / SECONDS).toFixed(0).padStart(5)} req/s   p50 ${pct(50).toFixed(1).padStart(6)} ms   p95 ${pct(95).toFixed(1).padStart(6)} ms   p99 ${pct(99).toFixed(1).padStart(6)} ms   errors ${errors}`,
    );
  }
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
