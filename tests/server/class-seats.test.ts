// Booking classes nested in their cabin, on a fresh database (SQLite, or PostgreSQL with
// DATABASE_URL): a discount fare shows min(class left, cabin left) and can sell exactly that;
// a hold takes from the class and the cabin together, a release, refund or partial refund gives
// both back, and so do an order's cancel and its expiry; a burst of buyers at a class's last seat
// gets one booking; a sold-out class closes and the next one up is on sale.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { caller, day, NOW, SEED, startTravel, stopTravel, TODAY, fullFlights } from "./inventory-helpers";
import { call as post, freshClient, login } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";
import { suppliersFor } from "../../server/suppliers";
import { soldElsewhere } from "../../server/inventory/demand";
import { classAllotment } from "../../server/inventory/air/pricing";
import { subclassesOf } from "../../src/domain/travel/air-fares";
import type { FlightItem, FlightSeat } from "../../src/domain/travel/types";

let h: Harness;
let call: ReturnType<typeof caller>;
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
const ctx = { today: TODAY, agreedServiceFee: null };
const ONE = { adults: 1, children: 0, infants: 0 };

beforeAll(async () => {
  h = await startTravel();
  call = caller(h);
});
afterAll(() => stopTravel(h));

const supplier = () => suppliersFor(h.db.db, SEED).flight;
const db = () => h.db.db;

/** A flight of the route and day with an economy discount class on sale, and that fare. */
async function discountFare(dep: string, arr: string, date: string, skip = 0): Promise<{ flight: FlightItem; seat: FlightSeat }> {
  const list = await fullFlights(h.app, (await call(LIST, { depCity: dep, arrCity: arr, depDate: date })).data.list);
  const found = list
    .map((flight) => ({ flight, seat: flight.seats.find((s) => s.cabinClass === "Y" && s.cabinCode !== "Y" && s.seatsLeft > 0) }))
    .filter((x): x is { flight: FlightItem; seat: FlightSeat } => x.seat !== undefined);
  if (found.length <= skip) throw new Error("no discount fare");
  return found[skip];
}

/** The same fare in a new search: what a buyer sees now (null once the class is off sale). */
async function seatNow(flightKey: string, fareKey: string, date: string, dep: string, arr: string): Promise<FlightSeat | null> {
  const list = await fullFlights(h.app, (await call(LIST, { depCity: dep, arrCity: arr, depDate: date })).data.list);
  return list.find((f) => f.flightKey === flightKey)?.seats.find((s) => s.fareKey === fareKey) ?? null;
}

const yRemaining = async (flightKey: string) =>
  (await db().selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flightKey).executeTakeFirstOrThrow()).yRemaining;
const classRemaining = async (flightKey: string, code: string) =>
  (await db().selectFrom("air_class_seats").select("remaining").where("flightKey", "=", flightKey).where("cabinClass", "=", "Y").where("classCode", "=", code).executeTakeFirst())?.remaining;

