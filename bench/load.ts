// npm run bench:load — simulated users (BENCH_USERS, 500) for BENCH_SECONDS (300) with the
// realistic mix of load-mix.ts, each pausing about BENCH_THINK_MS (1000) between actions. Prints
// per action count, business refusals (sold out, not refundable yet), errors and p50/p95/p99,
// the throughput, the CPU per request of the server processes (and of the PostgreSQL primary)
// with the machine's load average, then the consistency audit; exits 1 when there were errors or
// an invariant broke.
//
// Without BENCH_TARGET it runs the single-process default: a fresh SQLite file, migrated and
// seeded here, served by one server process on BENCH_PORT (8230), stopped after the run so the
// audit reads the file. With BENCH_TARGET=http://127.0.0.1:8300 and
// BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5442/portal it loads `npm run cluster`
// through its proxy, taking the sandbox gateway's secret from .cluster/secrets.
// Loopback only: the bench refuses a target that is not on this machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { openDb, type Db } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed/demo";
import { DEMO_SANDBOX_SECRET } from "../server/payments/sandbox";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import { BOOKING_DAYS, httpClient, printLoad, runLoad } from "./load-mix";
import { audit, prepare, snapshotSeats } from "./load-audit";
import { postgresCpuMs, printCpu, processesCpuMs } from "./cpu";
import { SERVER_NODE_FLAGS } from "./server-node";

export const settings = {
  users: Number(process.env.BENCH_USERS ?? 500),
  seconds: Number(process.env.BENCH_SECONDS ?? 300),
  thinkMs: Number(process.env.BENCH_THINK_MS ?? 1000),
};

export function clusterSecret(): string {
  if (process.env.PAY_SANDBOX_SECRET) return process.env.PAY_SANDBOX_SECRET;
  const line = fs.readFileSync(".cluster/secrets", "utf8").split("\n").find((l) => l.startsWith("PAY_SANDBOX_SECRET="));
  if (!line) throw new Error("no PAY_SANDBOX_SECRET in .cluster/secrets");
  return line.slice("PAY_SANDBOX_SECRET=".length);
}

/** The server processes `npm run cluster` started (as .cluster/pids lists them). */
export function clusterServerPids(): number[] {
  if (!fs.existsSync(".cluster/pids")) return [];
  return fs.readFileSync(".cluster/pids", "utf8").trim().split("\n").map((l) => l.split(" ")).filter(([n]) => n.startsWith("server-")).map(([, pid]) => Number(pid));
}

/** The data directory of the cluster's PostgreSQL primary (Debian's layout, named as .cluster/names says). */
function clusterPrimaryDir(): string {
  const names = fs.existsSync(".cluster/names") ? fs.readFileSync(".cluster/names", "utf8") : "";
  const name = names.match(/^CLUSTER_NAME=(.*)$/m)?.[1] ?? "portal";
  const version = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b)).at(-1) : undefined;
  return `/var/lib/postgresql/${version}/${name}_primary`;
}

export function loopbackOnly(base: string): void {
  const host = new URL(base).hostname;
  if (host !== "127.0.0.1" && host !== "localhost" && host !== "::1") throw new Error(`the bench loads this machine only, not ${host}`);
}

export async function waitReady(base: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base} is not ready`);
}

/** Searches the booking days once, so their inventory exists before the seats are noted. */
export async function warmBookingDays(base: string): Promise<void> {
  const c = httpClient(base, 2);
  const today = chinaDate(Date.now());
  for (const d of BOOKING_DAYS) await c.post("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: addDays(today, d) }, null, "10.255.0.1");
  c.close();
}

function startServer(port: number, dataDir: string): ChildProcess {
  const compiled = fs.existsSync("dist-server/main.mjs");
  const args = compiled ? [...SERVER_NODE_FLAGS, "dist-server/main.mjs"] : ["--import", "tsx", "server/main.ts"];
  return spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", SEED: "none", NODE_ENV: "development", TRUST_PROXY: "1", LOG_LEVEL: "warn", EXPORT_DIR: path.join(dataDir, "exports") },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function single(): Promise<boolean> {
  const port = Number(process.env.BENCH_PORT ?? 8230);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-load-"));
  const open = () => openDb({ dataDir });
  let db: Db = await open();
  await migrateToLatest(db.db);
  await seedDemo(db.db);
  const { memberIds } = await prepare(db.db);
  await db.close();
  // The server owns the SQLite file while it runs: the seats are noted in a pause of its own.
  let server = startServer(port, dataDir);
  await waitReady(base);
  await warmBookingDays(base);
  await stop(server);
  db = await open();
  const seats = await snapshotSeats(db.db);
  await db.close();
  const startedAt = new Date().toISOString();
  server = startServer(port, dataDir);
  try {
    await waitReady(base);
    console.log(`bench:load — single process on SQLite, ${settings.users} users for ${settings.seconds} s (think ~${settings.thinkMs} ms)`);
    const cpuBefore = processesCpuMs([server.pid!]);
    const result = await runLoad({ base, ...settings, sandboxSecret: DEMO_SANDBOX_SECRET, memberIds, captchaBypass: true });
    const { errors } = printLoad(result);
    printCpu(result.requests, [{ name: "server", before: cpuBefore, after: processesCpuMs([server.pid!]) }]);
    await stop(server);
    db = await open();
    const ok = await audit(db.db, { memberIds, seats, startedAt }, result);
    await db.close();
    return ok && errors === 0;
  } finally {
    server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function cluster(base: string): Promise<boolean> {
  loopbackOnly(base);
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error("BENCH_DATABASE_URL (the cluster's primary) is needed for the set-up and the audit");
  const db = await openDb({ databaseUrl: url });
  try {
    await waitReady(base);
    const { memberIds } = await prepare(db.db);
    await warmBookingDays(base);
    const seats = await snapshotSeats(db.db);
    const startedAt = new Date().toISOString();
    console.log(`bench:load — cluster at ${base}, ${settings.users} users for ${settings.seconds} s (think ~${settings.thinkMs} ms)`);
    const servers = clusterServerPids();
    const primaryDir = clusterPrimaryDir();
    const cpuBefore = { servers: processesCpuMs(servers), primary: postgresCpuMs(primaryDir) };
    const result = await runLoad({ base, ...settings, sandboxSecret: clusterSecret(), memberIds, captchaBypass: false });
    const { errors } = printLoad(result);
    printCpu(result.requests, [
      { name: `${servers.length} server processes`, before: cpuBefore.servers, after: processesCpuMs(servers) },
      { name: "PostgreSQL primary", before: cpuBefore.primary, after: postgresCpuMs(primaryDir) },
    ]);
    const ok = await audit(db.db, { memberIds, seats, startedAt }, result);
    return ok && errors === 0;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve("bench/load.ts")) {
  const target = process.env.BENCH_TARGET;
  const ok = await (target ? cluster(target) : single()).catch((e: Error) => {
    console.error(`bench:load could not run: ${e.message}`);
    return false;
  });
  console.log(ok ? "bench:load: no errors, every invariant holds" : "bench:load: FAILED");
  process.exit(ok ? 0 : 1);
}
