// npm run bench:people — the people lists at scale. A child process serves the real app over a
// fresh SQLite file database with the demo seed and 10,000 frequent travellers (with an ID card
// each) for one member (bench/people-server.ts); 5,000 employees arrive for the demo company
// through the real import route (one xlsx, its time printed). Each list is then asked for at 20
// concurrent requests for BENCH_SECONDS (default 5): a random page, then a keyword search.
// Prints p50/p95/p99 and the server process's CPU per request (from /proc, Linux); exits 1 when
// the import takes over 10 s. BENCH_PROF=<dir> writes a CPU profile of the server.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import readline from "node:readline";
import ExcelJS from "exceljs";
import { EMPLOYEE_IMPORT_COLUMNS } from "../src/domain/people/employee-rules";
import { idCardCheckChar } from "../src/domain/validators";
import { benchClient, closedLoop, percentile, WARM_UP_SECONDS } from "./client";

const EMPLOYEES = 5_000;
const CONCURRENCY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const IMPORT_BUDGET_MS = 10_000;

const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROF] : []), "--import", "tsx", "bench/people-server.ts"], { stdio: ["ignore", "pipe", "inherit"] });
const info = await new Promise<{ port: number; adminToken: string; travellerToken: string; travellers: number; seededMs: number }>((resolve, reject) => {
  readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
  child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
});
const { port, adminToken, travellerToken } = info;
console.log(`seeded ${info.travellers} travellers in ${(info.seededMs / 1000).toFixed(1)} s`);

const client = benchClient(port, CONCURRENCY);
const call = (url: string, token: string, body: Record<string, string>) => client.post(url, { ...body, token });

/** CPU time (ms) the server process has used so far, from /proc (Linux); null elsewhere. */
function serverCpuMs(): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

let failed: boolean;
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
    const ask = () => client.failureOf(s.url, { ...s.body(), token: s.token });
    await closedLoop(CONCURRENCY, WARM_UP_SECONDS, ask);
    const cpu0 = serverCpuMs();
    const { latencies, errors } = await closedLoop(CONCURRENCY, SECONDS, ask);
    const cpu1 = serverCpuMs();
    const cpuPerRequest = cpu0 !== null && cpu1 !== null && latencies.length + errors ? (cpu1 - cpu0) / (latencies.length + errors) : NaN;
    const pct = (p: number) => percentile(latencies, p);
    console.log(
      `${s.name.padEnd(30)} ${(latencies.length / SECONDS).toFixed(0).padStart(5)} req/s   p50 ${pct(50).toFixed(1).padStart(6)} ms   p95 ${pct(95).toFixed(1).padStart(6)} ms   p99 ${pct(99).toFixed(1).padStart(6)} ms   server CPU ${cpuPerRequest.toFixed(2)} ms/req   errors ${errors}`,
    );
  }
} finally {
  client.close();
  child.kill("SIGTERM");
}
if (failed) process.exitCode = 1;
