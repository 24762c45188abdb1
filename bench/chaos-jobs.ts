// bench:chaos's job runner killed mid-job. A flight order is booked and paid through the proxy;
// its ticketing job (ticket numbers for every passenger, the order's move to 已出票) is caught
// mid-way: the bench holds the order row, so whichever server process claims the job stops
// inside it, its ticket numbers written but not committed. The job's claim names its process
// (jobs.lockedBy), which is killed with SIGKILL and started again. The claim runs out after its
// lease (JOB_LOCK_SECONDS, given to the cluster for the bench); another runner then claims the job
// and runs it. The effect must be there exactly once: one claim after the dead one, the order
// ticketed by one 出票 event, each passenger one ticket number, and nothing before the lease ran out.
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../server/db/schema";
import { FLIGHT_ORDER_TICKET_JOB } from "../server/orders/flight/ticketing";
import { signSandbox } from "../server/payments/sandbox";
import { FLIGHT_ORDER_STATUS } from "../src/domain/orders/flight";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { PAY_PATHS } from "../src/domain/payments";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import { httpClient } from "./load-mix";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Past this lease the bench would wait minutes: the cluster was started without JOB_LOCK_SECONDS. */
const LEASE_MAX_MS = 120_000;

export interface JobKillDeps {
  base: string;
  secret: string;
  signIn: (c: ReturnType<typeof httpClient>, phone: string, ip: string) => Promise<string>;
  servers: () => { name: string; pid: number }[];
  restartServer: (name: string) => void;
  check: (ok: boolean, what: string) => void;
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    const v = await probe();
    if (v) return v;
    await sleep(100);
  }
  throw new Error(`waited ${ms / 1000} s for ${what}`);
}

/** A paid one-passenger flight order, booked and paid (sandbox QR) through the proxy. */
async function paidOrder(d: JobKillDeps): Promise<number> {
  const c = httpClient(d.base, 4);
  const ip = "10.250.0.1";
  try {
    const token = await d.signIn(c, "13800000030", ip);
    const list = (await c.post("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: addDays(chinaDate(Date.now()), 11) }, token, ip)).data.list as any[];
    const seat = list.flatMap((f) => f.seats).find((s: any) => s.cabinClass === "Y" && s.seatsLeft >= 1 && !s.fareFamily);
    const booked = await c.post(FLIGHT_ORDER_PATHS.book, {
      fareKey: seat.fareKey, price: seat.salePrice, clientKey: crypto.randomUUID(), contactName: "张三", contactMobile: "13800000030",
      "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    }, token, ip);
    if (booked.ret !== 0) throw new Error(`book: ${booked.msg}`);
    const trade = await c.post(PAY_PATHS.create, { orderId: booked.data.id, method: "alipay" }, token, ip);
    if (trade.ret !== 0) throw new Error(`trade: ${trade.msg}`);
    const notice = { outTradeNo: trade.data.outTradeNo, tradeNo: `SBX-JOBKILL${Date.now()}`, totalFen: booked.data.payprice, method: "alipay" as const };
    const paid = await c.post(PAY_PATHS.sandboxNotify, { ...notice, sign: signSandbox(d.secret, notice) }, null, ip);
    if (paid.ret !== 0) throw new Error(`pay: ${paid.msg}`);
    return booked.data.id as number;
  } finally {
    c.close();
  }
}

export async function killJobRunnerMidJob(db: Kysely<Database>, d: JobKillDeps): Promise<void> {
  const orderId = await paidOrder(d);
  const payload = JSON.stringify({ orderId });
  // The payment submits the order for ticketing; that job schedules the ticketing job a few seconds on.
  const { id: jobId } = await until("the ticketing job", 60_000, () =>
    db.selectFrom("jobs").select("id").where("kind", "=", FLIGHT_ORDER_TICKET_JOB).where("payload", "=", payload).where("doneAt", "is", null).executeTakeFirst());
  let victim: { name: string; pid: number } | undefined;
  let leaseMs = 0;
  let killedAt = 0;
  await db.transaction().execute(async (trx) => {
    // Held before the job falls due: the ticketing job stops at the order row, mid-job.
    await trx.selectFrom("orders").select("id").where("id", "=", orderId).forUpdate().execute();
    const claimed = await until("a runner's claim on the ticketing job", 60_000, () =>
      trx.selectFrom("jobs").select(["lockedBy", "lockedUntil", "attempts"]).where("id", "=", jobId).where("lockedBy", "is not", null).executeTakeFirst());
    // lockedBy is host:pid:claim; the job is now inside its transaction, waiting for the order row.
    const pid = Number(claimed.lockedBy!.split(":").at(-2));
    victim = d.servers().find((s) => s.pid === pid);
    leaseMs = Date.parse(claimed.lockedUntil!) - Date.now();
    await until("the job to wait inside its transaction", 10_000, async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))`.execute(trx)).rows[0].n > 0);
    if (victim) process.kill(victim.pid, "SIGKILL");
    killedAt = Date.now();
    await sleep(1_000);
  });
  d.check(victim !== undefined, `the ticketing job's claim names a server process of the cluster (${victim ? `${victim.name}, pid ${victim.pid}` : "none"})`);
  if (!victim) return;
  console.log(`job runner: SIGKILL ${victim.name} (pid ${victim.pid}) inside ticketing job ${jobId} of order ${orderId}; its claim runs ${(leaseMs / 1000).toFixed(0)} s more`);
  d.restartServer(victim.name);
  d.check(leaseMs > 0 && leaseMs <= LEASE_MAX_MS, `the claim's lease is short enough to wait for (${(leaseMs / 1000).toFixed(0)} s; start the cluster with JOB_LOCK_SECONDS=20)`);
  if (leaseMs > LEASE_MAX_MS) return;

  const done = await until("the ticketing job done by another runner", leaseMs + 60_000, () =>
    db.selectFrom("jobs").select(["doneAt", "attempts", "lockedBy"]).where("id", "=", jobId).where("doneAt", "is not", null).executeTakeFirst());
  const order = await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow();
  const events = await db.selectFrom("order_events").select("action").where("orderId", "=", orderId).where("action", "=", "ticket").execute();
  const tickets = await db.selectFrom("order_passengers").select("ticketNo").where("orderId", "=", orderId).execute();
  const after = (Date.parse(done.doneAt!) - killedAt) / 1000;
  console.log(`job runner: ticketing job ${jobId} done ${after.toFixed(1)} s after the kill, claim ${done.attempts}; order status ${order.status}, ${events.length} 出票 event(s), tickets ${tickets.map((t) => t.ticketNo).join(",")}`);
  d.check(Number(done.attempts) === 2, "the job was claimed once more after the dead claim, and only once");
  d.check(after * 1000 >= leaseMs - 1_000, "no runner took it before the dead claim ran out");
  d.check(order.status === FLIGHT_ORDER_STATUS.ticketed && events.length === 1, "the order ticketed once (one 出票 event)");
  d.check(tickets.length > 0 && tickets.every((t) => t.ticketNo), "every passenger has their ticket number");
}
