// What the result pages do with a loaded list (filters, sort, the cheapest fare shown), the
// search read from the address, and prices in yuan from fen.
import { describe, expect, it } from "vitest";
import { holidayMark } from "../../src/domain/travel/holidays";
import {
  cheapestSeat, durationText, filterFlights, filterItineraries, filterTrains, inTimeBands, sortFlights, sortItineraries, sortTrains,
} from "../../src/domain/travel/results";
import { flightSearchParams, readFlightSearch, readHotelSearch, readStay, readTrainSearch } from "../../src/domain/travel/search-query";
import type { Itinerary, ListFare, ListFlight, TrainItem } from "../../src/domain/travel/types";
import { formatFen, priceText } from "../../src/domain/money";

const seat = (cabinClass: "F" | "C" | "Y", salePrice: number, seatsLeft = 5) => ({ fareKey: `${cabinClass}${salePrice}`, cabinClass, salePrice, seatsLeft }) as ListFare;
const flight = (flightNo: string, depTime: string, durationMin: number, seats: ListFare[], extra: Partial<ListFlight> = {}) =>
  ({ flightKey: flightNo, flightNo, airline: flightNo.slice(0, 2), depTime, durationMin, depAirport: "PEK", arrAirport: "SHA", stops: [], seats, ...extra }) as ListFlight;

const flights = [
  flight("MU5101", "07:00", 130, [seat("Y", 98_000), seat("F", 400_000)]),
  flight("CA1501", "13:30", 120, [seat("Y", 76_000), seat("Y", 60_000, 0)], { depAirport: "PKX" }),
  flight("MU5103", "09:00", 125, [seat("F", 380_000)]),
  flight("HU7601", "20:10", 140, [seat("Y", 0, 0)]),
];

describe("prices in yuan from fen", () => {
  it("formats with thousand separators and exact decimals, no float arithmetic", () => {
    expect(formatFen(123_450)).toBe("1,234.50");
    expect(formatFen(5)).toBe("0.05");
    expect(formatFen(-100)).toBe("-1.00");
    expect(priceText(105_000)).toBe("1,050");
    expect(priceText(187_150)).toBe("1,871.50");
    expect(priceText(0)).toBe("0");
  });
});

describe("flight results", () => {
  it("shows the cheapest seat still on sale, within the chosen cabin class", () => {
    expect(cheapestSeat(flights[1])?.salePrice).toBe(76_000); // the 600 yuan fare is sold out
    expect(cheapestSeat(flights[0], "F")?.salePrice).toBe(400_000);
    expect(cheapestSeat(flights[3])).toBeNull();
  });

  it("filters by airline, time band, airport and cabin class together", () => {
    expect(filterFlights(flights, { airlines: ["MU"] }).map((f) => f.flightNo)).toEqual(["MU5101", "MU5103"]);
    expect(filterFlights(flights, { airlines: ["MU"], depBands: ["morning"], cabinClass: "Y" }).map((f) => f.flightNo)).toEqual(["MU5101"]);
    expect(filterFlights(flights, { depAirports: ["PKX"] }).map((f) => f.flightNo)).toEqual(["CA1501"]);
    expect(filterFlights(flights, { depBands: ["evening", "afternoon"] }).map((f) => f.flightNo)).toEqual(["CA1501", "HU7601"]);
    expect(filterFlights(flights, {})).toHaveLength(4);
  });

  it("sorts by price with sold-out flights last, by time either way, and by duration", () => {
    expect(sortFlights(flights, { key: "price" }).map((f) => f.flightNo)).toEqual(["CA1501", "MU5101", "MU5103", "HU7601"]);
    expect(sortFlights(flights, { key: "price" }, "F").map((f) => f.flightNo)).toEqual(["MU5103", "MU5101", "CA1501", "HU7601"]);
    expect(sortFlights(flights, { key: "depTime", desc: true }).map((f) => f.depTime)).toEqual(["20:10", "13:30", "09:00", "07:00"]);
    expect(sortFlights(flights, { key: "duration" }).map((f) => f.durationMin)).toEqual([120, 125, 130, 140]);
    expect(flights[0].flightNo).toBe("MU5101"); // the loaded list itself is left as it was
  });

  it("reads time bands as [start, end) and durations in Chinese", () => {
    expect(inTimeBands("06:00", ["morning"])).toBe(true);
    expect(inTimeBands("12:00", ["morning"])).toBe(false);
    expect(inTimeBands("23:59", ["evening"])).toBe(true);
    expect(inTimeBands("05:59", [])).toBe(true);
    expect(durationText(110)).toBe("1小时50分");
    expect(durationText(120)).toBe("2小时");
    expect(durationText(45)).toBe("45分");
    expect(durationText(110, "en")).toBe("1h 50m");
    expect(durationText(120, "en")).toBe("2h");
    expect(durationText(45, "en")).toBe("45m");
  });
});

