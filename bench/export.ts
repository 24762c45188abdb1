// npm run bench:export — the enterprise bill of 100,000 rows in a fresh SQLite file: the
// time to export all of them to xlsx through the real export route (start, poll, done) and the
// server process's peak resident memory (VmHWM), then the p95 latency of the bill's list route
// with its totals. The rows are bulk-inserted straight into the tables; the server runs in a
// child process, compiled as `npm start` runs it, so its memory is its own. Goals: export ≤ 5 s,
// ≤ 200 MB; list p95 ≤ 200 ms. The bill lists only orders that were paid (an unpaid or cancelled
// one is left out unless asked for by status), so the bench seeds cancelled orders on top of the
// rows it names: the bill, and so the export, holds exactly BENCH_ROWS rows, the demo company's
// own history included, and the bench fails if the export wrote any other number.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed/demo";
import { SOLD_STATUSES, billExcelPath, billListPath } from "../src/domain/bills";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const LIST_CALLS = Number(process.env.BENCH_LIST_CALLS ?? 200);
const DAY = 86_400_000;
const BATCH = 500;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-export-"));
const seedStart = Date.now();
let seeded = 0;
{
  const database = await openDb({ dataDir });
  const db = database.db;
  await migrateToLatest(db);
  await seedDemo(db);
  const company = await db.selectFrom("companies").select("id").executeTakeFirstOrThrow();
  const staff = await db.selectFrom("members").select(["id", "realName"]).where("mobilePhone", "in", ["13800000070", "13800000071", "13800000072", "13800000073"]).execute();
  // The demo company's own history is on the bill too: the bench adds what makes up the rest.
  const history = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).where("companyId", "=", company.id).where("status", "in", [...SOLD_STATUSES]).executeTakeFirstOrThrow();
  const billed = ROWS - Number(history.n);
  // One cancelled order in eight, never on the bill: seeded on top until `billed` orders are on it.
  const mix = [2, 2, 2, 2, 3, 6, 12, 1];
  const statuses: number[] = [];
  for (let sold = 0, k = 0; sold < billed; k++) {
    const status = mix[k % mix.length];
    statuses.push(status);
    if (SOLD_STATUSES.includes(status)) sold++;
  }
  seeded = statuses.length;
  const routes = ["北京-上海 CA1501", "上海-北京 MU5102", "北京-广州 CZ3100", "广州-深圳 ZH9811", "成都-北京 3U8881"];
  const now = Date.now();
  for (let i = 0; i < seeded; i += BATCH) {
    const n = Math.min(BATCH, seeded - i);
    const orders = Array.from({ length: n }, (_, j) => {
      const k = i + j;
      const booker = staff[k % staff.length];
      const ticket = 50_000 + (k % 97) * 1_000;
      const at = new Date(now - 365 * DAY + Math.floor((k * 365 * DAY) / seeded)).toISOString();
      return {
        orderNo: `F${String(k).padStart(18, "0")}`, product: "air", memberId: booker.id, companyId: company.id, bookerMemberId: booker.id, travellerMemberId: null,
        status: statuses[k], ticketFen: ticket, constructionFeeFen: 5_000, fuelSurchargeFen: 2_000, serviceFeeFen: 2_000, insuranceFen: k % 3 === 0 ? 3_000 : 0,
        totalFen: ticket + 9_000 + (k % 3 === 0 ? 3_000 : 0), fareKey: "bench", holdId: null, depDate: at.slice(0, 10), title: routes[k % routes.length], snapshot: "{}",
        contactName: booker.realName ?? "", contactMobile: "13800000070", clientKey: `bench-${k}`, expiresAt: null, createTime: at, updateTime: at,
      };
    });
    const ids = await db.insertInto("orders").values(orders).returning("id").execute();
    await db
      .insertInto("order_passengers")
      .values(ids.map(({ id }, j) => ({ orderId: id, name: staff[(i + j) % staff.length].realName ?? "", psgType: "ADT", certType: 1, certNo: "11010519491231002X", birthday: null, mobile: null, tktPriceFen: orders[j].ticketFen, consTaxFen: 5_000, fuelTaxFen: 2_000, servFeeFen: 2_000, insuType: null, insuPayPriceFen: orders[j].insuranceFen })))
      .execute();
  }
  await database.close();
}
console.log(
  `seeded ${seeded.toLocaleString("en-US")} orders with their passengers in ${((Date.now() - seedStart) / 1000).toFixed(1)} s (${dataDir}): ` +
    `${ROWS.toLocaleString("en-US")} on the enterprise bill with the demo history, the cancelled ones left off it`,
);

