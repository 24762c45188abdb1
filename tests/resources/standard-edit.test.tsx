// @vitest-environment jsdom
// A trip level's travel standard and the hotel city tiers through Refine: each form loads its
// record with getOne (the tiers without an id: one record per company) and saves it as Refine's
// update; refusals on payload keys land under the fields that show them.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { i18n } from "../../src/providers/i18n-provider";
import { DEFAULT_STANDARD, type CityTiers } from "../../src/domain/policy";
import { StandardForm } from "../../src/resources/travel-standards/edit";
import { TiersForm } from "../../src/resources/travel-standards/CityTiersDrawer";
import type { StandardRow } from "../../src/resources/travel-standards";
import { refused, renderForm } from "./form-harness";

const ROW: StandardRow = {
  tripLevelId: 4, tripLevelName: "管理层", configured: true, overAction: "approve", employeeCount: 3,
  standard: DEFAULT_STANDARD, summary: { air: [], hotel: [], train: [], car: [], overAction: "" }, updateTime: null,
};
const TIERS: CityTiers = { tier1: [{ code: "4403", name: "深圳市" }], tier2: [], tier3: [] } as unknown as CityTiers;
const rows = { "car-cities": [{ id: "4403", code: "4403", name: "深圳市", pinyin: "shenzhen" }, { id: "4401", code: "4401", name: "广州市", pinyin: "guangzhou" }] };

beforeAll(() => i18n.changeLanguage("zh-CN"));
afterEach(cleanup);

const save = () => fireEvent.click(screen.getByRole("button", { name: "保存" }));
const maxPrice = () => screen.getByLabelText("最高票价（元）") as HTMLInputElement;

describe("travel standard form (Refine useForm)", () => {
  it("loads the level's standard through Refine and saves it through update", async () => {
    const { calls } = renderForm(<StandardForm tripLevelId={4} />, { records: { "travel-standards": ROW } });
    expect(await screen.findByText("管理层")).toBeTruthy();
    expect(calls.filter((c) => c.op === "getOne")).toEqual([{ op: "getOne", resource: "travel-standards", id: 4 }]);
    fireEvent.change(maxPrice(), { target: { value: "1500" } });
    save();
    await waitFor(() => expect(screen.getByTestId("landed").textContent).toBe("/travel/travelManage/standardSettings"));
    const update = calls.find((c) => c.op === "update");
    expect(update).toMatchObject({ resource: "travel-standards", id: 4 });
    expect(update?.variables).toMatchObject({ tripLevelId: 4, overAction: "approve", flight: { cabins: ["Y"], maxPriceFen: 150000, lowestFareHours: 2 } });
  });

  it("shows a refusal of flight.maxPriceFen under the price cap", async () => {
    renderForm(<StandardForm tripLevelId={4} />, { records: { "travel-standards": ROW }, refuse: () => refused("保存失败", { "flight.maxPriceFen": "最高票价过高" }) });
    await screen.findByText("管理层");
    save();
    expect(await screen.findByText("最高票价过高")).toBeTruthy();
    expect(maxPrice().getAttribute("aria-invalid")).toBe("true");
  });
});

describe("city tiers form (Refine useForm)", () => {
  it("loads the tiers and saves them through update, cities with their names", async () => {
    let done = 0;
    const { calls } = renderForm(<TiersForm onDone={() => done++} />, { rows, records: { "city-tiers": TIERS as never } });
    expect(await screen.findByText("深圳市")).toBeTruthy();
    save();
    await waitFor(() => expect(done).toBe(1));
    expect(calls.find((c) => c.op === "update")).toMatchObject({ resource: "city-tiers", variables: { tier1: [{ code: "4403", name: "深圳市" }], tier2: [], tier3: [] } });
  });

  it("shows a refusal on a tier's city under that tier", async () => {
    renderForm(<TiersForm onDone={() => undefined} />, { rows, records: { "city-tiers": TIERS as never }, refuse: () => refused("保存失败", { "tier1.0.code": "深圳市只能属于一个城市等级" }) });
    await screen.findByText("深圳市");
    save();
    expect(await screen.findByText("深圳市只能属于一个城市等级")).toBeTruthy();
  });
});
