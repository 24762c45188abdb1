// Air fare rules in fen: full fares by distance, booking classes, child and infant fares, taxes,
// the fee breakdown and limitPrice; refund and change fees.
import { describe, expect, it } from "vitest";
import {
  cabinParPrice, childCabinPrice, discountLabel, domesticTaxes, domesticYFare, fareBreakdown, infantFare, internationalTaxes,
  limitPrices, subclassPrice, ECONOMY_SUBCLASSES,
} from "../../src/domain/travel/air-fares";
import { changeFee, fareTier, feeWindow, refundAmount, refundFee, ruleLines } from "../../src/domain/travel/air-rules";
import { isOverStandard, OVER_STANDARD_ALLOWANCE } from "../../src/domain/fares";
import { parseYuan, percentOf, roundHalfUp } from "../../src/domain/money";

describe("published fares", () => {
  it("domestic Y fares grow with distance and are whole tens of yuan", () => {
    const fares = [300, 700, 1100, 1800, 2600, 3500].map(domesticYFare);
    for (let i = 1; i < fares.length; i++) expect(fares[i]).toBeGreaterThan(fares[i - 1]);
    for (const f of fares) expect(f % 1000).toBe(0);
    // Beijing–Shanghai (1088 km): 100 + 1088 × 1.15 = 1351.2 → 1350 yuan.
    expect(domesticYFare(1088)).toBe(135_000);
  });

  it("first and business cabins are 150 % and 130 % of Y at home, 5× and 3× abroad", () => {
    expect(cabinParPrice(135_000, "F", false)).toBe(203_000); // 2025 → rounds half up to 2030
    expect(cabinParPrice(135_000, "C", false)).toBe(176_000); // 1755 → 1760
    expect(cabinParPrice(135_000, "Y", false)).toBe(135_000);
    expect(cabinParPrice(600_000, "C", true)).toBe(1_800_000);
    expect(cabinParPrice(600_000, "F", true)).toBe(3_000_000);
  });

  it("a booking class costs its percent of the full fare, rounded to tens of yuan", () => {
    expect(subclassPrice(135_000, 45)).toBe(61_000); // 607.5 → 610
    expect(subclassPrice(131_000, 30)).toBe(39_000); // 393 → 390
    expect(subclassPrice(131_000, 80)).toBe(105_000); // 1048 → 1050
    expect(ECONOMY_SUBCLASSES.map((s) => s.percent)).toEqual([...ECONOMY_SUBCLASSES.map((s) => s.percent)].sort((a, b) => b - a));
    expect(discountLabel(45)).toBe("4.5折");
    expect(discountLabel(80)).toBe("8折");
    expect(discountLabel(100)).toBe("全价");
  });
});

describe("child and infant fares", () => {
  it("a child pays half the cabin's full fare rounded to tens, unless the adult fare is lower", () => {
    expect(childCabinPrice(131_000, 105_000, false)).toBe(66_000); // 655 → 660
    expect(childCabinPrice(123_000, 100_000, false)).toBe(62_000); // 615 → 620
    // Adult at 3折 (390) is below the child fare (660): the child travels on the adult fare.
    expect(childCabinPrice(131_000, 39_000, false)).toBe(39_000);
    // International children pay 75 % of the adult fare, to tens.
    expect(childCabinPrice(600_000, 300_000, true)).toBe(225_000);
  });

  it("an infant pays 10 % of the economy full fare, to tens", () => {
    expect(infantFare(131_000)).toBe(13_000); // 131 → 130
    expect(infantFare(135_000)).toBe(14_000); // 135 → 140
  });
});

describe("taxes", () => {
  it("domestic: 50 yuan airport fee for adults only; children pay half the fuel surcharge", () => {
    expect(domesticTaxes(700, 1)).toEqual({ adtTaxeCn: 5_000, adtTaxeYq: 2_000, chdTaxeCn: 0, chdTaxeYq: 1_000 });
    expect(domesticTaxes(1088, 0)).toEqual({ adtTaxeCn: 5_000, adtTaxeYq: 2_000, chdTaxeCn: 0, chdTaxeYq: 1_000 });
    expect(domesticTaxes(1088, 2)).toEqual({ adtTaxeCn: 5_000, adtTaxeYq: 6_000, chdTaxeCn: 0, chdTaxeYq: 3_000 });
    // Half of 10 yuan is 5 yuan: children's fuel is rounded to the yuan, not to tens.
    expect(domesticTaxes(500, 0).chdTaxeYq).toBe(500);
  });

  it("international: departure fee plus destination charges for everyone, fuel by distance", () => {
    const t = internationalTaxes(8_000, 80_000);
    expect(t.adtTaxeCn).toBe(89_000);
    expect(t.chdTaxeCn).toBe(89_000);
    expect(t.adtTaxeYq).toBe(84_000); // 200 + 8000 × 0.08 = 840
    expect(t.chdTaxeYq).toBe(63_000);
  });
});

