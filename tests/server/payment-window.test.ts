// The operator's unpaid window on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): a
// server started with a 5-minute window gives flight, train and hotel orders a deadline 5 minutes
// out and the expiry job cancels them then (not a second before), their seats and rooms back on
// sale; the order forms read the same number from the public call. The start-up configuration
// takes PAYMENT_WINDOW_MINUTES from 5 to 120 and refuses anything else.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { day, NOW, SEED } from "./inventory-helpers";
import { call, freshClient, login } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { ConfigError, readStartConfig } from "../../server/config";
import { buildApp } from "../../server/app";
import { FLIGHT_ORDER_PATHS } from "../../src/domain/orders/flight-types";
import { TRAIN_ORDER_PATHS } from "../../src/domain/orders/train-types";
import { HOTEL_ORDER_PATHS } from "../../src/domain/orders/hotel-types";
import { PAYMENT_WINDOW_PATH } from "../../src/domain/orders/payment-window";
import { FLIGHT_ORDER_STATUS } from "../../src/domain/orders/flight";
import { TRAIN_ORDER_STATUS } from "../../src/domain/orders/train";
import { HOTEL_ORDER_STATUS } from "../../src/domain/orders/hotel";
import { idCardCheckChar } from "../../src/domain/validators";
import type { FlightItem, HotelListItem, RoomPrice, TrainItem } from "../../src/domain/travel/types";

let h: Harness;
let token = "";
const ME = "13800000010";
const MINUTE = 60_000;

beforeAll(async () => {
  setClock(() => NOW);
  h = await startHarness({ inventorySeed: SEED, paymentWindowMinutes: 5 });
  freshClient();
  token = await login(h.app, ME);
});
afterAll(async () => {
  setClock(null);
  await h?.close();
});
beforeEach(() => setClock(() => NOW));

const api = async (url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, { ...body, token })).body;
const statusOf = async (id: number) => (await h.db.db.selectFrom("orders").select(["status", "expiresAt"]).where("id", "=", id).executeTakeFirstOrThrow());
const idNo = (first17: string) => first17 + idCardCheckChar(first17);

