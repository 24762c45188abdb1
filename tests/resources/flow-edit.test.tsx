// @vitest-environment jsdom
// The approval flow form through Refine: with an id it loads the flow with getOne and fills the
// fields (levels included), a save is Refine's update of approval-flows with the checked payload
// and lands on the list, and a refusal naming a level's approvers shows under that level's field.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { i18n } from "../../src/providers/i18n-provider";
import { FlowForm } from "../../src/resources/approval-flows/edit";
import type { FlowRow } from "../../src/resources/approval-flows";
import { refused, renderForm } from "./form-harness";

const FLOW: FlowRow = {
  id: 5, name: "差旅审批", covers: "trip", coversLabel: "差旅", allEmployees: true, departments: [], employees: [],
  levels: [
    { approvers: [{ type: "departmentHead" }], timeoutHours: 24, approverNames: ["部门主管"] },
    { approvers: [{ type: "employee", employeeId: 9 }], timeoutHours: null, approverNames: ["陈静"] },
  ],
  onTimeout: "admin", enabled: true, createTime: "", updateTime: "",
};
const rows = { departments: [{ id: 3, name: "市场部" }], employees: [] };

beforeAll(() => i18n.changeLanguage("zh-CN"));
afterEach(cleanup);

const save = () => fireEvent.click(screen.getByRole("button", { name: "保存" }));

describe("approval flow form (Refine useForm)", () => {
  it("loads the flow through Refine and saves it through update", async () => {
    const { calls } = renderForm(<FlowForm id={5} />, { rows, records: { "approval-flows": FLOW } });
    await waitFor(() => expect((screen.getByLabelText("流程名称") as HTMLInputElement).value).toBe("差旅审批"));
    expect(calls.filter((c) => c.op === "getOne")).toEqual([{ op: "getOne", resource: "approval-flows", id: 5 }]);
    // Both saved levels are there, the second with its named approver.
    expect(within(screen.getByTestId("level-2")).getByText("陈静")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("流程名称"), { target: { value: " 新名称 " } });
    save();
    await waitFor(() => expect(screen.getByTestId("landed").textContent).toBe("/travel/travelManage/processSettings"));
    const update = calls.find((c) => c.op === "update");
    expect(update).toMatchObject({ resource: "approval-flows", id: 5 });
    expect(update?.variables).toEqual({
      name: "新名称", covers: "trip", allEmployees: true, departmentIds: [], employeeIds: [], onTimeout: "admin", enabled: true,
      levels: [
        { approvers: [{ type: "departmentHead" }], timeoutHours: 24 },
        { approvers: [{ type: "employee", employeeId: 9 }], timeoutHours: null },
      ],
    });
  });

  it("creates a new flow through create", async () => {
    const { calls } = renderForm(<FlowForm />, { rows });
    fireEvent.change(await screen.findByLabelText("流程名称"), { target: { value: "采购审批" } });
    save();
    await waitFor(() => expect(calls.some((c) => c.op === "create" && c.resource === "approval-flows")).toBe(true));
    expect(calls.some((c) => c.op === "getOne")).toBe(false);
  });

  it("shows a refusal under the level's approvers, and one without fields on the form's line", async () => {
    let refusal = refused("保存失败", { "levels.1.approvers.0": "该员工不能审批" });
    renderForm(<FlowForm id={5} />, { rows, records: { "approval-flows": FLOW }, refuse: () => refusal });
    await waitFor(() => expect((screen.getByLabelText("流程名称") as HTMLInputElement).value).toBe("差旅审批"));
    save();
    expect(await within(screen.getByTestId("level-2")).findByText("该员工不能审批")).toBeTruthy();
    expect(screen.queryByText("保存失败")).toBeNull();

    refusal = refused("最多保存 50 个审批流程", {});
    save();
    expect(await screen.findByText("最多保存 50 个审批流程")).toBeTruthy();
  });
});
