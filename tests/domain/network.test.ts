// The member network's shared rules: the child-company form (credit code by its check
// character, in upper case), the referral link and which member types an agent's subordinates have.
import { describe, expect, it } from "vitest";
import { subsidiaryFormSchema } from "../../src/domain/people/network";
import { referralPath, subordinateTypesOf } from "../../src/domain/people/network-paths";
import { usccCheckChar } from "../../src/domain/people/invoice-title";

const code = "91110105MA1A2B3C4" + usccCheckChar("91110105MA1A2B3C4");
const form = (extra: Record<string, unknown> = {}) => ({ name: "华信科技（北京）有限公司", creditCode: code, contactName: "周敏", contactMobile: "13900000709", ...extra });
const firstError = (v: unknown) => {
  const r = subsidiaryFormSchema.safeParse(v);
  return r.success ? null : { path: r.error.issues[0].path.join("."), message: r.error.issues[0].message };
};

describe("subsidiaryFormSchema", () => {
  it("accepts a child company, the code trimmed and upper-cased, status 1 by default", () => {
    const r = subsidiaryFormSchema.parse(form({ creditCode: ` ${code.toLowerCase()} `, address: "" }));
    expect(r).toEqual({ ...form(), address: undefined, status: 1 });
    expect(subsidiaryFormSchema.parse(form({ id: "3", status: "0" }))).toMatchObject({ id: 3, status: 0 });
  });

  it.each([
    [form({ creditCode: code.slice(0, 17) + (code[17] === "0" ? "1" : "0") }), "creditCode", "请输入正确的统一社会信用代码"],
    [form({ creditCode: "91110105MA1A2B3C4" }), "creditCode", "请输入正确的统一社会信用代码"],
    // I, O, S, V and Z are not in the code's alphabet.
    [form({ creditCode: "91110105MA1I2B3C4" + "0" }), "creditCode", "请输入正确的统一社会信用代码"],
    [form({ creditCode: "" }), "creditCode", "请填写统一社会信用代码"],
    [form({ name: "  " }), "name", "请填写公司名称"],
    [form({ name: "公".repeat(51) }), "name", "公司名称最多50个字符"],
    [form({ contactName: "" }), "contactName", "请填写联系人姓名"],
    [form({ contactMobile: "12345678901" }), "contactMobile", "请输入正确的手机号码"],
    [form({ status: 2 }), "status", "请选择状态"],
    [form({ companyId: 1 }), "", expect.any(String)],
  ])("refuses %j", (value, path, message) => {
    expect(firstError(value)).toEqual({ path, message });
  });
});

describe("referral and subordinates", () => {
  it("links to the register form with the referrer's mobile", () => {
    expect(referralPath("13800000010")).toBe("/view/login.shtml?type=2&refermobilephone=13800000010");
  });

  it("gives agents the types below their own, everyone else none", () => {
    expect(subordinateTypesOf("40")).toEqual(["10", "20", "30"]);
    expect(subordinateTypesOf("50")).toEqual(["10", "20", "30", "40"]);
    for (const k of ["10", "20", "30", "70", "7_0"] as const) expect(subordinateTypesOf(k)).toEqual([]);
  });
});
