// The simulated users of bench:load and bench:chaos. Each signs in as one of the demo members
// (from an address of its own, as real users' are), then until the time is up does one action
// of a realistic mix after a pause to think: search flights, trains or hotels, view a fare, list
// its orders, book a flight and pay it from the wallet or by the sandbox QR gateway, book and
// cancel, refund a paid order, export a bill. Every acknowledged booking and payment is written
// down, so the audit can check none was lost.
import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { signSandbox } from "../server/payments/sandbox";
import { PAY_PATHS, requestVerify } from "../src/domain/payments";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { FLIGHT_AFTER_SALES_PATHS, REFUND_REASONS } from "../src/domain/orders/flight-after-sales";
import { billExcelPath } from "../src/domain/bills";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import { percentile } from "./client";

export const BENCH_MEMBERS = ["13800000010", "13800000020", "13800000030", "13800000050"];
export const BENCH_PAY_PASSWORD = "135790";
/** Bookings fall on these days ahead, searched once before the run so the inventory is there. */
export const BOOKING_DAYS = [3, 4, 5, 6, 7];
const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");

export interface Envelope {
  ret: number;
  msg: string;
  data: any;
}

/** An answer the server gave on purpose (sold out, not refundable yet): counted apart from errors. */
class Refused extends Error {}
/** No envelope came back: a dropped connection, a proxy's own error page, a timeout. */
export class Unclean extends Error {}

export interface LoadOptions {
  base: string;
  users: number;
  seconds: number;
  thinkMs: number;
  sandboxSecret: string;
  memberIds: Map<string, number>;
  /** A development server takes the captcha bypass; a production one asks no captcha of a first sign-in. */
  captchaBypass: boolean;
  /** Told of every error as it happens (bench:chaos places them against its faults). */
  onError?: (action: string, message: string, clean: boolean) => void;
}

export interface ActionStats {
  latencies: number[];
  ok: number;
  refused: number;
  errors: number;
  lastErrors: string[];
  refusals: string[];
  /** Errors without an envelope (the rest were envelopes saying what failed). */
  unclean: number;
}

export interface LoadResult {
  actions: Map<string, ActionStats>;
  wallMs: number;
  /** HTTP requests sent (an action is one or several). */
  requests: number;
  /** Requests sent again after a reused connection was closed with no answer (see `send`). */
  resent: number;
  /** Orders the server said it booked, and trades it said were paid. */
  ackOrders: Set<number>;
  ackPaid: Set<string>;
}

/** A reused keep-alive connection closed before any answer came (see `send`). */
class UnansweredOnReused extends Error {}

export function httpClient(base: string, sockets: number) {
  const u = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  // A proxy that cannot pass a request on (every process not ready, a process gone) answers a
  // request that came on a reused keep-alive connection by closing that connection with no answer
  // at all: the HTTP way of saying it was not processed and may be sent again. Browsers send it
  // again on a new connection by themselves; Node's agent does not, so the bench does it here,
  // once, and counts it. A request on a fresh connection, or one that got any answer, is never resent.
  let resent = 0;
  async function send(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
    try {
      return await sendOnce(path, body, headers);
    } catch (e) {
      if (!(e instanceof UnansweredOnReused)) throw e;
      resent += 1;
      return sendOnce(path, body, headers, true);
    }
  }
  function sendOnce(path: string, body: string, headers: Record<string, string>, fresh = false): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: fresh ? false : agent, host: u.hostname, port: Number(u.port || 80), path: `/api${path}`, method: "POST",
          headers: { ...headers, "content-length": Buffer.byteLength(body), "accept-encoding": "gzip" },
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const raw = Buffer.concat(chunks);
            const text = res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw).toString("utf8") : raw.toString("utf8");
            resolve({ status: res.statusCode ?? 0, text });
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      let answered = false;
      req.on("response", () => (answered = true));
      req.on("error", (e: NodeJS.ErrnoException) => {
        const closedUnanswered = e.code === "ECONNRESET" || e.message === "socket hang up";
        reject(req.reusedSocket && !answered && closedUnanswered ? new UnansweredOnReused(e.message) : e);
      });
      req.end(body);
    });
  }
  let requests = 0;
  async function post(path: string, form: Record<string, string | number>, token: string | null, ip: string): Promise<Envelope> {
    requests += 1;
    const body = new URLSearchParams(Object.entries({ ...form, device: "web", timestamp: Date.now() }).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const r = await send(path, body, { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, ...(token ? { authorization: `Bearer ${token}` } : {}) }).catch((e: Error) => {
      throw new Unclean(`${path}: ${e.message}`);
    });
    try {
      return JSON.parse(r.text) as Envelope;
    } catch {
      throw new Unclean(`${path}: HTTP ${r.status} without an envelope`);
    }
  }
  async function download(taskId: number, token: string, ip: string): Promise<number> {
    requests += 1;
    const r = await send("/export/file", JSON.stringify({ taskId }), { "content-type": "application/json", authorization: `Bearer ${token}`, "x-forwarded-for": ip });
    return r.status;
  }
  return { post, download, requests: () => requests, resent: () => resent, close: () => agent.destroy() };
}

