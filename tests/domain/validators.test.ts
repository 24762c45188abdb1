import { describe, expect, it } from "vitest";
import {
  certNoValid,
  idCardBirthDate,
  idCardCheckChar,
  isBankCard,
  isChineseOnly,
  isDateYMD,
  isEmail,
  isEnglishOnly,
  isHkMacauPass,
  isLandline,
  isMainlandIdCard,
  isMilitaryCard,
  isMobile,
  isMoney,
  isPassport,
} from "../../src/domain/validators";

// A fixed local "today" so date rules do not drift: 15 June 2024.
const TODAY = new Date(2024, 5, 15, 12, 0, 0);

describe("isMobile", () => {
  it.each(["13800000000", "13912345678", "15000000000", "16612345678", "17700000000", "18888888888", "19912345678"])(
    "accepts %s",
    (v) => expect(isMobile(v)).toBe(true),
  );
  it.each([
    ["", "empty"],
    ["12800000000", "second digit 2"],
    ["11800000000", "second digit 1"],
    ["10800000000", "second digit 0"],
    ["23800000000", "not starting with 1"],
    ["1380000000", "10 digits"],
    ["138000000000", "12 digits"],
    ["1380000000a", "a letter"],
    [" 13800000000", "leading blank"],
    ["+8613800000000", "country code"],
    ["138-0000-0000", "hyphens"],
  ])("rejects %s (%s)", (v) => expect(isMobile(v)).toBe(false));
  it.each([13800000000, null, undefined, {}])("rejects non-string %s", (v) => expect(isMobile(v)).toBe(false));
});

describe("isLandline", () => {
  it.each(["010-12345678", "01012345678", "021-1234567", "0571-88888888", "05718888888", "0755-1234567"])(
    "accepts %s",
    (v) => expect(isLandline(v)).toBe(true),
  );
  it.each([
    "10-12345678", // no leading 0
    "0-12345678", // area code too short
    "05711-1234567", // area code too long
    "010-123456", // 6 digits
    "010-123456789", // 9 digits
    "010--12345678",
    "010 12345678",
    "13800000000",
    "",
  ])("rejects %s", (v) => expect(isLandline(v)).toBe(false));
});

describe("ID card check digit (GB 11643-1999, ISO 7064 MOD 11-2)", () => {
  it.each([
    ["11010519491231002", "X"],
    ["11010119900307447", "7"],
    ["44030819990101001", "2"],
    ["11010520000229001", "3"],
  ])("%s -> %s", (first17, check) => expect(idCardCheckChar(first17)).toBe(check));
  it("throws on anything but 17 digits", () => {
    expect(() => idCardCheckChar("1101051949123100")).toThrow(RangeError);
    expect(() => idCardCheckChar("1101051949123100X")).toThrow(RangeError);
  });
});

describe("isMainlandIdCard / idCardBirthDate", () => {
  it.each([
    ["11010519491231002X", "1949-12-31"],
    ["11010519491231002x", "1949-12-31"], // lowercase x
    ["110101199003074477", "1990-03-07"],
    ["440308199901010012", "1999-01-01"],
    ["110105200002290013", "2000-02-29"], // leap day of a leap century
    ["11010519000101001X", "1900-01-01"],
    ["110105202406150016", "2024-06-15"], // born today
    ["110105202406140010", "2024-06-14"],
    ["110105491231002", "1949-12-31"], // 15 digits: yymmdd in 19xx
    ["130503670401001", "1967-04-01"],
    ["110105000101123", "1900-01-01"],
  ])("accepts %s (born %s)", (id, birth) => {
    expect(isMainlandIdCard(id, TODAY)).toBe(true);
    expect(idCardBirthDate(id, TODAY)).toBe(birth);
  });

  it.each([
    ["110101199003074478", "wrong check digit"],
    ["110101199003074470", "wrong check digit"],
    ["11010519491231002Y", "Y instead of X"],
    ["110101199003074X77", "X not in last place"],
    ["110105199902300015", "30 Feb (check digit right)"],
    ["110105190002290017", "29 Feb 1900, not a leap year"],
    ["110105202302290014", "29 Feb 2023"],
    ["110105199913010013", "month 13"],
    ["110105202406160011", "born tomorrow"],
    ["110105189912310015", "born before 1900"],
    ["010105199003074477", "leading zero"],
    ["11010119900307447", "17 characters"],
    ["1101011990030744777", "19 characters"],
    ["110105490231002", "15 digits, 31 Feb"],
    ["110105491331002", "15 digits, month 13"],
    ["11010549123100X", "15 characters with X"],
    ["", "empty"],
    [" 110101199003074477", "leading blank"],
  ])("rejects %s (%s)", (id) => {
    expect(isMainlandIdCard(id, TODAY)).toBe(false);
    expect(idCardBirthDate(id, TODAY)).toBeNull();
  });

  it("rejects non-strings", () => {
    // A number as it would arrive from careless JSON: past 2^53 on purpose.
    // eslint-disable-next-line no-loss-of-precision
    expect(isMainlandIdCard(110101199003074477, TODAY)).toBe(false);
    expect(idCardBirthDate(undefined, TODAY)).toBeNull();
  });

  it("uses the current date by default", () => {
    expect(isMainlandIdCard("110101199003074477")).toBe(true);
    const born2099 = "11010520990101001" + idCardCheckChar("11010520990101001");
    expect(isMainlandIdCard(born2099)).toBe(false);
  });
});

