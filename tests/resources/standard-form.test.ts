// The travel standard form's helpers: a stored standard fills the form in yuan, the form becomes
// the save input in fen with empty amounts meaning "no cap", and the schema's problems land on
// the fields that show them.
import { describe, expect, it } from "vitest";
import { DEFAULT_STANDARD, standardFormSchema } from "../../src/domain/policy";
import { STANDARD_FIELDS, standardFieldOf, toFormValues, toStandardInput, type StandardFormValues } from "../../src/resources/travel-standards/standard-form";
import { placedRefusal, problemsOf } from "./form-problems";
import type { StandardRow } from "../../src/resources/travel-standards";

const row: StandardRow = {
  tripLevelId: 7, tripLevelName: "普通员工", configured: true, overAction: "reason", employeeCount: 3, updateTime: null,
  standard: {
    flight: { cabins: ["Y"], maxDiscount: 80, maxPriceFen: 150050, lowestFareHours: null },
    hotel: { capsFen: { tier1: 50000, tier2: 40000, tier3: null, other: 25000 } },
    train: { seats: ["second"] },
  },
  summary: { air: [], hotel: [], train: [], car: [], overAction: "" },
};

const problems = (values: StandardFormValues) => problemsOf(() => standardFormSchema, (v: StandardFormValues) => toStandardInput(7, v), standardFieldOf, values);

describe("travel standard form", () => {
  it("round-trips a stored standard through the form", async () => {
    const values = toFormValues(row);
    expect(values).toMatchObject({ maxDiscount: "80", maxPrice: "1500.50", lowestFareHours: "", caps: { tier1: "500", tier3: "", other: "250" } });
    const input = toStandardInput(7, values);
    expect(input).toEqual({ tripLevelId: 7, overAction: "reason", ...row.standard });
    expect(await problems(values)).toEqual({});
  });

  it("starts an unset level from the default standard", () => {
    const input = toStandardInput(1, toFormValues({ ...row, configured: false, overAction: "forbid", standard: DEFAULT_STANDARD }));
    expect(input).toMatchObject({ flight: DEFAULT_STANDARD.flight, hotel: DEFAULT_STANDARD.hotel });
  });

  it("puts problems on the fields: cabins, discount, yuan amounts, tier caps, seats", async () => {
    expect(await problems({ ...toFormValues(row), cabins: [], maxDiscount: "120", maxPrice: "12.345", caps: { tier1: "abc" }, seats: [] })).toEqual({
      cabins: "请至少选择一种可乘坐的舱位",
      maxDiscount: "最高折扣须为 1 到 100 之间的整数（百分比）",
      maxPrice: "最高票价须为 0.01 到 1000 万元之间的金额",
      "caps.tier1": "一线城市每晚限额须为 0.01 到 1000 万元之间的金额",
      seats: "请至少选择一种可乘坐的席别",
    });
    expect(placedRefusal({ "flight.maxPriceFen": "最高票价不正确", "hotel.capsFen.other": ["其他城市不正确"] }, STANDARD_FIELDS, standardFieldOf)).toEqual({
      placed: { maxPrice: "最高票价不正确", "caps.other": "其他城市不正确" },
      rest: null,
    });
  });
});
