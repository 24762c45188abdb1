import { describe, expect, it } from "vitest";
import * as F from "../../src/domain/format";
import { compareYMD, daysInMonth, formatYMD, isLeapYear, parseYMD, toYMD, ymdOf } from "../../src/domain/format";

describe("dates in YYYY-M-D", () => {
  it("parseYMD reads optional leading zeros and rejects unreal dates", () => {
    expect(parseYMD("2024-6-5")).toEqual({ year: 2024, month: 6, day: 5 });
    expect(parseYMD("2024-06-05")).toEqual({ year: 2024, month: 6, day: 5 });
    expect(parseYMD("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of ["2023-02-29", "2024-04-31", "2024-13-1", "2024-0-1", "2024-1-0", "0000-01-01", "2024-1-1T00:00", "2024.1.1", "", 20240101, null]) {
      expect(parseYMD(bad), String(bad)).toBeNull();
    }
  });

  it("formatYMD writes zero-padded YYYY-MM-DD from text, Date or parts, '' when invalid", () => {
    expect(formatYMD("2024-6-5")).toBe("2024-06-05");
    expect(formatYMD(new Date(2024, 0, 9, 23, 59))).toBe("2024-01-09");
    expect(formatYMD({ year: 999, month: 12, day: 31 })).toBe("0999-12-31");
    expect(formatYMD("2024-2-30")).toBe("");
    expect(formatYMD(new Date(Number.NaN))).toBe("");
    expect(formatYMD({ year: 2024, month: 2, day: 30 })).toBe("");
    expect(formatYMD(null)).toBe("");
    expect(parseYMD(formatYMD("1999-1-2"))).toEqual({ year: 1999, month: 1, day: 2 });
  });

  it("leap years and month lengths", () => {
    expect([2024, 2000, 1996].map(isLeapYear)).toEqual([true, true, true]);
    expect([2023, 1900, 2100].map(isLeapYear)).toEqual([false, false, false]);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2023, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
  });

  it("compareYMD, ymdOf and toYMD", () => {
    expect(compareYMD({ year: 2024, month: 1, day: 2 }, { year: 2024, month: 1, day: 3 })).toBeLessThan(0);
    expect(compareYMD({ year: 2024, month: 2, day: 1 }, { year: 2024, month: 1, day: 31 })).toBeGreaterThan(0);
    expect(compareYMD({ year: 2024, month: 2, day: 1 }, { year: 2024, month: 2, day: 1 })).toBe(0);
    expect(ymdOf(new Date(2024, 11, 31, 23, 59, 59))).toEqual({ year: 2024, month: 12, day: 31 });
    const parts = { year: 2024, month: 5, day: 6 };
    expect(toYMD(parts)).toEqual(parts);
    expect(toYMD(parts)).not.toBe(parts); // a copy, so callers cannot mutate each other's value
    expect(toYMD(undefined)).toBeNull();
  });
});

describe("constants of spec §9", () => {
  it.each([
    ["REQUEST_TIMEOUT_MS", 60_000],
    ["ERROR_MESSAGE_SECONDS", 5],
    ["SMS_COUNTDOWN_SECONDS", 60],
    ["SMS_COUNTDOWN_FIRST_DISPLAY", 59],
    ["PAY_POLL_INTERVAL_MS", 2_500],
    ["DIALOG_WIDTH", 640],
    ["SMS_CODE_TTL_MS", 300_000],
    ["SMS_RESEND_MS", 60_000],
    ["SMS_MAX_WRONG_TRIES", 5],
    ["LOGIN_MAX_WRONG", 5],
    ["LOGIN_LOCK_MS", 900_000],
  ] as const)("%s = %d", (name, value) => expect(F[name]).toBe(value));
});