describe("isMilitaryCard (2-25 alphanumerics)", () => {
  it.each(["A1", "12", "ab12345", "A".repeat(25)])("accepts %s", (v) => expect(isMilitaryCard(v)).toBe(true));
  it.each(["A", "", "A".repeat(26), "南字第123号", "AB 12", "AB-12"])("rejects %s", (v) =>
    expect(isMilitaryCard(v)).toBe(false),
  );
});

describe("isHkMacauPass (5-21 alphanumerics)", () => {
  it.each(["C1234", "C12345678", "H12345678", "a".repeat(21)])("accepts %s", (v) =>
    expect(isHkMacauPass(v)).toBe(true),
  );
  it.each(["C123", "", "a".repeat(22), "C1234 5678", "C1234-5678"])("rejects %s", (v) =>
    expect(isHkMacauPass(v)).toBe(false),
  );
});

describe("isPassport (non-empty after trim)", () => {
  it.each(["E12345678", "G1", " P9 "])("accepts %s", (v) => expect(isPassport(v)).toBe(true));
  it.each(["", "   ", "\t", null, undefined, 123])("rejects %s", (v) => expect(isPassport(v)).toBe(false));
});

describe("isBankCard (16 or 19 digits)", () => {
  it.each(["6222021234567890", "6222021234567890123"])("accepts %s", (v) => expect(isBankCard(v)).toBe(true));
  it.each(["622202123456789", "62220212345678901", "622202123456789012", "62220212345678901234", "6222 0212 3456 7890", "622202123456789X", ""])(
    "rejects %s",
    (v) => expect(isBankCard(v)).toBe(false),
  );
});

describe("isMoney (positive, at most 2 decimals)", () => {
  it.each([1, 0.01, 0.1, 12.5, 12.34, 1000000, "1", "0.01", "0.5", "12.50", "99999.99"])("accepts %s", (v) =>
    expect(isMoney(v)).toBe(true),
  );
  it.each([
    [0, "zero"],
    ["0", "zero string"],
    ["0.00", "zero with decimals"],
    [-1, "negative"],
    ["-1", "negative string"],
    [1.234, "3 decimals"],
    ["1.234", "3 decimals string"],
    [0.1 + 0.2, "float noise"],
    ["01", "leading zero"],
    [".5", "no integer part"],
    ["5.", "trailing dot"],
    ["1e3", "exponent"],
    [" 1", "blank"],
    ["", "empty"],
    ["abc", "text"],
    [Number.NaN, "NaN"],
    [Number.POSITIVE_INFINITY, "Infinity"],
    [null, "null"],
  ] as [unknown, string][])("rejects %s (%s)", (v) => expect(isMoney(v)).toBe(false));
});

describe("isChineseOnly", () => {
  it.each(["张三", "欧阳娜娜", "阿依·买买提", "㐀", "𠀀𪚥"])("accepts %s", (v) => expect(isChineseOnly(v)).toBe(true));
  it.each(["", "张三a", "张 三", "张三1", "·张三", "张三·", "张··三", "ZHANG", "张三。"])("rejects %s", (v) =>
    expect(isChineseOnly(v)).toBe(false),
  );
});

