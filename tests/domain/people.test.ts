// Traveller rules: certificate numbers by type, what an ID number says (birthday, sex), masking,
// the age band a traveller books in, and the form schema's cross-field rules.
import { describe, expect, it } from "vitest";
import { idCardCheckChar } from "../../src/domain/validators";
import {
  birthdayRange, certNoError, idCardFacts, maskCertNo, maskMobile, normaliseCertNo, passengerFormSchema, passengerTypeOf,
  travellerFormSchema, yearsBefore,
} from "../../src/domain/people";
import { certKey, certTypeFromCell, duplicateErrors, rowPayload } from "../../src/domain/people/import";
import { isUscc, usccCheckChar } from "../../src/domain/people/invoice-title";

const id18 = (first17: string) => first17 + idCardCheckChar(first17);
const TODAY = new Date(2026, 10, 23);
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("certNoError", () => {
  it.each([
    [1, id18("11010519491231002"), null],
    [1, "11010519491231002" + "1", "请输入正确的身份证号码"], // wrong check character
    [1, id18("11010520300101002"), "请输入正确的身份证号码"], // born in the future
    [1, "110105491231002", null], // 15 digits, 1949-12-31
    [2, "E12345678", null],
    [2, "", "请输入证件号码"],
    [3, "A1", null],
    [3, "A", "军官证号为2-25位字母或数字"],
    [4, id18("83000019900101001"), null],
    [4, id18("11010519900101001"), "台湾居民居住证号码为83开头的18位号码"],
    [5, id18("81000019900101001"), null],
    [5, id18("83000019900101001"), "港澳居民居住证号码为81或82开头的18位号码"],
    [7, "12345", null],
    [8, "C123", "港澳通行证号码为5-21位字母或数字"],
    [8, "C1234567", null],
    [9, "S1", null],
    [0, "X".repeat(31), "证件号码最多30个字符"],
  ] as const)("type %s, %s -> %s", (type, no, expected) => expect(certNoError(type, no, TODAY)).toBe(expected));

  it("normalises blanks and small letters", () => expect(normaliseCertNo(" 11010519491231002x ")).toBe("11010519491231002X"));
});

describe("idCardFacts", () => {
  it("reads birthday and sex from an 18-digit number (odd sequence: male)", () => {
    expect(idCardFacts(id18("11010519900307123"), TODAY)).toEqual({ birthday: "1990-03-07", sex: 1 });
    expect(idCardFacts(id18("11010519900307124"), TODAY)).toEqual({ birthday: "1990-03-07", sex: 2 });
  });
  it("reads a 15-digit number (19yy, last digit the sequence)", () => {
    expect(idCardFacts("110105900307123", TODAY)).toEqual({ birthday: "1990-03-07", sex: 1 });
    expect(idCardFacts("110105900307122", TODAY)).toEqual({ birthday: "1990-03-07", sex: 2 });
  });
  it("gives nothing for invalid numbers", () => {
    expect(idCardFacts("11010519900230123X", TODAY)).toBeNull();
    expect(idCardFacts(12345, TODAY)).toBeNull();
  });
});

describe("masking", () => {
  it("keeps 6 and 4 of long numbers, 2 and 2 of shorter ones, 3 and 4 of mobiles", () => {
    expect(maskCertNo("110101199003071234")).toBe("110101********1234");
    expect(maskCertNo("E12345678")).toBe("E1*****78");
    expect(maskCertNo("A12")).toBe("A**");
    expect(maskCertNo(null)).toBe("");
    expect(maskMobile("13800000010")).toBe("138****0010");
  });
});

describe("passenger type from the age band", () => {
  const on = { year: 2026, month: 11, day: 23 };
  it.each([
    ["2024-11-24", "INF"],
    ["2024-11-23", "CHD"],
    ["2014-11-24", "CHD"],
    ["2014-11-23", "ADT"],
    [null, "ADT"],
  ] as const)("born %s -> %s", (birthday, band) => expect(passengerTypeOf(birthday, on)).toBe(band));

  it("gives the query bounds of each band, 29 Feb falling back to 28 Feb", () => {
    expect(birthdayRange("INF", on)).toEqual({ after: "2024-11-23", orUnknown: false });
    expect(birthdayRange("CHD", on)).toEqual({ after: "2014-11-23", upTo: "2024-11-23", orUnknown: false });
    expect(birthdayRange("ADT", on)).toEqual({ upTo: "2014-11-23", orUnknown: true });
    expect(yearsBefore({ year: 2024, month: 2, day: 29 }, 2)).toBe("2022-02-28");
  });
});

