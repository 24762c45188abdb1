// @vitest-environment jsdom
// The date fields hold the "YYYY-MM-DD" text the schemas take: the text becomes the picker's day
// and a picked day becomes the text again; text that is no real day shows as no day.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import dayjs from "dayjs";
import { DateInput, DateRangeInput, dayOf, ymdOf } from "../../src/components/DateInput";

afterEach(cleanup);

describe("date input", () => {
  it("reads a day from its text and writes it back unchanged", () => {
    for (const text of ["2026-11-26", "2024-02-29", "1990-03-07"]) expect(ymdOf(dayOf(text))).toBe(text);
  });

  it("shows no day for empty, malformed or impossible text", () => {
    for (const text of ["", "2026-2-3", "2026-02-30", "2023-02-29", "26-11-2026", null, undefined, 20261126]) expect(dayOf(text)).toBeNull();
  });

  it("writes an empty text for a cleared picker", () => {
    expect(ymdOf(null)).toBe("");
    expect(ymdOf(dayjs("not a date"))).toBe("");
  });

  it("shows the form's text in the picker, one day and a range", () => {
    const { container } = render(
      <>
        <DateInput value="2026-12-10" aria-label="day" />
        <DateRangeInput value={["2026-12-10", "2026-12-13"]} />
        <DateInput value="" aria-label="empty" />
      </>,
    );
    const values = [...container.querySelectorAll("input")].map((i) => i.value);
    expect(values).toEqual(["2026-12-10", "2026-12-10", "2026-12-13", ""]);
  });
});
