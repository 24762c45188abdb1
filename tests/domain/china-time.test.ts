import { describe, expect, it } from "vitest";
import { formatChinaTime } from "../../src/domain/format";

describe("formatChinaTime: every time in the portal is China time", () => {
  it.each([
    ["2024-05-01T00:30:00.000Z", "2024-05-01 08:30"],
    ["2024-05-01T16:05:59.000Z", "2024-05-02 00:05"], // after 16:00 UTC it is already tomorrow in China
    ["2024-12-31T23:59:00Z", "2025-01-01 07:59"],
    ["2024-02-28T20:00:00Z", "2024-02-29 04:00"], // leap day
    ["2024-05-01T08:30:00+08:00", "2024-05-01 08:30"], // already China time: unchanged
    ["2024-05-01T02:30:00+02:00", "2024-05-01 08:30"],
  ])("%s -> %s", (iso, text) => expect(formatChinaTime(iso)).toBe(text));

  it("takes epoch milliseconds and Dates as well as ISO text", () => {
    const ms = Date.parse("2024-07-15T12:00:00Z");
    expect(formatChinaTime(ms)).toBe("2024-07-15 20:00");
    expect(formatChinaTime(new Date(ms))).toBe("2024-07-15 20:00");
  });

  it.each([null, undefined, "", "not a time", Number.NaN, new Date(Number.NaN)])("%s shows nothing, never 'Invalid Date'", (v) => {
    expect(formatChinaTime(v as never)).toBe("");
  });
});
