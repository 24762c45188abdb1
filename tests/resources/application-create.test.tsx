// @vitest-environment jsdom
// The new trip application through Refine: the applicant is loaded as its first traveller, the
// schema stops an empty form under its fields, a save is Refine's create of travel-applications
// with the save input (budget in fen), and a server refusal of startDate lands under the dates.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { i18n } from "../../src/providers/i18n-provider";
import { ApplicationForm } from "../../src/resources/travel-applications/create";
import { APPLICATION_PATHS } from "../../src/resources/travel-applications";
import { addDays, chinaDate } from "../../src/domain/travel/dates";
import { refused, renderForm, type FakeData } from "./form-harness";

beforeAll(() => i18n.changeLanguage("zh-CN"));
afterEach(cleanup);

const SELF = { employeeId: 4, realName: "黄磊", mobilePhone: "13800000073", departmentName: "研发部", self: true };
const custom = { [APPLICATION_PATHS.travellers]: { list: [SELF], self: SELF, total: 1 }, [APPLICATION_PATHS.myStandard]: { flows: { trip: "部门主管→企业管理员", order: null } } };
const start = addDays(chinaDate(Date.now()), 10);
const end = addDays(start, 3);

const submit = () => fireEvent.click(screen.getByRole("button", { name: "提交申请" }));

async function fill() {
  fireEvent.change(screen.getByLabelText("出差事由"), { target: { value: "赴上海客户现场部署" } });
  for (const [placeholder, day] of [["出发日期", start], ["返回日期", end]] as const) {
    const input = screen.getByPlaceholderText(placeholder);
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: day } });
    fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
  }
  fireEvent.change(screen.getByLabelText("出发城市"), { target: { value: "北京" } });
  const to = screen.getByRole("combobox", { name: "目的地城市" });
  fireEvent.change(to, { target: { value: "上海" } });
  fireEvent.keyDown(to, { key: "Enter", code: "Enter", keyCode: 13 });
  fireEvent.change(screen.getByLabelText("预算（元）"), { target: { value: "4800" } });
}

// The first render brings antd's pickers in: slow on a busy machine, so the wait is generous.
const loaded = () => screen.findByTestId("flow-note", {}, { timeout: 15_000 });

const open = (data: Omit<FakeData, "custom"> = {}) => renderForm(<ApplicationForm />, { ...data, custom });

describe("new trip application (Refine useForm)", () => {
  it("loads the applicant as the traveller and stops an empty form under its fields", async () => {
    const { calls } = open();
    await loaded();
    expect(await screen.findByText(/黄磊/)).toBeTruthy();
    submit();
    expect(await screen.findByText("请填写出差事由")).toBeTruthy();
    expect(screen.getByText("请选择出发日期")).toBeTruthy();
    expect(calls.filter((c) => c.op === "create")).toEqual([]);
  });

  it("saves through Refine's create and opens the application", async () => {
    const { calls } = open();
    await loaded();
    await fill();
    submit();
    await waitFor(() => expect(screen.getByTestId("landed").textContent).toBe("/travel/apply/details"));
    const create = calls.find((c) => c.op === "create");
    expect(create).toMatchObject({ resource: "travel-applications" });
    expect(create?.variables).toMatchObject({
      purpose: "赴上海客户现场部署", scope: "domestic", startDate: start, endDate: end, fromCity: "北京", toCities: ["上海"],
      travellerEmployeeIds: [4], modes: ["flight", "hotel"], budgetFen: 480000, submit: true,
    });
  });

  it("shows a refusal of startDate under the dates", async () => {
    open({ refuse: () => refused("保存失败", { startDate: "出发日期不能早于今天" }) });
    await loaded();
    await fill();
    submit();
    expect(await screen.findByText("出发日期不能早于今天")).toBeTruthy();
  });
});
