// The car-use standard form's helpers: caps in yuan become fen (empty: no cap), picked city codes
// are sent with their names, a saved standard round-trips, and problems land on their fields.
import { describe, expect, it } from "vitest";
import { carStandardFormSchema } from "../../src/domain/policy";
import { NEW_CAR_STANDARD, carFieldOf, carFields, toCarInput, toCarValues, type CarFormValues } from "../../src/resources/car-standards/car-form";
import { placedRefusal, problemsOf } from "./form-problems";
import type { CarStandardRow } from "../../src/resources/car-standards";

const CITIES = [{ code: "3101", name: "上海市", pinyin: "shanghai" }];

const carProblems = (values: CarFormValues) => problemsOf(() => carStandardFormSchema, (v: CarFormValues) => toCarInput(undefined, v, CITIES), carFieldOf, values);

describe("car-use standard form", () => {
  it("turns the form into the save input", async () => {
    const values: CarFormValues = {
      ...NEW_CAR_STANDARD, name: " 机场接送 ", tripLevelIds: [1], allCities: false, cityCodes: ["3101"],
      timeWindows: [{ start: "22:00", end: "06:00" }], perRideCap: "300.5", monthlyCap: "",
    };
    const input = toCarInput(undefined, values, CITIES);
    expect(input).toEqual({
      name: "机场接送", tripLevelIds: [1], carTypes: ["economy"], allCities: false, cities: [{ code: "3101", name: "上海市" }],
      timeWindows: [{ start: "22:00", end: "06:00" }], perRideCapFen: 30050, monthlyCapFen: null,
    });
    expect(await carProblems(values)).toEqual({});
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

  it("puts problems on the fields", async () => {
    const values: CarFormValues = { ...NEW_CAR_STANDARD, name: "接送", tripLevelIds: [1], allCities: false, timeWindows: [{ start: "25:00", end: "06:00" }], perRideCap: "300", monthlyCap: "200" };
    expect(await carProblems(values)).toEqual({
      "timeWindows.0.start": "时间格式为 HH:mm",
      cityCodes: "请选择用车城市",
      monthlyCap: "每月限额不能低于单次限额",
    });
  });

  it("puts a server refusal's city and cap keys on the fields that show them", () => {
    const values: CarFormValues = { ...NEW_CAR_STANDARD, allCities: false, timeWindows: [{ start: "07:00", end: "09:00" }] };
    expect(placedRefusal({ "cities.0.code": "城市不正确", perRideCapFen: "单次限额不正确", "timeWindows.0.end": ["时间不正确"] }, carFields(values), carFieldOf)).toEqual({
      placed: { cityCodes: "城市不正确", perRideCap: "单次限额不正确", "timeWindows.0.end": "时间不正确" },
      rest: null,
    });
  });
});
