// Flight search APIs on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): city search,
// one-way (a lean list; each fare's detail on its own), round trip, transit, international
// (paged), calendar, verify; bad input answered in Chinese
// with nothing generated; seats taken by a hold and given back by its release.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { caller, day, generatedMarks, SEED, startTravel, stopTravel, TODAY, fullFlights } from "./inventory-helpers";
import { createSession } from "../../server/services/accounts/sessions";
import { suppliersFor } from "../../server/suppliers";
import type { FareDetailReply, FlightItem, FlightSeat, Itinerary, ListFare, ListFlight } from "../../src/domain/travel/types";
import { fareLabels, listFareTier } from "../../src/domain/travel/list-fares";
import { ruleLines } from "../../src/domain/travel/air-rules";
import { post } from "./harness";
import { minutesOf } from "../../src/domain/travel/dates";
import { soldElsewhere } from "../../server/inventory/demand";

let h: Harness;
let call: ReturnType<typeof caller>;
const B = "/api/v1/trip_manager";
const LIST = `${B}/air_ticket_domestic_flight/list`;
const DETAIL = `${B}/air_ticket_domestic_flight/fare_detail`;

beforeAll(async () => {
  h = await startTravel();
  call = caller(h);
});
afterAll(() => stopTravel(h));

const ctx = { today: TODAY, agreedServiceFee: null };

describe("city search", () => {
  it("finds 北京 by Chinese, pinyin, initials and airport code", async () => {
    for (const keyword of ["北京", "beijing", "bj", "PEK"]) {
      const r = await call(`${B}/air_city_search`, { keyword });
      expect(r.ret, keyword).toBe(0);
      expect(r.data[0], keyword).toMatchObject({ cityCode: "BJS", cityName: "北京", pinyin: "beijing", initials: "bj" });
      expect(r.data[0].airports.map((a: { code: string }) => a.code).sort()).toEqual(["PEK", "PKX"]);
    }
    const hot = await call(`${B}/air_city_search`, {});
    expect(hot.data.length).toBeGreaterThan(10);
    const abroad = await call(`${B}/air_city_search`, { keyword: "dj", international: 1 });
    expect(abroad.data.map((c: { cityName: string }) => c.cityName)).toContain("东京");
  });
});

