// npm run bench:search — the search APIs over the full 60-day inventory at 20 concurrent
// requests: domestic one-way (goals: p95 ≤ 50 ms, server CPU ≤ 1 ms per request, ≤ 20 KB of JSON
// for 17 flights), transit (p95 ≤ 150 ms), hotel list for a city (p95 ≤ 50 ms), trains, and
// international (CPU ≤ 3 ms per request); and the time and memory the inventory generation adds
// at first start (goal ≤ 10 s, ≤ 300 MB). The server is compiled and configured as `npm start`
// runs it in production (every plugin, request logging at info) and runs in a child process, so
// the load generator does not share its event loop; its CPU per request is read from /proc
// (Linux). Each scenario also prints its reply's size: the JSON the browser decodes, averaged
// over a sample of requests, and what travelled compressed. BENCH_SECONDS shortens each run,
// BENCH_ONLY=domestic,hotel runs only the scenarios whose names contain one of the words,
// BENCH_PORT moves the server, and BENCH_PROF=<dir> writes a CPU profile of the server process.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import { benchClient, closedLoop, percentile, WARM_UP_SECONDS } from "./client";
import { SERVER_NODE_FLAGS } from "./server-node";

const CONCURRENCY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Requests of each scenario whose reply sizes are averaged. */
const SIZE_SAMPLES = 30;

// The server compiled the way `npm start` runs it (scripts/build-server.mjs).
const serverDir = path.join("dist-server", "bench-search");
execFileSync(process.execPath, ["scripts/build-server.mjs", "bench/search-server.ts", serverDir], { stdio: "inherit" });
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROF] : []), path.join(serverDir, "search-server.mjs")], {
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, NODE_ENV: "production" },
});
const info = await new Promise<{ port: number; dialect: string; generation: Record<string, number>; rows: Record<string, number> }>((resolve, reject) => {
  // The server's log lines are read and dropped: a pipe nobody reads would stall it.
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    if (line.startsWith('{"bench":')) resolve((JSON.parse(line) as { bench: { port: number; dialect: string; generation: Record<string, number>; rows: Record<string, number> } }).bench);
  });
  child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
});
const today = chinaDate(Date.now());
const rand = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];
const date = (from = 0, to = 60) => addDays(today, from + Math.floor(Math.random() * (to - from + 1)));

const DOMESTIC = ["BJS", "SHA", "CAN", "SZX", "CTU", "CKG", "HGH", "XIY", "KMG", "WUH", "NKG", "XMN", "CSX", "CGO"];
const SMALL = ["DYG", "LJG", "JHG", "SWA", "YNT", "WUX", "XNN", "LXA", "ZUH", "KWL", "INC", "HET"];
const FAR = ["URC", "HRB", "SYX", "DLC", "LHW", "SHE", "CGQ", "NNG"];
const HOTEL_CITIES = ["1101", "3101", "4401", "4403", "5101", "5001", "3301", "6101", "5301", "4201", "3201", "3502"];
const TRAIN = [["北京", "上海"], ["北京", "广州"], ["上海", "成都"], ["深圳", "杭州"], ["西安", "郑州"], ["南京", "武汉"]];

type Body = () => Record<string, string>;
/** Goals of a scenario: p95 latency and server CPU per request (ms), null where none is set. */
const SCENARIOS: { name: string; url: string; goal: number | null; cpuGoal?: number; body: Body }[] = [
  {
    name: "domestic one-way",
    url: "/api/v1/trip_manager/air_ticket_domestic_flight/list",
    goal: 50,
    cpuGoal: 1,
    body: () => {
      const dep = rand(DOMESTIC);
      return { depCity: dep, arrCity: rand(DOMESTIC.filter((c) => c !== dep)), depDate: date(), orderBy: rand(["depTime", "price"]) };
    },
  },
  {
    // The busiest route: some 17 flights a day, the list the size goal speaks of.
    name: "domestic one-way BJS–SHA",
    url: "/api/v1/trip_manager/air_ticket_domestic_flight/list",
    goal: 50,
    cpuGoal: 1,
    body: () => (Math.random() < 0.5 ? { depCity: "BJS", arrCity: "SHA", depDate: date() } : { depCity: "SHA", arrCity: "BJS", depDate: date() }),
  },
  {
    name: "domestic transit",
    url: "/api/v1/trip_manager/air_ticket_domestic_flight/list_transit",
    goal: 150,
    body: () => ({ depCity: rand(SMALL), arrCity: rand(FAR), depDate: date() }),
  },
  {
    name: "hotel list for a city",
    url: "/hotel/search/list_credit",
    goal: 50,
    body: () => {
      const checkIn = date(0, 55);
      return { cityCode: rand(HOTEL_CITIES), checkIn, checkOut: addDays(checkIn, 1 + Math.floor(Math.random() * 3)), pageSize: "10", orderBy: rand(["recommend", "price"]) };
    },
  },
  {
    name: "train list",
    url: "/api/v1/train/train_list",
    goal: null,
    body: () => {
      const [a, b] = rand(TRAIN);
      return Math.random() < 0.5 ? { fromStation: a, toStation: b, depDate: date() } : { fromStation: b, toStation: a, depDate: date() };
    },
  },
  {
    name: "international itineraries",
    url: "/api/v1/trip_manager/air_ticket_inter_flight/list",
    goal: null,
    cpuGoal: 3,
    body: () => ({ depCity: rand(["BJS", "SHA", "CAN", "CTU", "WUH", "CSX"]), arrCity: rand(["LON", "TYO", "SEL", "SIN", "NYC", "SYD", "HKG", "PAR"]), depDate: date() }),
  },
];

