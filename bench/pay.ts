// npm run bench:pay — 200 concurrent wallet payments on distinct flight orders, then 100
// concurrent duplicate deliveries of one sandbox notification, on a fresh SQLite database (or
// DATABASE_URL). Prints throughput and p50/p99 of each, and checks every wallet against the
// ledger: balance before − wallet debits + wallet credits = balance after, exactly one ledger
// row for the duplicated trade. Exits 1 when any check fails. The app is driven in process
// (inject), so the figures are the server's own work without network overhead.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { buildApp } from "../server/app";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { seedDemo, DEMO_PASSWORD } from "../server/db/seed/demo";
import { createAuthorize } from "../server/services/authorize";
import { hashPassword } from "../server/services/accounts/passwords";
import { DEMO_SANDBOX_SECRET, signSandbox } from "../server/payments/sandbox";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { PAY_PATHS, requestVerify } from "../src/domain/payments";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightItem } from "../src/domain/travel/types";

const PAYMENTS = 200;
const DUPLICATES = 100;
const MEMBERS = ["13800000010", "13800000020", "13800000030", "13800000040"];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-pay-"));
const url = process.env.DATABASE_URL;
const database = await openDb(url ? { databaseUrl: url, pgSchema: `bench_pay_${process.pid}` } : { dataDir });
await migrateToLatest(database.db, database.schema);
await seedDemo(database.db);
const app = await buildApp({ db: database, nodeEnv: "development", authorize: createAuthorize(database.db) });
await app.ready();
const db = database.db;

async function post(url: string, body: Record<string, string | number>) {
  const res = await app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });
  return res.json() as { ret: number; msg: string; data: any };
}

const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");
const PAY_PASSWORD = md5("135790");
const who: { mobile: string; id: number; token: string }[] = [];
for (const mobile of MEMBERS) {
  const r = await post("/login/appNewLogin", { mobilePhone: mobile, loginPsw: md5(DEMO_PASSWORD), accCode: "-9990" });
  if (r.ret !== 0) throw new Error(`login ${mobile}: ${r.msg}`);
  const id = (await db.selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow()).id;
  await db.updateTable("wallets").set({ balanceFen: 10_000_000 }).where("memberId", "=", id).execute();
  // The wallet never pays without the pay password: each payment below sends it.
  await db.updateTable("members").set({ payPasswordHash: await hashPassword(PAY_PASSWORD) }).where("id", "=", id).execute();
  who.push({ mobile, id, token: r.data.token });
}

// Orders of one adult each, spread over days and flights so no flight runs out of seats.
const today = chinaDate(Date.now());
const trades: { member: (typeof who)[number]; outTradeNo: string }[] = [];
let day = 1;
while (trades.length < PAYMENTS + 1) {
  const list: FlightItem[] = (await post("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: addDays(today, day++) })).data.list;
  for (const seat of list.flatMap((f) => f.seats).filter((s) => s.cabinClass === "Y" && s.seatsLeft >= 1)) {
    if (trades.length > PAYMENTS) break;
    if (day > 60) throw new Error("not enough seats in the inventory");
    const m = who[trades.length % who.length];
    const o = await post(FLIGHT_ORDER_PATHS.book, {
      token: m.token, fareKey: seat.fareKey, price: seat.salePrice, clientKey: `bench-pay-${trades.length}`, contactName: "张三", contactMobile: m.mobile,
      "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    });
    // A subclass sold out by an earlier booking of this loop: take the next fare.
    if (o.ret !== 0) continue;
    const method = trades.length === PAYMENTS ? "alipay" : "wallet";
    const t = await post(PAY_PATHS.create, { token: m.token, orderId: o.data.id, method });
    if (t.ret !== 0) throw new Error(`create: ${t.msg}`);
    trades.push({ member: m, outTradeNo: t.data.outTradeNo });
  }
}
const qrTrade = trades.pop()!;

const balances = async () => {
  const rows = await db.selectFrom("wallets").select(["memberId", "balanceFen"]).where("memberId", "in", who.map((m) => m.id)).execute();
  return new Map(rows.map((r) => [r.memberId, r.balanceFen]));
};
const before = await balances();

function report(name: string, times: number[], wallMs: number) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  console.log(`${name}: ${times.length} in ${wallMs.toFixed(0)} ms · ${((times.length / wallMs) * 1000).toFixed(0)}/s · p50 ${at(0.5).toFixed(1)} ms · p99 ${at(0.99).toFixed(1)} ms`);
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}

let failed = false;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};

const t0 = performance.now();
const paid = await Promise.all(
  trades.map((t) =>
    timed(() => post(PAY_PATHS.wallet, { token: t.member.token, outTradeNo: t.outTradeNo, requestVerify: requestVerify(t.member.id, t.outTradeNo), businessType: 5, payPassword: PAY_PASSWORD })),
  ),
);
report("wallet payments", paid.map(([, ms]) => ms), performance.now() - t0);
check(paid.every(([r]) => r.ret === 0 && r.data.status === "paid"), `all ${PAYMENTS} wallet payments succeeded`);

const p = await db.selectFrom("payments").select(["amountFen"]).where("outTradeNo", "=", qrTrade.outTradeNo).executeTakeFirstOrThrow();
const n = { outTradeNo: qrTrade.outTradeNo, tradeNo: "SBX-bench", totalFen: p.amountFen, method: "alipay" as const };
const body = { ...n, sign: signSandbox(DEMO_SANDBOX_SECRET, n) };
const t1 = performance.now();
const notified = await Promise.all(Array.from({ length: DUPLICATES }, () => timed(() => post(PAY_PATHS.sandboxNotify, body))));
report("duplicate notifications", notified.map(([, ms]) => ms), performance.now() - t1);
check(notified.every(([r]) => r.ret === 0 && r.data.status === "paid"), `all ${DUPLICATES} deliveries answered paid`);
const qrRows = await db.selectFrom("ledger").select("id").where("outTradeNo", "=", qrTrade.outTradeNo).execute();
check(qrRows.length === 1, `one ledger row for the duplicated trade (found ${qrRows.length})`);

const after = await balances();
// The seed's opening rows explain the demo balances the bench overwrote; only what moved since counts.
const ledger = await db.selectFrom("ledger").select(["memberId", "direction", "amountFen"]).where("account", "=", "wallet").where("entry", "!=", "opening").execute();
for (const m of who) {
  const moved = ledger.filter((l) => l.memberId === m.id).reduce((s, l) => s + (l.direction === "in" ? l.amountFen : -l.amountFen), 0);
  const b0 = before.get(m.id)!;
  const b1 = after.get(m.id)!;
  check(b0 + moved === b1 && b1 >= 0, `${m.mobile}: ${b0} ${moved < 0 ? "−" : "+"} ${Math.abs(moved)} = ${b1} fen`);
}

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