const BUSINESS_REFUSAL = new Set([409, 429, 404]);

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const client = httpClient(o.base, Math.min(o.users, 256));
  const actions = new Map<string, ActionStats>();
  const ackOrders = new Set<number>();
  const ackPaid = new Set<string>();
  const stat = (name: string) => {
    let s = actions.get(name);
    if (!s) actions.set(name, (s = { latencies: [], ok: 0, refused: 0, errors: 0, lastErrors: [], refusals: [], unclean: 0 }));
    return s;
  };
  async function measure<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
    const s = stat(name);
    const t0 = performance.now();
    try {
      const r = await fn();
      s.latencies.push(performance.now() - t0);
      s.ok++;
      return r;
    } catch (e) {
      if (e instanceof Refused) {
        s.refused++;
        if (s.refusals.length < 2 && !s.refusals.includes(e.message)) s.refusals.push(e.message.slice(0, 80));
      }
      else {
        const clean = !(e instanceof Unclean);
        s.errors++;
        if (!clean) s.unclean++;
        if (s.lastErrors.length < 5) s.lastErrors.push((e as Error).message.slice(0, 160));
        o.onError?.(name, (e as Error).message, clean);
      }
      return null;
    }
  }
  const today = chinaDate(Date.now());
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];
  const end = Date.now() + o.seconds * 1000;
  const t0 = performance.now();

  async function user(i: number) {
    const phone = BENCH_MEMBERS[i % BENCH_MEMBERS.length];
    const memberId = o.memberIds.get(phone)!;
    const ip = `10.${(i >> 8) & 255}.${i & 255}.${1 + (i % 250)}`;
    const ok = (r: Envelope, what: string) => {
      if (r.ret === 0) return r.data;
      if (r.ret >= 500) throw new Error(`${what}: ${r.ret} ${r.msg}`);
      if (BUSINESS_REFUSAL.has(r.ret) || /售完|不足|已满|不能|不可|尚未|状态|过期|稍后/.test(r.msg)) throw new Refused(r.msg);
      throw new Error(`${what}: ${r.ret} ${r.msg}`);
    };
    const api = async (path: string, form: Record<string, string | number>, what: string) => ok(await client.post(path, form, token, ip), what);
    let token: string | null = null;
    const signIn = async () => {
      const form: Record<string, string> = { mobilePhone: phone, loginPsw: md5("demo123456"), ...(o.captchaBypass ? { accCode: "-9990" } : {}) };
      token = null;
      token = (await api("/login/appNewLogin", form, "sign in")).token as string;
    };
    // Spread the first sign-ins over the first seconds, as users arrive.
    await new Promise((r) => setTimeout(r, Math.random() * Math.min(5_000, o.seconds * 200)));
    await measure("sign in", signIn);
    const paidOrders: number[] = [];
    const searchFlights = async () => {
      const list = (await api("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: addDays(today, pick(BOOKING_DAYS)) }, "search flights")).list as any[];
      return list;
    };
    const book = async () => {
      const list = await searchFlights();
      const seats = list.flatMap((f) => f.seats).filter((s: any) => s.cabinClass === "Y" && s.seatsLeft >= 1 && !s.fareFamily);
      if (!seats.length) throw new Refused("no seat");
      const seat = pick(seats);
      const order = await api(FLIGHT_ORDER_PATHS.book, {
        fareKey: seat.fareKey, price: seat.salePrice, clientKey: crypto.randomUUID(), contactName: "张三", contactMobile: phone,
        "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
      }, "book");
      ackOrders.add(order.id);
      return order as { id: number; payprice: number };
    };
    const payWallet = async (orderId: number) => {
      const trade = await api(PAY_PATHS.create, { orderId, method: "wallet" }, "create trade");
      const r = await api(PAY_PATHS.wallet, { outTradeNo: trade.outTradeNo, requestVerify: requestVerify(memberId, trade.outTradeNo), businessType: 5, payPassword: md5(BENCH_PAY_PASSWORD) }, "pay wallet");
      if (r.status !== "paid") throw new Error(`pay wallet: ${r.status}`);
      ackPaid.add(trade.outTradeNo);
      paidOrders.push(orderId);
    };
    const payQr = async (order: { id: number; payprice: number }) => {
      const trade = await api(PAY_PATHS.create, { orderId: order.id, method: "alipay" }, "create trade");
      // The sandbox gateway's own trade number (SBX…): a refund of it goes back through the sandbox too.
      const notice = { outTradeNo: trade.outTradeNo, tradeNo: `SBX-LOAD${trade.outTradeNo}`, totalFen: order.payprice, method: "alipay" as const };
      const r = await api(PAY_PATHS.sandboxNotify, { ...notice, sign: signSandbox(o.sandboxSecret, notice) }, "sandbox notify");
      if (r.status !== "paid") throw new Error(`pay qr: ${r.status}`);
      ackPaid.add(trade.outTradeNo);
      paidOrders.push(order.id);
    };
    const mix: [number, string, () => Promise<unknown>][] = [
      [24, "search flights", searchFlights],
      [12, "search trains", () => api("/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate: addDays(today, pick(BOOKING_DAYS)), trainTypes: "G" }, "search trains")],
      [12, "search hotels", () => api("/hotel/search/list_credit", { cityCode: "3101", checkIn: addDays(today, 3), checkOut: addDays(today, 4), pageSize: 20 }, "search hotels")],
      [10, "view fare", async () => {
        const seat = (await searchFlights()).flatMap((f) => f.seats).find((s: any) => !s.fareFamily);
        if (seat) await api("/api/v1/trip_manager/air_ticket_domestic_flight/verify", { fareKey: seat.fareKey }, "view fare");
      }],
      [12, "list orders", () => api(FLIGHT_ORDER_PATHS.list, {}, "list orders")],
      [10, "book + pay wallet", async () => payWallet((await book()).id)],
      [6, "book + pay QR", async () => payQr(await book())],
      [6, "book + cancel", async () => {
        const order = await book();
        await api(FLIGHT_ORDER_PATHS.cancel, { id: order.id }, "cancel");
      }],
      [4, "refund", async () => {
        const id = paidOrders.shift();
        if (!id) throw new Refused("nothing paid yet");
        await api(FLIGHT_ORDER_PATHS.detail, { id }, "order detail");
        // No passengers named: every passenger's ticket is refunded.
        await api(FLIGHT_AFTER_SALES_PATHS.refundSubmit, { id, reason: REFUND_REASONS[0] }, "refund");
      }],
      [4, "export bill", async () => {
        let task = await api(billExcelPath("transactionBill"), {}, "export");
        for (let k = 0; k < 150 && task.status === "running"; k++) {
          await new Promise((r) => setTimeout(r, 200));
          task = await api("/export/status", { taskId: task.taskId }, "export status");
        }
        // An export whose process died is written again by another process once its progress
        // has stalled for minutes: not lost, and not this user's to wait for.
        if (task.status === "running") throw new Refused("still preparing after 30 s");
        if (task.status !== "done") throw new Error(`export: ${task.status}`);
        const status = await client.download(task.taskId, token!, ip);
        if (status !== 200) throw new Error(`export download: HTTP ${status}`);
      }],
    ];
    const total = mix.reduce((n, [w]) => n + w, 0);
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, o.thinkMs * (0.5 + Math.random())));
      if (Date.now() >= end) break;
      if (!token) {
        await measure("sign in", signIn);
        continue;
      }
      let roll = Math.random() * total;
      const [, name, act] = mix.find(([w]) => (roll -= w) < 0) ?? mix[0];
      await measure(name, act);
    }
  }

  await Promise.all(Array.from({ length: o.users }, (_, i) => user(i)));
  client.close();
  return { actions, wallMs: performance.now() - t0, requests: client.requests(), resent: client.resent(), ackOrders, ackPaid };
}

