import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zBool, zInt, zOptionalString } from "../../src/domain/zod";
import { isMobile } from "../../src/domain/validators";

describe("zInt", () => {
  const schema = zInt();
  it.each([
    [12, 12],
    ["12", 12],
    ["0", 0],
    ["-3", -3],
    [-3, -3],
    ["-0", 0],
    ["007", 7],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ])("%s -> %s", (input, output) => expect(schema.parse(input)).toBe(output));

  it.each([1.5, "1.5", "abc", "", " 12", "12 ", "+5", "1e3", "0x10", "9007199254740993", Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, [1], {}])(
    "rejects %s with the zh message",
    (input) => {
      const result = schema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("请输入整数");
    },
  );

  it("checks bounds and takes a custom message", () => {
    const page = zInt({ min: 1, max: 100, error: "bad page" });
    expect(page.parse("1")).toBe(1);
    expect(page.parse(100)).toBe(100);
    expect(page.safeParse("0").error?.issues[0]?.message).toBe("bad page");
    expect(page.safeParse(101).error?.issues[0]?.message).toBe("bad page");
    expect(page.safeParse("x").error?.issues[0]?.message).toBe("bad page");
  });

  it("works inside a form-encoded object and stays describable as JSON Schema", () => {
    const query = z.object({ pageNum: zInt({ min: 1 }), pageSize: zInt().optional() });
    expect(query.parse({ pageNum: "2" })).toEqual({ pageNum: 2 });
    expect(query.parse({ pageNum: 2, pageSize: "20" })).toEqual({ pageNum: 2, pageSize: 20 });
    expect(() => z.toJSONSchema(query)).not.toThrow();
    expect(() => z.toJSONSchema(query, { io: "input" })).not.toThrow();
  });
});

describe("zBool", () => {
  const schema = zBool();
  it.each([
    [true, true],
    [false, false],
    ["true", true],
    ["false", false],
    ["1", true],
    ["0", false],
    [1, true],
    [0, false],
  ])("%s -> %s", (input, output) => expect(schema.parse(input)).toBe(output));

  it.each(["yes", "no", "on", "", "TRUE", "True", " true", 2, -1, null, undefined, {}])("rejects %s", (input) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("取值无效");
  });

  it("takes a custom message", () => expect(zBool("勾选无效").safeParse("x").error?.issues[0]?.message).toBe("勾选无效"));
});

describe("zOptionalString", () => {
  it("maps absent, null and '' to undefined and keeps other strings", () => {
    const schema = z.object({ remark: zOptionalString() });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ remark: "" }).remark).toBeUndefined();
    expect(schema.parse({ remark: null }).remark).toBeUndefined();
    expect(schema.parse({ remark: " " }).remark).toBe(" ");
    expect(schema.parse({ remark: "hello" }).remark).toBe("hello");
  });

  it("rejects non-strings instead of coercing them", () => {
    const schema = zOptionalString();
    for (const bad of [0, 5, false, {}, []]) {
      const result = schema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("取值无效");
    }
  });

  it("validates a given value with the inner schema", () => {
    const phone = zOptionalString(z.string().refine(isMobile, "请输入正确的手机号码"));
    expect(phone.parse("")).toBeUndefined();
    expect(phone.parse(undefined)).toBeUndefined();
    expect(phone.parse("13800000000")).toBe("13800000000");
    expect(phone.safeParse("1380000").error?.issues[0]?.message).toBe("请输入正确的手机号码");
    expect(() => z.toJSONSchema(z.object({ phone }))).not.toThrow();
  });
});
