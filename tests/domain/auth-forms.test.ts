import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import "../../src/domain/messages-en";
import {
  accountLoginPayloadSchema,
  accountLoginSchema,
  AUTH_SCHEMAS,
  CAPTCHA_BYPASS,
  CAPTCHA_CHARS,
  CAPTCHA_LENGTH,
  captchaShapeOk,
  CODE_MAX,
  fieldErrors,
  firstError,
  LOGIN_MODE,
  loginModeForRequest,
  mobileLoginPayloadSchema,
  mobileLoginSchema,
  passwordDigest,
  PHONE_MAX,
  PWD_MAX,
  PWD_MIN,
  registerPayloadSchema,
  registerSchema,
  resetPayloadSchema,
  resetSchema,
  sendCodePayloadSchema,
} from "../../src/domain/forms/auth";

const PHONE = "13800000010";
const MD5 = createHash("md5").update("demo123456").digest("hex");

/** The first message zod itself reports must be the one firstError gives. */
function expectFirst(schema: z.ZodType, values: Record<string, unknown>, message: string | null) {
  expect(firstError(schema, values)).toBe(message);
  const result = schema.safeParse(values);
  expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
}

describe("limits", () => {
  it("match spec §5/§9", () => {
    expect([PHONE_MAX, CODE_MAX, PWD_MIN, PWD_MAX, CAPTCHA_LENGTH, CAPTCHA_BYPASS]).toEqual([11, 6, 6, 16, 4, "-9990"]);
  });
});

describe("login dialog modes", () => {
  it("maps the global request to modes 1, 3, 4", () => {
    expect(LOGIN_MODE).toEqual({ account: 1, mobile: 2, register: 3, reset: 4 });
    expect(loginModeForRequest("login")).toBe(1);
    expect(loginModeForRequest("register")).toBe(3);
    expect(loginModeForRequest("reset")).toBe(4);
    expect(loginModeForRequest("anything")).toBe(1);
  });
});

describe("account login form (mode 1), in field order", () => {
  const ok = { mobilePhone: "zhangsan", loginPsw: "secret", accCode: "aB3d", captchaId: "c0ffee" };
  it.each([
    [{ mobilePhone: "", loginPsw: "", accCode: "", captchaId: "c0ffee" }, "请输入账号"],
    [{ ...ok, mobilePhone: "   " }, "请输入账号"],
    [{ ...ok, loginPsw: "", accCode: "" }, "请输入账号密码"],
    [{ ...ok, accCode: "" }, "请输入验证码"],
    [{ ...ok, accCode: "  " }, "请输入验证码"],
    [{ ...ok, accCode: "Ab3" }, "验证码错误"], // too short to be any captcha
    [{ ...ok, accCode: "Ab3dE" }, "验证码错误"],
    [{ ...ok, accCode: "##0O" }, "验证码错误"], // characters never drawn
    [{ ...ok, loginPsw: "", accCode: "zz" }, "请输入账号密码"], // the wrong captcha is a later field
    [{ ...ok, captchaId: undefined }, null], // no picture loaded: the server decides
    [{ ...ok, accCode: "-9990" }, null], // bypass (the server honours it outside production)
    [{ ...ok, accCode: " ab3d " }, null], // surrounding blanks ignored
    [ok, null],
  ])("%j -> %s", (values, message) => expectFirst(accountLoginSchema, values, message));

  it("trims the account in the parsed result", () => {
    expect(accountLoginSchema.parse({ ...ok, mobilePhone: " zhangsan " }).mobilePhone).toBe("zhangsan");
  });
});

describe("mobile login form (mode 2)", () => {
  it.each([
    [{ mobilePhone: "", code: "" }, "请输入正确的手机号码"],
    [{ mobilePhone: "12800000000", code: "123456" }, "请输入正确的手机号码"],
    [{ mobilePhone: PHONE, code: "" }, "请输入短信验证码"],
    [{ mobilePhone: PHONE, code: "123456" }, null],
    [{}, "请输入正确的手机号码"],
  ])("%j -> %s", (values, message) => expectFirst(mobileLoginSchema, values, message));
});