// The server compiled the way `npm start` runs it (scripts/build-server.mjs), not through the
// TypeScript loader this script runs under: the loader's own memory is not the server's.
const serverDir = path.join("dist-server", "bench");
execFileSync(process.execPath, ["scripts/build-server.mjs", "bench/export-server.ts", serverDir], { stdio: "inherit" });
const child = spawn(process.execPath, [path.join(serverDir, "export-server.mjs")], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, BENCH_DATA_DIR: dataDir, EXPORT_DIR: path.join(dataDir, "exports"), LOG_LEVEL: "warn" } });
const info = await new Promise<{ port: number; token: string }>((resolve, reject) => {
  readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
  child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
});
const base = `http://127.0.0.1:${info.port}/api`;

async function post(url: string, body: Record<string, string>) {
  const res = await fetch(`${base}${url}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ ...body, token: info.token }).toString() });
  return (await res.json()) as { ret: number; msg: string; data: any };
}

/** Peak resident set of the server process so far (kB → MB). */
function peakMb(): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

try {
  const idleMb = peakMb();
  const t0 = performance.now();
  const start = await post(billExcelPath("enterpriseBill"), {});
  if (start.ret !== 0) throw new Error(`export refused: ${start.msg}`);
  let view = start.data;
  while (view.status === "running") {
    await new Promise((r) => setTimeout(r, 50));
    view = (await post("/export/status", { taskId: String(view.taskId) })).data;
  }
  const exportMs = performance.now() - t0;
  if (view.status !== "done") throw new Error(`export ${view.status}: ${view.error}`);
  // The figures below are for exactly the rows named: a different count is a broken bench.
  if (view.rowsDone !== ROWS) throw new Error(`the export wrote ${view.rowsDone} rows, not the ${ROWS} the bill should hold`);
  const file = await fetch(`${base}${view.downloadPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${info.token}` },
    body: JSON.stringify({ taskId: view.taskId }),
  });
  if (file.status !== 200) throw new Error(`download refused: ${file.status}`);
  const bytes = (await file.arrayBuffer()).byteLength;
  const exportPeak = peakMb();

  // The bill page as people use it: a page of 10–50 rows with the totals of the filtered set,
  // over the whole year or one month, some sorted by amount, some for one traveller.
  const times: number[] = [];
  for (let i = 0; i < LIST_CALLS; i++) {
    const month = new Date(Date.now() - (i % 12) * 30 * DAY).toISOString().slice(0, 7);
    const body: Record<string, string> = { pageNum: String(1 + (i % 20)), pageSize: String([10, 20, 50][i % 3]) };
    if (i % 2 === 0) Object.assign(body, { startDate: `${month}-01`, endDate: `${month}-28` });
    if (i % 5 === 0) Object.assign(body, { orderBy: "totalFen", orderType: "asc" });
    if (i % 7 === 0) body.travellerName = "杨帆";
    const t = performance.now();
    const r = await post(billListPath("enterpriseBill"), body);
    times.push(performance.now() - t);
    if (r.ret !== 0) throw new Error(`list refused: ${r.msg}`);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];

  console.log("");
  console.log(`export of ${view.rowsDone.toLocaleString("en-US")} enterprise-bill rows: ${(exportMs / 1000).toFixed(2)} s (goal ≤ 5 s), file ${(bytes / 1048576).toFixed(1)} MB`);
  console.log(`server peak RSS (VmHWM): ${exportPeak.toFixed(0)} MB after the export, ${idleMb.toFixed(0)} MB before it (goal ≤ 200 MB)`);
  console.log(`/bill/enterpriseBill/list with totals over ${ROWS.toLocaleString("en-US")} bill rows, ${LIST_CALLS} calls: p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms (goal ≤ 200 ms), max ${times[times.length - 1].toFixed(1)} ms`);
  console.log(`load average while measuring: ${os.loadavg().map((n) => n.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
