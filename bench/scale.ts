// npm run bench:scale — do the lists people open cost the same whatever the size of the orders
// table? One SQLite file grows to each size in BENCH_SIZES (default 10k, 100k, 1M orders),
// bulk-inserted straight into the tables (the triggers that keep the report summaries and the
// order parties follow, as for every write): flight orders over the past year, 3 % 政府采购,
// spread over 2,000 members of whom a quarter book privately and the rest work for one of three
// companies (the demo company among them); a tenth of the members book for a colleague, a fifth of
// the orders have a colleague as traveller. One member (陈静, of the demo company) has a tenth of
// all orders; one member has none.
// At each size the server — compiled as `npm start` runs it, production configuration, every
// plugin, request logging at info — is started on the file and asked, at BENCH_CONCURRENCY
// callers for BENCH_SECONDS each after a warm-up, for: that member's flight order list page 1
// and page 50, the list of the member with none, the company administrator's list (the
// company's orders and their own), the enterprise bill list with its totals over one month, and the
// administrator's flight spend report (the 报表 page's, its table by department among the rest)
// for one month and for the year; the demo company's members are its employees, spread over its
// departments.
// Prints per size and list the server process's CPU per request (from /proc, Linux) and p50/p95,
// then each list's CPU at the largest size over the smallest (goal ≤ 1.5×, exit 1 above it).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { sql, type Insertable } from "kysely";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { seedDemo, DEMO_COMPANY } from "../server/db/seed/demo";
import type { OrdersTable } from "../server/db/tables/orders";
import { BENCH_STATUSES, benchFlightOrder, insertBenchOrders } from "./flight-orders";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { billListPath } from "../src/domain/bills";
import { reportPaths } from "../src/domain/reports";
import { addDays } from "../src/domain/travel/dates";
import { benchClient, closedLoop, percentile } from "./client";
import { SERVER_NODE_FLAGS } from "./server-node";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 1);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 8140);
const GOAL_RATIO = 1.5;
const MEMBERS = 2000;
const BATCH = 500;
const DAY_MS = 86_400_000;

const HEAVY_PHONE = "13800000071";
const ADMIN_PHONE = "13800000070";
const EMPTY_PHONE = "13999990000";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-scale-"));
// The server keeps the SQLite file locked for itself: this process closes it before each start.
let database = await openDb({ dataDir });
let db = database.db;
await migrateToLatest(db);
await seedDemo(db);

// Members and companies: the demo company and two more; members 0, 4, 8 … book privately.
const demoCompany = (await db.selectFrom("companies").select("id").where("name", "=", DEMO_COMPANY).executeTakeFirstOrThrow()).id;
const admin = await db.selectFrom("members").selectAll().where("mobilePhone", "=", ADMIN_PHONE).executeTakeFirstOrThrow();
const heavy = await db.selectFrom("members").select("id").where("mobilePhone", "=", HEAVY_PHONE).executeTakeFirstOrThrow();
const { id: _adminId, ...template } = admin;
const member = (mobile: string, realName: string) => ({ ...template, mobilePhone: mobile, account: mobile, username: mobile, realName, memberType: "10", creditMemberId: 0, creditEmployeeId: 0 });
await db.insertInto("members").values(member(EMPTY_PHONE, "无单")).execute();
const companies: (number | null)[] = [null, demoCompany];
for (const name of ["远航贸易有限公司", "星河科技有限公司"]) {
  const c = await db.insertInto("companies").values({ name, adminMemberId: admin.id, dometicketServerFeeFen: 2000, createTime: new Date().toISOString() }).returning("id").executeTakeFirstOrThrow();
  companies.push(c.id);
}
const people: { id: number; company: number | null }[] = [];
for (let i = 0; i < MEMBERS; i += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, MEMBERS - i) }, (_, j) => member(`1398${String(i + j).padStart(7, "0")}`, `会员${i + j}`));
  const ids = await db.insertInto("members").values(rows).returning("id").execute();
  ids.forEach(({ id }, j) => people.push({ id, company: companies[(i + j) % companies.length] }));
}
// The demo company's members are its employees, round the company's departments: the report's
// table by department has the company's departments, not one row of everyone.
const departments = await db.selectFrom("departments").select("id").where("companyId", "=", demoCompany).orderBy("id").execute();
const level = await db.selectFrom("trip_levels").select("id").where("companyId", "=", demoCompany).executeTakeFirstOrThrow();
const staff = people.filter((p) => p.company === demoCompany);
for (let i = 0; i < staff.length; i += BATCH) {
  const rows = staff.slice(i, i + BATCH).map((p, j) => ({
    companyId: demoCompany, memberId: p.id, departmentId: departments[(i + j) % departments.length].id, tripLevelId: level.id, canAudit: 0, employeeLevel: "员工", createTime: new Date().toISOString(),
  }));
  const ids = await db.insertInto("employees").values(rows).returning(["id", "memberId"]).execute();
  for (const e of ids) await db.updateTable("members").set({ creditEmployeeId: e.id }).where("id", "=", e.memberId!).execute();
}
const colleagues = new Map<number | null, number[]>();
for (const p of people) colleagues.set(p.company, [...(colleagues.get(p.company) ?? []), p.id]);
await database.close();

