// The report arithmetic that is not SQL, on fixed fixtures whose totals are worked out by hand in
// the comments: rounding half up, shares, discounts and savings, months filled, advance buckets,
// flights regrouped by route and airline, the full fare of an order, and the input rules.
import { describe, expect, it } from "vitest";
import { ZERO_SUMS, addSums, advanceBuckets, fillMonths, flightFullFareFen, flightOrderTitle, monthsBetween, parseFlightTitle, rankRows, regroupFlights, reportExportSchema, reportInputSchema, rowOf, type GroupSums } from "../../src/domain/reports";
import { discountText, permille, permilleText, roundDiv, tenthsText } from "../../src/domain/report-figures";

const sums = (orders: number, spendFen: number, ticketFen: number, fullFareFen?: number, selfPayFen = 0): GroupSums => ({
  orders, spendFen, ticketFen, selfPayFen,
  fareOrders: fullFareFen === undefined ? 0 : orders,
  fareTicketFen: fullFareFen === undefined ? 0 : ticketFen,
  fullFareFen: fullFareFen ?? 0,
});

describe("rounding", () => {
  it("divides half up and answers null for nothing", () => {
    expect(roundDiv(10, 4)).toBe(3); // 2.5 → 3
    expect(roundDiv(9, 4)).toBe(2); // 2.25 → 2
    expect(roundDiv(11, 4)).toBe(3); // 2.75 → 3
    expect(roundDiv(0, 7)).toBe(0);
    expect(roundDiv(5, 0)).toBeNull();
    // 1/3 of 100000 fen = 33333.33 → 33333; 2/3 → 66666.67 → 66667.
    expect(roundDiv(100_000, 3)).toBe(33_333);
    expect(roundDiv(200_000, 3)).toBe(66_667);
  });

  it("gives permille half up and texts for discounts, rates and days", () => {
    expect(permille(1, 8)).toBe(125); // 125.0
    expect(permille(1, 3)).toBe(333); // 333.33
    expect(permille(2, 3)).toBe(667); // 666.67
    expect(permille(1, 0)).toBeNull();
    expect(discountText(725)).toBe("7.25折");
    expect(discountText(700)).toBe("7折");
    expect(discountText(750)).toBe("7.5折");
    expect(discountText(1000)).toBe("全价");
    expect(discountText(null)).toBe("—");
    expect(discountText(725, "en")).toBe("27.5% off");
    expect(discountText(700, "en")).toBe("30% off");
    expect(discountText(1000, "en")).toBe("Full fare");
    expect(permilleText(125)).toBe("12.5%");
    expect(permilleText(330)).toBe("33%");
    expect(tenthsText(57)).toBe("5.7");
    expect(tenthsText(40)).toBe("4");
  });
});

