// npm run bench:report — latency of the company spend report over 100k flight orders. A fresh
// SQLite file database gets the demo seed, 60 more employees in the company's departments and
// BENCH_ORDERS orders (default 100,000) spread over the past year, bulk-inserted with their
// passengers, booked-flight JSON and change events as bookings write them (the report summaries
// follow through their triggers, as for every write). The real app then
// serves /api/report/domAir/detail on a local port and the report is asked for sequentially:
// the whole year, single months, a department. Prints p50/p95/p99; exits 1 when p95 > 200 ms.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Insertable } from "kysely";
import type { OrdersTable } from "../server/db/tables/orders";
import { buildApp } from "../server/app";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { seedDemo, DEMO_COMPANY } from "../server/db/seed/demo";
import { createSession } from "../server/services/accounts/sessions";
import { createAuthorize } from "../server/services/authorize";
import { AIRLINES } from "../server/inventory/data/airlines";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import { flightFullFareFen, flightOrderTitle } from "../src/domain/reports";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const P95_BUDGET_MS = 200;
const DAY_MS = 86_400_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-report-"));
const database = await openDb({ dataDir });
const db = database.db;
await migrateToLatest(db);
await seedDemo(db);

const company = await db.selectFrom("companies").select("id").where("name", "=", DEMO_COMPANY).executeTakeFirstOrThrow();
const admin = await db.selectFrom("members").selectAll().where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
const departments = await db.selectFrom("departments").select(["id", "name"]).where("companyId", "=", company.id).execute();
const level = await db.selectFrom("trip_levels").select("id").where("companyId", "=", company.id).executeTakeFirstOrThrow();

// Bookers: the seed's employees plus 60 more, spread over the departments.
const at = new Date().toISOString();
const { id: _adminId, ...template } = admin;
for (let i = 0; i < 60; i++) {
  const mobile = `1390000${String(1000 + i)}`;
  const m = await db.insertInto("members").values({ ...template, mobilePhone: mobile, account: mobile, username: mobile, realName: `员工${i}`, memberType: "10", creditMemberId: 0 }).returning("id").executeTakeFirstOrThrow();
  const e = await db
    .insertInto("employees")
    .values({ companyId: company.id, memberId: m.id, departmentId: departments[i % departments.length].id, tripLevelId: level.id, canAudit: 0, employeeLevel: "员工", createTime: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.updateTable("members").set({ creditEmployeeId: e.id }).where("id", "=", m.id).execute();
}
const bookers = (await db.selectFrom("employees").select("memberId").where("companyId", "=", company.id).execute()).map((e) => e.memberId).filter((id): id is number => id !== null);
bookers.push(admin.id);

const CITIES = ["北京", "上海", "广州", "深圳", "成都", "杭州", "西安", "重庆", "武汉", "南京", "昆明", "厦门"];
const airlines = AIRLINES.filter((a) => !a.foreign);
const now = Date.now();
const started = performance.now();
let seq = 0;
// A deterministic pseudo-random stream, so every run inserts the same orders.
let state = 12345;
const rand = (n: number) => ((state = (state * 1103515245 + 12345) % 2147483648), state % n);

for (let done = 0; done < ORDERS; ) {
  const size = Math.min(500, ORDERS - done);
  const orders: Insertable<OrdersTable>[] = [];
  const plans: { passengers: number; changed: boolean }[] = [];
  for (let i = 0; i < size; i++) {
    const created = now - rand(365) * DAY_MS - rand(DAY_MS);
    const depDate = addDays(chinaDate(created), rand(30));
    const dep = CITIES[rand(CITIES.length)];
    let arr = CITIES[rand(CITIES.length)];
    if (arr === dep) arr = CITIES[(CITIES.indexOf(dep) + 1) % CITIES.length];
    const airline = airlines[rand(airlines.length)];
    const flightNo = `${airline.code}${1000 + rand(300)}`;
    const par = 100_000 + rand(20) * 10_000;
    const percent = [100, 90, 80, 70, 60, 50, 40][rand(7)];
    const sale = Math.round((par * percent) / 100_000) * 1000;
    const passengers = rand(10) < 8 ? 1 : 2;
    const roll = rand(100);
    const status = roll < 82 ? 2 : roll < 87 ? 6 : roll < 92 ? 3 : roll < 95 ? 1 : 12;
    const ticket = sale * passengers;
    const total = ticket + passengers * (5000 + 2000 + 2000);
    const snapshot = JSON.stringify({
      flight: {
        flightKey: `${flightNo}|${depDate}`, flightNo, airline: airline.code, airlineName: airline.name, aircraft: airline.fleet[0], aircraftSize: "中", international: false,
        depAirport: "PEK", depAirportName: `${dep}首都国际机场`, depTerminal: "T3", depCity: "BJS", depCityName: dep,
        arrAirport: "SHA", arrAirportName: `${arr}虹桥国际机场`, arrTerminal: "T2", arrCity: "SHA", arrCityName: arr,
        depDate, depTime: "08:00", arrDate: depDate, arrTime: "10:15", arrDayOffset: 0, depUtc: `${depDate}T00:00:00.000Z`, arrUtc: `${depDate}T02:15:00.000Z`,
        durationMin: 135, distanceKm: 1088, stops: [], meal: true, lowestPrice: sale,
      },
      seat: {
        fareKey: `${flightNo}|${depDate}|Y|${percent}`, cabinClass: "Y", cabinClassName: "经济舱", cabinCode: "Y", discount: percent, discountLabel: `${percent / 10}折`,
        parPrice: par, salePrice: sale, limitPrice: null, childCabinPrice: sale, infantPrice: 10_000, adtTaxeCn: 5000, adtTaxeYq: 2000, chdTaxeCn: 0, chdTaxeYq: 1000,
        serviceFee: 2000, discountServiceFee: 2000, seatsLeft: 9, seatStatus: "9", tier: "discount", tierName: "折扣舱", baggage: "托运行李 20KG",
        breakdown: { ADT: { psgType: "ADT", ticket: sale, airportTax: 5000, fuelTax: 2000, serviceFee: 2000, total: sale + 9000 }, CHD: { psgType: "CHD", ticket: sale, airportTax: 0, fuelTax: 1000, serviceFee: 2000, total: sale + 3000 }, INF: { psgType: "INF", ticket: 10_000, airportTax: 0, fuelTax: 0, serviceFee: 0, total: 10_000 } },
      },
    });
    const createTime = new Date(created).toISOString();
    orders.push({
      orderNo: `B${String(++seq).padStart(12, "0")}`, product: "air", memberId: bookers[rand(bookers.length)], companyId: company.id, bookerMemberId: admin.id, travellerMemberId: null,
      status, ticketFen: ticket, constructionFeeFen: 5000 * passengers, fuelSurchargeFen: 2000 * passengers, serviceFeeFen: 2000 * passengers, insuranceFen: 0, totalFen: total,
      fullFareFen: flightFullFareFen(par, 10_000, Array(passengers).fill("ADT"), false),
      fareKey: `${flightNo}|${depDate}|Y`, holdId: null, depDate, title: flightOrderTitle(dep, arr, flightNo), snapshot,
      contactName: "联系人", contactMobile: "13800000070", clientKey: `bench-${seq}`, expiresAt: null, createTime, updateTime: createTime,
    });
    plans.push({ passengers, changed: status === 3 });
  }
  await db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto("orders").values(orders).returning(["id", "createTime", "ticketFen"]).execute();
    const passengers = inserted.flatMap((o, i) =>
      Array.from({ length: plans[i].passengers }, (_, k) => {
        const person = rand(2000);
        return {
          orderId: o.id, name: `旅客${person}`, psgType: "ADT", certType: 1, certNo: `1101051980${String(person).padStart(7, "0")}X`, birthday: null, mobile: null,
          tktPriceFen: o.ticketFen / plans[i].passengers, consTaxFen: 5000, fuelTaxFen: 2000, servFeeFen: 2000, insuType: null, insuPayPriceFen: 0, ticketNo: null, k,
        };
      }).map(({ k: _k, ...p }) => p),
    );
    await trx.insertInto("order_passengers").values(passengers).execute();
    const events = inserted.filter((_, i) => plans[i].changed).map((o) => ({ orderId: o.id, action: "confirmChange", fromStatus: 11, toStatus: 3, actorMemberId: null, actorName: "系统", note: null, createTime: o.createTime }));
    if (events.length) await trx.insertInto("order_events").values(events).execute();
  });
  done += size;
}
console.log(`inserted ${ORDERS.toLocaleString("en-US")} orders in ${((performance.now() - started) / 1000).toFixed(1)} s (${bookers.length} bookers, ${departments.length} departments)`);

