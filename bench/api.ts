// npm run bench:api — requests/s and p99 latency of a paged list endpoint (a member's exception
// events over 100k rows) at 50 concurrent connections, next to a bare Fastify route measured in
// the same run. The servers run in a child process so the load generator does not share their
// event loop.
import { spawn } from "node:child_process";
import readline from "node:readline";
import autocannon from "autocannon";

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROF] : []), "--import", "tsx", "bench/api-server.ts"], { stdio: ["ignore", "pipe", "inherit"] });
const info = await new Promise<{ appPort: number; barePort: number; token: string; rows: number; dialect: string }>((resolve, reject) => {
  readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
  child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
});

async function run(title: string, url: string, body: () => string) {
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
  return { title, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

// Pages 1–50 of 20 rows, newest first, as a member paging back through their list.
const listBody = () => new URLSearchParams({ token: info.token, pageNum: String(1 + Math.floor(Math.random() * 50)), pageSize: "20", orderBy: "createTime", orderType: "desc", timestamp: String(Date.now()), device: "web" }).toString();

try {
  const bare = await run("bare Fastify route", `http://127.0.0.1:${info.barePort}/bare`, () => "a=1");
  const list = await run(`/api/event/list over ${info.rows} rows (${info.dialect})`, `http://127.0.0.1:${info.appPort}/api/event/list`, listBody);
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each`);
  for (const r of [bare, list]) {
    console.log(`${r.title.padEnd(48)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors}`);
  }
  console.log(`list / bare throughput: ${((list.rps / bare.rps) * 100).toFixed(1)}%`);
} finally {
  child.kill("SIGTERM");
}
