// npm run bench:api — what the app's own work costs on top of the HTTP frame. A member's flight
// order list (pages 1–50 of 20, newest first) over 100k flight orders in a SQLite file, next to
// bare routes carrying the same plugins (security headers, compression, form bodies, rate
// limiting) with request logging at info, each server compiled as `npm start` runs it in a
// process of its own. 50 connections; the three alternate in short rounds after a warm-up, and
// the medians of requests/s, p50/p99 and the server process's CPU per request (from /proc, Linux;
// a busy machine disturbs it less than latency) are printed.
// Two bare routes, two comparisons:
// - the tiny bare route answers a 40-byte envelope, below the compression threshold;
// - the same-bytes bare route answers a stored copy of the list's first page (fetched from the
//   app at start), serialized and compressed for every request with the app's serializer and
//   compression: carrying a page of that size is the frame's work, not the app's, so this is
//   the comparison that measures the app's own work, and the one the goals are judged on.
// Goals: the list at ≥ 50 % of the same-bytes bare route's throughput and ≤ 2× its CPU per
// request (exit 1 otherwise); the comparison with the tiny route is printed beside it.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import autocannon from "autocannon";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { DEMO_COMPANY, seedDemo } from "../server/db/seed/demo";
import { BENCH_STATUSES, benchFlightOrder, insertBenchOrders } from "./flight-orders";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { SERVER_NODE_FLAGS } from "./server-node";

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10); // per side, split into rounds
const WARM_UP_SECONDS = 2;
const ROUNDS = 5;
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const MEMBERS = 200;
const MEMBER_PHONE = "13800000071";
const GOAL_THROUGHPUT = 50; // % of the bare route's
const GOAL_CPU = 2; // × the bare route's
const PORT = Number(process.env.BENCH_PORT ?? 8130); // the app's; the bare route's is the next

// The orders: a tenth the member's (their company's, some booked by a colleague or for one), the
// rest spread over other members, over the past year, as bench:scale spreads them.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-api-"));
{
  const database = await openDb({ dataDir });
  const db = database.db;
  await migrateToLatest(db);
  await seedDemo(db);
  const me = await db.selectFrom("members").selectAll().where("mobilePhone", "=", MEMBER_PHONE).executeTakeFirstOrThrow();
  const company = (await db.selectFrom("companies").select("id").where("name", "=", DEMO_COMPANY).executeTakeFirstOrThrow()).id;
  const { id: _id, ...template } = me;
  const others = await db
    .insertInto("members")
    .values(Array.from({ length: MEMBERS }, (_, i) => ({ ...template, mobilePhone: `1397${String(i).padStart(7, "0")}`, account: `1397${String(i).padStart(7, "0")}`, username: `1397${String(i).padStart(7, "0")}`, realName: `会员${i}` })))
    .returning("id")
    .execute();
  let state = 7;
  const rand = (n: number) => ((state = (state * 1103515245 + 12345) % 2147483648), Math.floor((state / 2147483648) * n));
  const now = Date.now();
  for (let i = 0; i < ROWS; i += 500) {
    const orders = Array.from({ length: Math.min(500, ROWS - i) }, (_, j) => {
      const mine = rand(10) === 0;
      const memberId = mine ? me.id : others[rand(MEMBERS)].id;
      const at = new Date(now - rand(365 * 86_400_000)).toISOString();
      return benchFlightOrder({
        orderNo: `B${String(i + j).padStart(12, "0")}`, clientKey: `api-${i + j}`, memberId, companyId: company, bookerMemberId: rand(10) === 0 ? others[rand(MEMBERS)].id : memberId,
        travellerMemberId: rand(5) === 0 ? others[rand(MEMBERS)].id : null, gp: 0, status: BENCH_STATUSES[rand(BENCH_STATUSES.length)], ticketFen: 50_000 + rand(100) * 1_000, at,
      });
    });
    await insertBenchOrders(db, orders, rand);
  }
  await database.close();
}

// Both servers compiled the way `npm start` runs the app (scripts/build-server.mjs).
const build = (entry: string) => {
  const dir = path.join("dist-server", `bench-${path.basename(entry, ".ts")}`);
  execFileSync(process.execPath, ["scripts/build-server.mjs", entry, dir], { stdio: "inherit" });
  return path.join(dir, `${path.basename(entry, ".ts")}.mjs`);
};
const appScript = build("bench/scale-server.ts");
const bareScript = build("bench/bare-server.ts");

/** Starts a compiled server; answers it with the {"bench": …} line it prints among its log lines. */
async function serve<T>(script: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROF] : []), script], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production", BENCH_PORT: String(port), BENCH_DATA_DIR: dataDir, BENCH_PHONES: MEMBER_PHONE, ...env },
  });
  const info = await new Promise<T>((resolve, reject) => {
    // The log lines are read and dropped, as a log shipper would: a pipe nobody reads would stall the server.
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith('{"bench":')) resolve((JSON.parse(line) as { bench: T }).bench);
    });
    child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { child, info };
}

/** CPU time (ms) a server process has used so far, from /proc (Linux); null elsewhere. */
function cpuMsOf(child: ChildProcess): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuPerRequest: number;
}