describe("domestic one-way", () => {
  it("lists Beijing–Shanghai flights with cabins; each fare opened is explained to the fen", async () => {
    const r = await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5) });
    expect(r.ret).toBe(0);
    const list: ListFlight[] = r.data.list;
    expect(list.length).toBeGreaterThan(5);
    expect(r.data.total).toBe(list.length);
    expect(r.data.servFee).toBe(2000);
    const inFull = await fullFlights(h.app, list);
    for (const [i, f] of list.entries()) {
      expect(["PEK", "PKX"]).toContain(f.depAirport);
      expect(["PVG", "SHA"]).toContain(f.arrAirport);
      expect(f.depDate).toBe(day(5));
      expect(f.seats.length).toBeGreaterThan(0);
      for (const s of f.seats) {
        const full = inFull[i].seats.find((x) => x.fareKey === s.fareKey)!;
        // What the list shows is the fare's own figures and labels.
        expect(s).toEqual({ fareKey: full.fareKey, cabinClass: full.cabinClass, cabinCode: full.cabinCode, discount: full.discount, salePrice: full.salePrice, taxes: full.adtTaxeCn + full.adtTaxeYq, seatsLeft: full.seatsLeft });
        expect(fareLabels(s)).toEqual({ cabinClassName: full.cabinClassName, discountLabel: full.discountLabel, tierName: full.tierName });
        expect(listFareTier(s)).toBe(full.tier);
        expect(s.salePrice % 1000).toBe(0);
      }
      expect(f.lowestPrice).toBe(Math.min(...f.seats.map((s) => s.salePrice)));
    }
    // Default order: departure time.
    const times = list.map((f) => minutesOf(f.depTime)!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(r.data.lowestPrice).toBe(Math.min(...list.map((f) => f.lowestPrice!)));
    expect(r.data.facets.depAirports.map((a: { code: string }) => a.code)).toEqual(["PEK", "PKX"]);
    // A fare opened: its price details per passenger type, insurance and refund/change table.
    const seat = list[0].seats[0];
    const d = await call(DETAIL, { fareKey: seat.fareKey });
    expect(d.ret, d.msg).toBe(0);
    const detail: FareDetailReply = d.data;
    const full = inFull[0].seats[0];
    for (const p of Object.values(detail.breakdown)) expect(p.total).toBe(p.ticket + p.airportTax + p.fuelTax + p.serviceFee);
    expect(detail.breakdown.ADT).toMatchObject({ ticket: seat.salePrice, airportTax: full.adtTaxeCn, fuelTax: full.adtTaxeYq, serviceFee: r.data.servFee });
    expect(detail.breakdown.ADT.airportTax + detail.breakdown.ADT.fuelTax).toBe(seat.taxes);
    expect(detail.breakdown.CHD).toMatchObject({ ticket: full.childCabinPrice, airportTax: full.chdTaxeCn, fuelTax: full.chdTaxeYq });
    expect(detail).toMatchObject({ fareKey: seat.fareKey, tier: listFareTier(seat), tierName: fareLabels(seat).tierName, baggage: full.baggage, rules: ruleLines(listFareTier(seat)) });
    expect(detail.rules).toHaveLength(4);
    expect(detail.insurance.length).toBeGreaterThan(0);
  });

  it("a reply of 17 or more flights is at most 20 KB of JSON", async () => {
    const r = await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5) });
    expect(r.data.list.length).toBeGreaterThanOrEqual(17);
    expect(Buffer.byteLength(JSON.stringify(r))).toBeLessThanOrEqual(20 * 1024);
  });

  it("the fare detail refuses a key it does not sell with a Chinese message, never a server error", async () => {
    const seat: ListFare = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5) })).data.list[0].seats[0];
    const [flight] = seat.fareKey.split("|");
    const before = await generatedMarks(h);
    const cases: [Record<string, string | number>, number, string][] = [
      [{}, 400, "请提供舱位编号"],
      [{ fareKey: "<script>" }, 400, "舱位编号不正确"],
      [{ fareKey: "x".repeat(200) }, 400, "舱位编号不正确"],
      [{ fareKey: seat.fareKey, extra: 1 }, 400, ""],
      // Well formed, but no such flight, booking class, or day on sale.
      [{ fareKey: "2026-12-05:ZZ9999|Y|Y" }, 404, "未找到该舱位，请重新查询航班"],
      [{ fareKey: `${flight}|Y|X` }, 404, "未找到该舱位，请重新查询航班"],
      [{ fareKey: `${flight}|F|Y` }, 404, "未找到该舱位，请重新查询航班"],
      [{ fareKey: `${day(90)}:${flight.split(":")[1]}|Y|Y` }, 404, "未找到该舱位，请重新查询航班"],
      [{ fareKey: `${day(-3)}:${flight.split(":")[1]}|Y|Y` }, 404, "未找到该舱位，请重新查询航班"],
    ];
    for (const [body, ret, msg] of cases) {
      const r = await post(h.app, DETAIL, body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.ret, JSON.stringify(body)).toBe(ret);
      if (msg) expect(r.body.msg, JSON.stringify(body)).toBe(msg);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    // A day outside the sales window is not generated to answer it.
    expect(await generatedMarks(h)).toBe(before);
  });

  it("filters by airline, airport, time window, cabin and direct flights, and sorts", async () => {
    const all = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5) })).data;
    const airline = all.facets.airlines[0].code;
    const byAirline = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5), airlines: airline })).data.list as FlightItem[];
    expect(byAirline.length).toBeGreaterThan(0);
    expect(byAirline.every((f) => f.airline === airline)).toBe(true);
    const pkx = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5), depAirports: "PKX" })).data.list as FlightItem[];
    expect(pkx.length).toBeGreaterThan(0);
    expect(pkx.every((f) => f.depAirport === "PKX")).toBe(true);
    const morning = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5), depTimeStart: "06:00", depTimeEnd: "12:00" })).data.list as FlightItem[];
    expect(morning.every((f) => f.depTime >= "06:00" && f.depTime <= "12:00")).toBe(true);
    expect(morning.length).toBeLessThan(all.list.length);
    const first = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5), cabinClass: "F" })).data.list as FlightItem[];
    expect(first.every((f) => f.seats.every((s: FlightSeat) => s.cabinClass === "F"))).toBe(true);
    const cheap = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5), orderBy: "price" })).data.list as FlightItem[];
    const prices = cheap.map((f) => f.lowestPrice!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const long = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5), orderBy: "duration", orderType: "desc" })).data.list as FlightItem[];
    expect(long.map((f) => f.durationMin)).toEqual(long.map((f) => f.durationMin).sort((a, b) => b - a));
    const direct = (await call(LIST, { depCity: "BJS", arrCity: "URC", depDate: day(5), directOnly: 1 })).data.list as FlightItem[];
    expect(direct.every((f) => f.stops.length === 0)).toBe(true);
  });

  it("a company's agreed service fee replaces the portal's for its people", async () => {
    const admin = await h.db.db.selectFrom("members").select(["id", "creditMemberId"]).where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
    await h.db.db.updateTable("companies").set({ dometicketServerFeeFen: 1000 }).where("id", "=", admin.creditMemberId).execute();
    const token = await createSession(h.db.db, admin.id);
    const member = (await call(LIST, { token, depCity: "BJS", arrCity: "SHA", depDate: day(5) })).data;
    const guest = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5) })).data;
    expect(guest.servFee).toBe(2000);
    expect(member.servFee).toBe(1000);
    const fareKey = guest.list[0].seats[0].fareKey;
    const memberFare = (await call(DETAIL, { token, fareKey })).data;
    const guestFare = (await call(DETAIL, { fareKey })).data;
    expect(memberFare.breakdown.ADT.total).toBe(guestFare.breakdown.ADT.total - 1000);
  });
});

