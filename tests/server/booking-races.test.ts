// The load mix's writes racing each other on one fare (SQLite, or PostgreSQL with DATABASE_URL,
// where they run on separate connections at once): many members book the same flight cabin at
// the same moment, each order then paid from the wallet, paid by a QR notification, cancelled
// or left to expire, while the job runner issues tickets and expires orders; then the ticketed
// orders are refunded while more bookings and cancels of that fare come in. Every request must
// be answered by design (no 5xx, no transaction given up to a deadlock), the seats taken must
// equal the seats the live holds took, and the money audit must pass afterwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { expectBooksBalanced, setBalance } from "./money-audit";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, freshClient, givePayPassword, login, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { transactionRetries } from "../../server/db/transaction";
import { DEMO_SANDBOX_SECRET, signSandbox } from "../../server/payments/sandbox";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { FLIGHT_ORDER_STATUS } from "../../src/domain/orders/flight";
import { FLIGHT_AFTER_SALES_PATHS as A, REFUND_REASONS } from "../../src/domain/orders/flight-after-sales";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import type { FlightSeat } from "../../src/domain/travel/types";

const WHO = ["13800000010", "13800000020", "13800000030", "13800000050"];
const BOOKINGS = 48;
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let clock = NOW;
const replies: { what: string; ret: number; msg: string }[] = [];

beforeAll(async () => {
  setClock(() => clock);
  h = await startTravel();
  setClock(() => clock);
  freshClient();
  for (const m of WHO) {
    tokens[m] = await login(h.app, m);
    ids[m] = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", m).executeTakeFirstOrThrow()).id;
    await setBalance(h.db.db, ids[m], "100000.00");
  }
  await givePayPassword(h.db.db, Object.values(ids));
});
afterAll(async () => {
  await expectBooksBalanced(h.db.db);
  await stopTravel(h);
});

/** A request whose answer is written down: every answer must be by design, never a server error. */
async function api(who: string | null, url: string, body: Record<string, string | number>, what: string) {
  const r = await call(h.app, url, who ? { ...body, token: tokens[who] } : body);
  replies.push({ what, ret: r.body.ret, msg: r.body.msg });
  return r.body;
}

let keys = 0;
function book(who: string, seat: FlightSeat) {
  return api(who, P.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `race-key-${++keys}`, contactName: "张三", contactMobile: who,
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  }, "book");
}

async function payWallet(who: string, orderId: number) {
  const t = await api(who, PAY.create, { orderId, method: "wallet" }, "create trade");
  if (t.ret !== 0) return t;
  const no = t.data.outTradeNo as string;
  return api(who, PAY.wallet, { outTradeNo: no, requestVerify: requestVerify(ids[who], no), businessType: BUSINESS_TYPE.dometicketOrderPay, payPassword: PAY_PASSWORD_MD5 }, "pay wallet");
}

async function payQr(who: string, order: { id: number; payprice: number }) {
  const t = await api(who, PAY.create, { orderId: order.id, method: "alipay" }, "create trade");
  if (t.ret !== 0) return t;
  const n = { outTradeNo: t.data.outTradeNo as string, tradeNo: `SBX-RACE-${order.id}`, totalFen: order.payprice, method: "alipay" as const };
  return api(null, PAY.sandboxNotify, { ...n, sign: signSandbox(DEMO_SANDBOX_SECRET, n) }, "notify");
}

/** The job runner draining over and over while the requests run, as a server's poll does. */
async function jobsMeanwhile(work: Promise<unknown>): Promise<void> {
  let done = false;
  const finished = work.finally(() => (done = true));
  const loop = (async () => {
    while (!done) {
      await h.app.jobs.runDueJobs();
      await new Promise((r) => setImmediate(r));
    }
  })();
  await Promise.all([finished, loop]);
}

const seatsOf = async (flightKey: string) =>
  (await h.db.db.selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flightKey).executeTakeFirstOrThrow()).yRemaining;