describe("passengerFormSchema", () => {
  const idNo = id18("11010519900307124");
  it("fills birthday and sex from an ID card over what was typed, capitalises English names", () => {
    const r = passengerFormSchema.safeParse({
      name: "李四", surname: "li", givenName: "xiao ming", birthday: "2000-01-01", sex: 1,
      certificates: [{ certType: 1, certNo: idNo.toLowerCase() }],
    });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ birthday: "1990-03-07", sex: 2, surname: "LI", givenName: "XIAO MING", isDefault: false });
  });

  it("accepts form-encoded strings", () => {
    const r = passengerFormSchema.safeParse({ name: "王五", isDefault: "1", sex: "1", birthday: "1980-1-2", certificates: [{ certType: "8", certNo: "C1234567" }] });
    expect(r.data).toMatchObject({ isDefault: true, sex: 1, birthday: "1980-01-02", certificates: [{ certType: 8, certNo: "C1234567" }] });
  });

  it.each([
    [{ certificates: [{ certType: 8, certNo: "C1234567" }] }, "name", "请填写中文姓名或英文姓名"],
    [{ surname: "WANG", certificates: [{ certType: 8, certNo: "C1234567" }] }, "givenName", "请填写英文名"],
    [{ name: "王五", surname: "W4NG", givenName: "WU", certificates: [{ certType: 8, certNo: "C1234567" }] }, "surname", "英文姓只能包含字母"],
    [{ name: "王五", birthday: "2999-01-01", certificates: [{ certType: 8, certNo: "C1234567" }] }, "birthday", "出生日期不能晚于今天"],
    [{ name: "王五", certificates: [{ certType: 2, certNo: "E1", expiry: "2099-01-01" }] }, "certificates.0.issueCountry", "请填写护照签发国家"],
    [{ name: "王五", certificates: [{ certType: 8, certNo: "C1234567" }, { certType: 8, certNo: "C7654321" }] }, "certificates.1.certType", "同一种证件只能填写一个"],
    [{ name: "王五", certificates: [{ certType: 10, certNo: "C1234567" }] }, "certificates.0.certType", "请选择证件类型"],
    [{ name: "王五", remark: "x".repeat(201), certificates: [{ certType: 8, certNo: "C1234567" }] }, "remark", "备注最多200个字符"],
  ])("refuses %j at %s", (values, field, message) => {
    expect(issues(passengerFormSchema.safeParse(values))[0]).toEqual([field, message]);
  });

  it("has no default flag for external travellers", () => {
    expect(travellerFormSchema.safeParse({ name: "王五", isDefault: 1, certificates: [{ certType: 8, certNo: "C1234567" }] }).success).toBe(false);
  });
});

describe("import rows", () => {
  it("reads certificate types by name or code and sexes by 男/女", () => {
    expect(certTypeFromCell("身份证")).toBe(1);
    expect(certTypeFromCell(" 8 ")).toBe(8);
    expect(certTypeFromCell("驾驶证")).toBe("驾驶证");
    expect(rowPayload({ name: " 张三 ", certType: "护照", certNo: "e1", sex: "女", expiry: "2035-01-01" })).toMatchObject({
      name: "张三", sex: 2, certificates: [{ certType: 2, certNo: "e1", expiry: "2035-01-01", issueCountry: "" }],
    });
  });

  it("checks a row with the form's own schema", () => {
    const row = rowPayload({ name: "张三", certType: "身份证", certNo: id18("11010519900307123") });
    expect(passengerFormSchema.safeParse(row).data).toMatchObject({ birthday: "1990-03-07", sex: 1 });
    expect(issues(passengerFormSchema.safeParse(rowPayload({ name: "张三", certType: "驾驶证", certNo: "X1" })))[0]).toEqual(["certificates.0.certType", "请选择证件类型"]);
  });

  it("marks numbers repeated in the file and numbers already held, on every row carrying them", () => {
    const stored = new Set([certKey(1, "110101199003071234")]);
    const dups = duplicateErrors(
      [
        { certType: 8, certNo: "C1234567" },
        { certType: 8, certNo: "c1234567" },
        { certType: 1, certNo: "110101199003071234" },
        { certType: 2, certNo: "C1234567" },
        { certType: null, certNo: null },
      ],
      stored,
    );
    expect([...dups.entries()]).toEqual([
      [0, "证件号码 C1****67 在文件中重复"],
      [1, "证件号码 C1****67 在文件中重复"],
      [2, "证件号码 110101********1234 已属于其他旅客"],
    ]);
  });
});

describe("unified social credit code", () => {
  it.each([
    ["91110000600037341L", true],
    ["91110000600037341X", false],
    ["9111000060003734IL", false], // I is not in the code's character set
    ["91110000600037341", false],
  ])("%s -> %s", (code, ok) => expect(isUscc(code)).toBe(ok));
  it("computes a check character of 0 as 0, not 31", () => {
    const first17 = Array.from({ length: 1000 }, (_, i) => `9111000060003${String(i).padStart(4, "0")}`).find((f) => usccCheckChar(f) === "0");
    expect(first17 && isUscc(`${first17}0`)).toBe(true);
  });
});