export function printLoad(r: LoadResult): { errors: number; unclean: number } {
  const rows = [...r.actions.entries()].sort(([a], [b]) => a.localeCompare(b));
  let errors = 0;
  let unclean = 0;
  let done = 0;
  console.log("action               count   ok  refused errors   p50 ms   p95 ms   p99 ms");
  for (const [name, s] of rows) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    errors += s.errors;
    unclean += s.unclean;
    done += s.ok + s.refused + s.errors;
    const f = (p: number) => (sorted.length ? percentile(sorted, p).toFixed(0) : "-").padStart(8);
    console.log(`${name.padEnd(20)} ${String(s.ok + s.refused + s.errors).padStart(5)} ${String(s.ok).padStart(5)} ${String(s.refused).padStart(7)} ${String(s.errors).padStart(6)} ${f(50)} ${f(95)} ${f(99)}`);
    for (const e of s.lastErrors) console.log(`    error, e.g. ${e}`);
    for (const e of s.refusals) console.log(`    refused, e.g. ${e}`);
  }
  console.log(`throughput: ${((done / r.wallMs) * 1000).toFixed(1)} actions/s over ${(r.wallMs / 1000).toFixed(0)} s; errors ${errors} (${unclean} without an envelope); ${r.resent} sent again after the proxy closed a reused connection unanswered; bookings acknowledged ${r.ackOrders.size}, payments acknowledged ${r.ackPaid.size}`);
  return { errors, unclean };
}
