// npm run bench:api — requests/s and p99 latency of a paged list endpoint (a member's exception
// events over 100k rows) at 50 concurrent connections, next to a bare Fastify route measured in
// the same run, each with the server process's CPU per request (from /proc, Linux), which a busy
// machine disturbs less than latency. The servers run in a child process so the load generator
// does not share their event loop.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import readline from "node:readline";
import autocannon from "autocannon";

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10); // per side, split into rounds
const WARM_UP_SECONDS = 1;
const ROUNDS = 5;

/** Starts a server script in a child process and answers it with the JSON line it prints. */
async function serve<T>(script: string, profile: boolean) {
  const child = spawn(process.execPath, [...(profile && process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROF] : []), "--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"] });
  const info = await new Promise<T>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
    child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { child, info };
}

// The bare route runs in a process of its own, so the app's garbage never slows it.
const app = await serve<{ appPort: number; token: string; rows: number; dialect: string }>("bench/api-server.ts", true);
const bareServer = await serve<{ port: number }>("bench/bare-server.ts", false);
const info = app.info;

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
  p99: number;
  errors: number;
  cpuPerRequest: number;
}

async function round(server: ChildProcess, url: string, body: () => string, seconds: number): Promise<Round> {
  const cpu0 = cpuMsOf(server);
  const result = await load(url, body, seconds);
  const cpu1 = cpuMsOf(server);
  const cpuPerRequest = cpu0 !== null && cpu1 !== null && result.requests.total ? (cpu1 - cpu0) / result.requests.total : NaN;
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuPerRequest };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

function load(url: string, body: () => string, seconds: number) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        setupRequest: (req) => ({ ...req, body: body() }),
      },
    ],
  });
}

// Pages 1–50 of 20 rows, newest first, as a member paging back through their list.
const listBody = () => new URLSearchParams({ token: info.token, pageNum: String(1 + Math.floor(Math.random() * 50)), pageSize: "20", orderBy: "createTime", orderType: "desc", timestamp: String(Date.now()), device: "web" }).toString();

try {
  const bareUrl = `http://127.0.0.1:${bareServer.info.port}/bare`;
  const listUrl = `http://127.0.0.1:${info.appPort}/api/event/list`;
  const bareBody = () => "a=1";
  // A second of each first, so compiled code and caches settle. Then the two alternate in short
  // rounds and each round of the list is compared with the bare round just before it: a shared
  // machine that slows down for a while then slows both sides of a comparison alike.
  await load(bareUrl, bareBody, WARM_UP_SECONDS);
  await load(listUrl, listBody, WARM_UP_SECONDS);
  const bare: Round[] = [];
  const list: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(await round(bareServer.child, bareUrl, bareBody, DURATION / ROUNDS));
    list.push(await round(app.child, listUrl, listBody, DURATION / ROUNDS));
  }
  const [load1] = fs.existsSync("/proc/loadavg") ? fs.readFileSync("/proc/loadavg", "utf8").split(" ") : ["?"];
  console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION / ROUNDS} s each, medians (machine load average ${load1} on ${os.cpus().length} cores)`);
  const line = (title: string, rs: Round[]) =>
    console.log(
      `${title.padEnd(48)} ${median(rs.map((r) => r.rps)).toFixed(0).padStart(8)} req/s   p99 ${String(median(rs.map((r) => r.p99))).padStart(5)} ms   server CPU ${(median(rs.map((r) => r.cpuPerRequest)) * 1000).toFixed(0).padStart(4)} µs/req   errors ${rs.reduce((n, r) => n + r.errors, 0)}`,
    );
  line("bare Fastify route", bare);
  line(`/api/event/list over ${info.rows} rows (${info.dialect})`, list);
  const ratios = list.map((r, i) => (r.rps / bare[i].rps) * 100);
  console.log(`list / bare throughput: ${median(ratios).toFixed(1)}% (rounds: ${ratios.map((r) => r.toFixed(1)).join(", ")})`);
} finally {
  app.child.kill("SIGTERM");
  bareServer.child.kill("SIGTERM");
}
