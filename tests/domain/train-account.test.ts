// The 12306 account rule the ab order form and the server share: a user name of 6–30 letters,
// digits or underscores starting with a letter, or the account's mobile number; a password of
// 6–20 printable characters; the channel's fields only with a purchase into the account.
import { describe, expect, it } from "vitest";
import { inAccount, isAccount12306, isPassword12306, rail12306SignInInput } from "../../src/domain/orders/train-account";
import { trainOrderInput } from "../../src/domain/orders/train-booking";

describe("12306 account", () => {
  it("takes a user name that starts with a letter, 6–30 letters, digits or underscores", () => {
    for (const ok of ["abcdef", "Zhang_San01", `a${"b".repeat(29)}`, "w_1234"]) expect(isAccount12306(ok), ok).toBe(true);
    for (const bad of ["abcde", "1abcdef", "_abcdef", "zhang-san", "张三abcdef", `a${"b".repeat(30)}`, "abc def", "", null, 12345678]) expect(isAccount12306(bad), String(bad)).toBe(false);
  });

  it("also takes the account's mobile number", () => {
    expect(isAccount12306("13912345678")).toBe(true);
    expect(isAccount12306("12912345678")).toBe(false);
    expect(isAccount12306("1391234567")).toBe(false);
  });

  it("takes a password of 6–20 printable characters", () => {
    for (const ok of ["123456", "Abc!@#$%^&*()_+-=[]x".slice(0, 20), "p".repeat(20)]) expect(isPassword12306(ok), ok).toBe(true);
    for (const bad of ["12345", "p".repeat(21), "abc 123", "密码密码密码", "abc\n123", undefined]) expect(isPassword12306(bad), String(bad)).toBe(false);
  });

  it("answers each field's own Chinese message, never echoing the password", () => {
    const r = rail12306SignInInput.safeParse({ account12306: "9abc", password12306: "s3cr" });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages.account12306).toBe("12306账号须为字母开头的 6–30 位字母、数字或下划线，或账号绑定的手机号");
    expect(messages.password12306).toBe("12306密码须为 6–20 位");
    expect(JSON.stringify(r.error!.issues)).not.toContain("s3cr");
    expect(rail12306SignInInput.parse({ account12306: "  zhangsan  ", password12306: "abcdef" }).account12306).toBe("zhangsan");
  });

  it("finds a passenger in the account by name and certificate", () => {
    const account = [{ name: "王芳", certType: 1, certNo: "31011519880412002X", passengerType: "adult" as const }];
    expect(inAccount(account, { name: "王芳", certType: 1, certNo: "31011519880412002x" })).toBe(true);
    expect(inAccount(account, { name: "王芳", certType: 2, certNo: "31011519880412002X" })).toBe(false);
    expect(inAccount(account, { name: "王方", certType: 1, certNo: "31011519880412002X" })).toBe(false);
  });
});

describe("the train order's channel", () => {
  const base = {
    trainKey: "2026-12-10:G1:北京南:上海虹桥", seatClass: "O", clientKey: "abcdefgh",
    passengers: [{ name: "张三", certType: 1, certNo: "11010519491231002X", passengerType: "adult" }], contactName: "张三", contactMobile: "13800000010",
  };
  const paths = (v: unknown) => {
    const r = trainOrderInput.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
  };

  it("asks an ab order for the account and password; the others may not carry them", () => {
    expect(paths(base)).toEqual([]);
    expect(paths({ ...base, channel: "nab" })).toEqual([]);
    expect(paths({ ...base, channel: "ab", account12306: "zhangsan", password12306: "abcdef" })).toEqual([]);
    expect(paths({ ...base, channel: "ab" })).toEqual(["account12306", "password12306"]);
    expect(paths({ ...base, channel: "ab", account12306: "9zhangsan", password12306: "abcdef" })).toEqual(["account12306"]);
    expect(paths({ ...base, channel: "nab", account12306: "zhangsan", password12306: "abcdef" })).toEqual(["account12306"]);
    expect(paths({ ...base, channel: "own" })).toEqual(["channel"]);
  });
});