describe("rows", () => {
  // Three departments: 研发部 2 orders ¥1,500.00 (fare ¥1,300.00 of ¥2,000.00 full), 市场部 1 order
  // ¥900.00 (fare ¥800.00 of ¥800.00), 总经办 1 order ¥600.00 with no full fare known.
  // Total ¥3,000.00 → shares 500‰, 300‰, 200‰.
  const total = 300_000;
  const rd = rowOf("1", "研发部", sums(2, 150_000, 130_000, 200_000), total);
  const mk = rowOf("2", "市场部", sums(1, 90_000, 80_000, 80_000), total);
  const gm = rowOf("3", "总经办", sums(1, 60_000, 50_000), total);

  it("carries share, average, discount and savings", () => {
    expect(rd).toEqual({ key: "1", name: "研发部", orders: 2, spendFen: 150_000, selfPayFen: 0, sharePermille: 500, avgSpendFen: 75_000, discountPermille: 650, savingsFen: 70_000 });
    expect(mk).toMatchObject({ sharePermille: 300, avgSpendFen: 90_000, discountPermille: 1000, savingsFen: 0 });
    // No full fare: neither discount nor savings is guessed.
    expect(gm).toMatchObject({ sharePermille: 200, avgSpendFen: 60_000, discountPermille: null, savingsFen: null });
  });

  it("counts the company's spend without what travellers paid themselves", () => {
    // 150,000 ordered, 30,000 of it paid by the traveller: 120,000 is the company's, 40 % of 300,000.
    const own = rowOf("5", "销售部", sums(2, 150_000, 130_000, undefined, 30_000), total);
    expect(own).toMatchObject({ spendFen: 120_000, selfPayFen: 30_000, sharePermille: 400, avgSpendFen: 60_000 });
  });

  it("ranks by spend, then orders, then name", () => {
    const tie = rowOf("4", "财务部", sums(2, 60_000, 50_000), total);
    expect(rankRows([gm, mk, tie, rd]).map((r) => r.name)).toEqual(["研发部", "市场部", "财务部", "总经办"]);
  });

  it("adds sums field by field", () => {
    expect(addSums(addSums(ZERO_SUMS, sums(2, 150_000, 130_000, 200_000)), sums(1, 90_000, 80_000, 80_000))).toEqual({
      orders: 3, spendFen: 240_000, selfPayFen: 0, ticketFen: 210_000, fareOrders: 3, fareTicketFen: 210_000, fullFareFen: 280_000,
    });
  });
});

