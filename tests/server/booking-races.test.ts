// The load mix's writes racing each other on one fare (SQLite, or PostgreSQL with DATABASE_URL,
// where they run on separate connections at once): many members book the same flight cabin at
// the same moment, each order then paid from the wallet, paid by a QR notification, cancelled
// or left to expire, while the job runner issues tickets and expires orders; then the ticketed
// orders are refunded while more bookings and cancels of that fare come in. Every request must
// be answered by design (no 5xx, no transaction given up to a deadlock), the seats taken must
// equal the seats the live holds took, and the money audit must pass afterwards. Changes of
// ticketed orders (confirmed, paid, declined) race bookings of the same fares the same way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
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
/** A company's staff member (booking without approval): their orders also write the company's report summaries. */
const STAFF = "13800000072";
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
  for (const m of [...WHO, STAFF]) {
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

async function payWallet(who: string, orderId: number, businessType: number = BUSINESS_TYPE.dometicketOrderPay) {
  const t = await api(who, PAY.create, { orderId, method: "wallet" }, "create trade");
  if (t.ret !== 0) return t;
  const no = t.data.outTradeNo as string;
  return api(who, PAY.wallet, { outTradeNo: no, requestVerify: requestVerify(ids[who], no), businessType, payPassword: PAY_PASSWORD_MD5 }, "pay wallet");
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

type Cabin = "yRemaining" | "cRemaining";
const seatsOf = async (flightKey: string, column: Cabin = "yRemaining") =>
  (await h.db.db.selectFrom("air_flights").select(column).where("flightKey", "=", flightKey).executeTakeFirstOrThrow())[column];

/** Seats the live holds of this flight's cabin took (a released hold gave its seats back). */
async function heldSeats(flightKey: string, column: Cabin = "yRemaining"): Promise<number> {
  const holds = await h.db.db.selectFrom("inventory_holds").select(["lines", "status"]).where("product", "=", "air").execute();
  let n = 0;
  for (const hold of holds) {
    if (hold.status !== "held" && hold.status !== "confirmed") continue;
    for (const line of JSON.parse(hold.lines) as { table: string; column?: string; key: Record<string, string>; n: number }[]) {
      if (line.table === "air_flights" && line.key.flightKey === flightKey && (line.column ?? "yRemaining") === column) n += line.n;
    }
  }
  return n;
}

/** Two flights of a day: the second's full fare no dearer (a free change) and its business cabin (a change to pay). */
async function changeFares(n: number) {
  const all = (await fullFlights(h.app, (await api(null, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(n) }, "search")).data.list))
    .flatMap((flight) => flight.seats.map((seat) => ({ flight, seat })));
  const fullY = all.filter((x) => x.seat.cabinClass === "Y" && x.seat.cabinCode === "Y");
  const business = (k: string) => all.find((x) => x.flight.flightKey === k && x.seat.cabinClass === "C");
  const pair = fullY.flatMap((a) => fullY.map((b) => [a, b] as const)).find(([a, b]) => a.flight.flightKey !== b.flight.flightKey
    && b.seat.salePrice <= a.seat.salePrice && b.seat.adtTaxeYq <= a.seat.adtTaxeYq && business(b.flight.flightKey));
  expect(pair, "two flights of the day, the second's full fare no dearer, with a business cabin").toBeTruthy();
  const [from, free] = pair!;
  return { from, free, dear: business(free.flight.flightKey)! };
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

  // A change's confirmation, its airline confirmation (a job), its payment and its decline (a job)
  // give seats back or take them, and write the order: while the same members book and cancel the
  // same fares, all by one company's member (their orders share the company's report summary rows).
  // Each takes the order row, then the seats, then writes the order, as a booking takes the seats
  // and then writes its order: none waits on another in the opposite order.
  it("changes confirmed, paid and declined while the same fares are booked and cancelled", async () => {
    const { from, free, dear } = await changeFares(8);
    const flights = [from.flight.flightKey, free.flight.flightKey];
    for (const k of flights) await h.db.db.updateTable("air_flights").set({ yRemaining: 500, cRemaining: 500 }).where("flightKey", "=", k).execute();
    const before = await Promise.all(flights.map(async (k) => [await seatsOf(k), await seatsOf(k, "cRemaining")]));
    const retriesBefore = transactionRetries();
    const failedBefore = (await h.db.db.selectFrom("jobs").select("id").where("lastError", "is not", null).execute()).length;
    const answered = replies.length;
    const refused = () => replies.slice(answered).filter((r) => r.ret !== 0);
    /** Bookings of both fares by the same members, each cancelled straight after. */
    const churn = (n: number) => Array.from({ length: n }, async (_, i) => {
      const who = STAFF;
      const r = await book(who, i % 2 ? free.seat : from.seat);
      if (r.ret === 0) await api(who, P.cancel, { id: r.data.id }, "cancel");
    });

    const orders: { who: string; id: number }[] = [];
    for (let i = 0; i < BOOKINGS / 2; i++) {
      const who = STAFF;
      const r = await book(who, from.seat);
      if ((await payWallet(who, r.data.id)).data?.status === "paid") orders.push({ who, id: r.data.id });
    }
    clock += 31 * 60_000;
    await h.app.jobs.runDueJobs();
    clock += 60_000;
    await h.app.jobs.runDueJobs();
    expect(refused()).toEqual([]);

    // Confirmed at once: two in three change free (the airline confirms them shortly), the others to
    // business class, which waits for its payment; meanwhile the same fares are booked and cancelled.
    const dearer: { who: string; id: number }[] = [];
    await jobsMeanwhile(Promise.all([
      ...orders.map(async (o, i) => {
        const to = i % 3 === 2 ? dear : free;
        const q = await api(o.who, A.change, { id: o.id, fareKey: to.seat.fareKey }, "change quote");
        if (q.ret !== 0) return;
        const c = await api(o.who, A.confirmChange, { id: o.id, fareKey: to.seat.fareKey, total: q.data.quote.total }, "change confirm");
        if (c.data?.status === "awaitingPayment") dearer.push(o);
      }),
      ...churn(BOOKINGS / 2),
    ]));
    expect(refused()).toEqual([]);
    expect(dearer.length).toBeGreaterThan(0);

    // The airline's confirmations (jobs) and half of the dearer changes paid, while the churn goes on.
    clock += 5_000;
    await jobsMeanwhile(Promise.all([
      ...dearer.filter((_, i) => i % 2 === 0).map((o) => payWallet(o.who, o.id, BUSINESS_TYPE.changeTicket)),
      ...churn(BOOKINGS / 2),
    ]));
    // The unpaid ones run out and are declined (jobs), their business seats going back, while the churn goes on.
    clock += 31 * 60_000;
    await jobsMeanwhile(Promise.all(churn(BOOKINGS / 2)));
    await h.app.jobs.runDueJobs();

    expect(refused()).toEqual([]);
    const changes = await h.db.db.selectFrom("flight_changes").select("status").where("orderId", "in", orders.map((o) => o.id)).execute();
    expect(changes.filter((c) => c.status === "declined")).toHaveLength(Math.floor(dearer.length / 2));
    expect(changes.filter((c) => c.status === "confirmed")).toHaveLength(orders.length - Math.floor(dearer.length / 2));
    expect(transactionRetries() - retriesBefore).toBe(0);
    expect((await h.db.db.selectFrom("jobs").select("id").where("lastError", "is not", null).execute()).length).toBe(failedBefore);
    // Seats: each flight's cabins lack exactly what the live holds took.
    for (const [i, k] of flights.entries()) {
      expect(before[i][0] - (await seatsOf(k))).toBe(await heldSeats(k));
      expect(before[i][1] - (await seatsOf(k, "cRemaining"))).toBe(await heldSeats(k, "cRemaining"));
    }
  });

  // The interleaving that deadlocked before, made certain: a booking has taken the new flight's seat
  // count and not yet written its order (whose triggers write the company's report rows of its
  // member). A change confirmed now must wait for those seats before it writes anything the booking
  // needs next, or the two would wait for each other until PostgreSQL ended one.
  it.skipIf(!process.env.DATABASE_URL)("a change confirmed while a booking holds the new flight's seats waits for it, then goes through (PostgreSQL)", async () => {
    const { from, free } = await changeFares(9);
    const r = await book(STAFF, from.seat);
    expect((await payWallet(STAFF, r.data.id)).data?.status).toBe("paid");
    clock += 31 * 60_000;
    await h.app.jobs.runDueJobs();
    clock += 60_000;
    await h.app.jobs.runDueJobs();
    const q = await api(STAFF, A.change, { id: r.data.id, fareKey: free.seat.fareKey }, "change quote");
    expect(q.ret, q.msg).toBe(0);
    const { companyId } = await h.db.db.selectFrom("employees").select("companyId").where("memberId", "=", ids[STAFF]).executeTakeFirstOrThrow();
    const retriesBefore = transactionRetries();

    let confirmed: ReturnType<typeof api> | undefined;
    await h.db.db.transaction().execute(async (booking) => {
      const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(booking)).rows[0];
      await booking.updateTable("air_flights").set({ yRemaining: sql`"yRemaining" - 1` }).where("flightKey", "=", free.flight.flightKey).execute();
      confirmed = api(STAFF, A.confirmChange, { id: r.data.id, fareKey: free.seat.fareKey, total: q.data.quote.total }, "change confirm");
      // The change has come to wait for the seats the booking holds.
      for (let i = 0; i < 200; i++) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`.execute(h.db.db);
        if (waiting.rows[0].n > 0) break;
        await new Promise((done) => setTimeout(done, 50));
      }
      // The booking's order: its triggers add it to the member's report rows of the company.
      await booking.updateTable("report_months").set({ orders: sql`orders` }).where("companyId", "=", companyId).where("memberId", "=", ids[STAFF]).execute();
      await booking.updateTable("air_flights").set({ yRemaining: sql`"yRemaining" + 1` }).where("flightKey", "=", free.flight.flightKey).execute();
    });
    const c = await confirmed!;
    expect(c.ret, c.msg).toBe(0);
    expect(transactionRetries() - retriesBefore).toBe(0);
  });
});
