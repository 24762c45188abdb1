// The over-standard rule in fen: the 200-yuan allowance above a flight's limit, how the limit is
// found (maximum price, maximum discount, lowest fare in the window), hotel caps by city tier,
// cabin and seat classes, and what the booking page does with the result.
import { describe, expect, it } from "vitest";
import { checkFlight, checkHotel, checkTrain, flightLimitFen, isOverLimitFen, overActionOf, overFlagsOf, overOutcome, tierOfCity, DEFAULT_CITY_TIERS, OVER_STANDARD_ALLOWANCE_FEN, type FlightStandard } from "../../../src/domain/policy";

const flight = (over: Partial<FlightStandard> = {}): FlightStandard => ({ cabins: ["Y"], maxDiscount: null, maxPriceFen: null, lowestFareHours: null, ...over });

describe("isOverLimitFen: 200 yuan above the limit is still within", () => {
  it.each([
    [100_000, 100_000, false],
    [120_000, 100_000, false], // exactly limit + 200 yuan
    [120_001, 100_000, true], // one fen beyond
    [119_999, 100_000, false],
    [0, 0, false],
    [20_001, 0, true],
  ])("price %i against limit %i → over %s", (price, limit, over) => expect(isOverLimitFen(price, limit)).toBe(over));

  it("is never over without a limit", () => {
    expect(isOverLimitFen(9_999_999, null)).toBe(false);
    expect(isOverLimitFen(9_999_999, undefined)).toBe(false);
    expect(isOverLimitFen(9_999_999, Number.NaN)).toBe(false);
  });

  it("agrees with the yuan rule of the fare module at the allowance", () => {
    expect(OVER_STANDARD_ALLOWANCE_FEN).toBe(200 * 100);
  });
});

describe("flightLimitFen: the lowest limit the standard sets", () => {
  it("takes the maximum price alone", () => {
    expect(flightLimitFen(flight({ maxPriceFen: 150_000 }), {})).toEqual({ limitFen: 150_000, by: "price" });
  });

  it("takes the maximum discount of the full fare, rounded half up to the fen", () => {
    expect(flightLimitFen(flight({ maxDiscount: 75 }), { fullFareFen: 200_000 })).toEqual({ limitFen: 150_000, by: "discount" });
    // 33% of 1 fen-odd fare: 101 * 33 / 100 = 33.33 → 33; 150 * 33 / 100 = 49.5 → 50.
    expect(flightLimitFen(flight({ maxDiscount: 33 }), { fullFareFen: 101 }).limitFen).toBe(33);
    expect(flightLimitFen(flight({ maxDiscount: 33 }), { fullFareFen: 150 }).limitFen).toBe(50);
    // Without the full fare the discount cannot be applied.
    expect(flightLimitFen(flight({ maxDiscount: 75 }), {})).toEqual({ limitFen: null, by: null });
  });

  it("takes the lowest fare in the window only when the standard compares fares", () => {
    expect(flightLimitFen(flight({ lowestFareHours: 2 }), { lowestInWindowFen: 88_000 })).toEqual({ limitFen: 88_000, by: "lowestFare" });
    expect(flightLimitFen(flight(), { lowestInWindowFen: 88_000 })).toEqual({ limitFen: null, by: null });
  });

  it("takes the lowest of several", () => {
    const std = flight({ maxPriceFen: 150_000, maxDiscount: 80, lowestFareHours: 2 });
    expect(flightLimitFen(std, { fullFareFen: 200_000, lowestInWindowFen: 170_000 })).toEqual({ limitFen: 150_000, by: "price" });
    expect(flightLimitFen(std, { fullFareFen: 150_000, lowestInWindowFen: 170_000 })).toEqual({ limitFen: 120_000, by: "discount" });
    expect(flightLimitFen(std, { fullFareFen: 200_000, lowestInWindowFen: 90_000 })).toEqual({ limitFen: 90_000, by: "lowestFare" });
  });

  it("refuses fares that are not whole fen", () => {
    expect(() => flightLimitFen(flight({ maxDiscount: 80 }), { fullFareFen: 1234.5 })).toThrow(RangeError);
    expect(() => checkFlight(flight(), { cabin: "Y", priceFen: -1 })).toThrow(RangeError);
  });
});