if (process.env.BENCH_CACHE_MB) await sql.raw(`pragma cache_size = -${Number(process.env.BENCH_CACHE_MB) * 1024}`).execute(db);
const token = await createSession(db, admin.id);
const app = await buildApp({ db: database, nodeEnv: "production", authorize: createAuthorize(db) });
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;

const today = chinaDate(now);
const yearAgo = addDays(today, -364);
const month = (k: number) => {
  const first = `${addDays(today, -30 * k).slice(0, 7)}-01`;
  return { startDate: first, endDate: addDays(addDays(`${first.slice(0, 7)}-28`, 4).slice(0, 7) + "-01", -1) };
};
const shapes: { name: string; body: Record<string, string> }[] = [
  { name: "whole year", body: { startDate: yearAgo, endDate: today } },
  { name: "one month", body: month(2) },
  { name: "whole year, one department", body: { startDate: yearAgo, endDate: today, departmentId: String(departments[1].id) } },
];

async function ask(body: Record<string, string>): Promise<{ ms: number; orders: number }> {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/report/domAir/detail`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...body, token, device: "web", timestamp: String(Date.now()) }).toString(),
  });
  const json = (await res.json()) as { ret: number; msg: string; data: { summary: { orders: number } } };
  const ms = performance.now() - t0;
  if (json.ret !== 0) throw new Error(`report failed: ${json.ret} ${json.msg}`);
  return { ms, orders: json.data.summary.orders };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
let worstP95 = 0;
try {
  for (const shape of shapes) {
    for (let i = 0; i < 5; i++) await ask(shape.body); // warm-up
    const times: number[] = [];
    let orders = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const r = await ask(shape.body);
      times.push(r.ms);
      orders = r.orders;
    }
    times.sort((a, b) => a - b);
    const p95 = pct(times, 95);
    worstP95 = Math.max(worstP95, p95);
    console.log(
      `${shape.name.padEnd(28)} ${String(orders).padStart(7)} spend orders  p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  p99 ${pct(times, 99).toFixed(1).padStart(6)} ms  (${REQUESTS} requests)`,
    );
  }
  console.log(`report p95 ${worstP95.toFixed(1)} ms (budget ${P95_BUDGET_MS} ms): ${worstP95 <= P95_BUDGET_MS ? "ok" : "OVER"}`);
  if (worstP95 > P95_BUDGET_MS) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
