// npm run bench:chaos — the load of bench:load through the proxy of a running `npm run cluster`,
// with faults: a server process killed with SIGKILL every 20 s (and started again a few seconds
// later), the PostgreSQL primary restarted, the replica stopped and started. Then, through the
// proxy, 100 copies of one payment notification at once, a job runner killed inside a job (its
// claim runs out and another runner does the job once: start the cluster with JOB_LOCK_SECONDS=20,
// see chaos-jobs.ts) and 50 buyers of a flight's last seat.
// Prints the load's figures, what each fault did, and the audit. Exits 1 when an acknowledged
// write is lost, anything is duplicated, a count went below zero, a request got no envelope back,
// an error fell outside the primary's restart, the service did not return within 30 s, or more
// than one notification or buyer won. BENCH_USERS and BENCH_SECONDS as for bench:load.
import crypto from "node:crypto";
import fs from "node:fs";
import { spawn, execFileSync } from "node:child_process";
import { openDb } from "../server/db";
import { signSandbox } from "../server/payments/sandbox";
import { soldElsewhere } from "../server/inventory/demand";
import { DEFAULT_INVENTORY_SEED } from "../server/suppliers";
import { PAY_PATHS } from "../src/domain/payments";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import { httpClient, printLoad, runLoad, type Envelope } from "./load-mix";
import { audit, prepare, snapshotSeats } from "./load-audit";
import { clusterSecret, settings, waitReady, warmBookingDays } from "./load";
import { loadAverage } from "./cpu";
import { killJobRunnerMidJob } from "./chaos-jobs";
import { SERVER_NODE_FLAGS } from "./server-node";

const PROXY_PORT = Number(process.env.CLUSTER_PORT ?? 8300);
const PG_PORT = Number(process.env.CLUSTER_PG_PORT ?? 5442);
// The names `npm run cluster` was started with (CLUSTER_NAME, CLUSTER_DB), as it wrote them down.
const NAMES = Object.fromEntries((fs.existsSync(".cluster/names") ? fs.readFileSync(".cluster/names", "utf8") : "").trim().split("\n").filter(Boolean).map((l) => l.split("=", 2) as [string, string]));
const CLUSTER_NAME = NAMES.CLUSTER_NAME ?? process.env.CLUSTER_NAME ?? "portal";
const CLUSTER_DB = NAMES.CLUSTER_DB ?? process.env.CLUSTER_DB ?? "portal";
const base = `http://127.0.0.1:${PROXY_PORT}`;
const primaryUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/${CLUSTER_DB}`;
const PIDS = ".cluster/pids";
const KILL_EVERY_MS = 20_000;
const RETURN_WITHIN_MS = 30_000;
const VERSION = fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b)).at(-1)!;
const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let failed = false;
function check(ok: boolean, what: string) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
}

function servers(): { name: string; pid: number }[] {
  return fs.readFileSync(PIDS, "utf8").trim().split("\n").map((l) => l.split(" ")).filter(([n]) => n.startsWith("server-")).map(([name, pid]) => ({ name, pid: Number(pid) }));
}

/** Starts server-n again as `npm run cluster` does, and writes its new id where cluster:stop reads it. */
function restartServer(name: string): void {
  const n = Number(name.slice("server-".length));
  const secrets = Object.fromEntries(fs.readFileSync(".cluster/secrets", "utf8").trim().split("\n").map((l) => l.split("=", 2) as [string, string]));
  const log = fs.openSync(`.cluster/logs/${name}.log`, "a");
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist-server/main.mjs"], {
    env: {
      ...process.env, ...secrets, PORT: String(PROXY_PORT + n), HOST: "127.0.0.1", NODE_ENV: "production", SEED: "demo", SMS_PROVIDER: "log", TRUST_PROXY: "1",
      DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: `postgres://postgres@127.0.0.1:${PG_PORT + 1}/${CLUSTER_DB}`,
      REDIS_URL: NAMES.REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379", EXPORT_DIR: `${process.cwd()}/.cluster/exports`,
      ...(NAMES.JOB_LOCK_SECONDS ? { JOB_LOCK_SECONDS: NAMES.JOB_LOCK_SECONDS } : {}),
    },
    stdio: ["ignore", log, log],
    detached: true,
  });
  child.unref();
  const lines = fs.readFileSync(PIDS, "utf8").trim().split("\n").map((l) => (l.startsWith(`${name} `) ? `${name} ${child.pid}` : l));
  fs.writeFileSync(PIDS, lines.join("\n") + "\n");
}

function pgctl(cluster: "primary" | "replica", action: "restart" | "stop" | "start"): void {
  execFileSync("pg_ctlcluster", [VERSION, `${CLUSTER_NAME}_${cluster}`, action, ...(action === "restart" ? ["-m", "fast"] : [])], { stdio: "ignore" });
}