describe("fee breakdown", () => {
  const taxes = domesticTaxes(1088, 2);
  const b = fareBreakdown({ salePrice: 105_000, childPrice: 66_000, infantPrice: 13_000, taxes, serviceFee: 2_000 });

  it("every total is the sum of its parts", () => {
    for (const p of Object.values(b)) expect(p.total).toBe(p.ticket + p.airportTax + p.fuelTax + p.serviceFee);
  });

  it("adults pay the airport fee and full fuel; children half fuel; infants only their ticket", () => {
    expect(b.ADT).toEqual({ psgType: "ADT", ticket: 105_000, airportTax: 5_000, fuelTax: 6_000, serviceFee: 2_000, total: 118_000 });
    expect(b.CHD).toEqual({ psgType: "CHD", ticket: 66_000, airportTax: 0, fuelTax: 3_000, serviceFee: 2_000, total: 71_000 });
    expect(b.INF).toEqual({ psgType: "INF", ticket: 13_000, airportTax: 0, fuelTax: 0, serviceFee: 0, total: 13_000 });
  });
});

describe("limitPrice: lowest economy fare within ±2 hours on the route and day", () => {
  it("takes the cheapest flight in each flight's window, ignoring sold-out ones", () => {
    const flights = [
      { depMinutes: 7 * 60, lowestPrice: 80_000 },
      { depMinutes: 8 * 60 + 30, lowestPrice: 60_000 },
      { depMinutes: 9 * 60, lowestPrice: null },
      { depMinutes: 11 * 60, lowestPrice: 90_000 },
      { depMinutes: 13 * 60 + 1, lowestPrice: 50_000 },
    ];
    // 11:00 sees 9:00 (sold out) but not 8:30 (150 minutes away).
    expect(limitPrices(flights)).toEqual([60_000, 60_000, 60_000, 90_000, 50_000]);
    // 11:00 and 13:01 are 121 minutes apart: outside each other's window.
    expect(limitPrices([flights[3], flights[4]])).toEqual([90_000, 50_000]);
    expect(limitPrices([{ depMinutes: 600, lowestPrice: null }])).toEqual([null]);
  });

  it("booking above limitPrice plus the allowance is over the standard", () => {
    const [limit] = limitPrices([{ depMinutes: 480, lowestPrice: 60_000 }]);
    expect(isOverStandard(60_000 + OVER_STANDARD_ALLOWANCE, limit)).toBe(false);
    expect(isOverStandard(60_000 + OVER_STANDARD_ALLOWANCE + 1, limit)).toBe(true);
  });
});

describe("refund and change fees", () => {
  it("tiers follow the cabin and the discount", () => {
    expect(fareTier("Y", 100)).toBe("full");
    expect(fareTier("C", 80)).toBe("flex");
    expect(fareTier("Y", 70)).toBe("flex");
    expect(fareTier("Y", 50)).toBe("discount");
    expect(fareTier("Y", 40)).toBe("promo");
  });

  it("fee windows: 7 days and more, 48 hours, 4 hours, then less", () => {
    expect([200, 168, 167.9, 48, 47, 4, 3.9, -1].map(feeWindow)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it("a refund returns the ticket less its fee plus the unused taxes", () => {
    expect(refundFee(61_000, "discount", 100)).toBe(18_300); // 30 % of 610
    expect(refundAmount(61_000, 11_000, "discount", 100)).toEqual({ fee: 18_300, refund: 61_000 - 18_300 + 11_000 });
    expect(refundFee(131_000, "full", 200)).toBe(6_600); // 5 % of 1310 = 65.5 → 66
    expect(changeFee(131_000, "full", 200)).toBe(0);
    expect(changeFee(39_000, "promo", 2)).toBe(23_400);
  });

  it("the rule table has one line per window, fees never falling closer to departure", () => {
    for (const tier of ["full", "flex", "discount", "promo"] as const) {
      const lines = ruleLines(tier);
      expect(lines).toHaveLength(4);
      for (let i = 1; i < lines.length; i++) {
        expect(lines[i].refundPercent).toBeGreaterThanOrEqual(lines[i - 1].refundPercent);
        expect(lines[i].changePercent).toBeGreaterThanOrEqual(lines[i - 1].changePercent);
      }
    }
  });
});

describe("money helpers", () => {
  it("round half up in integers", () => {
    expect(roundHalfUp(1_500, 1_000)).toBe(2_000);
    expect(roundHalfUp(1_499, 1_000)).toBe(1_000);
    expect(percentOf(131_000, 4.5, 100)).toBe(5_900); // 58.95 → 59 yuan
  });

  it("reads decimal yuan text exactly", () => {
    expect(parseYuan("20.00")).toBe(2_000);
    expect(parseYuan("0.5")).toBe(50);
    expect(parseYuan("12.345")).toBeNull();
    expect(parseYuan("-1")).toBeNull();
    expect(parseYuan(null)).toBeNull();
  });
});
