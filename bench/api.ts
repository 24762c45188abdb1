// npm run bench:api — requests/s and p99 latency of a paged list endpoint (a member's exception
// events over 100k rows) at 50 concurrent connections, next to a bare Fastify route measured in
// the same run, each with the server process's CPU per request (from /proc, Linux), which a busy
// machine disturbs less than latency. The servers run in a child process so the load generator
// does not share their event loop.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import readline from "node:readline";
import autocannon from "autocannon";

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROF] : []), "--import", "tsx", "bench/api-server.ts"], { stdio: ["ignore", "pipe", "inherit"] });
const info = await new Promise<{ appPort: number; barePort: number; token: string; rows: number; dialect: string }>((resolve, reject) => {
  readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
  child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
});

/** CPU time (ms) the server process has used so far, from /proc (Linux); null elsewhere. */
function serverCpuMs(): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

async function run(title: string, url: string, body: () => string) {
  const cpu0 = serverCpuMs();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        setupRequest: (req) => ({ ...req, body: body() }),
      },
    ],
  });
  const cpu1 = serverCpuMs();
  const cpuPerRequest = cpu0 !== null && cpu1 !== null && result.requests.total ? (cpu1 - cpu0) / result.requests.total : NaN;
  return { title, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuPerRequest };
}

// Pages 1–50 of 20 rows, newest first, as a member paging back through their list.
const listBody = () => new URLSearchParams({ token: info.token, pageNum: String(1 + Math.floor(Math.random() * 50)), pageSize: "20", orderBy: "createTime", orderType: "desc", timestamp: String(Date.now()), device: "web" }).toString();

try {
  const bare = await run("bare Fastify route", `http://127.0.0.1:${info.barePort}/bare`, () => "a=1");
  const list = await run(`/api/event/list over ${info.rows} rows (${info.dialect})`, `http://127.0.0.1:${info.appPort}/api/event/list`, listBody);
  const [load1] = fs.existsSync("/proc/loadavg") ? fs.readFileSync("/proc/loadavg", "utf8").split(" ") : ["?"];
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each (machine load average ${load1} on ${os.cpus().length} cores)`);
  for (const r of [bare, list]) {
    console.log(`${r.title.padEnd(48)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(5)} ms   server CPU ${(r.cpuPerRequest * 1000).toFixed(0).padStart(4)} µs/req   errors ${r.errors}`);
  }
  console.log(`list / bare throughput: ${((list.rps / bare.rps) * 100).toFixed(1)}%`);
} finally {
  child.kill("SIGTERM");
}