function load(url: string, body: () => string, seconds: number) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: "POST",
        // What the portal's browser sends: a form, and br/gzip accepted.
        headers: { "content-type": "application/x-www-form-urlencoded", "accept-encoding": "br, gzip" },
        setupRequest: (req) => ({ ...req, body: body() }),
      },
    ],
  });
}

async function round(server: ChildProcess, url: string, body: () => string, seconds: number): Promise<Round> {
  const cpu0 = cpuMsOf(server);
  const result = await load(url, body, seconds);
  const cpu1 = cpuMsOf(server);
  const cpuPerRequest = cpu0 !== null && cpu1 !== null && result.requests.total ? (cpu1 - cpu0) / result.requests.total : NaN;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuPerRequest };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

const app = await serve<{ port: number; tokens: Record<string, string> }>(appScript, PORT);
const token = app.info.tokens[MEMBER_PHONE];
const listUrl = `http://127.0.0.1:${app.info.port}/api${FLIGHT_ORDER_PATHS.list}`;
const form = (pageNum: number) => new URLSearchParams({ token, pageNum: String(pageNum), pageSize: "20", orderType: "desc", timestamp: String(Date.now()), device: "web" }).toString();
const post = async (pageNum: number) => (await (await fetch(listUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form(pageNum) })).text());
// The same-bytes bare route's reply: the list's first page as the app answered it.
const canned = path.join(dataDir, "canned-page.json");
let bareServer: { child: ChildProcess; info: { port: number } } | undefined;
try {
  fs.writeFileSync(canned, await post(1));
  bareServer = await serve<{ port: number }>(bareScript, PORT + 1, { BENCH_CANNED: canned });
  const tinyUrl = `http://127.0.0.1:${bareServer.info.port}/api/bare`;
  const pageUrl = `http://127.0.0.1:${bareServer.info.port}/api/bare-page`;
  // Pages 1–50, as a member paging back through their list. The bare routes get a form as long.
  const listBody = () => form(1 + Math.floor(Math.random() * 50));
  const bareBody = () => form(1);
  const first = JSON.parse(await post(50)) as { ret: number; msg: string; data: { total: number; list: unknown[] } };
  if (first.ret !== 0 || first.data.list.length !== 20) throw new Error(`the list's page 50: ${first.msg}, ${first.data?.list.length} rows`);
  // Each side warms up first, so compiled code and caches settle. Then the three alternate in
  // short rounds and each round of the list is compared with the bare rounds just before it: a
  // shared machine that slows down for a while then slows both sides of a comparison alike.
  await load(tinyUrl, bareBody, WARM_UP_SECONDS);
  await load(pageUrl, bareBody, WARM_UP_SECONDS);
  await load(listUrl, listBody, WARM_UP_SECONDS);
  const tiny: Round[] = [];
  const same: Round[] = [];
  const list: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    tiny.push(await round(bareServer.child, tinyUrl, bareBody, DURATION / ROUNDS));
    same.push(await round(bareServer.child, pageUrl, bareBody, DURATION / ROUNDS));
    list.push(await round(app.child, listUrl, listBody, DURATION / ROUNDS));
  }
  console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION / ROUNDS} s each, medians (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
  const line = (title: string, rs: Round[]) =>
    console.log(
      `${title.padEnd(56)} ${median(rs.map((r) => r.rps)).toFixed(0).padStart(7)} req/s   p50 ${String(median(rs.map((r) => r.p50))).padStart(4)} ms   p99 ${String(median(rs.map((r) => r.p99))).padStart(4)} ms   server CPU ${(median(rs.map((r) => r.cpuPerRequest)) * 1000).toFixed(0).padStart(5)} µs/req   errors ${rs.reduce((n, r) => n + r.errors, 0)}`,
    );
  line("tiny bare route (40 bytes), same plugins and logging", tiny);
  line(`same-bytes bare route (a stored page, ${fs.statSync(canned).size} bytes of JSON)`, same);
  line(`member's flight orders (${first.data.total} of ${ROWS} orders)`, list);
  const compare = (bare: Round[]) => ({
    throughput: median(list.map((r, i) => (r.rps / bare[i].rps) * 100)),
    cpu: median(list.map((r, i) => r.cpuPerRequest / bare[i].cpuPerRequest)),
  });
  const vsTiny = compare(tiny);
  const vsSame = compare(same);
  console.log(`list / tiny bare:       throughput ${vsTiny.throughput.toFixed(1)} %   CPU per request ${vsTiny.cpu.toFixed(2)}×   (printed, not judged)`);
  console.log(`list / same-bytes bare: throughput ${vsSame.throughput.toFixed(1)} % (goal ≥ ${GOAL_THROUGHPUT} %)   CPU per request ${vsSame.cpu.toFixed(2)}× (goal ≤ ${GOAL_CPU}×)`);
  if (vsSame.throughput < GOAL_THROUGHPUT || vsSame.cpu > GOAL_CPU || [...tiny, ...same, ...list].some((r) => r.errors)) process.exitCode = 1;
} finally {
  const children = [app.child, ...(bareServer ? [bareServer.child] : [])];
  for (const c of children) c.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