describe("register form (mode 3), one field at a time", () => {
  const full = { mobilePhone: PHONE, code: "123456", loginPwd: "abc123", refermobilephone: "", agreement: true };
  it.each([
    [{ mobilePhone: "", code: "", loginPwd: "", refermobilephone: "", agreement: false }, "请输入正确的手机号码"],
    [{ ...full, code: "", loginPwd: "", agreement: false }, "请输入短信验证码"],
    [{ ...full, loginPwd: "", agreement: false }, "请设置登录密码"],
    [{ ...full, loginPwd: "abc12" }, "密码长度为6-16位"],
    [{ ...full, loginPwd: "a".repeat(17) }, "密码长度为6-16位"],
    [{ ...full, refermobilephone: "123", agreement: false }, "请输入正确的手机号码"],
    [{ ...full, agreement: false }, "请阅读并勾选《服务协议》"],
    [{ ...full, agreement: "true" }, "请阅读并勾选《服务协议》"],
    [{ ...full, loginPwd: "a".repeat(6) }, null],
    [{ ...full, loginPwd: "a".repeat(16) }, null],
    [{ ...full, refermobilephone: "13900000000" }, null],
    [{ mobilePhone: PHONE, code: "1", loginPwd: "abcdef", agreement: true }, null], // referrer absent
    [{}, "请输入正确的手机号码"],
  ])("%j -> %s", (values, message) => expectFirst(registerSchema, values, message));

  it("reports each failing field once, in form order", () => {
    const result = registerSchema.safeParse({ mobilePhone: "x", code: "", loginPwd: "", refermobilephone: "1", agreement: false });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["mobilePhone", "请输入正确的手机号码"],
      ["code", "请输入短信验证码"],
      ["loginPwd", "请设置登录密码"],
      ["refermobilephone", "请输入正确的手机号码"],
      ["agreement", "请阅读并勾选《服务协议》"],
    ]);
  });
});

describe("reset form (mode 4)", () => {
  const full = { mobilePhone: PHONE, smsCode: "123456", pswd: "newpass1", pswd2: "newpass1" };
  it.each([
    [{ mobilePhone: "", smsCode: "", pswd: "", pswd2: "" }, "请输入正确的手机号码"],
    [{ ...full, smsCode: "", pswd: "", pswd2: "x" }, "请输入短信验证码"],
    [{ ...full, pswd: "", pswd2: "" }, "请设置新密码"],
    [{ ...full, pswd: "12345", pswd2: "12345" }, "密码长度为6-16位"],
    [{ ...full, pswd2: "" }, "请再次确认密码"],
    [{ ...full, pswd2: "newpass2" }, "两次输入的密码不一致"],
    [{ ...full, pswd2: undefined }, "请再次确认密码"],
    [full, null],
  ])("%j -> %s", (values, message) => expectFirst(resetSchema, values, message));

  it("files the mismatch under pswd2, after the pswd issue", () => {
    const result = resetSchema.safeParse({ ...full, pswd: "1", pswd2: "2" });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(["pswd", "pswd2"]);
    const mismatch = resetSchema.safeParse({ ...full, pswd2: "other123" });
    expect(mismatch.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["pswd2", "两次输入的密码不一致"]]);
  });

  it("a later type error does not hide an earlier cross-field error", () => {
    const values = { mobilePhone: "a", loginPsw: "b", accCode: "zz", captchaId: 42 };
    expectFirst(accountLoginSchema, values, "验证码错误");
    expect(accountLoginSchema.safeParse(values).error?.issues.map((i) => i.path[0])).toEqual(["accCode", "captchaId"]);
  });
});

describe("English forms share the rules", () => {
  it("gives English messages", () => {
    expect(firstError(AUTH_SCHEMAS.en.register, {})).toBe("Please enter a correct mobile number");
    expect(firstError(AUTH_SCHEMAS.en.reset, { mobilePhone: PHONE, smsCode: "1", pswd: "abcdef", pswd2: "x" })).toBe(
      "The two passwords do not match",
    );
    expect(AUTH_SCHEMAS.zh.register).toBe(registerSchema);
  });
});

describe("captcha shape", () => {
  it.each([
    ["abcd", true],
    ["ABCD", true],
    [" aB3d ", true],
    ["-9990", true],
    ["Iiii", true], // the server compares without case: a capital I may answer a drawn i
    ["abc", false],
    ["abcde", false],
    ["0000", false],
    ["", false],
    [undefined, false],
  ])("%s -> %s", (typed, ok) => expect(captchaShapeOk(typed)).toBe(ok));

  it("the set has no look-alikes", () => {
    expect(CAPTCHA_CHARS).not.toMatch(/[01OoIl]/);
    expect(CAPTCHA_LENGTH).toBe(4);
  });
});