describe("round trip, transit, international, calendar", () => {
  it("round trip lists both directions", async () => {
    const r = await call(`${B}/air_ticket_domestic_flight/list_rt`, { depCity: "BJS", arrCity: "CTU", depDate: day(3), retDate: day(6) });
    expect(r.ret).toBe(0);
    const [outbound, inbound] = [await fullFlights(h.app, r.data.outbound.list), await fullFlights(h.app, r.data.inbound.list)];
    expect(outbound.every((f) => f.depCity === "BJS" && f.arrCity === "CTU" && f.depDate === day(3))).toBe(true);
    expect(inbound.every((f) => f.depCity === "CTU" && f.arrCity === "BJS" && f.depDate === day(6))).toBe(true);
    expect(r.data.inbound.total).toBeGreaterThan(0);
  });

  it("transit journeys connect in one city with at least the minimum connection time", async () => {
    const r = await call(`${B}/air_ticket_domestic_flight/list_transit`, { depCity: "DYG", arrCity: "URC", depDate: day(4) });
    expect(r.ret).toBe(0);
    expect(r.data.total).toBeGreaterThan(0);
    for (const it of r.data.list) {
      const [a, b] = await fullFlights(h.app, it.segments);
      expect(a.depCity).toBe("DYG");
      expect(b.arrCity).toBe("URC");
      expect(a.arrCity).toBe(b.depCity);
      const wait = (Date.parse(b.depUtc) - Date.parse(a.arrUtc)) / 60_000;
      expect(wait).toBe(it.connections[0].minutes);
      expect(wait).toBeGreaterThanOrEqual(a.arrAirport === b.depAirport ? 60 : 240);
      expect(wait).toBeLessThanOrEqual(8 * 60);
    }
    const prices = r.data.list.map((i: { lowestPrice: number }) => i.lowestPrice);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const via = await call(`${B}/air_ticket_domestic_flight/list_transit`, { depCity: "DYG", arrCity: "URC", depDate: day(4), transitCity: "CAN" });
    expect(via.data.list.every((i: { segments: ListFlight[] }) => i.segments[0].arrAirport === "CAN")).toBe(true);
  });

  it("international itineraries: direct flights and journeys with a connection, in local times", async () => {
    const r = await call(`${B}/air_ticket_inter_flight/list`, { depCity: "CSX", arrCity: "LON", depDate: day(10) });
    expect(r.ret).toBe(0);
    expect(r.data.total).toBeGreaterThan(0);
    for (const it of r.data.list) {
      expect(it.segments.length).toBe(2); // Changsha has no flight to London: every journey connects.
      expect(it.segments[1].arrAirport).toBe("LHR");
      expect(it.cabinPrices.length).toBeGreaterThan(0);
      const [a, b] = await fullFlights(h.app, it.segments);
      expect(it.totalDurationMin).toBe(Math.round((Date.parse(b.arrUtc) - Date.parse(a.depUtc)) / 60_000));
    }
    const direct = await call(`${B}/air_ticket_inter_flight/list`, { depCity: "BJS", arrCity: "HKG", depDate: day(10), directOnly: 1 });
    expect(direct.data.total).toBeGreaterThan(0);
    expect(direct.data.list.every((i: { segments: ListFlight[] }) => i.segments.length === 1 && i.segments[0].arrAirport === "HKG")).toBe(true);
  });

  it("international itineraries come a page at a time, filtered and ordered over all of them", async () => {
    const INTL = `${B}/air_ticket_inter_flight/list`;
    const q = { depCity: "BJS", arrCity: "LON", depDate: day(10), orderBy: "depTime" };
    const all = (await call(INTL, { ...q, pageSize: 50 })).data;
    expect(all.total).toBeGreaterThan(10);
    const first = (await call(INTL, q)).data;
    expect(first).toMatchObject({ total: all.total, pageNum: 1, pageSize: 10, lowestPrice: all.lowestPrice, airlines: all.airlines });
    expect(first.list.map((i: Itinerary) => i.key)).toEqual(all.list.slice(0, 10).map((i: Itinerary) => i.key));
    const second = (await call(INTL, { ...q, pageNum: 2 })).data;
    expect(second.list.map((i: Itinerary) => i.key)).toEqual(all.list.slice(10, 20).map((i: Itinerary) => i.key));
    // A departure band keeps the itineraries whose first flight leaves in it, counted over every page.
    const morning = (await call(INTL, { ...q, depBands: "morning", pageSize: 50 })).data;
    expect(morning.total).toBe(all.list.filter((i: Itinerary) => i.depTime >= "06:00" && i.depTime < "12:00").length);
    expect(morning.airlines).toEqual(all.airlines);
    for (const [body, msg] of [
      [{ ...q, pageSize: 51 }, "每页条数须为 1 到 50 之间的整数"],
      [{ ...q, pageNum: 0 }, "页码须为 1 到 100 之间的整数"],
      [{ ...q, depBands: "noon" }, "出发时段只能是 dawn、morning、afternoon、evening"],
    ] as const) {
      expect(await call(INTL, body)).toMatchObject({ ret: 400, msg });
    }
  });

  it("the calendar gives the lowest fare of each day inside the window, ±15 days", async () => {
    const mid = await call(`${B}/air_ticket_domestic_flight/calendar`, { depCity: "BJS", arrCity: "SHA", depDate: day(20) });
    expect(mid.data.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 31 }, (_, i) => day(5 + i)));
    expect(mid.data.every((d: { lowestPrice: number | null }) => d.lowestPrice !== null)).toBe(true);
    const edge = await call(`${B}/air_ticket_domestic_flight/calendar`, { depCity: "BJS", arrCity: "SHA", depDate: day(2) });
    expect(edge.data[0].date).toBe(TODAY);
    expect(edge.data).toHaveLength(18);
    const one = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(7) })).data.lowestPrice;
    expect(mid.data.find((d: { date: string }) => d.date === day(7)).lowestPrice).toBe(one);
  });

  it("verify returns the fare of a key with its current price", async () => {
    const seat = (await call(LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(5) })).data.list[0].seats[0];
    const r = await call(`${B}/air_ticket_domestic_flight/verify`, { fareKey: seat.fareKey });
    expect(r.data).toMatchObject({ available: true, seat: { fareKey: seat.fareKey, salePrice: seat.salePrice } });
    expect(r.data.rules).toHaveLength(4);
  });
});

