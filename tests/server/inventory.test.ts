// Generated inventory: real places, deterministic for a seed, and a day generated on first touch
// equals the same day generated with the whole window.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPlaces, type Places } from "../../server/inventory/places";
import { airNetwork } from "../../server/inventory/air/network";
import { flightRows } from "../../server/inventory/air/generate";
import { seatOffers } from "../../server/inventory/air/pricing";
import { cabinsOf } from "../../server/inventory/air/pricing";
import { timetable } from "../../server/inventory/train/timetable";
import { cityHotels } from "../../server/inventory/hotel/catalog";
import { generateInventory } from "../../server/inventory";
import { ensureRoutes } from "../../server/suppliers/flight/load";
import { forgetMarks } from "../../server/inventory/store";
import { setClock } from "../../server/services/clock";
import { openTestDb } from "./harness";
import { migrateToLatest } from "../../server/db/migrate";
import type { Db } from "../../server/db";

let places: Places;
beforeAll(async () => {
  places = await loadPlaces();
});

describe("reference places", () => {
  it("has at least 40 domestic and 20 foreign airports with coordinates and time zones", () => {
    const all = [...places.airports.values()];
    expect(all.filter((a) => !a.international).length).toBeGreaterThanOrEqual(40);
    expect(all.filter((a) => a.international).length).toBeGreaterThanOrEqual(20);
    for (const code of ["PEK", "PKX", "PVG", "SHA", "CAN", "SZX", "CTU", "TFU", "HKG", "NRT", "LHR", "JFK", "DXB"]) expect(places.airports.has(code), code).toBe(true);
    expect(places.airports.get("PEK")).toMatchObject({ cityName: "北京", timeZone: "Asia/Shanghai" });
    expect(places.airports.get("LHR")!.timeZone).toBe("Europe/London");
    expect(places.airports.get("TFU")!.lat).toBeCloseTo(30.3, 0);
    expect(places.airCities.get("BJS")!.airports.map((a) => a.code).sort()).toEqual(["PEK", "PKX"]);
  });

  it("has at least 60 stations and 30 hotel cities with real administrative codes", () => {
    expect(places.stationList.length).toBeGreaterThanOrEqual(60);
    expect(places.hotelCityList.length).toBeGreaterThanOrEqual(30);
    expect(places.hotelCityList.find((c) => c.name === "北京")!.cityCode).toBe("1101");
    expect(places.hotelCityList.find((c) => c.name === "广州")!.cityCode).toBe("4401");
  });

  it("every station of the timetable is a known station and every station has trains", () => {
    const served = new Set(timetable("s1", places).flatMap((t) => t.stops.map((s) => s.station)));
    for (const s of served) expect(places.stations.has(s), s).toBe(true);
    for (const s of places.stationList) expect(served.has(s.name), s.name).toBe(true);
  });
});

describe("determinism", () => {
  it("the same seed and date give the same flights and prices; another seed differs", () => {
    const a = flightRows("s1", places, "PEK", "2026-12-01");
    expect(flightRows("s1", places, "PEK", "2026-12-01")).toEqual(a);
    expect(a.length).toBeGreaterThan(20);
    expect(flightRows("s2", places, "PEK", "2026-12-01")).not.toEqual(a);
    const price = (seed: string) => seatOffers({ seed, today: "2026-11-20", places, agreedServiceFee: null }, a[0], cabinsOf(a[0]));
    expect(price("s1")).toEqual(price("s1"));
    expect(airNetwork("s1", places).schedules.length).toBe(airNetwork("s1", places).schedules.length);
  });

  it("prices rise as departure nears", () => {
    const [f] = flightRows("s1", places, "PEK", "2026-12-20").filter((x) => x.arrCity === "SHA");
    const lowest = (today: string) => Math.min(...seatOffers({ seed: "s1", today, places, agreedServiceFee: null }, f, cabinsOf(f)).filter((o) => o.cabinClass === "Y").map((o) => o.salePrice));
    expect(lowest("2026-12-19")).toBeGreaterThan(lowest("2026-11-01"));
  });

  it("hotels of a city are the same for a seed, with ids from the city's place in the table", () => {
    const bj = places.hotelCityList[0];
    const a = cityHotels("s1", bj);
    expect(cityHotels("s1", bj)).toEqual(a);
    expect(a.hotels.every((h) => Math.floor(h.id / 1000) === bj.index + 1)).toBe(true);
    expect(new Set(a.hotels.map((h) => h.name)).size).toBe(a.hotels.length);
  });

  it("a hotel's name says its city once, even after a landmark named after the city (杭州东站)", () => {
    const hz = places.hotelCityList.find((c) => c.name === "杭州")!;
    expect(hz.landmarks.some((l) => l.name === "杭州东站")).toBe(true);
    for (const city of places.hotelCityList) {
      for (const h of cityHotels("s1", city).hotels) expect(h.name, h.name).not.toContain(`${city.name}${city.name}`);
    }
    const near = cityHotels("s1", hz).hotels.filter((h) => h.landmark === "杭州东站");
    expect(near.length).toBeGreaterThan(0);
    for (const h of near) expect(h.name).toMatch(/(^杭州东站|\(杭州东站店\))/);
  });
});

describe("lazy and eager generation agree", () => {
  let lazy: { db: Db; drop: () => Promise<void> };
  let eager: { db: Db; drop: () => Promise<void> };
  beforeAll(async () => {
    setClock(() => Date.UTC(2026, 10, 30, 2));
    lazy = await openTestDb();
    eager = await openTestDb();
    for (const t of [lazy, eager]) await migrateToLatest(t.db.db, t.db.schema);
  });
  afterAll(async () => {
    setClock(null);
    for (const t of [lazy, eager]) {
      forgetMarks(t.db.db);
      await t.db.close();
      await t.drop();
    }
  });

  it("a day generated on first touch has the rows the whole-window run writes", async () => {
    await ensureRoutes({ db: lazy.db.db, seed: "s1", places }, ["PEK-SHA"], ["2026-12-01"]);
    await generateInventory(eager.db.db, "s1", 1);
    const read = (db: Db) => db.db.selectFrom("air_flights").selectAll().where("depAirport", "=", "PEK").where("flightDate", "=", "2026-12-01").orderBy("flightKey").execute();
    const [l, e] = [await read(lazy.db), await read(eager.db)];
    expect(l.length).toBeGreaterThan(20);
    expect(l).toEqual(e);
    // A second touch writes nothing new.
    await ensureRoutes({ db: lazy.db.db, seed: "s1", places }, ["PEK-SHA"], ["2026-12-01"]);
    expect(await read(lazy.db)).toHaveLength(l.length);
  });
});