// A deterministic stream, so every run inserts the same orders (its high bits: the low bits of
// this generator repeat within a few steps).
let state = 24_601;
const rand = (n: number) => ((state = (state * 1103515245 + 12345) % 2147483648), Math.floor((state / 2147483648) * n));
const now = Date.now();
let inserted = 0;

async function growTo(size: number) {
  database = await openDb({ dataDir });
  db = database.db;
  // This connection's page cache large enough to hold the indexes the inserts (and their
  // triggers) write; with SQLite's default of 2 MB, past 100k orders most index pages an insert
  // touches are read back from the file.
  // The server opens the file on a connection of its own, with its usual settings.
  await sql.raw(`pragma cache_size = -${Number(process.env.BENCH_CACHE_MB ?? 512) * 1024}`).execute(db);
  const started = performance.now();
  while (inserted < size) {
    const n = Math.min(BATCH, size - inserted);
    const orders: Insertable<OrdersTable>[] = [];
    for (let j = 0; j < n; j++) {
      const k = inserted + j;
      const p = rand(10) === 0 ? { id: heavy.id, company: demoCompany } : people[rand(people.length)];
      const team = colleagues.get(p.company)!;
      const booker = rand(10) === 0 ? team[rand(team.length)] : p.id;
      const traveller = rand(5) === 0 ? team[rand(team.length)] : null;
      const at = new Date(now - rand(365) * DAY_MS - rand(DAY_MS)).toISOString();
      orders.push(
        benchFlightOrder({
          orderNo: `S${String(k).padStart(12, "0")}`, clientKey: `scale-${k}`, memberId: p.id, companyId: p.company, bookerMemberId: booker, travellerMemberId: traveller,
          gp: rand(100) < 3 ? 1 : 0, status: BENCH_STATUSES[rand(BENCH_STATUSES.length)], ticketFen: 50_000 + rand(100) * 1_000, at,
        }),
      );
    }
    await insertBenchOrders(db, orders, rand);
    inserted += n;
  }
  await database.close();
  return (performance.now() - started) / 1000;
}

