// Pinyin matching, connection rules, train and ride fares, hotel cancellation, travel dates.
import { describe, expect, it } from "vitest";
import { matchScore, searchByPinyin } from "../../src/domain/travel/pinyin";
import { pinyinKeys } from "../../src/domain/travel/pinyin-keys";
import { AIR_MCT, airConnectionProblem, trainConnectionProblem } from "../../src/domain/travel/transit";
import { childTrainFare, seatAvailabilityText, trainFare, trainRefundFee } from "../../src/domain/travel/train";
import { carFare } from "../../src/domain/travel/car";
import { cancelPenalty } from "../../src/domain/travel/hotel";
import { addDays, chinaDate, daysBetween, normaliseDate, travelDateProblem, weekday } from "../../src/domain/travel/dates";

describe("pinyin city matcher", () => {
  const cities = ["北京", "上海", "重庆", "厦门", "长沙", "西安", "北京南", "济南"].map((n) => pinyinKeys(n));

  it("finds 北京 by Chinese, full pinyin and initials", () => {
    for (const k of ["北京", "beijing", "bj", "BJ", "bei", "Beijing "]) {
      expect(searchByPinyin(cities, k, (c) => c)[0]?.name, k).toBe("北京");
    }
  });

  it("reads polyphonic city names right", () => {
    expect(pinyinKeys("重庆").full).toBe("chongqing");
    expect(pinyinKeys("厦门").full).toBe("xiamen");
    expect(pinyinKeys("长沙").initials).toBe("cs");
  });

  it("ranks exact names and codes above prefixes and contained text", () => {
    const k = pinyinKeys("北京南");
    expect(matchScore("北京南", k)).toBeGreaterThan(matchScore("北京", k)!);
    expect(matchScore("vnp", k, ["VNP"])).toBeGreaterThan(matchScore("bjn", k)!);
    expect(matchScore("南", k)).not.toBeNull(); // contained
    expect(matchScore("sh", k)).toBeNull();
    expect(matchScore("  ", k)).toBeNull();
  });

  it("returns matches best first, popular order breaking ties", () => {
    expect(searchByPinyin(cities, "bj", (c) => c).map((c) => c.name)).toEqual(["北京", "北京南"]);
    expect(searchByPinyin(cities, "jn", (c) => c).map((c) => c.name)).toEqual(["济南"]);
    expect(searchByPinyin(cities, "x", (c) => c).map((c) => c.name)).toEqual(["厦门", "西安"]);
  });
});

describe("flight connection rules", () => {
  const at = (h: number, m = 0) => Date.UTC(2026, 11, 1, h, m);
  const arr = { place: "PVG", city: "SHA", at: at(10) };

  it("needs 60 minutes at the same airport, 120 when international, 240 across airports", () => {
    expect(airConnectionProblem(arr, { place: "PVG", city: "SHA", at: at(10, 59) })).toBe("中转时间不足 60 分钟");
    expect(airConnectionProblem(arr, { place: "PVG", city: "SHA", at: at(11) })).toBeNull();
    expect(airConnectionProblem(arr, { place: "PVG", city: "SHA", at: at(11, 30), international: true })).toBe(`中转时间不足 ${AIR_MCT.international} 分钟`);
    expect(airConnectionProblem(arr, { place: "PVG", city: "SHA", at: at(12), international: true })).toBeNull();
    expect(airConnectionProblem(arr, { place: "SHA", city: "SHA", at: at(13) })).toBe("中转时间不足 240 分钟");
    expect(airConnectionProblem(arr, { place: "SHA", city: "SHA", at: at(14) })).toBeNull();
  });

  it("waits at most 8 hours at home, 24 abroad, and never changes city", () => {
    expect(airConnectionProblem(arr, { place: "PVG", city: "SHA", at: at(18, 1) })).toBe("中转等待超过 8 小时");
    expect(airConnectionProblem(arr, { place: "PVG", city: "SHA", at: at(18, 1), international: true })).toBeNull();
    expect(airConnectionProblem(arr, { place: "PEK", city: "BJS", at: at(12) })).toBe("中转城市不一致");
  });

  it("train transfers: 15 minutes in one station, 60 across stations, at most 6 hours", () => {
    const a = { place: "长沙南", city: "长沙", at: at(10) };
    expect(trainConnectionProblem(a, { place: "长沙南", city: "长沙", at: at(10, 14) })).not.toBeNull();
    expect(trainConnectionProblem(a, { place: "长沙南", city: "长沙", at: at(10, 15) })).toBeNull();
    expect(trainConnectionProblem(a, { place: "长沙", city: "长沙", at: at(10, 59) })).not.toBeNull();
    expect(trainConnectionProblem(a, { place: "长沙", city: "长沙", at: at(11) })).toBeNull();
    expect(trainConnectionProblem(a, { place: "长沙南", city: "长沙", at: at(16, 1) })).not.toBeNull();
  });
});

