// One spreadsheet row of an employee import: the form's rules per field, names resolved against
// the company's departments and trip levels, and the mobile duplicate rule.
import { describe, expect, it } from "vitest";
import { checkEmployeeRow, duplicateMobileErrors, type EmployeeLookups } from "../../src/domain/people/employee-import";
import { idCardCheckChar } from "../../src/domain/validators";

const lookups: EmployeeLookups = {
  departments: new Map([["研发部", 2], ["研发部/前端组", 5], ["前端组", 5]]),
  tripLevels: new Map([["管理层", 1], ["普通员工", 2]]),
};
const idNo = (birth: string, seq: string) => `110105${birth}${seq}` + idCardCheckChar(`110105${birth}${seq}`);

describe("checkEmployeeRow", () => {
  it("turns a full row into the form's value", () => {
    const r = checkEmployeeRow(
      { realName: " 吴一 ", mobilePhone: "13822220001", email: "wu@example.com", department: "研发部 / 前端组", position: "工程师", employeeLevel: "员工", tripLevel: "管理层", canAudit: "是", certType: "身份证", certNo: idNo("19900307", "123") },
      lookups,
    );
    expect(r.errors).toEqual([]);
    expect(r.value).toMatchObject({
      realName: "吴一", mobilePhone: "13822220001", email: "wu@example.com", departmentId: 5, position: "工程师", employeeLevel: "员工", tripLevelId: 1, canAudit: true,
      certificates: [{ certType: 1, certNo: idNo("19900307", "123") }],
    });
  });

  it("leaves out what is blank: no department, level, audit right or certificate", () => {
    const r = checkEmployeeRow({ realName: "吴二", mobilePhone: "13822220002" }, lookups);
    expect(r.errors).toEqual([]);
    expect(r.value).toMatchObject({ departmentId: null, tripLevelId: null, canAudit: false, certificates: [] });
  });

  it("names the field of every problem", () => {
    expect(checkEmployeeRow({ mobilePhone: "123", email: "x" }, lookups).errors).toEqual(["姓名：请输入员工姓名", "手机号：请输入正确的手机号码", "邮箱：请输入正确的邮箱地址"]);
    expect(checkEmployeeRow({ realName: "吴三", mobilePhone: "13822220003", department: "销售部", tripLevel: "总裁", canAudit: "Y" }, lookups).errors).toEqual([
      "部门：未找到部门“销售部”", "差旅级别：未找到差旅级别“总裁”", "审批权限：只能填写“是”或“否”",
    ]);
    expect(checkEmployeeRow({ realName: "吴四", mobilePhone: "13822220004", certType: "身份证", certNo: "110105199003071234" }, lookups).errors).toEqual(["证件号码：请输入正确的身份证号码"]);
    expect(checkEmployeeRow({ realName: "吴五", mobilePhone: "13822220005", certNo: "E1234567" }, lookups).errors).toEqual(["证件类型：请选择证件类型"]);
    const passport = checkEmployeeRow({ realName: "吴六", mobilePhone: "13822220006", certType: "护照", certNo: "E1234567" }, lookups);
    expect(passport.errors).toEqual(expect.arrayContaining(["签发国家：请填写护照签发国家", "证件有效期：请填写护照有效期"]));
    expect(passport.value).toBeNull();
    expect(checkEmployeeRow({ realName: "张".repeat(21), mobilePhone: "13822220007" }, lookups).errors).toEqual(["姓名：员工姓名最多20个字"]);
  });
});

describe("duplicateMobileErrors", () => {
  it("marks every row of a repeated mobile, and every row of a taken one, masked", () => {
    const out = duplicateMobileErrors(["13822220001", "13822220002", "13822220001", "", "13800000071"], (m) => (m === "13800000071" ? "138****0071 已是本企业员工" : null));
    expect([...out]).toEqual([
      [0, "手机号：138****0001 在文件中重复"],
      [2, "手机号：138****0001 在文件中重复"],
      [4, "手机号：138****0071 已是本企业员工"],
    ]);
  });
});
