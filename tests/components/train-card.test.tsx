// @vitest-environment jsdom
// A train in the results: a run stopped that day (停运) says so where its price would be and on
// every seat, with nothing to book; a running train lists its seats' prices and counts.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { Refine } from "@refinedev/core";
import { i18n, i18nProvider, loadAllTexts } from "../../src/providers/i18n-provider";
import { TrainCard } from "../../src/booking/train/TrainCard";
import type { TrainItem } from "../../src/domain/travel/types";

beforeAll(async () => {
  await loadAllTexts();
  await i18n.changeLanguage("zh-CN");
});
afterEach(cleanup);

const train = (over: Partial<TrainItem> = {}): TrainItem => ({
  trainKey: "20261205|G101|北京南|上海虹桥", trainNo: "G101", trainType: "G", trainTypeName: "高铁", startStation: "北京南", endStation: "上海虹桥",
  fromStation: "北京南", toStation: "上海虹桥", runDate: "2026-12-05", depDate: "2026-12-05", depTime: "07:00", arrDate: "2026-12-05", arrTime: "11:30",
  arrDayOffset: 0, durationMin: 270, distanceKm: 1318, lowestPrice: 55_300, stops: [],
  seats: [
    { seatClass: "O", seatName: "二等座", price: 55_300, childPrice: 27_650, left: 12, availability: "12" },
    { seatClass: "M", seatName: "一等座", price: 93_300, childPrice: 46_650, left: 30, availability: "有" },
  ],
  ...over,
} as TrainItem);

const show = (x: TrainItem) =>
  render(
    <Refine i18nProvider={i18nProvider}>
      <TrainCard train={x} onBook={() => undefined} />
    </Refine>,
  );

describe("TrainCard", () => {
  it("a stopped run reads 停运 instead of a price or 无票, and every 预订 is off", () => {
    const x = train();
    show({ ...x, stopped: true, lowestPrice: null, seats: x.seats.map((s) => ({ ...s, left: 0, availability: "无" })) });
    expect(screen.getByTestId("train-stopped").textContent).toBe("停运");
    expect(screen.queryByText("无票")).toBeNull();
    expect(screen.getAllByText("停运")).toHaveLength(3);
    for (const b of screen.getAllByRole("button")) expect((b as HTMLButtonElement).disabled).toBe(true);
  });

  it("a running train shows its seats' counts and can be booked", () => {
    show(train());
    expect(screen.queryByTestId("train-stopped")).toBeNull();
    expect(screen.getByText("12张")).toBeTruthy();
    expect(screen.getAllByRole("button").every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
  });
});
