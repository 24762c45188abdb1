// The approval flow form's helpers: approvers picked from one mixed list become the schema's
// approver specs, a company-wide flow drops leftover department and employee choices, a saved
// flow fills the form back, and problems land on the level and field that show them.
import { describe, expect, it } from "vitest";
import { flowFormSchema } from "../../src/domain/policy";
import { NEW_FLOW, approverOf, flowFieldOf, flowFields, toFlowInput, toFlowValues, type FlowFormValues } from "../../src/resources/approval-flows/flow-form";
import { placedRefusal, problemsOf } from "./form-problems";

const flowProblems = (values: FlowFormValues) => problemsOf(() => flowFormSchema, (v: FlowFormValues) => toFlowInput(undefined, v), flowFieldOf, values);
import type { FlowRow } from "../../src/resources/approval-flows";

describe("approval flow form", () => {
  it("reads the mixed approver list", () => {
    expect(approverOf("departmentHead")).toEqual({ type: "departmentHead" });
    expect(approverOf("admin")).toEqual({ type: "admin" });
    expect(approverOf("e12")).toEqual({ type: "employee", employeeId: 12 });
    expect(approverOf("e")).toBeNull();
  });

  it("turns the form into the save input; a company-wide flow names no one", async () => {
    const values: FlowFormValues = {
      ...NEW_FLOW, name: " 市场部审批 ", allEmployees: true, departmentIds: [3], employeeIds: [4],
      levels: [{ approvers: ["departmentHead", "e4"], timeoutHours: "24" }, { approvers: ["admin"], timeoutHours: "" }],
    };
    const input = toFlowInput(undefined, values);
    expect(input).toEqual({
      name: "市场部审批", covers: "both", allEmployees: true, departmentIds: [], employeeIds: [], onTimeout: "next", enabled: true,
      levels: [
        { approvers: [{ type: "departmentHead" }, { type: "employee", employeeId: 4 }], timeoutHours: 24 },
        { approvers: [{ type: "admin" }], timeoutHours: null },
      ],
    });
    expect(await flowProblems(values)).toEqual({});
  });

  it("fills the form from a saved flow and saves it back unchanged", () => {
    const row: FlowRow = {
      id: 5, name: "差旅审批", covers: "trip", coversLabel: "", allEmployees: false, departments: [{ id: 3, name: "市场部" }], employees: [],
      levels: [{ approvers: [{ type: "employee", employeeId: 9 }], timeoutHours: 48, approverNames: ["陈静"] }],
      onTimeout: "admin", enabled: false, createTime: "", updateTime: "",
    };
    const values = toFlowValues(row);
    expect(values.levels).toEqual([{ approvers: ["e9"], timeoutHours: "48" }]);
    expect(toFlowInput(5, values)).toEqual({
      id: 5, name: "差旅审批", covers: "trip", allEmployees: false, departmentIds: [3], employeeIds: [], onTimeout: "admin", enabled: false,
      levels: [{ approvers: [{ type: "employee", employeeId: 9 }], timeoutHours: 48 }],
    });
  });

  it("puts problems on the fields: name, scope, each level's approvers and time limit", async () => {
    const problems = await flowProblems({ ...NEW_FLOW, name: "", allEmployees: false, levels: [{ approvers: ["admin"], timeoutHours: "0" }, { approvers: [], timeoutHours: "x" }] });
    expect(problems).toEqual({
      name: "请输入流程名称",
      departmentIds: "请选择流程适用的部门或员工",
      "levels.0.timeoutHours": "审批时限须为 1 到 720 小时",
      "levels.1.approvers": "请为每一级选择审批人",
      "levels.1.timeoutHours": "审批时限须为 1 到 720 小时",
    });
    expect(await flowProblems({ ...NEW_FLOW, name: "审批", allEmployees: false })).toEqual({ departmentIds: "请选择流程适用的部门或员工" });
    expect(flowFieldOf("levels.2.approvers.0.employeeId")).toBe("levels.2.approvers");
  });

  it("puts a server refusal's fields on the form; a scope list the form hides is not one of them", () => {
    const everyone = { ...NEW_FLOW, levels: [{ approvers: ["admin"], timeoutHours: "" }] };
    expect(placedRefusal({ "levels.0.approvers.0.employeeId": "审批人须为本企业员工" }, flowFields(everyone), flowFieldOf)).toEqual({ placed: { "levels.0.approvers": "审批人须为本企业员工" }, rest: null });
    expect(placedRefusal({ employeeIds: "员工不正确" }, flowFields(everyone), flowFieldOf)).toEqual({ placed: {}, rest: "refused" });
  });
});