describe("months", () => {
  it("lists every month of the range, across a year end", () => {
    expect(monthsBetween("2025-11-15", "2026-02-03")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-03-01", "2026-03-31")).toEqual(["2026-03"]);
  });

  it("rolls days into months and fills the empty ones with zeros for every product", () => {
    const points = fillMonths("2026-09-10", "2026-11-30", [
      { product: "domAir", day: "2026-09-10", orders: 2, spendFen: 100_000 },
      { product: "domAir", day: "2026-09-30", orders: 1, spendFen: 50_050 },
      { product: "domAir", day: "2026-11-02", orders: 1, spendFen: 80_000 },
      { product: "hotel", day: "2026-10-05", orders: 1, spendFen: 45_000 },
    ]);
    expect(points).toHaveLength(3 * 5);
    expect(points.filter((p) => p.product === "domAir")).toEqual([
      { month: "2026-09", product: "domAir", orders: 3, spendFen: 150_050 },
      { month: "2026-10", product: "domAir", orders: 0, spendFen: 0 },
      { month: "2026-11", product: "domAir", orders: 1, spendFen: 80_000 },
    ]);
    expect(points.filter((p) => p.product === "hotel").map((p) => p.spendFen)).toEqual([0, 45_000, 0]);
    expect(points.filter((p) => p.product === "car").every((p) => p.orders === 0)).toBe(true);
  });
});

describe("advance booking", () => {
  it("buckets orders and averages the days in tenths", () => {
    // 3 orders 0 days, 1 order 3 days, 2 orders 10 days, 1 order 30 days: 0+3+20+30 = 53 days
    // over 7 orders = 7.571 → 7.6.
    const { buckets, avgTenths } = advanceBuckets([
      { days: 0, orders: 3 },
      { days: 3, orders: 1 },
      { days: 10, orders: 2 },
      { days: 30, orders: 1 },
    ]);
    expect(buckets.map((b) => [b.key, b.orders])).toEqual([["0-1", 3], ["2-3", 1], ["4-7", 0], ["8-14", 2], ["15+", 1]]);
    expect(avgTenths).toBe(76);
    expect(advanceBuckets([]).avgTenths).toBeNull();
  });
});

describe("flights", () => {
  it("writes and reads order titles", () => {
    expect(flightOrderTitle("北京", "上海", "CA1501")).toBe("北京-上海 CA1501");
    expect(parseFlightTitle("北京-上海 CA1501")).toEqual({ route: "北京-上海", airline: "CA" });
    expect(parseFlightTitle("成都-乌鲁木齐 3U8887")).toEqual({ route: "成都-乌鲁木齐", airline: "3U" });
    expect(parseFlightTitle("如家酒店 标准间")).toBeNull();
  });

  it("regroups titles by route and airline", () => {
    // Two CA flights Beijing–Shanghai (¥1,000.00 + ¥1,200.00), one MU Beijing–Shanghai (¥800.00),
    // one MU Shanghai–Beijing (¥1,000.00): total ¥4,000.00.
    const { byRoute, byAirline } = regroupFlights(
      [
        { title: "北京-上海 CA1501", ...sums(1, 100_000, 90_000, 120_000) },
        { title: "北京-上海 CA1519", ...sums(1, 120_000, 110_000, 120_000) },
        { title: "北京-上海 MU5101", ...sums(1, 80_000, 70_000) },
        { title: "上海-北京 MU5102", ...sums(1, 100_000, 90_000, 100_000) },
      ],
      (code) => ({ CA: "中国国际航空", MU: "中国东方航空" })[code] ?? code,
      400_000,
    );
    expect(byRoute.map((r) => [r.name, r.orders, r.spendFen, r.sharePermille, r.savingsFen])).toEqual([
      // Savings only over the two CA orders whose full fare is known: 240000 − 200000.
      ["北京-上海", 3, 300_000, 750, 40_000],
      ["上海-北京", 1, 100_000, 250, 10_000],
    ]);
    expect(byAirline.map((r) => [r.name, r.orders, r.spendFen, r.discountPermille])).toEqual([
      // CA: 200000 / 240000 = 833.3‰ → 833.
      ["中国国际航空", 2, 220_000, 833],
      // MU: only 上海-北京 known, 90000 / 100000.
      ["中国东方航空", 2, 180_000, 900],
    ]);
  });

  it("prices the full fare per passenger type", () => {
    // Adult ¥1,130.00 full; a child pays half of it rounded to tens of yuan: ¥570.00 (565 → 570);
    // an infant pays its own ¥110.00 fare.
    expect(flightFullFareFen(113_000, 11_000, ["ADT"], false)).toBe(113_000);
    expect(flightFullFareFen(113_000, 11_000, ["ADT", "CHD", "INF"], false)).toBe(113_000 + 57_000 + 11_000);
    // International children: 75 % of the adult full fare, to tens of yuan.
    expect(flightFullFareFen(400_000, 40_000, ["CHD"], true)).toBe(300_000);
  });
});

describe("report input", () => {
  it("accepts a range within a year and a department", () => {
    expect(reportInputSchema.parse({ startDate: "2026-1-5", endDate: "2026-12-31", departmentId: "3" })).toEqual({ startDate: "2026-01-05", endDate: "2026-12-31", departmentId: 3 });
    expect(reportInputSchema.safeParse({ startDate: "2025-12-31", endDate: "2026-12-31" }).success).toBe(true); // 366 days
  });

  it("refuses a reversed or too long range, bad dates, unknown keys and unknown dimensions", () => {
    const msg = (v: unknown) => {
      const r = reportInputSchema.safeParse(v);
      return r.success ? null : r.error.issues[0].message;
    };
    expect(msg({ startDate: "2026-12-01", endDate: "2026-11-30" })).toBe("开始日期不能晚于结束日期");
    expect(msg({ startDate: "2025-12-30", endDate: "2026-12-31" })).toBe("查询区间最长 366 天");
    expect(msg({ startDate: "2026-02-30", endDate: "2026-03-01" })).toBe("开始日期格式应为 YYYY-MM-DD");
    expect(msg({ startDate: "2026-01-01", endDate: "2026-01-31", departmentId: "-1" })).toBe("部门编号不正确");
    expect(reportInputSchema.safeParse({ startDate: "2026-01-01", endDate: "2026-01-31", x: 1 }).success).toBe(false);
    expect(reportExportSchema.safeParse({ startDate: "2026-01-01", endDate: "2026-01-31", dimension: "month" }).success).toBe(true);
    expect(reportExportSchema.safeParse({ startDate: "2026-01-01", endDate: "2026-01-31", dimension: "hotel" }).success).toBe(false);
  });
});
