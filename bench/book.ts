// npm run bench:book — the last seat, the last seat of a discount booking class and the last
// room, each wanted by 50 buyers at once, on a fresh SQLite database (or DATABASE_URL). A
// flight's economy cabin, a discount class of another flight and a hotel room type are set to
// exactly one left, then 50 bookings (two members, each with its own form key) arrive
// together. Prints how long the burst took and how it ended, and checks what must hold: exactly
// one booking wins, every other is refused with the Chinese "sold out" message, one order and
// one hold are written, and the count ends at zero, never below. Exits 1 when a check fails. The
// app is driven in process (inject): the figures are the server's own work.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { buildApp } from "../server/app";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { seedDemo, DEMO_PASSWORD } from "../server/db/seed/demo";
import { createAuthorize } from "../server/services/authorize";
import { soldElsewhere } from "../server/inventory/demand";
import { classAllotment } from "../server/inventory/air/pricing";
import { subclassesOf } from "../src/domain/travel/air-fares";
import { roomsSoldElsewhere } from "../server/inventory/hotel/pricing";
import { DEFAULT_INVENTORY_SEED } from "../server/suppliers";
import { FLIGHT_ORDER_PATHS } from "../src/domain/orders/flight-types";
import { HOTEL_ORDER_PATHS } from "../src/domain/orders/hotel-types";
import { addDays, chinaDate } from "../src/domain/travel/dates";
import type { FlightItem, HotelListItem, RoomPrice } from "../src/domain/travel/types";

const BUYERS = 50;
const MEMBERS = ["13800000010", "13800000020"];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-book-"));
const url = process.env.DATABASE_URL;
const database = await openDb(url ? { databaseUrl: url, pgSchema: `bench_book_${process.pid}` } : { dataDir });
await migrateToLatest(database.db, database.schema);
await seedDemo(database.db);
const app = await buildApp({ db: database, nodeEnv: "development", authorize: createAuthorize(database.db) });
await app.ready();
const db = database.db;
const today = chinaDate(Date.now());

