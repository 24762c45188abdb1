// npm run cluster:smoke: one booking and payment through the proxy of `npm run cluster`, each
// request landing on whichever process the proxy picks. A member signs in, searches, books a
// seat and pays it through the sandbox gateway, whose notification arrives five times at once;
// the order must be paid exactly once (one payment, one ledger row of the gateway) on the primary,
// and the replica must catch up with it. Exits 1 when anything fails.
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { signSandbox } from "../../server/payments/sandbox";
import { md5 } from "../../server/services/accounts/passwords";
import { PAY_PATHS } from "../../src/domain/payments/types";
import { FLIGHT_ORDER_PATHS } from "../../src/domain/orders/flight-types";
import { addDays, chinaDate } from "../../src/domain/travel/dates";

const base = `http://127.0.0.1:${process.env.CLUSTER_PORT ?? 8300}/api`;
const pgPort = Number(process.env.CLUSTER_PG_PORT ?? 5442);
const database = fs.existsSync(".cluster/names") ? fs.readFileSync(".cluster/names", "utf8").match(/^CLUSTER_DB=(.*)$/m)?.[1] ?? "portal" : "portal";
const secrets = Object.fromEntries(
  fs.readFileSync(".cluster/secrets", "utf8").trim().split("\n").map((l) => l.split("=", 2) as [string, string]),
);

async function api(url: string, body: Record<string, string | number>, token?: string) {
  const res = await fetch(base + url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new URLSearchParams(Object.entries({ ...body, device: "web", timestamp: Date.now() }).map(([k, v]): [string, string] => [k, String(v)])),
  });
  const reply = (await res.json()) as { ret: number; msg: string; data: any };
  if (reply.ret !== 0) throw new Error(`${url}: ${reply.msg}`);
  return reply.data;
}

const phone = "13800000010";
const { token } = await api("/login/appNewLogin", { mobilePhone: phone, loginPsw: md5("demo123456") });
const depDate = addDays(chinaDate(Date.now()), 5);
const list = await api("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate }, token);
const publicFare = list.list.flatMap((f: any) => f.seats).find((s: any) => !s.fareFamily);
const { flight } = await api("/api/v1/trip_manager/air_ticket_domestic_flight/verify", { fareKey: publicFare.fareKey }, token);
const seat = flight.seats.find((s: any) => s.cabinClass === "Y" && s.seatsLeft >= 1);
const order = await api(FLIGHT_ORDER_PATHS.book, {
  fareKey: seat.fareKey, price: seat.salePrice, clientKey: crypto.randomUUID(), contactName: "李明", contactMobile: phone,
  "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
}, token);
const trade = await api(PAY_PATHS.create, { orderId: order.id, method: "alipay" }, token);
const notice = { outTradeNo: trade.outTradeNo, tradeNo: `SMOKE${Date.now()}`, totalFen: order.payprice, method: "alipay" as const };
const sign = signSandbox(secrets.PAY_SANDBOX_SECRET, notice);
// The gateway retries its notification: five copies at once, spread by the proxy over the processes.
await Promise.all(Array.from({ length: 5 }, () => api(PAY_PATHS.sandboxNotify, { ...notice, sign })));

const count = async (port: number) => {
  const c = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database });
  await c.connect();
  try {
    const q = async (text: string) => Number((await c.query(text, [trade.outTradeNo])).rows[0].n);
    return {
      payments: await q(`select count(*) as n from payments where "outTradeNo" = $1 and status = 'paid'`),
      ledger: await q(`select count(*) as n from ledger where "outTradeNo" = $1`),
    };
  } finally {
    await c.end();
  }
};
const primary = await count(pgPort);
if (primary.payments !== 1 || primary.ledger < 1) throw new Error(`paid ${primary.payments} times, ${primary.ledger} ledger rows`);
let replica = await count(pgPort + 1);
for (let i = 0; i < 50 && replica.payments !== 1; i++) {
  await new Promise((r) => setTimeout(r, 100));
  replica = await count(pgPort + 1);
}
if (replica.payments !== 1) throw new Error("the replica did not catch up within 5 s");
console.log(`cluster smoke: order ${order.orderNo} booked and paid once through the proxy (${primary.ledger} ledger rows); the replica has it`);