/** Until the proxy answers ready again; how long it took. */
async function backWithin(ms: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    const ok = await fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
    if (ok) return Date.now() - t0;
    await sleep(250);
  }
  return Infinity;
}

async function faults(seconds: number, log: string[], primaryWindow: { from: number; to: number }): Promise<void> {
  const t0 = Date.now();
  const end = t0 + seconds * 1000;
  const at = (fraction: number) => t0 + fraction * seconds * 1000;
  const plan: { when: number; what: () => Promise<void> }[] = [];
  let k = 0;
  for (let t = t0 + KILL_EVERY_MS; t < end - 5_000; t += KILL_EVERY_MS) {
    const i = k++;
    plan.push({
      when: t,
      what: async () => {
        const list = servers();
        const victim = list[i % list.length];
        try {
          process.kill(victim.pid, "SIGKILL");
        } catch {
          /* already gone */
        }
        log.push(`${((Date.now() - t0) / 1000).toFixed(0)} s: SIGKILL ${victim.name} (pid ${victim.pid})`);
        await sleep(3_000);
        restartServer(victim.name);
      },
    });
  }
  plan.push({
    when: at(0.35),
    what: async () => {
      primaryWindow.from = Date.now();
      pgctl("primary", "restart");
      const back = await backWithin(RETURN_WITHIN_MS);
      primaryWindow.to = Date.now() + 10_000;
      log.push(`${((primaryWindow.from - t0) / 1000).toFixed(0)} s: PostgreSQL primary restarted; the proxy answered ready again ${Number.isFinite(back) ? `${(back / 1000).toFixed(1)} s` : "never"} after the restart`);
      check(Number.isFinite(back) && back <= RETURN_WITHIN_MS, "the service returned by itself within 30 s of the primary's restart");
    },
  });
  plan.push({
    when: at(0.6),
    what: async () => {
      pgctl("replica", "stop");
      log.push(`${((Date.now() - t0) / 1000).toFixed(0)} s: replica stopped (reads fall back to the primary)`);
      await sleep(Math.min(15_000, seconds * 200));
      pgctl("replica", "start");
      log.push(`${((Date.now() - t0) / 1000).toFixed(0)} s: replica started again`);
    },
  });
  plan.sort((a, b) => a.when - b.when);
  const running: Promise<void>[] = [];
  for (const step of plan) {
    await sleep(Math.max(0, step.when - Date.now()));
    running.push(step.what());
  }
  await Promise.all(running);
}

async function main(): Promise<void> {
  if (!fs.existsSync(PIDS)) throw new Error("no cluster is running: npm run cluster first");
  const db = await openDb({ databaseUrl: primaryUrl });
  try {
    await waitReady(base);
    const { memberIds } = await prepare(db.db);
    await warmBookingDays(base);
    const seats = await snapshotSeats(db.db);
    const startedAt = new Date().toISOString();
    console.log(`bench:chaos — cluster at ${base}, ${settings.users} users for ${settings.seconds} s, faults as they come`);
    const log: string[] = [];
    const primaryWindow = { from: Infinity, to: -Infinity };
    const errorsAt: { t: number; action: string; message: string; clean: boolean }[] = [];
    const [result] = await Promise.all([
      runLoad({ base, ...settings, sandboxSecret: clusterSecret(), memberIds, captchaBypass: false, onError: (action, message, clean) => errorsAt.push({ t: Date.now(), action, message, clean }) }),
      faults(settings.seconds, log, primaryWindow),
    ]);
    for (const l of log) console.log(`fault: ${l}`);
    const { unclean } = printLoad(result);
    console.log(loadAverage());
    const outside = errorsAt.filter((e) => e.t < primaryWindow.from || e.t > primaryWindow.to);
    const during = errorsAt.length - outside.length;
    check(unclean === 0, `every answer was an envelope, also while processes died (${unclean} without)`);
    check(outside.length === 0, `no error outside the primary's restart (${during} during it, ${outside.length} outside${outside.length ? `: ${outside.slice(0, 3).map((e) => `${e.action}: ${e.message}`).join(" | ")}` : ""})`);
    await backWithin(RETURN_WITHIN_MS);
    await duplicateNotifications(db.db, clusterSecret());
    await killJobRunnerMidJob(db.db, { base, secret: clusterSecret(), signIn, servers, restartServer, check });
    seats.delete(await lastSeat(db.db));
    // The audit reads the primary once the replica-bound writes have settled.
    check(await audit(db.db, { memberIds, seats, startedAt }, result), "the audit after the faults");
  } finally {
    await db.close();
  }
}

async function signIn(c: ReturnType<typeof httpClient>, phone: string, ip: string): Promise<string> {
  const r = await c.post("/login/appNewLogin", { mobilePhone: phone, loginPsw: md5("demo123456") }, null, ip);
  if (r.ret !== 0) throw new Error(`sign in: ${r.msg}`);
  return r.data.token;
}

