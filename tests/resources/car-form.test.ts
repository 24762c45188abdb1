// The car-use standard form's helpers: caps in yuan become fen (empty: no cap), picked city codes
// are sent with their names, a saved standard round-trips, and problems land on their fields.
import { describe, expect, it } from "vitest";
import { NEW_CAR_STANDARD, carProblems, toCarInput, toCarValues } from "../../src/resources/car-standards/car-form";
import type { CarStandardRow } from "../../src/resources/car-standards";

const CITIES = [{ code: "3101", name: "上海市", pinyin: "shanghai" }];

describe("car-use standard form", () => {
  it("turns the form into the save input", () => {
    const input = toCarInput(undefined, {
      ...NEW_CAR_STANDARD, name: " 机场接送 ", tripLevelIds: [1], allCities: false, cityCodes: ["3101"],
      timeWindows: [{ start: "22:00", end: "06:00" }], perRideCap: "300.5", monthlyCap: "",
    }, CITIES);
    expect(input).toEqual({
      name: "机场接送", tripLevelIds: [1], carTypes: ["economy"], allCities: false, cities: [{ code: "3101", name: "上海市" }],
      timeWindows: [{ start: "22:00", end: "06:00" }], perRideCapFen: 30050, monthlyCapFen: null,
    });
    expect(carProblems(input)).toEqual([]);
  });

  it("round-trips a saved standard, keeping saved city names", () => {
    const row: CarStandardRow = {
      id: 3, name: "市内用车", tripLevels: [{ id: 2, name: "管理层" }], carTypes: ["comfort"], carTypeNames: [], allCities: false,
      cities: [{ code: "4403", name: "深圳市" }], timeWindows: [], perRideCapFen: 20000, monthlyCapFen: 200000, createTime: "", updateTime: "",
    };
    expect(toCarInput(3, toCarValues(row), [], row.cities)).toEqual({
      id: 3, name: "市内用车", tripLevelIds: [2], carTypes: ["comfort"], allCities: false, cities: [{ code: "4403", name: "深圳市" }],
      timeWindows: [], perRideCapFen: 20000, monthlyCapFen: 200000,
    });
  });

  it("puts problems on the fields", () => {
    const problems = carProblems(
      toCarInput(undefined, { ...NEW_CAR_STANDARD, name: "接送", tripLevelIds: [1], allCities: false, timeWindows: [{ start: "25:00", end: "06:00" }], perRideCap: "300", monthlyCap: "200" }, CITIES),
    );
    expect(Object.fromEntries(problems.map((p) => [p.name.join("."), p.errors[0]]))).toEqual({
      "timeWindows.0.start": "时间格式为 HH:mm",
      cityCodes: "请选择用车城市",
      monthlyCap: "每月限额不能低于单次限额",
    });
  });
});
