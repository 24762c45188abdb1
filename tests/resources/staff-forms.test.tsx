// @vitest-environment jsdom
// The employee and child-company forms through Refine: each loads its record with getOne, saves
// it as Refine's update, and a refusal naming a field — a certificate's number inside the list
// included — shows under that field (Refine's own placement: the payload's paths are the form's).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { i18n } from "../../src/providers/i18n-provider";
import { EmployeeForm } from "../../src/resources/employees/form";
import { SubsidiaryForm } from "../../src/resources/subsidiaries/form";
import type { EmployeeDetail } from "../../src/domain/people/employee";
import { refused, renderForm } from "./form-harness";

const EMPLOYEE: EmployeeDetail = {
  id: 12, memberId: null, realName: "周文博", mobilePhone: "13800000011", email: null, departmentId: null, position: null, employeeLevel: null,
  tripLevelId: null, canAudit: 0, status: 1, certificates: [{ certType: 1 as never, certNo: "11010519491231002X", expiry: null, issueCountry: null }],
  createTime: "", updateTime: null,
};
const SUBSIDIARY = { id: 4, name: "华南分公司", creditCode: "91350100M000100Y43", contactName: "李明", contactMobile: "13800000010", address: null, status: 1 };

beforeAll(() => i18n.changeLanguage("zh-CN"));
afterEach(cleanup);

const save = () => fireEvent.click(screen.getByRole("button", { name: "保存" }));
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("employee form (Refine useForm)", () => {
  it("loads the employee and saves it through update", async () => {
    let done = 0;
    const { calls } = renderForm(<EmployeeForm id={12} departments={[]} onDone={() => done++} />, { records: { employees: EMPLOYEE } });
    await waitFor(() => expect(input("姓名").value).toBe("周文博"));
    expect(input("证件号码").value).toBe("11010519491231002X");
    expect(calls.filter((c) => c.op === "getOne")).toEqual([{ op: "getOne", resource: "employees", id: 12 }]);
    fireEvent.change(input("职位"), { target: { value: " 经理 " } });
    save();
    await waitFor(() => expect(done, document.body.textContent ?? "").toBe(1));
    expect(calls.find((c) => c.op === "update")).toMatchObject({ resource: "employees", id: 12, variables: { realName: "周文博", position: "经理", canAudit: 0 } });
  });

  it("shows a refusal of a certificate's number under that certificate", async () => {
    renderForm(<EmployeeForm id={12} departments={[]} onDone={() => undefined} />, { records: { employees: EMPLOYEE }, refuse: () => refused("保存失败", { "certificates.0.certNo": "证件号码已被其他员工使用" }) });
    await waitFor(() => expect(input("证件号码").value).toBe("11010519491231002X"));
    save();
    expect(await screen.findByText("证件号码已被其他员工使用")).toBeTruthy();
    expect(input("证件号码").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("child company form (Refine useForm)", () => {
  it("loads the company, saves through update and shows a refusal under its field", async () => {
    const { calls } = renderForm(<SubsidiaryForm id={4} onCancel={() => undefined} onDone={() => undefined} />, {
      records: { subsidiaries: SUBSIDIARY }, refuse: () => refused("保存失败", { contactMobile: "联系电话不正确" }),
    });
    await waitFor(() => expect(input("公司名称").value).toBe("华南分公司"));
    save();
    expect(await screen.findByText("联系电话不正确")).toBeTruthy();
    expect(calls.find((c) => c.op === "update")).toMatchObject({ resource: "subsidiaries", id: 4 });
  });
});
