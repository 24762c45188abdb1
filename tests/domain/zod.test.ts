import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TEXT_MAX_DEFAULT, hasControlChars, zBool, zInt, zOptionalString, zText } from "../../src/domain/zod";
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

describe("zText", () => {
  it("keeps text up to the limit and refuses one character more", () => {
    const schema = zText({ max: 5, label: "备注" });
    expect(schema.parse("一二三四五")).toBe("一二三四五");
    expect(schema.safeParse("一二三四五六").error?.issues[0]?.message).toBe("备注最多5个字符");
  });

  it.each(["a\u0000b", "\u0001", "a\u001fb", "\u007f", "\u0085", "line\nbreak", "tab\there", "cr\r"])("refuses the control character in %j", (value) => {
    const result = zText({ max: 20 }).safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("内容不能包含控制字符");
  });

  it("allows tab and line breaks in multiline text, and nothing else of the kind", () => {
    const schema = zText({ max: 50, multiline: true });
    expect(schema.parse("第一行\r\n第二行\t末尾")).toBe("第一行\r\n第二行\t末尾");
    expect(schema.safeParse("a\u0000b").success).toBe(false);
    expect(schema.safeParse("a\u000bb").success).toBe(false);
  });

  it("trims before counting, checks a minimum, and takes one message for every failure", () => {
    expect(zText({ max: 3, trim: true }).parse("  abc  ")).toBe("abc");
    expect(zText({ max: 3, min: 2, label: "姓名" }).safeParse("a").error?.issues[0]?.message).toBe("姓名至少2个字符");
    const one = zText({ max: 3, error: "格式不正确" });
    expect(one.safeParse("abcd").error?.issues[0]?.message).toBe("格式不正确");
    expect(one.safeParse("\u0000").error?.issues[0]?.message).toBe("格式不正确");
    expect(one.safeParse(5).error?.issues[0]?.message).toBe("格式不正确");
  });

  it("speaks English when asked", () => {
    expect(zText({ max: 2, lang: "en", label: "Remark" }).safeParse("abc").error?.issues[0]?.message).toBe("Remark may have at most 2 characters");
  });

  it("is described with its limit and character rule in JSON Schema", () => {
    const schema = z.toJSONSchema(zText({ max: 30 }), { io: "input" }) as { maxLength?: number; pattern?: string };
    expect(schema.maxLength).toBe(30);
    expect(new RegExp(schema.pattern!).test("ok")).toBe(true);
    expect(new RegExp(schema.pattern!).test("\u0000")).toBe(false);
  });

  it("hasControlChars tells the same", () => {
    expect(hasControlChars("a\u0000")).toBe(true);
    expect(hasControlChars("a\nb")).toBe(true);
    expect(hasControlChars("a\nb", true)).toBe(false);
    expect(hasControlChars("普通文本 plain")).toBe(false);
  });
});

describe("bounded raw input", () => {
  it("zOptionalString bounds the raw text by twice the inner limit, else by the default, and refuses control characters", () => {
    const keyword = zOptionalString(z.string().trim().max(30, "关键字最多30个字符"), "关键字无效");
    expect(keyword.safeParse("k".repeat(31)).error?.issues[0]?.message).toBe("关键字最多30个字符");
    expect(keyword.parse(`  ${"k".repeat(30)}  `)).toBe("k".repeat(30));
    expect(keyword.safeParse("k".repeat(61)).error?.issues[0]?.message).toBe("关键字无效");
    expect(keyword.safeParse("a\u0000").error?.issues[0]?.message).toBe("关键字无效");
    const free = zOptionalString(z.string().refine((v) => v !== "x", "no x"), "无效");
    expect(free.parse("y".repeat(TEXT_MAX_DEFAULT))).toHaveLength(TEXT_MAX_DEFAULT);
    expect(free.safeParse("y".repeat(TEXT_MAX_DEFAULT + 1)).success).toBe(false);
    expect(zOptionalString(z.string(), "无效", 3).safeParse("abcd").success).toBe(false);
    const described = z.toJSONSchema(z.object({ keyword }), { io: "input" }) as unknown as { properties: { keyword: { anyOf: { maxLength?: number }[] } } };
    expect(described.properties.keyword.anyOf.some((s) => s.maxLength === 60)).toBe(true);
  });

  it("zInt reads no digit string longer than 20 characters", () => {
    expect(zInt().safeParse("1".repeat(21)).success).toBe(false);
    expect(zInt().parse("-" + "0".repeat(18) + "7")).toBe(-7);
  });
});