const client = benchClient(info.port, CONCURRENCY);

const ask = (s: (typeof SCENARIOS)[number]) => () => client.failureOf(s.url, s.body());

/** CPU time (ms) the server process has used so far, from /proc (Linux); null elsewhere. */
function serverCpuMs(): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

/** One request as the browser sends it: the bytes that travelled, the JSON they decode to, the items listed. */
function replySize(url: string, form: Record<string, string>): Promise<{ wire: number; json: number; items: number }> {
  const body = new URLSearchParams({ ...form, device: "web", timestamp: String(Date.now()) }).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: info.port, path: `/api${url}`, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), "accept-encoding": "br, gzip" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const text = encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
          const data = (JSON.parse(text.toString("utf8")) as { data: { list?: unknown[] } | unknown[] }).data;
          resolve({ wire: raw.length, json: text.length, items: Array.isArray(data) ? data.length : (data?.list?.length ?? 0) });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Mean reply size over a sample of the scenario's requests (KB of JSON, KB on the wire, items listed). */
async function sizeOf(s: (typeof SCENARIOS)[number]) {
  let wire = 0;
  let json = 0;
  let items = 0;
  for (let i = 0; i < SIZE_SAMPLES; i++) {
    const r = await replySize(s.url, s.body());
    wire += r.wire;
    json += r.json;
    items += r.items;
  }
  return { jsonKb: json / SIZE_SAMPLES / 1024, wireKb: wire / SIZE_SAMPLES / 1024, items: items / SIZE_SAMPLES };
}

async function run(s: (typeof SCENARIOS)[number]) {
  await closedLoop(CONCURRENCY, WARM_UP_SECONDS, ask(s));
  const cpu0 = serverCpuMs();
  const { latencies, errors } = await closedLoop(CONCURRENCY, SECONDS, ask(s));
  const cpu1 = serverCpuMs();
  const pct = (p: number) => percentile(latencies, p);
  const cpuPerRequest = cpu0 !== null && cpu1 !== null && latencies.length ? (cpu1 - cpu0) / latencies.length : NaN;
  return { ...s, count: latencies.length, rps: latencies.length / SECONDS, p50: pct(50), p95: pct(95), p99: pct(99), errors, cpuPerRequest, size: await sizeOf(s) };
}

try {
  const g = info.generation;
  console.log(`inventory (${info.dialect}): ${g.days} days in ${(g.ms / 1000).toFixed(1)} s wall, ${(g.cpuMs / 1000).toFixed(1)} s CPU; +${g.rssMb} MB RSS (peak ${g.peakRssMb} MB)`);
  console.log(`  rows: ${Object.entries(info.rows).map(([t, n]) => `${t} ${n}`).join(", ")}`);
  const [load1] = fs.existsSync("/proc/loadavg") ? fs.readFileSync("/proc/loadavg", "utf8").split(" ") : ["?"];
  console.log(`\n${CONCURRENCY} concurrent requests, ${SECONDS} s each (machine load average ${load1} on ${(await import("node:os")).cpus().length} cores)`);
  const only = process.env.BENCH_ONLY?.split(",");
  for (const s of SCENARIOS.filter((x) => !only || only.some((o) => x.name.includes(o)))) {
    const r = await run(s);
    const goals = [
      r.goal === null ? null : `p95 ≤ ${r.goal} ms: ${r.p95 <= r.goal ? "met" : "MISSED"}`,
      r.cpuGoal === undefined ? null : `CPU ≤ ${r.cpuGoal} ms/req: ${r.cpuPerRequest <= r.cpuGoal ? "met" : "MISSED"}`,
      // The domestic list's size goal is per 17 flights: routes list more or fewer.
      s.url.endsWith("domestic_flight/list") && r.size.items ? `≤ 20 KB per 17 flights: ${((r.size.jsonKb / r.size.items) * 17).toFixed(1)} KB, ${(r.size.jsonKb / r.size.items) * 17 <= 20 ? "met" : "MISSED"}` : null,
    ].filter(Boolean);
    console.log(
      `${r.name.padEnd(27)} CPU ${r.cpuPerRequest.toFixed(2).padStart(6)} ms/req   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${r.rps.toFixed(0).padStart(5)} req/s   reply ${r.size.jsonKb.toFixed(1).padStart(6)} KB JSON (${r.size.wireKb.toFixed(1)} KB sent, ${r.size.items.toFixed(1)} items)   errors ${r.errors}${goals.length ? `  (goals: ${goals.join("; ")})` : ""}`,
    );
  }
} finally {
  client.close();
  child.kill("SIGTERM");
}
