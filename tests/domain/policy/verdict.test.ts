// The travel standard's verdict on business train and hotel bookings: the railway's seat codes
// held to the standard's seat classes, a hotel stay's dearest night held to the nightly cap of
// its city's tier in the company's lists, and the verdict's text and outcome for each action.
import { describe, expect, it } from "vitest";
import { DEFAULT_CITY_TIERS, NO_STANDARD_TEXT, POLICY_SEAT_OF_RAIL, SEAT_CLASSES, WITHIN_TEXT, checkHotel, highestNightFen, hotelVerdict, trainVerdict, verdictOf, type CityTiers, type HotelStandard, type TrainStandard } from "../../../src/domain/policy";
import { SEAT_CLASS_LABELS, type SeatClass as RailSeat } from "../../../src/domain/travel/train";
import { label } from "../../../src/domain/codes";

const TRAIN: TrainStandard = { seats: ["second", "hardSleeper", "hardSeat", "noSeat"] };
const HOTEL: HotelStandard = { capsFen: { tier1: 50_000, tier2: 40_000, tier3: 30_000, other: 25_000 } };
const TIERS: CityTiers = { ...DEFAULT_CITY_TIERS, tier3: [{ code: "4602", name: "三亚市" }] };
const nights = (...prices: number[]) => prices.map((price, i) => ({ date: `2030-03-0${i + 1}`, price }));

describe("the railway's seat codes in the standard's seat classes", () => {
  it("names every seat code the railway sells, with the same seat", () => {
    const codes = Object.keys(SEAT_CLASS_LABELS) as RailSeat[];
    expect(Object.keys(POLICY_SEAT_OF_RAIL).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(SEAT_CLASSES.keys).toContain(POLICY_SEAT_OF_RAIL[code]);
      // 商务座 is 商务座, 硬卧 is 硬卧: the standard's label of the class is the railway's name of the seat.
      expect(label(SEAT_CLASSES, POLICY_SEAT_OF_RAIL[code])).toBe(SEAT_CLASS_LABELS[code]);
    }
  });
});

describe("trainVerdict", () => {
  it("a seat class the standard allows is within", () => {
    expect(trainVerdict(TRAIN, "forbid", "O")).toMatchObject({ configured: true, over: false, outcome: "within", text: WITHIN_TEXT, reasons: [] });
    expect(trainVerdict(TRAIN, "forbid", "WZ")).toMatchObject({ over: false, outcome: "within" });
  });

  it("any other is over, with the allowed classes in the reason, and the action decides the outcome", () => {
    const v = trainVerdict(TRAIN, "reason", "M");
    expect(v).toMatchObject({ configured: true, over: true, outcome: "reasonRequired", limitFen: null });
    expect(v.reasons).toEqual([{ code: "seat", text: "席别超标：可乘坐二等座、硬卧、硬座、无座，所选为一等座" }]);
    expect(v.text).toBe("超标：席别超标：可乘坐二等座、硬卧、硬座、无座，所选为一等座");
    expect(trainVerdict(TRAIN, "forbid", "9").outcome).toBe("forbidden");
    expect(trainVerdict(TRAIN, "approve", "4").outcome).toBe("approvalRequired");
  });

  it("without a standard nothing is over", () => {
    expect(trainVerdict(null, "forbid", "9")).toMatchObject({ configured: false, over: false, outcome: "within", text: NO_STANDARD_TEXT });
  });
});

describe("highestNightFen", () => {
  it("is the dearest night of the stay", () => {
    expect(highestNightFen(nights(30_000))).toBe(30_000);
    expect(highestNightFen(nights(30_000, 52_000, 41_000))).toBe(52_000);
  });
  it("refuses a stay without nights", () => {
    expect(() => highestNightFen([])).toThrow(RangeError);
  });
});

describe("hotelVerdict", () => {
  it("finds the city's tier in the company's lists by code, or by name with or without 市", () => {
    expect(hotelVerdict(HOTEL, "forbid", TIERS, { city: { code: "3101", name: "上海" }, nightly: nights(10_000) }).tier).toBe("tier1");
    expect(hotelVerdict(HOTEL, "forbid", TIERS, { city: { code: "9999", name: "杭州" }, nightly: nights(10_000) }).tier).toBe("tier2");
    expect(hotelVerdict(HOTEL, "forbid", TIERS, { city: { code: "4602", name: "三亚" }, nightly: nights(10_000) }).tier).toBe("tier3");
    expect(hotelVerdict(HOTEL, "forbid", TIERS, { city: { code: "5201", name: "贵阳" }, nightly: nights(10_000) }).tier).toBe("other");
  });

  it("the cap is a hard cap: at the cap is within, one fen above is over", () => {
    const city = { code: "3101", name: "上海市" };
    expect(hotelVerdict(HOTEL, "reason", TIERS, { city, nightly: nights(50_000) })).toMatchObject({ over: false, outcome: "within", text: WITHIN_TEXT, limitFen: 50_000 });
    const over = hotelVerdict(HOTEL, "reason", TIERS, { city, nightly: nights(50_001) });
    expect(over).toMatchObject({ over: true, outcome: "reasonRequired", limitFen: 50_000 });
    expect(over.reasons).toEqual([{ code: "hotelCap", text: "房价超标：一线城市每晚限额 500 元，所选为 500.01 元" }]);
  });

  it("holds the stay to its dearest night: one night over the cap makes the stay over", () => {
    const city = { code: "5201", name: "贵阳市" };
    const v = hotelVerdict(HOTEL, "approve", TIERS, { city, nightly: nights(20_000, 26_000, 21_000) });
    expect(v).toMatchObject({ tier: "other", over: true, outcome: "approvalRequired", limitFen: 25_000 });
    expect(v.text).toBe("超标：房价超标：其他城市每晚限额 250 元，所选为 260 元");
    expect(hotelVerdict(HOTEL, "approve", TIERS, { city, nightly: nights(20_000, 25_000) }).over).toBe(false);
  });

  it("a tier without a cap, or no standard at all, is never over", () => {
    const open: HotelStandard = { capsFen: { ...HOTEL.capsFen, tier2: null } };
    expect(hotelVerdict(open, "forbid", TIERS, { city: { code: "3301", name: "杭州市" }, nightly: nights(900_000) })).toMatchObject({ over: false, limitFen: null });
    expect(hotelVerdict(null, "forbid", TIERS, { city: { code: "3101", name: "上海市" }, nightly: nights(900_000) })).toMatchObject({ configured: false, over: false, text: NO_STANDARD_TEXT, tier: "tier1" });
  });
});

describe("verdictOf", () => {
  it("is the check's result with its outcome for the action", () => {
    const r = checkHotel(HOTEL, { tier: "tier2", nightlyFen: 45_000 });
    expect(verdictOf(r, "forbid")).toEqual({
      configured: true, over: true, reasons: r.reasons, overAction: "forbid", outcome: "forbidden", text: `超标：${r.reasons[0].text}`, limitFen: 40_000,
    });
    expect(verdictOf(null, "approve")).toEqual({ configured: false, over: false, reasons: [], overAction: "approve", outcome: "within", text: NO_STANDARD_TEXT, limitFen: null });
  });
});