describe("isEnglishOnly (letters, single spaces, one '/')", () => {
  it.each(["ZHANG/SAN", "John Smith", "LI/XIAO MING", "a", "Mary Ann Lee"])("accepts %s", (v) =>
    expect(isEnglishOnly(v)).toBe(true),
  );
  it.each(["", " ", "ZHANG/", "/SAN", "A/B/C", "ZHANG /SAN", " John", "John ", "John  Smith", "O'Neil", "Anne-Marie", "张三", "ABC1"])(
    "rejects %s",
    (v) => expect(isEnglishOnly(v)).toBe(false),
  );
});

describe("isDateYMD (YYYY-M-D, real date)", () => {
  it.each(["2024-6-5", "2024-06-05", "2024-2-29", "2000-02-29", "1999-12-31", "2024-1-01"])("accepts %s", (v) =>
    expect(isDateYMD(v)).toBe(true),
  );
  it.each(["2023-2-29", "1900-02-29", "2024-13-01", "2024-00-10", "2024-4-31", "2024-6-0", "24-6-5", "2024/6/5", "2024-6-5 10:00", "2024-006-05", ""])(
    "rejects %s",
    (v) => expect(isDateYMD(v)).toBe(false),
  );
});

describe("certNoValid by certificate type", () => {
  it.each([
    [1, "110101199003074477", true],
    [1, "110101199003074478", false],
    ["1", "11010519491231002X", true], // codes arrive as strings from forms
    [2, "E12345678", true],
    [2, "  ", false],
    [3, "A12345", true],
    [3, "A", false],
    [4, "830000199001010004", true], // Taiwan resident permit: ID format, prefix 83
    [4, "110101199003074477", false],
    [4, "830000199001010005", false], // wrong check digit
    [5, "810000199001010000", true], // HK resident permit: 81
    [5, "820000199001010002", true], // Macau resident permit: 82
    [5, "830000199001010004", false],
    [5, "81000019900101000", false],
    [6, "公务员123", true],
    [6, "", false],
    [7, "12345678", true],
    [7, "1234", false],
    [8, "C12345678", true],
    [8, "C12", false],
    [9, "S1234567", true],
    [9, " ", false],
    [0, "anything", true],
    [0, "", false],
    [10, "E12345678", false], // unknown type
    [null, "E12345678", false],
    ["x", "E12345678", false],
  ] as const)("type %s, %s -> %s", (type, no, ok) => expect(certNoValid(type, no, TODAY)).toBe(ok));
});

describe("isEmail", () => {
  it.each([
    "liming@example.com",
    "wang.fang@mail.example.com.cn",
    "a+tag@b.cn",
    "first_last-1@sub-domain.example.org",
    "o'brien@example.ie",
    "x@example.xn--fiqs8s",
    `${"a".repeat(64)}@example.com`,
  ])("accepts %s", (v) => expect(isEmail(v)).toBe(true));

  it.each([
    ['a"<img/src=x>@b.cn', "quotes and markup"],
    ["<script>@b.cn", "angle brackets"],
    ["a b@example.com", "a blank"],
    ["a@b", "no top-level label"],
    ["a@b.c", "one-letter top-level label"],
    ["a@b.123", "digits as top-level label"],
    ["a@-b.cn", "label starting with a hyphen"],
    ["a@b-.cn", "label ending with a hyphen"],
    ["a@b..cn", "empty label"],
    [".a@b.cn", "leading dot"],
    ["a.@b.cn", "trailing dot"],
    ["a..b@b.cn", "two dots"],
    ["@b.cn", "no local part"],
    ["a@", "no domain"],
    ["a@@b.cn", "two at signs"],
    ["a@b.cn\u0000", "a NUL byte"],
    ["a\n@b.cn", "a line break"],
    [`${"a".repeat(65)}@example.com`, "local part over 64"],
    [`a@${"b".repeat(64)}.cn`, "label over 63"],
    [`a@${"b.".repeat(130)}cn`, "over 254 in all"],
    ["李明@例子.中国", "not ASCII"],
  ])("rejects %s (%s)", (v) => expect(isEmail(v)).toBe(false));

  it.each([null, undefined, 1, {}])("rejects non-string %s", (v) => expect(isEmail(v)).toBe(false));
});