describe("checkFlight", () => {
  const std = flight({ cabins: ["W", "Y"], maxPriceFen: 100_000 });

  it("is within at the limit plus the allowance, over one fen beyond", () => {
    expect(checkFlight(std, { cabin: "Y", priceFen: 120_000 })).toEqual({ over: false, reasons: [], limitFen: 100_000 });
    const over = checkFlight(std, { cabin: "Y", priceFen: 120_001 });
    expect(over.over).toBe(true);
    expect(over.reasons).toEqual([{ code: "price", text: "票价超标：最高票价为 1000 元（另可浮动 200 元），所选为 1200.01 元" }]);
  });

  it("names a cabin not allowed, whatever the price", () => {
    const r = checkFlight(std, { cabin: "C", priceFen: 50_000 });
    expect(r.over).toBe(true);
    expect(r.reasons).toEqual([{ code: "cabin", text: "舱位超标：可乘坐超级经济舱、经济舱，所选为公务舱" }]);
  });

  it("reports the cabin and the price together", () => {
    expect(checkFlight(std, { cabin: "F", priceFen: 500_000 }).reasons.map((r) => r.code)).toEqual(["cabin", "price"]);
  });

  it("holds the fare to the lowest fare in the window plus the allowance", () => {
    const window = flight({ lowestFareHours: 2 });
    expect(checkFlight(window, { cabin: "Y", priceFen: 100_000, lowestInWindowFen: 80_000 }).over).toBe(false);
    const r = checkFlight(window, { cabin: "Y", priceFen: 100_100, lowestInWindowFen: 80_000 });
    expect(r.reasons[0]).toEqual({ code: "lowestFare", text: "票价超标：前后时段最低价为 800 元（另可浮动 200 元），所选为 1001 元" });
  });
});

describe("checkHotel: a nightly cap per city tier, no allowance", () => {
  const std = { capsFen: { tier1: 60_000, tier2: 45_000, tier3: 35_000, other: null } };

  it("is within at the cap and over one fen beyond", () => {
    expect(checkHotel(std, { tier: "tier1", nightlyFen: 60_000 }).over).toBe(false);
    expect(checkHotel(std, { tier: "tier1", nightlyFen: 60_001 })).toEqual({
      over: true, limitFen: 60_000, reasons: [{ code: "hotelCap", text: "房价超标：一线城市每晚限额 600 元，所选为 600.01 元" }],
    });
    expect(checkHotel(std, { tier: "tier2", nightlyFen: 50_000 }).over).toBe(true);
  });

  it("never caps a tier without a cap", () => {
    expect(checkHotel(std, { tier: "other", nightlyFen: 10_000_000 })).toEqual({ over: false, reasons: [], limitFen: null });
  });

  it("finds the tier of a city by code or by name with or without 市", () => {
    expect(tierOfCity(DEFAULT_CITY_TIERS, { code: "1101" })).toBe("tier1");
    expect(tierOfCity(DEFAULT_CITY_TIERS, { name: "上海" })).toBe("tier1");
    expect(tierOfCity(DEFAULT_CITY_TIERS, { name: "杭州市" })).toBe("tier2");
    expect(tierOfCity(DEFAULT_CITY_TIERS, { code: "4601", name: "海口市" })).toBe("other");
    expect(tierOfCity({ tier1: [], tier2: [], tier3: [{ code: "4601", name: "海口市" }] }, { name: "海口" })).toBe("tier3");
  });
});

describe("checkTrain", () => {
  it("allows the listed seat classes only", () => {
    const std = { seats: ["second" as const, "hardSleeper" as const] };
    expect(checkTrain(std, "second").over).toBe(false);
    expect(checkTrain(std, "first")).toEqual({ over: true, limitFen: null, reasons: [{ code: "seat", text: "席别超标：可乘坐二等座、硬卧，所选为一等座" }] });
  });
});

describe("what an over-standard booking does", () => {
  it("follows the trip level's action", () => {
    expect(overOutcome({ over: false }, "forbid")).toBe("within");
    expect(overOutcome({ over: true }, "forbid")).toBe("forbidden");
    expect(overOutcome({ over: true }, "reason")).toBe("reasonRequired");
    expect(overOutcome({ over: true }, "approve")).toBe("approvalRequired");
  });

  it("reads and writes the action as the trip level's overproof and overApprove flags", () => {
    expect(overActionOf({ overproof: 0, overApprove: 0 })).toBe("forbid");
    expect(overActionOf({ overproof: 0, overApprove: 1 })).toBe("forbid");
    expect(overActionOf({ overproof: 1, overApprove: 0 })).toBe("reason");
    expect(overActionOf({ overproof: 1, overApprove: 1 })).toBe("approve");
    for (const action of ["forbid", "reason", "approve"] as const) expect(overActionOf(overFlagsOf(action))).toBe(action);
  });
});
