// @vitest-environment jsdom
// The car-use standard form through Refine: with an id it loads the standard with getOne (caps
// shown in yuan, saved cities kept with their names), a save is Refine's update of car-standards
// with the fen payload, and a refusal on a payload key lands under the field that shows it.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { i18n } from "../../src/providers/i18n-provider";
import { CarForm } from "../../src/resources/car-standards/edit";
import type { CarStandardRow } from "../../src/resources/car-standards";
import { refused, renderForm } from "./form-harness";

const ROW: CarStandardRow = {
  id: 3, name: "市内用车", tripLevels: [{ id: 2, name: "管理层" }], carTypes: ["comfort"], carTypeNames: [], allCities: false,
  cities: [{ code: "4403", name: "深圳市" }], timeWindows: [], perRideCapFen: 20000, monthlyCapFen: 200000, createTime: "", updateTime: "",
};
const rows = { "trip-levels": [{ id: 2, name: "管理层" }], "car-cities": [{ id: "4403", code: "4403", name: "深圳市", pinyin: "shenzhen" }] };

beforeAll(() => i18n.changeLanguage("zh-CN"));
afterEach(cleanup);

const save = () => fireEvent.click(screen.getByRole("button", { name: "保存" }));
const cap = () => screen.getByLabelText("单次用车限额（元）") as HTMLInputElement;

describe("car standard form (Refine useForm)", () => {
  it("loads the standard through Refine and saves it through update", async () => {
    const { calls } = renderForm(<CarForm id={3} />, { rows, records: { "car-standards": ROW } });
    await waitFor(() => expect(cap().value).toBe("200"));
    expect(calls.filter((c) => c.op === "getOne")).toEqual([{ op: "getOne", resource: "car-standards", id: 3 }]);
    fireEvent.change(cap(), { target: { value: "250" } });
    save();
    await waitFor(() => expect(screen.getByTestId("landed").textContent).toBe("/useCarManager/usecar_manager_list"));
    const update = calls.find((c) => c.op === "update");
    expect(update).toMatchObject({ resource: "car-standards", id: 3 });
    expect(update?.variables).toEqual({
      name: "市内用车", tripLevelIds: [2], carTypes: ["comfort"], allCities: false, cities: [{ code: "4403", name: "深圳市" }],
      timeWindows: [], perRideCapFen: 25000, monthlyCapFen: 200000,
    });
  });

  it("shows a refusal of perRideCapFen under the per-ride cap", async () => {
    renderForm(<CarForm id={3} />, { rows, records: { "car-standards": ROW }, refuse: () => refused("保存失败", { perRideCapFen: "单次限额过高" }) });
    await waitFor(() => expect(cap().value).toBe("200"));
    save();
    expect(await screen.findByText("单次限额过高")).toBeTruthy();
    expect(cap().getAttribute("aria-invalid")).toBe("true");
  });
});