describe("train results", () => {
  const train = (trainNo: string, depTime: string, seats: [number, number][]) =>
    ({ trainKey: trainNo, trainNo, trainType: trainNo[0], depTime, durationMin: 300, fromStation: "北京南", toStation: "上海虹桥", seats: seats.map(([price, left]) => ({ price, left })) }) as unknown as TrainItem;
  const trains = [train("G1", "09:00", [[60_000, 0], [90_000, 3]]), train("K101", "08:00", [[20_000, 40]]), train("D5", "19:00", [[50_000, 0]])];

  it("只看高铁动车 keeps G, D and C trains; only-available drops sold-out trains", () => {
    expect(filterTrains(trains, { highSpeedOnly: true }).map((x) => x.trainNo)).toEqual(["G1", "D5"]);
    expect(filterTrains(trains, { availableOnly: true }).map((x) => x.trainNo)).toEqual(["G1", "K101"]);
    expect(filterTrains(trains, { trainTypes: ["K"], depBands: ["morning"] }).map((x) => x.trainNo)).toEqual(["K101"]);
  });

  it("sorts by the lowest fare with a seat left", () => {
    expect(sortTrains(trains, { key: "price" }).map((x) => x.trainNo)).toEqual(["K101", "G1", "D5"]);
    expect(sortTrains(trains, { key: "depTime" }).map((x) => x.trainNo)).toEqual(["K101", "G1", "D5"]);
  });
});

describe("international itineraries", () => {
  const it1 = { key: "a", depTime: "10:00", totalDurationMin: 200, lowestPrice: 300_000, segments: [{ airline: "CA" }], cabinPrices: [{ cabinClass: "Y", salePrice: 300_000, taxes: 0 }] } as unknown as Itinerary;
  const it2 = { key: "b", depTime: "08:00", totalDurationMin: 500, lowestPrice: 200_000, segments: [{ airline: "MU" }, { airline: "JL" }], cabinPrices: [{ cabinClass: "Y", salePrice: 200_000, taxes: 0 }, { cabinClass: "F", salePrice: 900_000, taxes: 0 }] } as unknown as Itinerary;
  it("filters direct-only, by any segment's airline and by cabin; sorts by price", () => {
    expect(filterItineraries([it1, it2], { directOnly: true }).map((x) => x.key)).toEqual(["a"]);
    expect(filterItineraries([it1, it2], { airlines: ["JL"] }).map((x) => x.key)).toEqual(["b"]);
    expect(filterItineraries([it1, it2], { cabinClass: "F" }).map((x) => x.key)).toEqual(["b"]);
    expect(sortItineraries([it1, it2], { key: "price" }).map((x) => x.key)).toEqual(["b", "a"]);
    expect(sortItineraries([it1, it2], { key: "price" }, "F").map((x) => x.key)).toEqual(["b", "a"]);
  });
});

