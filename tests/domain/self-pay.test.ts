// 超标自付's arithmetic: each ticket's excess over the price limit plus the 200-yuan allowance is
// the traveller's; the company pays the rest of the order.
import { describe, expect, it } from "vitest";
import { selfPayFen, splitPayment } from "../../src/domain/policy/self-pay";

describe("selfPayFen", () => {
  it("is each ticket's excess over the limit plus 200 yuan, summed", () => {
    expect(selfPayFen([150_000], 100_000)).toBe(30_000);
    expect(selfPayFen([150_000, 150_000, 60_000], 100_000)).toBe(60_000);
  });
  it("is nothing within the allowance, at its edge, or without a limit", () => {
    expect(selfPayFen([120_000], 100_000)).toBe(0);
    expect(selfPayFen([120_001], 100_000)).toBe(1);
    expect(selfPayFen([900_000], null)).toBe(0);
    expect(selfPayFen([], 100_000)).toBe(0);
  });
});

describe("splitPayment", () => {
  it("gives the company what the traveller does not pay, never below nothing", () => {
    expect(splitPayment(180_000, 30_000)).toEqual({ selfFen: 30_000, companyFen: 150_000 });
    expect(splitPayment(180_000, 0)).toEqual({ selfFen: 0, companyFen: 180_000 });
    expect(splitPayment(180_000, 200_000)).toEqual({ selfFen: 180_000, companyFen: 0 });
    expect(splitPayment(180_000, -5)).toEqual({ selfFen: 0, companyFen: 180_000 });
  });
});
