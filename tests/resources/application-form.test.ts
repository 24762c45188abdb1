// The trip application form's helpers: values become the save input the server's schema reads,
// the schema's paths land on the form's fields (one range picker for both dates, the budget in
// yuan), and server field errors land there too.
import { describe, expect, it } from "vitest";
import dayjs from "dayjs";
import { fieldOf, problemsOf, serverProblems, toApplicationInput } from "../../src/resources/travel-applications/application-form";

const TODAY = "2026-11-23";
const filled = {
  purpose: " 赴上海客户现场部署 ",
  scope: "domestic" as const,
  dates: [dayjs("2026-12-10"), dayjs("2026-12-13")] as [dayjs.Dayjs, dayjs.Dayjs],
  fromCity: "北京",
  toCities: ["上海", " 杭州 ", " "],
  travellerEmployeeIds: [3],
  externalTravellers: [{ name: " 王工 ", mobilePhone: " " }],
  modes: ["flight" as const, "hotel" as const],
  budget: "4800.5",
  remark: "",
};

describe("trip application form", () => {
  it("turns the values into the save input, trimmed, budget in fen, submitted at once", () => {
    const input = toApplicationInput(filled);
    expect(input).toEqual({
      purpose: "赴上海客户现场部署", scope: "domestic", startDate: "2026-12-10", endDate: "2026-12-13", fromCity: "北京",
      toCities: ["上海", "杭州"], travellerEmployeeIds: [3], externalTravellers: [{ name: "王工", mobilePhone: undefined }],
      modes: ["flight", "hotel"], budgetFen: 480050, remark: undefined, submit: true,
    });
    expect(problemsOf(input, TODAY)).toEqual([]);
  });

  it("puts each schema problem on the field that shows it, once per field", () => {
    const problems = problemsOf(toApplicationInput({ scope: "domestic", budget: "12.345", toCities: [], modes: [] }), TODAY);
    const byField = Object.fromEntries(problems.map((p) => [p.name.join("."), p.errors[0]]));
    expect(byField).toMatchObject({
      purpose: "请填写出差事由",
      dates: "请选择出发日期",
      toCities: "请填写目的地城市",
      modes: "请至少选择一种出行方式",
      budget: "预算须为 0.01 到 1000 万元之间的金额",
    });
    expect(problems.filter((p) => p.name[0] === "dates")).toHaveLength(1);
  });

  it("asks for at least one traveller", () => {
    const problems = problemsOf(toApplicationInput({ ...filled, travellerEmployeeIds: [], externalTravellers: [] }), TODAY);
    expect(problems).toEqual([{ name: ["travellerEmployeeIds"], errors: ["请至少选择一位出行人"] }]);
  });

  it("refuses a trip that starts before today or returns before it leaves, on the dates field", () => {
    const past = problemsOf(toApplicationInput({ ...filled, dates: [dayjs("2026-11-22"), dayjs("2026-11-24")] }), TODAY);
    expect(past).toEqual([{ name: ["dates"], errors: ["出发日期不能早于今天"] }]);
    const backwards = problemsOf(toApplicationInput({ ...filled, dates: [dayjs("2026-12-13"), dayjs("2026-12-10")] }), TODAY);
    expect(backwards).toEqual([{ name: ["dates"], errors: ["返回日期不能早于出发日期"] }]);
  });

  it("keeps an external traveller's own fields addressable", () => {
    const problems = problemsOf(toApplicationInput({ ...filled, externalTravellers: [{ name: "" }] }), TODAY);
    expect(problems).toEqual([{ name: ["externalTravellers", 0, "name"], errors: ["请填写外部出行人姓名"] }]);
  });

  it("maps server field keys onto the form", () => {
    expect(fieldOf("startDate")).toEqual(["dates"]);
    expect(fieldOf("toCities.2")).toEqual(["toCities"]);
    expect(fieldOf("externalTravellers.1.mobilePhone")).toEqual(["externalTravellers", 1, "mobilePhone"]);
    expect(serverProblems({ travellerEmployeeIds: "出行员工须为本企业员工", budgetFen: ["预算不正确"] })).toEqual([
      { name: ["travellerEmployeeIds"], errors: ["出行员工须为本企业员工"] },
      { name: ["budget"], errors: ["预算不正确"] },
    ]);
  });
});
