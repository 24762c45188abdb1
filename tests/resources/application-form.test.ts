// The trip application form's helpers: values become the save input the server's schema reads,
// the schema's paths land on the form's fields (one range picker for both dates, the budget in
// yuan), and server field errors land there too.
import { describe, expect, it } from "vitest";
import { applicationFields, applicationSchema, fieldOf, toApplicationInput, type ApplicationFormValues } from "../../src/resources/travel-applications/application-form";
import { placedRefusal, problemsOf as formProblems } from "./form-problems";

const TODAY = "2026-11-23";
const filled = {
  purpose: " 赴上海客户现场部署 ",
  scope: "domestic" as const,
  dates: ["2026-12-10", "2026-12-13"] as const,
  fromCity: "北京",
  toCities: ["上海", " 杭州 ", " "],
  travellerEmployeeIds: [3],
  externalTravellers: [{ name: " 王工 ", mobilePhone: " " }],
  modes: ["flight" as const, "hotel" as const],
  budget: "4800.5",
  remark: "",
};

/** The form's problems by field, as the form's resolver places them. */
const problemsOf = (values: ApplicationFormValues, today: string) => formProblems(applicationSchema(today), toApplicationInput, fieldOf, values);

describe("trip application form", () => {
  it("turns the values into the save input, trimmed, budget in fen, submitted at once", async () => {
    const input = toApplicationInput(filled);
    expect(input).toEqual({
      purpose: "赴上海客户现场部署", scope: "domestic", startDate: "2026-12-10", endDate: "2026-12-13", fromCity: "北京",
      toCities: ["上海", "杭州"], travellerEmployeeIds: [3], externalTravellers: [{ name: "王工", mobilePhone: undefined }],
      modes: ["flight", "hotel"], budgetFen: 480050, remark: undefined, submit: true,
    });
    expect(await problemsOf(filled, TODAY)).toEqual({});
  });

  it("puts each schema problem on the field that shows it, once per field", async () => {
    const byField = await problemsOf({ scope: "domestic", budget: "12.345", toCities: [], modes: [] }, TODAY);
    expect(byField).toMatchObject({
      purpose: "请填写出差事由",
      dates: "请选择出发日期",
      toCities: "请填写目的地城市",
      modes: "请至少选择一种出行方式",
      budget: "预算须为 0.01 到 1000 万元之间的金额",
    });
    expect(Object.keys(byField).filter((k) => k.startsWith("dates") || /Date/.test(k))).toEqual(["dates"]);
  });

  it("asks for at least one traveller", async () => {
    expect(await problemsOf({ ...filled, travellerEmployeeIds: [], externalTravellers: [] }, TODAY)).toEqual({ travellerEmployeeIds: "请至少选择一位出行人" });
  });

  it("refuses a trip that starts before today or returns before it leaves, on the dates field", async () => {
    expect(await problemsOf({ ...filled, dates: ["2026-11-22", "2026-11-24"] }, TODAY)).toEqual({ dates: "出发日期不能早于今天" });
    expect(await problemsOf({ ...filled, dates: ["2026-12-13", "2026-12-10"] }, TODAY)).toEqual({ dates: "返回日期不能早于出发日期" });
  });

  it("keeps an external traveller's own fields addressable", async () => {
    expect(await problemsOf({ ...filled, externalTravellers: [{ name: "" }] }, TODAY)).toEqual({ "externalTravellers.0.name": "请填写外部出行人姓名" });
  });

  it("maps server field keys onto the form", () => {
    expect(fieldOf("startDate")).toBe("dates");
    expect(fieldOf("toCities.2")).toBe("toCities");
    expect(fieldOf("externalTravellers.1.mobilePhone")).toBe("externalTravellers.1.mobilePhone");
    const errors = { travellerEmployeeIds: "出行员工须为本企业员工", budgetFen: ["预算不正确"], secret: "不在表单上" };
    expect(placedRefusal(errors, applicationFields(filled), fieldOf)).toEqual({ placed: { travellerEmployeeIds: "出行员工须为本企业员工", budget: "预算不正确" }, rest: null });
  });
});