describe("bad input", () => {
  it("answers each with its Chinese message and generates nothing", async () => {
    const before = await generatedMarks(h);
    const cases: [string, Record<string, string | number>, string][] = [
      [LIST, { depCity: "XYZ", arrCity: "SHA", depDate: day(5) }, "未知的出发城市：XYZ"],
      [LIST, { depCity: "PEK", arrCity: "QQQ", depDate: day(5) }, "未知的到达城市：QQQ"],
      [LIST, { depCity: "PEK", arrCity: "PEK", depDate: day(5) }, "出发城市和到达城市不能相同"],
      [LIST, { depCity: "BJS", arrCity: "PKX", depDate: day(5) }, "出发城市和到达城市不能相同"],
      [LIST, { depCity: "PEK", arrCity: "SHA", depDate: day(-1) }, "出发日期不能早于今天"],
      [LIST, { depCity: "PEK", arrCity: "SHA", depDate: day(61) }, "出发日期只能选择今天起 60 天内"],
      [LIST, { depCity: "PEK", arrCity: "SHA", depDate: "2026-02-30" }, "出发日期格式应为 YYYY-MM-DD"],
      [LIST, { depCity: "PEK", arrCity: "HKG", depDate: day(5) }, "国际及港澳台航线请使用国际机票查询"],
      [LIST, { depCity: "PEKING", arrCity: "SHA", depDate: day(5) }, "出发城市代码应为 3 位字母"],
      [LIST, { depCity: "PEK", arrCity: "SHA", depDate: day(5), depTimeStart: "25:00" }, "起飞时间下限格式应为 HH:mm"],
      [LIST, { depCity: "PEK", arrCity: "SHA", depDate: day(5), orderBy: "seat" }, "排序方式只能是 price、depTime、arrTime 或 duration"],
      [`${B}/air_ticket_domestic_flight/list_rt`, { depCity: "PEK", arrCity: "SHA", depDate: day(5), retDate: day(4) }, "返程日期不能早于出发日期"],
      [`${B}/air_ticket_domestic_flight/list_rt`, { depCity: "PEK", arrCity: "SHA", depDate: day(5), retDate: day(70) }, "返程日期只能选择今天起 60 天内"],
      [`${B}/air_ticket_domestic_flight/list_transit`, { depCity: "PEK", arrCity: "URC", depDate: day(5), transitCity: "ZZZ" }, "未知的中转城市：ZZZ"],
      [`${B}/air_ticket_inter_flight/list`, { depCity: "PEK", arrCity: "SHA", depDate: day(5) }, "国内航线请使用国内机票查询"],
      [`${B}/air_ticket_domestic_flight/calendar`, { depCity: "PEK", arrCity: "SHA", depDate: day(-3) }, "出发日期不能早于今天"],
      [`${B}/air_ticket_domestic_flight/verify`, { fareKey: "2026-12-05:ZZ9999|Y|Y" }, "舱位编号不正确"],
      [`${B}/air_ticket_domestic_flight/verify`, { fareKey: "<script>" }, "舱位编号不正确"],
    ];
    for (const [url, body, msg] of cases) {
      const r = await call(url, body);
      expect(r, JSON.stringify(body)).toMatchObject({ ret: 400, msg });
    }
    expect(await generatedMarks(h)).toBe(before);
  });
});