async function bookFlight(): Promise<{ id: number; expiresAt: string; left: () => Promise<number> }> {
  const list: FlightItem[] = (await api("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate: day(6) })).data.list;
  const { flight, seat } = list.flatMap((f) => f.seats.map((s) => ({ flight: f, seat: s }))).find((x) => x.seat.cabinClass === "Y" && x.seat.seatsLeft >= 2)!;
  const r = await api(FLIGHT_ORDER_PATHS.book, {
    fareKey: seat.fareKey, price: seat.salePrice, clientKey: `window-f-${Date.now()}`, contactName: "张三", contactMobile: ME,
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
  });
  expect(r.ret, r.msg).toBe(0);
  const left = async () => (await h.db.db.selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flight.flightKey).executeTakeFirstOrThrow()).yRemaining as number;
  return { id: r.data.id, expiresAt: r.data.expiresAt, left };
}

async function bookTrain(): Promise<{ id: number; expiresAt: string; left: () => Promise<number> }> {
  const list: TrainItem[] = (await api("/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate: day(6), trainTypes: "G" })).data.list;
  const train = list.find((t) => t.seats.some((s) => s.seatClass === "O" && s.left >= 2))!;
  const r = await api(TRAIN_ORDER_PATHS.book, {
    trainKey: train.trainKey, seatClass: "O", clientKey: `window-t-${Date.now()}`, contactName: "张三", contactMobile: ME,
    "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": idNo("11010519900307100"), "passengers.0.passengerType": "adult",
  });
  expect(r.ret, r.msg).toBe(0);
  const left = async () => (await h.db.db.selectFrom("train_seats").select("remaining").where("runDate", "=", train.runDate).where("trainNo", "=", train.trainNo).where("seatClass", "=", "O").executeTakeFirstOrThrow()).remaining;
  return { id: r.data.id, expiresAt: r.data.expiresAt, left };
}

async function bookHotel(): Promise<{ id: number; expiresAt: string; left: () => Promise<number> }> {
  const stay = { checkIn: day(6), checkOut: day(7) };
  const hotels: HotelListItem[] = (await api("/hotel/search/list_credit", { cityCode: "3101", ...stay, pageSize: 20 })).data.list;
  for (const hotel of hotels) {
    const rooms: RoomPrice[] = (await api("/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms;
    const room = rooms.find((x) => x.bookable && x.roomsLeft >= 2);
    if (!room) continue;
    const r = await api(HOTEL_ORDER_PATHS.book, {
      hotelId: hotel.hotelId, roomTypeId: room.roomTypeId, ...stay, roomCount: 1, price: room.total, clientKey: `window-h-${Date.now()}`,
      contactName: "张三", contactMobile: ME, arrivalTime: "18:00", "guests.0.name": "张三",
    });
    expect(r.ret, r.msg).toBe(0);
    const left = async () => (await h.db.db.selectFrom("hotel_nights").select("remaining").where("roomTypeId", "=", room.roomTypeId).where("night", "=", stay.checkIn).executeTakeFirstOrThrow()).remaining;
    return { id: r.data.id, expiresAt: r.data.expiresAt, left };
  }
  throw new Error("no bookable room");
}

describe("a server started with a 5-minute window", () => {
  it("tells the order forms 5 minutes", async () => {
    const r = await h.app.inject({ method: "GET", url: `/api${PAYMENT_WINDOW_PATH}` });
    expect(r.json()).toMatchObject({ ret: 0, data: { minutes: 5 } });
  });

  it("cancels unpaid flight, train and hotel orders after 5 minutes, not before, and puts their seats and rooms back", async () => {
    const orders = [
      { kind: "flight", ...(await bookFlight()), pending: FLIGHT_ORDER_STATUS.pendingPayment, cancelled: FLIGHT_ORDER_STATUS.cancelled },
      { kind: "train", ...(await bookTrain()), pending: TRAIN_ORDER_STATUS.pendingPayment, cancelled: TRAIN_ORDER_STATUS.cancelled },
      { kind: "hotel", ...(await bookHotel()), pending: HOTEL_ORDER_STATUS.pendingPayment, cancelled: HOTEL_ORDER_STATUS.cancelled },
    ];
    const held = await Promise.all(orders.map((o) => o.left()));
    for (const o of orders) expect(Date.parse(o.expiresAt) - NOW, o.kind).toBe(5 * MINUTE);

    setClock(() => NOW + 5 * MINUTE - 1_000);
    await h.app.jobs.runDueJobs();
    for (const o of orders) expect((await statusOf(o.id)).status, o.kind).toBe(o.pending);

    setClock(() => NOW + 5 * MINUTE);
    await h.app.jobs.runDueJobs();
    for (const [i, o] of orders.entries()) {
      expect(await statusOf(o.id), o.kind).toEqual({ status: o.cancelled, expiresAt: null });
      expect(await o.left(), o.kind).toBe(held[i] + 1);
    }
  });
});

describe("start-up configuration", () => {
  it("reads PAYMENT_WINDOW_MINUTES once: unset is 30, 5 to 120 are taken, anything else stops the start", () => {
    expect(readStartConfig({}).paymentWindowMinutes).toBe(30);
    expect(readStartConfig({ PAYMENT_WINDOW_MINUTES: "5" }).paymentWindowMinutes).toBe(5);
    expect(readStartConfig({ PAYMENT_WINDOW_MINUTES: "120" }).paymentWindowMinutes).toBe(120);
    for (const bad of ["4", "121", "abc", "15.5"]) {
      expect(() => readStartConfig({ PAYMENT_WINDOW_MINUTES: bad }), bad).toThrow(ConfigError);
      expect(() => readStartConfig({ PAYMENT_WINDOW_MINUTES: bad }), bad).toThrow(`PAYMENT_WINDOW_MINUTES 须为 5 到 120 之间的整数分钟，而不是 ${bad}`);
    }
  });

  it("an app is not built with a window out of range", async () => {
    await expect(buildApp({ db: h.db, paymentWindowMinutes: 3 })).rejects.toThrow("payment window must be 5..120 minutes");
  });
});