describe("the search in the address", () => {
  const today = "2026-11-23";
  it("reads a one-way and a round-trip flight search, upper-casing codes", () => {
    expect(readFlightSearch({ depCity: "bjs", depName: "北京", arrCity: "SHA", arrName: "上海", depDate: "2026-11-27" }, today)).toEqual({
      ok: true,
      search: { depCity: "BJS", depName: "北京", arrCity: "SHA", arrName: "上海", depDate: "2026-11-27", tripType: "ow", passengers: { adults: 1, children: 0, infants: 0 } },
    });
    const rt = readFlightSearch({ depCity: "BJS", arrCity: "SHA", depDate: "2026-11-27", tripType: "rt", retDate: "2026-11-30" }, today);
    expect(rt.ok && rt.search.retDate).toBe("2026-11-30");
  });

  it("says why a flight search cannot run, or nothing when none was made", () => {
    expect(readFlightSearch({}, today)).toEqual({ ok: false, problem: null });
    expect(readFlightSearch({ depCity: "BJS", arrCity: "BJS", depDate: "2026-11-27" }, today)).toEqual({ ok: false, problem: "出发城市和到达城市不能相同" });
    expect(readFlightSearch({ depCity: "BJS", arrCity: "SHA", depDate: "2026-11-22" }, today)).toEqual({ ok: false, problem: "出发日期不能早于今天" });
    expect(readFlightSearch({ depCity: "BJS", arrCity: "SHA", depDate: "2027-03-01" }, today)).toEqual({ ok: false, problem: "出发日期只能选择今天起 60 天内" });
    expect(readFlightSearch({ depCity: "BJS", arrCity: "SHA", depDate: "2026-11-27", tripType: "rt", retDate: "2026-11-26" }, today)).toEqual({ ok: false, problem: "返程日期不能早于出发日期" });
  });

  it("carries passenger counts and the cabin class, within the airlines' limits", () => {
    const base = { depCity: "BJS", arrCity: "SHA", depDate: "2026-11-27" };
    const ok = readFlightSearch({ ...base, adults: "2", children: "1", infants: "2", cabin: "C" }, today);
    expect(ok.ok && ok.search.passengers).toEqual({ adults: 2, children: 1, infants: 2 });
    expect(ok.ok && ok.search.cabin).toBe("C");
    expect(ok.ok && flightSearchParams(ok.search)).toMatchObject({ adults: "2", children: "1", infants: "2", cabin: "C" });
    const unknownCabin = readFlightSearch({ ...base, cabin: "Q" }, today);
    expect(unknownCabin.ok).toBe(true);
    expect(unknownCabin.ok && unknownCabin.search.cabin).toBeUndefined();
    expect(readFlightSearch({ ...base, adults: "0", children: "1" }, today)).toEqual({ ok: false, problem: "请至少选择一名成人乘客" });
    expect(readFlightSearch({ ...base, adults: "1", infants: "2" }, today)).toEqual({ ok: false, problem: "每名成人最多携带一名婴儿" });
    expect(readFlightSearch({ ...base, adults: "5", children: "5" }, today)).toEqual({ ok: false, problem: "每张订单最多 9 名乘客" });
    expect(readFlightSearch({ ...base, adults: "5", children: "4" }, today).ok).toBe(true);
  });

  it("carries the 公务机票 choice: one way and adults only, written back as gp=1", () => {
    const base = { depCity: "BJS", arrCity: "SHA", depDate: "2026-11-27" };
    const gp = readFlightSearch({ ...base, adults: "2", gp: "1" }, today);
    expect(gp.ok && gp.search.gp).toBe(true);
    expect(gp.ok && flightSearchParams(gp.search)).toMatchObject({ gp: "1", adults: "2" });
    const plain = readFlightSearch({ ...base, gp: "0" }, today);
    expect(plain.ok && plain.search.gp).toBeUndefined();
    expect(plain.ok && flightSearchParams(plain.search).gp).toBeUndefined();
    expect(readFlightSearch({ ...base, gp: "1", tripType: "rt", retDate: "2026-11-30" }, today)).toEqual({ ok: false, problem: "公务机票仅支持单程查询" });
    expect(readFlightSearch({ ...base, gp: "1", children: "1" }, today)).toEqual({ ok: false, problem: "公务机票仅限成人乘客，儿童和婴儿请查询普通机票" });
    expect(readFlightSearch({ ...base, gp: "1", infants: "1" }, today).ok).toBe(false);
  });

  it("reads train and hotel searches with their own rules", () => {
    expect(readTrainSearch({ fromStation: "北京南", toStation: "上海虹桥", depDate: "2026-11-24" }, today).ok).toBe(true);
    expect(readTrainSearch({ fromStation: "北京南", toStation: "北京南", depDate: "2026-11-24" }, today)).toEqual({ ok: false, problem: "出发站和到达站不能相同" });
    expect(readHotelSearch({ cityCode: "3101", cityName: "上海", checkIn: "2026-11-24", checkOut: "2026-11-26", keyword: " 万豪 " }, today)).toEqual({
      ok: true,
      search: { cityCode: "3101", cityName: "上海", checkIn: "2026-11-24", checkOut: "2026-11-26", keyword: "万豪" },
    });
    expect(readStay({ checkIn: "2026-11-24", checkOut: "2026-11-24" }, today)).toEqual({ ok: false, problem: "离店日期须晚于入住日期" });
    expect(readStay({ checkIn: "2026-11-24", checkOut: "2026-12-23" }, today)).toEqual({ ok: false, problem: "单次最多预订 28 晚" });
  });
});

describe("holiday marks on travel dates", () => {
  it("marks public holidays as 休 with their name and in-lieu weekend working days as 班", () => {
    expect(holidayMark("2025-10-01")).toEqual({ kind: "rest", name: "国庆节" });
    expect(holidayMark("2025-09-28")?.kind).toBe("work"); // Sunday made a working day for National Day
    expect(holidayMark("2025-10-15")).toBeNull();
    expect(holidayMark("2025-10-18")).toBeNull(); // an ordinary Saturday
  });
});