/** Seats the live holds of this flight took (a released hold gave its seats back). */
async function heldSeats(flightKey: string): Promise<number> {
  const holds = await h.db.db.selectFrom("inventory_holds").select(["lines", "status"]).where("product", "=", "air").execute();
  let n = 0;
  for (const hold of holds) {
    if (hold.status !== "held" && hold.status !== "confirmed") continue;
    for (const line of JSON.parse(hold.lines) as { table: string; key: Record<string, string>; n: number }[]) {
      if (line.table === "air_flights" && line.key.flightKey === flightKey) n += line.n;
    }
  }
  return n;
}

describe("booking, paying, cancelling and refunding one fare at once", () => {
  it("answers every request by design and keeps seats and money exact", async () => {
    const list = await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(6) }, "search")).data.list);
    const flight = list.find((f) => f.seats.some((s) => s.cabinClass === "Y" && s.cabinCode === "Y"))!;
    const seat = flight.seats.find((s) => s.cabinClass === "Y" && s.cabinCode === "Y")!;
    // Seats enough for every booking: the outcome of each request is then fixed, whatever the interleaving.
    await h.db.db.updateTable("air_flights").set({ yRemaining: 500 }).where("flightKey", "=", flight.flightKey).execute();
    const before = await seatsOf(flight.flightKey);
    const retriesBefore = transactionRetries();

    // Round one: everyone books the fare at once; each order goes its own way straight after.
    // Nothing is asserted while requests are in flight: every answer is written down and read
    // once all have come back (the audit then reads a database at rest).
    const paid: { who: string; id: number }[] = [];
    await jobsMeanwhile(
      Promise.all(
        Array.from({ length: BOOKINGS }, async (_, i) => {
          const who = WHO[i % WHO.length];
          const r = await book(who, seat);
          if (r.ret !== 0) return;
          const order = r.data as { id: number; payprice: number };
          const next = i % 4;
          const done = next === 0 ? await payWallet(who, order.id) : next === 1 ? await payQr(who, order) : next === 2 ? await api(who, P.cancel, { id: order.id }, "cancel") : null;
          if (next < 2 && done?.data?.status === "paid") paid.push({ who, id: order.id });
        }),
      ),
    );
    expect(replies.filter((r) => r.ret !== 0)).toEqual([]);
    expect(paid).toHaveLength(BOOKINGS / 2);

    // The tickets are issued; the orders left unpaid run out.
    clock += 31 * 60_000;
    await h.app.jobs.runDueJobs();
    clock += 60_000;
    await h.app.jobs.runDueJobs();
    for (const { id } of paid) expect((await h.db.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe(FLIGHT_ORDER_STATUS.ticketed);

    // Round two: every ticketed order refunded while the same fare is booked and cancelled again.
    await jobsMeanwhile(
      Promise.all([
        ...paid.map(({ who, id }) => api(who, A.refundSubmit, { id, reason: REFUND_REASONS[0] }, "refund")),
        ...Array.from({ length: BOOKINGS / 2 }, async (_, i) => {
          const who = WHO[i % WHO.length];
          const r = await book(who, seat);
          if (r.ret === 0) await api(who, P.cancel, { id: r.data.id }, "cancel");
        }),
      ]),
    );
    expect(replies.filter((r) => r.ret !== 0)).toEqual([]);
    // The airline's steps of each refund: accepted, tickets taken back (the seats with them), money back.
    for (let step = 0; step < 3; step++) {
      clock += 60_000;
      await h.app.jobs.runDueJobs();
    }
    const statuses = await h.db.db.selectFrom("orders").select("status").where("id", "in", paid.map((p) => p.id)).execute();
    expect(statuses.map((o) => o.status)).toEqual(paid.map(() => FLIGHT_ORDER_STATUS.moneyRefunded));

    expect(replies.filter((r) => r.ret !== 0)).toEqual([]);
    // No transaction met a deadlock or a serialization failure, even one it recovered from.
    expect(transactionRetries() - retriesBefore).toBe(0);
    const failedJobs = await h.db.db.selectFrom("jobs").select(["kind", "lastError"]).where("lastError", "is not", null).execute();
    expect(failedJobs).toEqual([]);
    // Seats: the paid orders' seats went back at the refund, the cancelled and expired ones' at once.
    expect(before - (await seatsOf(flight.flightKey))).toBe(await heldSeats(flight.flightKey));
    expect(await seatsOf(flight.flightKey)).toBe(before);
  });
});