describe("passwordDigest", () => {
  it("is the lowercase hex MD5", () => {
    expect(passwordDigest("demo123456")).toBe(MD5);
    expect(passwordDigest("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
    expect(passwordDigest("密码")).toBe(createHash("md5").update("密码", "utf8").digest("hex"));
  });
});

describe("server payload schemas", () => {
  it.each([
    [accountLoginPayloadSchema, { mobilePhone: PHONE, loginPsw: MD5 }, null],
    [accountLoginPayloadSchema, { mobilePhone: " ", loginPsw: MD5 }, "请输入账号"],
    [accountLoginPayloadSchema, { mobilePhone: PHONE }, "请输入账号密码"],
    [accountLoginPayloadSchema, { mobilePhone: PHONE, loginPsw: "" }, "请输入账号密码"],
    [accountLoginPayloadSchema, { mobilePhone: PHONE, loginPsw: "demo123456" }, "密码格式不正确"],
    [accountLoginPayloadSchema, { mobilePhone: PHONE, loginPsw: MD5.slice(1) }, "密码格式不正确"],
    [accountLoginPayloadSchema, { mobilePhone: PHONE, loginPsw: `${MD5.slice(1)}g` }, "密码格式不正确"],
    [mobileLoginPayloadSchema, { mobilePhone: PHONE, code: "123456" }, null],
    [mobileLoginPayloadSchema, { mobilePhone: "1380000001", code: "123456" }, "请输入正确的手机号码"],
    [mobileLoginPayloadSchema, { mobilePhone: PHONE, code: "" }, "请输入短信验证码"],
    [mobileLoginPayloadSchema, { mobilePhone: PHONE, code: "12345" }, "短信验证码为6位数字"],
    [mobileLoginPayloadSchema, { mobilePhone: PHONE, code: "12345a" }, "短信验证码为6位数字"],
    [mobileLoginPayloadSchema, { mobilePhone: PHONE, code: "1234567" }, "短信验证码为6位数字"],
    [sendCodePayloadSchema, { mobilePhone: PHONE }, null],
    [sendCodePayloadSchema, {}, "请输入正确的手机号码"],
    [registerPayloadSchema, { mobilePhone: PHONE, code: "123456", loginPwd: MD5 }, null],
    [registerPayloadSchema, { mobilePhone: PHONE, code: "123456", loginPwd: MD5, refermobilephone: "" }, null],
    [registerPayloadSchema, { mobilePhone: PHONE, code: "123456", loginPwd: MD5, refermobilephone: "13900000000" }, null],
    [registerPayloadSchema, { mobilePhone: PHONE, code: "123456", loginPwd: MD5, refermobilephone: "139" }, "请输入正确的手机号码"],
    [registerPayloadSchema, { mobilePhone: PHONE, code: "123456", loginPwd: "" }, "请设置登录密码"],
    [registerPayloadSchema, { mobilePhone: PHONE, code: "", loginPwd: "" }, "请输入短信验证码"],
    [resetPayloadSchema, { mobilePhone: PHONE, smsCode: "123456", pswd: MD5 }, null],
    [resetPayloadSchema, { mobilePhone: PHONE, smsCode: "123456", pswd: "" }, "请设置新密码"],
    [resetPayloadSchema, { mobilePhone: PHONE, smsCode: "", pswd: "" }, "请输入短信验证码"],
  ] as const)("%#: %j -> %s", (schema, values, message) => expectFirst(schema, values, message));

  it("lowercases digests, trims the account and strips extra keys", () => {
    expect(
      accountLoginPayloadSchema.parse({ mobilePhone: ` ${PHONE} `, loginPsw: MD5.toUpperCase(), token: "t", device: "web" }),
    ).toEqual({ mobilePhone: PHONE, loginPsw: MD5 });
    expect(registerPayloadSchema.parse({ mobilePhone: PHONE, code: "123456", loginPwd: MD5, refermobilephone: "" })).toEqual({
      mobilePhone: PHONE,
      code: "123456",
      loginPwd: MD5,
      refermobilephone: undefined,
    });
  });

  it("fieldErrors gives the first message per field for data.errors", () => {
    expect(fieldErrors(resetPayloadSchema, { mobilePhone: "1", smsCode: "12", pswd: "x" })).toEqual({
      mobilePhone: "请输入正确的手机号码",
      smsCode: "短信验证码为6位数字",
      pswd: "密码格式不正确",
    });
    expect(fieldErrors(resetPayloadSchema, { mobilePhone: PHONE, smsCode: "123456", pswd: MD5 })).toEqual({});
  });

  it("can be described as JSON Schema for the API docs", () => {
    for (const schema of [accountLoginPayloadSchema, mobileLoginPayloadSchema, sendCodePayloadSchema, registerPayloadSchema, resetPayloadSchema]) {
      expect(() => z.toJSONSchema(schema)).not.toThrow();
      expect(() => z.toJSONSchema(schema, { io: "input" })).not.toThrow();
    }
  });
});

describe("firstError on other schemas", () => {
  it("orders a plain object's issues by its shape and treats success as null", () => {
    const plain = z.object({ a: z.string().min(1, "A"), b: z.string().min(1, "B") }).refine((v) => v.a !== "x", {
      message: "cross",
      path: ["a"],
    });
    expect(firstError(plain, { a: "", b: "" })).toBe("A");
    expect(firstError(plain, { a: "y", b: "" })).toBe("B");
    expect(firstError(plain, { a: "y", b: "y" })).toBeNull();
    expect(firstError(z.string().min(2, "short"), "a")).toBe("short");
  });

  it("treats a non-object as an empty form", () => {
    expect(firstError(registerSchema, null)).toBe("请输入正确的手机号码");
    expect(firstError(resetSchema, "garbage")).toBe("请输入正确的手机号码");
  });
});
