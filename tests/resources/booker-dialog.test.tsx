// @vitest-environment jsdom
// The replace-booker dialog through Refine: editing a rule from the list is Refine's update of
// replace-bookers with the scope's list only, and a refusal naming the departments shows under
// that field while the dialog stays open.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { i18n } from "../../src/providers/i18n-provider";
import { BookerDialog } from "../../src/resources/replace-bookers/BookerDialog";
import type { BookerRow } from "../../src/resources/replace-bookers";
import { refused, renderForm } from "./form-harness";

const ROW: BookerRow = {
  id: 7, bookerEmployeeId: 9, bookerName: "陈静", bookerMobile: null, bookerDepartmentName: "市场部", scope: "departments", scopeLabel: "",
  departments: [{ id: 3, name: "市场部" }], employees: [{ id: 11, name: "杨帆" }], updateTime: "",
};
const departments = [{ value: 3, label: "市场部" }];

beforeAll(() => i18n.changeLanguage("zh-CN"));
afterEach(cleanup);

const save = () => fireEvent.click(screen.getByRole("button", { name: "保存" }));

describe("replace-booker dialog (Refine useForm)", () => {
  it("updates the rule through Refine and closes", async () => {
    let closed = 0;
    const { calls } = renderForm(<BookerDialog row={ROW} departments={departments} onClose={() => closed++} />, { rows: { employees: [] } });
    save();
    await waitFor(() => expect(closed).toBe(1));
    expect(calls.find((c) => c.op === "update")).toEqual({
      op: "update", resource: "replace-bookers", id: 7,
      variables: { bookerEmployeeId: 9, scope: "departments", departmentIds: [3], employeeIds: [] },
    });
  });

  it("shows a refusal under the field it names and stays open", async () => {
    let closed = 0;
    renderForm(<BookerDialog row={ROW} departments={departments} onClose={() => closed++} />, { rows: { employees: [] }, refuse: () => refused("保存失败", { departmentIds: "可代订部门不正确" }) });
    save();
    expect(await screen.findByText("可代订部门不正确")).toBeTruthy();
    expect(closed).toBe(0);
  });
});