/** CPU time (ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMsOf(child: ChildProcess): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

// The server compiled the way `npm start` runs it (scripts/build-server.mjs).
const serverDir = path.join("dist-server", "bench");
execFileSync(process.execPath, ["scripts/build-server.mjs", "bench/scale-server.ts", serverDir], { stdio: "inherit" });

async function startServer() {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(serverDir, "scale-server.mjs")], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production", BENCH_DATA_DIR: dataDir, BENCH_PORT: String(PORT), BENCH_PHONES: [HEAVY_PHONE, ADMIN_PHONE, EMPTY_PHONE].join(",") },
  });
  const info = await new Promise<{ port: number; tokens: Record<string, string> }>((resolve, reject) => {
    // The server's log lines are read and dropped: a pipe nobody reads would stall it.
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith('{"bench":')) resolve((JSON.parse(line) as { bench: { port: number; tokens: Record<string, string> } }).bench);
    });
    child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { child, info };
}

interface Figure {
  cpuMs: number;
  p50: number;
  p95: number;
  requests: number;
  errors: number;
}

const monthStart = new Date(now - 30 * DAY_MS).toISOString().slice(0, 10);
const today = new Date(now).toISOString().slice(0, 10);
const yearStart = addDays(today, -364);
const LISTS: { name: string; url: string; phone: string; body: Record<string, string>; orderList: boolean }[] = [
  { name: "member's flight orders, page 1", url: FLIGHT_ORDER_PATHS.list, phone: HEAVY_PHONE, body: { pageNum: "1", pageSize: "10" }, orderList: true },
  { name: "member's flight orders, page 50", url: FLIGHT_ORDER_PATHS.list, phone: HEAVY_PHONE, body: { pageNum: "50", pageSize: "10" }, orderList: true },
  { name: "member with no orders", url: FLIGHT_ORDER_PATHS.list, phone: EMPTY_PHONE, body: { pageNum: "1", pageSize: "10" }, orderList: true },
  { name: "company administrator's orders", url: FLIGHT_ORDER_PATHS.list, phone: ADMIN_PHONE, body: { pageNum: "1", pageSize: "10" }, orderList: true },
  { name: "enterprise bill, one month, totals", url: billListPath("enterpriseBill"), phone: ADMIN_PHONE, body: { pageNum: "1", pageSize: "10", startDate: monthStart, endDate: today }, orderList: false },
  { name: "spend report by department, one month", url: reportPaths("domAir").detail, phone: ADMIN_PHONE, body: { startDate: monthStart, endDate: today }, orderList: false },
  { name: "spend report by department, the year", url: reportPaths("domAir").detail, phone: ADMIN_PHONE, body: { startDate: yearStart, endDate: today }, orderList: false },
];

const results = new Map<number, Map<string, Figure>>();
try {
  for (const size of SIZES) {
    const seconds = await growTo(size);
    console.log(`\n${size.toLocaleString("en-US")} orders (${seconds.toFixed(1)} s to insert the last ${size === SIZES[0] ? "all" : "batch"})`);
    const { child, info } = await startServer();
    const client = benchClient(info.port, CONCURRENCY);
    const figures = new Map<string, Figure>();
    try {
      // Every list once over first, so the server's compiled code has settled before the first is measured.
      for (const list of LISTS) {
        const form = { ...list.body, token: info.tokens[list.phone] };
        await closedLoop(CONCURRENCY, WARM_SECONDS, () => client.failureOf(list.url, form));
      }
      for (const list of LISTS) {
        const form = { ...list.body, token: info.tokens[list.phone] };
        const first = await client.post(list.url, form);
        if (first.ret !== 0) throw new Error(`${list.name}: ${first.msg}`);
        // A page past the end answers quickly and would flatter the figures.
        if (list.orderList && list.phone !== EMPTY_PHONE && !first.data.list.length) console.log(`  (${list.name}: an empty page at this size)`);
        await closedLoop(CONCURRENCY, WARM_SECONDS, () => client.failureOf(list.url, form));
        const cpu0 = cpuMsOf(child);
        const { latencies, errors } = await closedLoop(CONCURRENCY, SECONDS, () => client.failureOf(list.url, form));
        const cpu1 = cpuMsOf(child);
        const requests = latencies.length + errors;
        const figure = { cpuMs: cpu0 !== null && cpu1 !== null && requests ? (cpu1 - cpu0) / requests : NaN, p50: percentile(latencies, 50), p95: percentile(latencies, 95), requests, errors };
        figures.set(list.name, figure);
        console.log(
          `  ${list.name.padEnd(40)} CPU ${figure.cpuMs.toFixed(2).padStart(7)} ms/req   p50 ${figure.p50.toFixed(1).padStart(6)} ms   p95 ${figure.p95.toFixed(1).padStart(6)} ms   ${String(requests).padStart(6)} requests   total ${first.data.total ?? first.data.summary?.orders}${errors ? `   errors ${errors}` : ""}`,
        );
      }
    } finally {
      client.close();
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    results.set(size, figures);
  }
  const [smallest, largest] = [SIZES[0], SIZES[SIZES.length - 1]];
  console.log(`\nCPU per request at ${largest.toLocaleString("en-US")} over ${smallest.toLocaleString("en-US")} orders (goal ≤ ${GOAL_RATIO}×):`);
  let failed = false;
  for (const list of LISTS) {
    const ratio = results.get(largest)!.get(list.name)!.cpuMs / results.get(smallest)!.get(list.name)!.cpuMs;
    const over = ratio > GOAL_RATIO;
    failed ||= over;
    console.log(`  ${list.name.padEnd(40)} ${ratio.toFixed(2)}×${over ? "   over the goal" : ""}`);
  }
  console.log(`load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
  if (failed) process.exitCode = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