async function duplicateNotifications(db: Awaited<ReturnType<typeof openDb>>["db"], secret: string): Promise<void> {
  const c = httpClient(base, 100);
  const ip = "10.254.0.1";
  const token = await signIn(c, "13800000010", ip);
  const today = chinaDate(Date.now());
  const list = (await c.post("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: addDays(today, 9) }, token, ip)).data.list as any[];
  const seat = list.flatMap((f) => f.seats).find((s: any) => s.cabinClass === "Y" && s.seatsLeft >= 1 && !s.fareFamily);
  const order = (await c.post(FLIGHT_ORDER_PATHS.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: crypto.randomUUID(), contactName: "张三", contactMobile: "13800000010",
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  }, token, ip)).data;
  const trade = (await c.post(PAY_PATHS.create, { orderId: order.id, method: "alipay" }, token, ip)).data;
  const notice = { outTradeNo: trade.outTradeNo, tradeNo: `SBX-CHAOS${Date.now()}`, totalFen: order.payprice, method: "alipay" as const };
  const body = { ...notice, sign: signSandbox(secret, notice) };
  const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => c.post(PAY_PATHS.sandboxNotify, body, null, `10.253.0.${1 + (i % 250)}`).catch((e: Error): Envelope => ({ ret: -1, msg: e.message, data: null }))));
  c.close();
  const paid = replies.filter((r) => r.ret === 0 && r.data?.status === "paid").length;
  const payments = await db.selectFrom("payments").select("status").where("outTradeNo", "=", trade.outTradeNo).execute();
  const ledger = await db.selectFrom("ledger").select(["entry", "direction", "account"]).where("outTradeNo", "=", trade.outTradeNo).execute();
  const kinds = ledger.map((l) => `${l.account}:${l.entry}:${l.direction}`);
  console.log(`100 duplicate notifications: ${paid} answered paid; ${payments.length} payment (${payments.map((p) => p.status).join(",")}), ledger rows ${kinds.join(" ")}`);
  check(paid === 100, "every copy of the notification answered paid");
  check(payments.length === 1 && payments[0].status === "paid", "one payment, paid once");
  check(new Set(kinds).size === kinds.length && kinds.length >= 1, "one credit: no ledger row written twice");
}

/** Answers the flight cabin whose count it set by hand (the seat audit leaves it out). */
async function lastSeat(db: Awaited<ReturnType<typeof openDb>>["db"]): Promise<string> {
  const c = httpClient(base, 50);
  const today = chinaDate(Date.now());
  const depDate = addDays(today, 10);
  const phones = ["13800000010", "13800000020", "13800000030", "13800000050"];
  const tokens = await Promise.all(phones.map((p, i) => signIn(c, p, `10.252.0.${i + 1}`)));
  const list = (await c.post("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate }, tokens[0], "10.252.0.1")).data.list as any[];
  const flight = list.find((f) => f.seats.some((s: any) => s.cabinClass === "Y" && s.cabinCode === "Y" && s.seatsLeft > 0));
  const seat = flight.seats.find((s: any) => s.cabinClass === "Y" && s.cabinCode === "Y");
  const row = await db.selectFrom("air_flights").select("yTotal").where("flightKey", "=", flight.flightKey).executeTakeFirstOrThrow();
  const sold = soldElsewhere(DEFAULT_INVENTORY_SEED, `${flight.flightKey}|Y`, flight.depDate, today, row.yTotal);
  await db.updateTable("air_flights").set({ yRemaining: sold + 1 }).where("flightKey", "=", flight.flightKey).execute();
  const orders0 = (await db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n;
  const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => c.post(FLIGHT_ORDER_PATHS.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: crypto.randomUUID(), contactName: "张三", contactMobile: phones[i % 4],
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  }, tokens[i % 4], `10.251.0.${1 + i}`).catch((e: Error): Envelope => ({ ret: -1, msg: e.message, data: null }))));
  c.close();
  const won = replies.filter((r) => r.ret === 0).length;
  const soldOut = replies.filter((r) => r.ret === 409).length;
  const left = (await db.selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flight.flightKey).executeTakeFirstOrThrow()).yRemaining - sold;
  const orders1 = (await db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n;
  console.log(`50 buyers of the last seat of ${flight.flightNo} ${depDate}: ${won} booked, ${soldOut} told it is gone, ${50 - won - soldOut} other; left ${left}`);
  check(won === 1 && soldOut === 49, "exactly one booking, every other buyer told it is gone");
  check(Number(orders1) - Number(orders0) === 1 && left === 0, "one order written, the count at zero");
  return `${flight.flightKey}|yRemaining`;
}

await main().catch((e: Error) => {
  console.error(`bench:chaos could not run: ${e.message}`);
  failed = true;
});
console.log(failed ? "bench:chaos: FAILED" : "bench:chaos: every invariant held through the faults");
process.exit(failed ? 1 : 0);
