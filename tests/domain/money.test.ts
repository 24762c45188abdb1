// The one money module: yuan text in, integer fen through, yuan text out.
import { describe, expect, it } from "vitest";
import { FEN_PER_YUAN, MAX_FEN, fenToYuan, formatFen, isFen, moneyText, parseYuan, percentOf, priceText, roundHalfUp, sumFen, yuanText } from "../../src/domain/money";

describe("parseYuan", () => {
  it.each([
    ["0", 0], ["0.00", 0], ["0.1", 10], ["0.10", 10], ["0.01", 1], ["1234.5", 123_450], ["1280.50", 128_050], [" 3 ", 300],
    [12.5, 1_250], [0.3, 30], ["9999999999999.99", MAX_FEN],
  ] as const)("%j yuan → %i fen", (yuan, fen) => expect(parseYuan(yuan)).toBe(fen));

  it.each([
    "", " ", "-1", "+1", "1.234", "1e3", "abc", "1,280", "007", ".5", "5.", "NaN", "Infinity", "10000000000000",
  ])("%j is no amount", (text) => expect(parseYuan(text)).toBeNull());

  it.each([null, undefined, {}, [], Number.NaN, Number.POSITIVE_INFINITY])("%j is no amount", (value) => expect(parseYuan(value)).toBeNull());

  it("adds '0.1' and '0.2' to exactly '0.3', and refuses the float sum instead of rounding it", () => {
    expect(parseYuan("0.1")! + parseYuan("0.2")!).toBe(parseYuan("0.3"));
    expect(fenToYuan(parseYuan("0.1")! + parseYuan("0.2")!)).toBe("0.30");
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(parseYuan(0.1 + 0.2)).toBeNull();
    expect(parseYuan(1.005)).toBeNull(); // three decimals, however it came about
  });

  it("keeps to the limits it is given", () => {
    expect(parseYuan("0", { min: 1 })).toBeNull();
    expect(parseYuan("0.01", { min: 1 })).toBe(1);
    expect(parseYuan("50000", { max: 5_000_000 })).toBe(5_000_000);
    expect(parseYuan("50000.01", { max: 5_000_000 })).toBeNull();
  });

  it("reads a negative amount only when asked, and '-0.00' as zero", () => {
    expect(parseYuan("-3.20")).toBeNull();
    expect(parseYuan("-3.20", { negative: true })).toBe(-320);
    expect(Object.is(parseYuan("-0.00", { negative: true }), 0)).toBe(true);
    expect(parseYuan("-3.20", { negative: true, min: 0 })).toBeNull();
  });
});

describe("formatting", () => {
  it.each([
    [0, "0.00"], [1, "0.01"], [10, "0.10"], [100, "1.00"], [123_450, "1,234.50"], [123_456_789, "1,234,567.89"],
    [100_000_000_000, "1,000,000,000.00"], [-5, "-0.05"], [-123_456_789, "-1,234,567.89"], [MAX_FEN, "9,999,999,999,999.99"],
  ])("formatFen(%i) → %s", (fen, text) => expect(formatFen(fen)).toBe(text));

  it("writes plain yuan text that parses back to the same fen", () => {
    for (const fen of [0, 1, 99, 100, 128_050, 999_999, MAX_FEN]) expect(parseYuan(fenToYuan(fen))).toBe(fen);
    expect(fenToYuan(-5)).toBe("-0.05");
    expect(parseYuan(fenToYuan(-12_345), { negative: true })).toBe(-12_345);
  });

  it.each([
    [39_600, "¥396.00"], [-39_600, "-¥396.00"], [0, "¥0.00"], [-5, "-¥0.05"], [-123_456_789, "-¥1,234,567.89"], [123_456_789, "¥1,234,567.89"],
  ])("moneyText(%i) → %s: the minus before the currency sign", (fen, text) => expect(moneyText(fen)).toBe(text));

  it("prices whole yuan without decimals and keeps the rest", () => {
    expect(priceText(105_000)).toBe("1,050");
    expect(priceText(187_150)).toBe("1,871.50");
    expect(priceText(0)).toBe("0");
    expect(priceText(-120_000)).toBe("-1,200");
  });

  it("drops trailing zeros for sentences", () => {
    expect(yuanText(150_000)).toBe("1500");
    expect(yuanText(128_050)).toBe("1280.5");
    expect(yuanText(0)).toBe("0");
  });

  it("refuses a fen that is not a whole number instead of hiding it", () => {
    expect(() => formatFen(12.5)).toThrow(RangeError);
    expect(() => moneyText(-0.5)).toThrow(RangeError);
    expect(() => fenToYuan(Number.NaN)).toThrow(RangeError);
    expect(() => priceText(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
});

describe("arithmetic in integers", () => {
  it("rounds half up and takes percentages without floats", () => {
    expect(roundHalfUp(1_500, 1_000)).toBe(2_000);
    expect(roundHalfUp(1_499, 1_000)).toBe(1_000);
    expect(percentOf(131_000, 4.5, 100)).toBe(5_900);
    expect(sumFen(10, 20, 30)).toBe(60);
    expect(FEN_PER_YUAN).toBe(100);
    expect(isFen(1.5)).toBe(false);
    expect(isFen(-3)).toBe(true);
  });
});