async function post(path: string, body: Record<string, string | number>) {
  const res = await app.inject({
    method: "POST",
    url: `/api${path}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });
  return res.json() as { ret: number; msg: string; data: any };
}

const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");
const tokens: string[] = [];
for (const mobile of MEMBERS) {
  const r = await post("/login/appNewLogin", { mobilePhone: mobile, loginPsw: md5(DEMO_PASSWORD), accCode: "-9990" });
  if (r.ret !== 0) throw new Error(`login ${mobile}: ${r.msg}`);
  tokens.push(r.data.token);
}
const clientKey = (i: number) => `bench-book-${process.pid}-${i}-${crypto.randomUUID()}`;
const count = async (table: "orders" | "inventory_holds") => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

let failed = false;
function check(ok: boolean, what: string) {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
}

async function burst(title: string, book: (i: number) => Promise<{ ret: number; msg: string }>, soldOut: RegExp, left: () => Promise<number[]>) {
  const [orders0, holds0] = [await count("orders"), await count("inventory_holds")];
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: BUYERS }, (_, i) => book(i)));
  const ms = performance.now() - started;
  const won = results.filter((r) => r.ret === 0).length;
  const refused = results.filter((r) => r.ret === 409 && soldOut.test(r.msg)).length;
  const remaining = await left();
  console.log(`\n${title} (${database.dialect}): ${BUYERS} buyers in ${ms.toFixed(0)} ms — ${won} booked, ${refused} told it is gone, ${BUYERS - won - refused} other`);
  if (won + refused < BUYERS) console.log(`  other answers: ${[...new Set(results.filter((r) => r.ret !== 0 && !(r.ret === 409 && soldOut.test(r.msg))).map((r) => `${r.ret} ${r.msg}`))].join(" | ")}`);
  check(won === 1, "exactly one booking wins");
  check(refused === BUYERS - 1, "every other buyer is told it is gone");
  check((await count("orders")) === orders0 + 1 && (await count("inventory_holds")) === holds0 + 1, "one order and one hold written");
  check(remaining.every((n) => n === 0), `left for sale afterwards: ${remaining.join(", ")} (never below zero)`);
}

// The last economy seat of a Beijing–Shanghai flight a week ahead.
{
  const depDate = addDays(today, 7);
  const list: FlightItem[] = (await post("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate })).data.list;
  // The full economy fare: discount sub-classes close before the cabin's last seat does.
  const flight = list.find((f) => f.seats.some((s) => s.cabinClass === "Y" && s.cabinCode === "Y" && s.seatsLeft > 0))!;
  const seat = flight.seats.find((s) => s.cabinClass === "Y" && s.cabinCode === "Y")!;
  const row = await db.selectFrom("air_flights").select("yTotal").where("flightKey", "=", flight.flightKey).executeTakeFirstOrThrow();
  const sold = soldElsewhere(DEFAULT_INVENTORY_SEED, `${flight.flightKey}|Y`, flight.depDate, today, row.yTotal);
  await db.updateTable("air_flights").set({ yRemaining: sold + 1 }).where("flightKey", "=", flight.flightKey).execute();
  await burst(
    `Last seat of ${flight.flightNo} ${depDate}`,
    (i) => post(FLIGHT_ORDER_PATHS.book, {
      token: tokens[i % 2], fareKey: seat.fareKey, price: seat.salePrice, clientKey: clientKey(i), contactName: "张三", contactMobile: "13800000010",
      "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    }),
    /余票不足|仅剩|已售完/,
    async () => {
      const r = await db.selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flight.flightKey).executeTakeFirstOrThrow();
      return [r.yRemaining - sold];
    },
  );
}

// The last seat of a discount booking class: the class has one seat left while its cabin has
// plenty, so only the class's own count can stop the other 49.
{
  const depDate = addDays(today, 8);
  const list: FlightItem[] = (await post("/api/v1/trip_manager/air_ticket_domestic_flight/list", { depCity: "BJS", arrCity: "SHA", depDate })).data.list;
  const flight = list.find((f) => f.seats.some((s) => s.cabinClass === "Y" && s.cabinCode !== "Y" && s.seatsLeft > 0))!;
  const seat = flight.seats.find((s) => s.cabinClass === "Y" && s.cabinCode !== "Y" && s.seatsLeft > 0)!;
  const index = subclassesOf("Y").findIndex((c) => c.code === seat.cabinCode);
  const classKey = { flightKey: flight.flightKey, cabinClass: "Y", classCode: seat.cabinCode };
  await db.insertInto("air_class_seats").values({ ...classKey, total: classAllotment(DEFAULT_INVENTORY_SEED, flight.flightKey, "Y", index), remaining: 1 }).execute();
  const classLeft = async () =>
    (await db.selectFrom("air_class_seats").select("remaining").where("flightKey", "=", flight.flightKey).where("classCode", "=", seat.cabinCode).executeTakeFirstOrThrow()).remaining;
  const cabinLeft = async () => (await db.selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flight.flightKey).executeTakeFirstOrThrow()).yRemaining;
  const cabinBefore = await cabinLeft();
  await burst(
    `Last ${seat.cabinCode}-class seat of ${flight.flightNo} ${depDate}`,
    (i) => post(FLIGHT_ORDER_PATHS.book, {
      token: tokens[i % 2], fareKey: seat.fareKey, price: seat.salePrice, clientKey: clientKey(i), contactName: "张三", contactMobile: "13800000010",
      "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
    }),
    /余票不足|仅剩|已售完|已关闭/,
    async () => [await classLeft()],
  );
  check((await cabinLeft()) === cabinBefore - 1, "the cabin gave exactly the one seat the class sold");
}

// The last room of a Shanghai hotel for two nights ten days ahead.
{
  const stay = { checkIn: addDays(today, 10), checkOut: addDays(today, 12) };
  const hotels: HotelListItem[] = (await post("/hotel/search/list_credit", { cityCode: "3101", ...stay, pageSize: 20 })).data.list;
  let pick: { hotel: HotelListItem; room: RoomPrice } | null = null;
  for (const hotel of hotels) {
    const rooms: RoomPrice[] = (await post("/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms;
    const room = rooms.find((r) => r.bookable);
    if (room) { pick = { hotel, room }; break; }
  }
  if (!pick) throw new Error("no bookable room");
  const { hotel, room } = pick;
  const nights = await db.selectFrom("hotel_nights").selectAll().where("roomTypeId", "=", room.roomTypeId).where("night", ">=", stay.checkIn).where("night", "<", stay.checkOut).orderBy("night").execute();
  for (const n of nights) {
    await db.updateTable("hotel_nights").set({ remaining: roomsSoldElsewhere(DEFAULT_INVENTORY_SEED, today, n) + 1 }).where("roomTypeId", "=", n.roomTypeId).where("night", "=", n.night).execute();
  }
  await burst(
    `Last room of ${hotel.name} ${stay.checkIn}–${stay.checkOut}`,
    (i) => post(HOTEL_ORDER_PATHS.book, {
      token: tokens[i % 2], hotelId: hotel.hotelId, roomTypeId: room.roomTypeId, ...stay, roomCount: 1, price: room.total, clientKey: clientKey(i),
      "guests.0.name": "张三", contactName: "张三", contactMobile: "13800000010", arrivalTime: "18:00",
    }),
    /已订完|仅剩|房量不足/,
    async () => {
      const rows = await db.selectFrom("hotel_nights").selectAll().where("roomTypeId", "=", room.roomTypeId).where("night", ">=", stay.checkIn).where("night", "<", stay.checkOut).orderBy("night").execute();
      return rows.map((n) => n.remaining - roomsSoldElsewhere(DEFAULT_INVENTORY_SEED, today, n));
    },
  );
}

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