describe("a discount class nested in its cabin", () => {
  it("shows its allotment, and a hold takes from the class and the cabin; a release gives both back", async () => {
    const { flight, seat } = await discountFare("BJS", "SHA", day(20));
    const index = subclassesOf("Y").findIndex((s) => s.code === seat.cabinCode);
    const allotment = classAllotment(SEED, flight.flightKey, "Y", index);
    expect(seat.seatsLeft).toBeLessThanOrEqual(allotment);
    const cabin = await yRemaining(flight.flightKey);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBeUndefined();

    const hold = await supplier().hold(seat.fareKey, { adults: 2, children: 0, infants: 0 }, ctx);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(allotment - 2);
    expect(await yRemaining(flight.flightKey)).toBe(cabin - 2);
    expect((await seatNow(flight.flightKey, seat.fareKey, day(20), "BJS", "SHA"))?.seatsLeft).toBe(seat.seatsLeft - 2);

    await supplier().cancel(hold.holdId);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(allotment);
    expect(await yRemaining(flight.flightKey)).toBe(cabin);
    expect((await seatNow(flight.flightKey, seat.fareKey, day(20), "BJS", "SHA"))?.seatsLeft).toBe(seat.seatsLeft);
  });

  it("sells exactly what it shows: buying one by one stops at the shown count and the class closes", async () => {
    const { flight, seat } = await discountFare("BJS", "SHA", day(21));
    // Two seats left in the class, as the probe found it.
    await supplier().cancel((await supplier().hold(seat.fareKey, ONE, ctx)).holdId);
    await db().updateTable("air_class_seats").set({ remaining: 2 }).where("flightKey", "=", flight.flightKey).where("classCode", "=", seat.cabinCode).execute();
    const shown = await seatNow(flight.flightKey, seat.fareKey, day(21), "BJS", "SHA");
    expect(shown?.seatsLeft).toBe(2);
    const cabin = await yRemaining(flight.flightKey);
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(await supplier().hold(seat.fareKey, ONE, ctx).then(() => "held", (e: Error) => e.message));
    }
    expect(outcomes.slice(0, 2)).toEqual(["held", "held"]);
    for (const o of outcomes.slice(2)) expect(o).toMatch(/已售完|已关闭|仅剩|余票不足/);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(0);
    expect(await yRemaining(flight.flightKey)).toBe(cabin - 2);
    // Off sale now; the cabin's full fare still is.
    const after: FlightItem = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(21) })).data.list.find((f: FlightItem) => f.flightKey === flight.flightKey);
    expect(after.seats.find((s) => s.fareKey === seat.fareKey)).toBeUndefined();
    expect(after.seats.some((s) => s.cabinClass === "Y" && s.cabinCode === "Y" && s.seatsLeft > 0)).toBe(true);
  });

  it("a burst of 20 buyers at the class's last seat: one hold, the class at zero, the cabin down by one", async () => {
    const { flight, seat } = await discountFare("SHA", "CAN", day(22));
    await supplier().cancel((await supplier().hold(seat.fareKey, ONE, ctx)).holdId);
    await db().updateTable("air_class_seats").set({ remaining: 1 }).where("flightKey", "=", flight.flightKey).where("classCode", "=", seat.cabinCode).execute();
    const cabin = await yRemaining(flight.flightKey);
    const holds = await db().selectFrom("inventory_holds").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => supplier().hold(seat.fareKey, ONE, ctx)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((x) => x.status === "rejected")) expect(String((r as PromiseRejectedResult).reason.message)).toMatch(/已售完|已关闭|仅剩|余票不足/);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(0);
    expect(await yRemaining(flight.flightKey)).toBe(cabin - 1);
    const after = await db().selectFrom("inventory_holds").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(holds.n) + 1);
  });

  it("a burst at the class's first hold (no row yet) takes no more than the allotment", async () => {
    const { flight, seat } = await discountFare("SHA", "CAN", day(23));
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBeUndefined();
    const index = subclassesOf("Y").findIndex((s) => s.code === seat.cabinCode);
    const allotment = classAllotment(SEED, flight.flightKey, "Y", index);
    const cabin = await yRemaining(flight.flightKey);
    const buyers = allotment + 5;
    const results = await Promise.allSettled(Array.from({ length: buyers }, () => supplier().hold(seat.fareKey, ONE, ctx)));
    const won = results.filter((r) => r.status === "fulfilled").length;
    expect(won).toBeLessThanOrEqual(seat.seatsLeft);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(allotment - won);
    expect(await yRemaining(flight.flightKey)).toBe(cabin - won);
  });

  it("shows min(class left, cabin left): a cabin with one seat left sells one discount seat", async () => {
    const { flight } = await discountFare("BJS", "SHA", day(24));
    const row = await db().selectFrom("air_flights").select("yTotal").where("flightKey", "=", flight.flightKey).executeTakeFirstOrThrow();
    const sold = soldElsewhere(SEED, `${flight.flightKey}|Y`, flight.depDate, TODAY, row.yTotal);
    await db().updateTable("air_flights").set({ yRemaining: sold + 1 }).where("flightKey", "=", flight.flightKey).execute();
    const shown: FlightItem = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(24) })).data.list.find((f: FlightItem) => f.flightKey === flight.flightKey);
    for (const s of shown.seats.filter((x) => x.cabinClass === "Y")) expect(s.seatsLeft).toBe(1);
    const fare = shown.seats.find((s) => s.cabinClass === "Y" && s.cabinCode !== "Y")!;
    await supplier().hold(fare.fareKey, ONE, ctx);
    await expect(supplier().hold(fare.fareKey, ONE, ctx)).rejects.toThrow(/已售完|已关闭|仅剩|余票不足/);
    expect(await yRemaining(flight.flightKey)).toBe(sold);
  });

  it("a refund, and a partial refund, give the class its seats back with the cabin's", async () => {
    const { flight, seat } = await discountFare("BJS", "SHA", day(25));
    const index = subclassesOf("Y").findIndex((s) => s.code === seat.cabinCode);
    const allotment = classAllotment(SEED, flight.flightKey, "Y", index);
    const cabin = await yRemaining(flight.flightKey);
    const whole = await supplier().hold(seat.fareKey, ONE, ctx);
    await supplier().confirm(whole.holdId);
    const part = await supplier().hold(seat.fareKey, { adults: 2, children: 0, infants: 0 }, ctx);
    await supplier().confirm(part.holdId);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(allotment - 3);
    await supplier().refund(whole.holdId, ctx);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(allotment - 2);
    await supplier().refundSeats(part.holdId, ONE, ctx);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(allotment - 1);
    expect(await yRemaining(flight.flightKey)).toBe(cabin - 1);
  });
});

describe("orders of a discount fare", () => {
  let token: string;
  let keys = 0;
  const book = async (seat: FlightSeat) =>
    (
      await post(h.app, P.book, {
        token, fareKey: seat.fareKey, price: seat.salePrice, clientKey: `class-${++keys}-${Date.now()}`, contactName: "张三", contactMobile: "13800000010",
        "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
      })
    ).body;

  beforeAll(async () => {
    freshClient();
    token = await login(h.app, "13800000010");
  });

  it("a cancelled order and an expired one give the class its seat back with the cabin's", async () => {
    const { flight, seat } = await discountFare("SHA", "CAN", day(26));
    const index = subclassesOf("Y").findIndex((s) => s.code === seat.cabinCode);
    const allotment = classAllotment(SEED, flight.flightKey, "Y", index);
    const cabin = await yRemaining(flight.flightKey);
    const first = await book(seat);
    expect(first.ret, first.msg).toBe(0);
    const second = await book(seat);
    expect(second.ret, second.msg).toBe(0);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(allotment - 2);

    expect((await post(h.app, P.cancel, { token, id: first.data.id })).body.ret).toBe(0);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(allotment - 1);

    setClock(() => NOW + 30 * 60_000 + 1000);
    try {
      await h.app.jobs.runDueJobs();
    } finally {
      setClock(() => NOW);
    }
    expect((await post(h.app, P.detail, { token, id: second.data.id })).body.data.status).toBe(12);
    expect(await classRemaining(flight.flightKey, seat.cabinCode)).toBe(allotment);
    expect(await yRemaining(flight.flightKey)).toBe(cabin);
  });
});
