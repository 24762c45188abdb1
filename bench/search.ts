// npm run bench:search — latency of the search APIs over the full 60-day inventory at 20
// concurrent requests: domestic one-way (goal p95 ≤ 50 ms), transit (≤ 150 ms), hotel list for
// a city (≤ 50 ms), plus trains and international for reference; and the time and memory the
// inventory generation adds at first start (goal ≤ 10 s, ≤ 300 MB). The server runs in a child
// process so the load generator does not share its event loop. BENCH_SECONDS shortens each run,
// BENCH_ONLY=domestic,hotel runs only the scenarios whose names contain one of the words, and
// BENCH_PROF=<dir> writes a CPU profile of the server process.
import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import { benchClient, closedLoop, percentile, WARM_UP_SECONDS } from "./client";

const CONCURRENCY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_PROF] : []), "--import", "tsx", "bench/search-server.ts"], { stdio: ["ignore", "pipe", "inherit"] });
const info = await new Promise<{ port: number; dialect: string; generation: Record<string, number>; rows: Record<string, number> }>((resolve, reject) => {
  readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
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
const SCENARIOS: { name: string; url: string; goal: number | null; body: Body }[] = [
  {
    name: "domestic one-way",
    url: "/api/v1/trip_manager/air_ticket_domestic_flight/list",
    goal: 50,
    body: () => {
      const dep = rand(DOMESTIC);
      return { depCity: dep, arrCity: rand(DOMESTIC.filter((c) => c !== dep)), depDate: date(), orderBy: rand(["depTime", "price"]) };
    },
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

async function run(s: (typeof SCENARIOS)[number]) {
  await closedLoop(CONCURRENCY, WARM_UP_SECONDS, ask(s));
  const cpu0 = serverCpuMs();
  const { latencies, errors } = await closedLoop(CONCURRENCY, SECONDS, ask(s));
  const cpu1 = serverCpuMs();
  const pct = (p: number) => percentile(latencies, p);
  const cpuPerRequest = cpu0 !== null && cpu1 !== null && latencies.length ? (cpu1 - cpu0) / latencies.length : NaN;
  return { ...s, count: latencies.length, rps: latencies.length / SECONDS, p50: pct(50), p95: pct(95), p99: pct(99), errors, cpuPerRequest };
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
    const verdict = r.goal === null ? "" : r.p95 <= r.goal ? `  (goal p95 ≤ ${r.goal} ms: met)` : `  (goal p95 ≤ ${r.goal} ms: MISSED)`;
    console.log(
      `${r.name.padEnd(26)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   server CPU ${r.cpuPerRequest.toFixed(2)} ms/req   errors ${r.errors}${verdict}`,
    );
  }
} finally {
  client.close();
  child.kill("SIGTERM");
}
