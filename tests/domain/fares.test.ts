import { describe, expect, it } from "vitest";
import { ageOn, childFare, isOverStandard, OVER_STANDARD_ALLOWANCE, passengerAgeBand } from "../../src/domain/fares";

describe("passengerAgeBand (exact calendar age on the travel date)", () => {
  it.each([
    // birth, travel, band
    ["2024-06-15", "2024-06-15", "INF"], // born on the travel date
    ["2022-06-16", "2024-06-15", "INF"], // one day before the 2nd birthday
    ["2022-06-15", "2024-06-15", "CHD"], // 2nd birthday on the travel date counts
    ["2022-06-14", "2024-06-15", "CHD"],
    ["2012-06-16", "2024-06-15", "CHD"], // one day before the 12th birthday
    ["2012-06-15", "2024-06-15", "ADT"], // 12th birthday on the travel date
    ["2012-06-14", "2024-06-15", "ADT"],
    ["1949-12-31", "2024-06-15", "ADT"],
    ["2022-12-31", "2024-12-30", "INF"], // year difference 2, birthday not yet reached
    ["2022-1-1", "2024-1-1", "CHD"], // YYYY-M-D input
  ] as const)("born %s, travelling %s -> %s", (birth, travel, band) =>
    expect(passengerAgeBand(birth, travel)).toBe(band),
  );

  it("a 29 Feb birthday is reached on 1 Mar in common years", () => {
    expect(passengerAgeBand("2020-02-29", "2022-02-28")).toBe("INF");
    expect(passengerAgeBand("2020-02-29", "2022-03-01")).toBe("CHD");
    expect(passengerAgeBand("2012-02-29", "2024-02-28")).toBe("CHD");
    expect(passengerAgeBand("2012-02-29", "2024-02-29")).toBe("ADT");
  });

  it("accepts Date objects and parts", () => {
    expect(passengerAgeBand(new Date(2022, 5, 15), new Date(2024, 5, 15, 23, 59))).toBe("CHD");
    expect(passengerAgeBand({ year: 2022, month: 6, day: 16 }, { year: 2024, month: 6, day: 15 })).toBe("INF");
  });

  it.each([
    ["2024-06-16", "2024-06-15"], // born after the travel date
    ["2023-02-29", "2024-06-15"], // not a date
    ["", "2024-06-15"],
    [null, "2024-06-15"],
    ["2020-01-01", undefined],
    ["2020/01/01", "2024-06-15"],
  ])("invalid input %s / %s -> null", (birth, travel) => expect(passengerAgeBand(birth, travel)).toBeNull());

  it("ageOn gives completed years", () => {
    expect(ageOn("1990-03-07", "2024-03-06")).toBe(33);
    expect(ageOn("1990-03-07", "2024-03-07")).toBe(34);
    expect(ageOn("2024-06-15", "2024-06-15")).toBe(0);
    expect(ageOn(new Date(Number.NaN), "2024-06-15")).toBeNull();
  });
});

describe("childFare: half the cabin price rounded to tens of yuan, half up (fen)", () => {
  it.each([
    [100_000, 50_000],
    [123_000, 62_000], // 615 yuan rounds up to 620
    [121_000, 61_000], // 605 rounds up
    [122_000, 61_000], // 610 stays
    [122_800, 61_000], // 614 rounds down
    [122_999, 61_000], // 614.995 rounds down
    [123_001, 62_000],
    [119_000, 60_000], // 595 rounds up
    [1_000, 1_000], // 5 yuan rounds up to 10
    [998, 0], // 4.99 yuan rounds down
    [0, 0],
    [234_500, 117_000], // 1172.5 rounds down to tens
    [9_999_900, 5_000_000], // 49999.5 -> 50000
  ])("%d fen -> %d fen", (price, fare) => expect(childFare(price)).toBe(fare));

  it.each([-100, 1230.5, Number.NaN, Number.POSITIVE_INFINITY, "100000" as unknown as number, undefined as unknown as number])(
    "throws on invalid price %s",
    (price) => expect(() => childFare(price)).toThrow(RangeError),
  );
});

describe("isOverStandard: over only beyond limitPrice + 200 yuan (fen)", () => {
  it.each([
    [100_000, 100_000, false],
    [100_000 + OVER_STANDARD_ALLOWANCE, 100_000, false], // exactly at the allowance
    [120_001, 100_000, true], // one fen beyond 1000 + 200 yuan
    [120_100, 100_000, true],
    [80_000, 100_000, false],
    [20_000, 0, false],
    [20_001, 0, true],
  ])("price %d, limit %d -> %s", (price, limit, over) => expect(isOverStandard(price, limit)).toBe(over));
  it.each([null, undefined, Number.NaN, 1000.5])("no usable limit (%s) is never over", (limit) =>
    expect(isOverStandard(9_999_900, limit as number | null | undefined)).toBe(false),
  );
});