describe("holds", () => {
  const supplier = () => suppliersFor(h.db.db, SEED).flight;
  const fullFare = async (date: string): Promise<{ flight: FlightItem; seat: FlightSeat }> => {
    const list = await fullFlights(h.app, (await call(LIST, { depCity: "SHA", arrCity: "CAN", depDate: date })).data.list);
    for (const flight of list) {
      const seat = flight.seats.find((s) => s.cabinClass === "Y" && s.cabinCode === "Y");
      if (seat) return { flight, seat };
    }
    throw new Error("no full fare");
  };
  const yRemaining = async (flightKey: string) =>
    (await h.db.db.selectFrom("air_flights").select("yRemaining").where("flightKey", "=", flightKey).executeTakeFirstOrThrow()).yRemaining;

  it("takes seats on hold, shows fewer, and gives them back on release", async () => {
    const { flight, seat } = await fullFare(day(8));
    const stored = await yRemaining(flight.flightKey);
    const hold = await supplier().hold(seat.fareKey, { adults: 2, children: 1, infants: 1 }, ctx);
    expect(hold).toMatchObject({ product: "air", status: "held", quantity: 3 });
    expect(hold.amount).toBe(seat.breakdown.ADT.total * 2 + seat.breakdown.CHD.total + seat.breakdown.INF.total);
    expect(await yRemaining(flight.flightKey)).toBe(stored - 3);
    const after = (await fullFare(day(8))).seat;
    expect(after.seatsLeft).toBe(seat.seatsLeft - 3);
    const released = await supplier().cancel(hold.holdId);
    expect(released.status).toBe("released");
    expect(await yRemaining(flight.flightKey)).toBe(stored);
    // The very next search shows them again (searches keep lists only until a count is written).
    expect((await fullFare(day(8))).seat.seatsLeft).toBe(seat.seatsLeft);
    // Releasing twice gives nothing back twice.
    await expect(supplier().cancel(hold.holdId)).rejects.toThrow("当前状态");
    expect(await yRemaining(flight.flightKey)).toBe(stored);
  });

  it("two buyers of the last seat: one gets it, the other is told it is gone", async () => {
    const { flight, seat } = await fullFare(day(9));
    const row = await h.db.db.selectFrom("air_flights").select(["yTotal"]).where("flightKey", "=", flight.flightKey).executeTakeFirstOrThrow();
    const sold = soldElsewhere(SEED, `${flight.flightKey}|Y`, flight.depDate, TODAY, row.yTotal);
    await h.db.db.updateTable("air_flights").set({ yRemaining: sold + 1 }).where("flightKey", "=", flight.flightKey).execute();
    const results = await Promise.allSettled([1, 2].map(() => supplier().hold(seat.fareKey, { adults: 1, children: 0, infants: 0 }, ctx)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(String((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason.message)).toMatch(/余票不足|已售完|仅剩/);
    expect(await yRemaining(flight.flightKey)).toBe(sold);
  });

  it("confirms with a record locator, refunds with the rule's fee and returns the seats", async () => {
    const { flight, seat } = await fullFare(day(12));
    const stored = await yRemaining(flight.flightKey);
    const hold = await supplier().hold(seat.fareKey, { adults: 1, children: 0, infants: 0 }, ctx);
    const done = await supplier().confirm(hold.holdId);
    expect(done.status).toBe("confirmed");
    expect(done.reference).toMatch(/^[A-Z2-9]{6}$/);
    const refund = await supplier().refund(hold.holdId, ctx);
    // 12 days out on a full fare: 5 % of the ticket, taxes back in full.
    expect(refund.fee).toBe(Math.round((seat.salePrice * 5) / 100 / 100) * 100);
    expect(refund.refund).toBe(seat.salePrice - refund.fee + seat.adtTaxeCn + seat.adtTaxeYq);
    expect(await yRemaining(flight.flightKey)).toBe(stored);
  });
});