describe("train fares", () => {
  it("high-speed second class is about 0.42 yuan per km, to half a yuan", () => {
    expect(trainFare("G", "O", 1318)).toBe(55_350); // 1318 × 42 fen = 553.56 → 553.5
    expect(trainFare("G", "WZ", 1318)).toBe(trainFare("G", "O", 1318));
    expect(trainFare("G", "9", 1318)).toBeGreaterThan(trainFare("G", "M", 1318));
    expect(trainFare("K", "3", 1000)).toBeGreaterThan(trainFare("K", "1", 1000));
    expect(trainFare("Z", "1", 1000)).toBeGreaterThan(trainFare("K", "1", 1000));
    expect(trainFare("K", "1", 5)).toBe(500); // the shortest fare
    for (const f of [trainFare("D", "M", 333), trainFare("T", "4", 777)]) expect(f % 50).toBe(0);
  });

  it("children pay half, to half a yuan; refunds cost more closer to departure", () => {
    expect(childTrainFare(55_350)).toBe(27_700); // 276.75 → 277
    expect(trainRefundFee(55_350, 200)).toBe(0);
    expect(trainRefundFee(55_350, 72)).toBe(2_750); // 5 %: 27.675 → 27.5
    expect(trainRefundFee(55_350, 30)).toBe(5_550);
    expect(trainRefundFee(55_350, 2)).toBe(11_050);
    expect([0, 7, 20, 21].map(seatAvailabilityText)).toEqual(["无", "7", "20", "有"]);
  });
});

describe("ride fares", () => {
  it("every part adds up, night rides cost 20 % more on distance and time, big cities more", () => {
    const day = carFare("economy", 13, 30, 10 * 60);
    expect(day.total).toBe(day.startFare + day.distanceFare + day.timeFare + day.nightSurcharge);
    expect(day).toMatchObject({ startFare: 1_200, distanceFare: 2_300, timeFare: 1_200, nightSurcharge: 0 });
    const night = carFare("economy", 13, 30, 23 * 60 + 30);
    expect(night.nightSurcharge).toBe(700); // 20 % of 23 + 12 yuan
    expect(carFare("business", 13, 30, 600).total).toBeGreaterThan(carFare("comfort", 13, 30, 600).total);
    expect(carFare("economy", 13, 30, 600, 130).total).toBeGreaterThan(day.total);
    expect(carFare("economy", 2, 5, 600).distanceFare).toBe(0); // within the included 3 km
  });
});

describe("hotel cancellation", () => {
  const nightly = [50_000, 60_000];
  it("free until the deadline, then the first night; non-cancellable costs the stay", () => {
    expect(cancelPenalty("free", nightly, 1)).toBe(0);
    expect(cancelPenalty("free", nightly, -1)).toBe(50_000);
    expect(cancelPenalty("limited", nightly, 30)).toBe(0);
    expect(cancelPenalty("limited", nightly, 10)).toBe(50_000);
    expect(cancelPenalty("none", nightly, 100)).toBe(110_000);
  });
});

describe("travel dates", () => {
  it("China's date of an instant, day arithmetic and YYYY-M-D input", () => {
    expect(chinaDate(Date.UTC(2026, 10, 23, 16, 0))).toBe("2026-11-24"); // 00:00 in Beijing
    expect(chinaDate(Date.UTC(2026, 10, 23, 15, 59))).toBe("2026-11-23");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(daysBetween("2026-11-23", "2027-01-22")).toBe(60);
    expect(normaliseDate("2026-1-5")).toBe("2026-01-05");
    expect(normaliseDate("2026-02-30")).toBeNull();
  });

  it("weekdays and day steps agree with the calendar, before 1970 too and asked again", () => {
    for (let round = 0; round < 2; round++) {
      for (let ms = Date.UTC(1969, 11, 20); ms <= Date.UTC(2027, 2, 10); ms += 37 * 86_400_000) {
        const date = new Date(ms).toISOString().slice(0, 10);
        expect(weekday(date)).toBe(new Date(ms).getUTCDay());
        expect(addDays(date, 3)).toBe(new Date(ms + 3 * 86_400_000).toISOString().slice(0, 10));
        expect(addDays(date, -1)).toBe(new Date(ms - 86_400_000).toISOString().slice(0, 10));
      }
    }
    expect(weekday("2026-11-29")).toBe(0); // a Sunday
    expect(Number.isNaN(weekday("not a date"))).toBe(true);
  });

  it("searchable from today to 60 days ahead", () => {
    expect(travelDateProblem("2026-11-23", "2026-11-23")).toBeNull();
    expect(travelDateProblem("2027-01-22", "2026-11-23")).toBeNull();
    expect(travelDateProblem("2026-11-22", "2026-11-23")).toBe("出发日期不能早于今天");
    expect(travelDateProblem("2027-01-23", "2026-11-23", "入住日期")).toBe("入住日期只能选择今天起 60 天内");
  });
});
