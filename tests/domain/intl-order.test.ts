// International bookings: the document rules (passport, or the matching pass for Hong Kong,
// Macau and Taiwan; 6 months' validity after departure; the English name in A–Z), the English
// name suggested from a Chinese one, and an itinerary's price as the sum of its segments.
import { describe, expect, it } from "vitest";
import {
  addMonths, certExpiryProblem, certTypeProblem, certTypesFor, intlOrderInput, intlOrderSchema, intlPassengerInput, intlPricePanel, itineraryBreakdown,
} from "../../src/domain/orders/intl-booking";
import { englishNameOf } from "../../src/domain/people/english-name";
import { fareBreakdown } from "../../src/domain/travel/air-fares";

const PASSPORT = { name: "张三", surname: "ZHANG", givenName: "SAN", nationality: "CN", certType: 2, certNo: "E12345678", certExpiry: "2031-01-01", birthday: "1985-03-02" };
const ORDER = {
  itineraryKey: "2026-12-05:CA925+2026-12-05:NH920", cabinClass: "Y", fareKeys: ["2026-12-05:CA925|Y|Y", "2026-12-05:NH920|Y|B"], price: 300000,
  clientKey: "domain-test-1", contactName: "张三", contactMobile: "13800000010", passengers: [PASSPORT],
};

describe("certificates by destination", () => {
  it("asks for a passport abroad, and accepts the matching pass for Hong Kong, Macau and Taiwan", () => {
    expect(certTypesFor("TYO")).toEqual([2]);
    expect(certTypesFor("HKG")).toEqual([2, 8]);
    expect(certTypesFor("MFM")).toEqual([2, 8]);
    expect(certTypesFor("TPE")).toEqual([2, 7]);
    expect(certTypeProblem(2, "TYO")).toBeNull();
    expect(certTypeProblem(8, "TYO")).toBe("国际航班须使用护照");
    expect(certTypeProblem(8, "HKG")).toBeNull();
    expect(certTypeProblem(7, "HKG")).toBe("前往港澳须使用护照或港澳通行证");
    expect(certTypeProblem(8, "TPE")).toBe("前往台湾须使用护照或台湾通行证");
    expect(certTypeProblem(1, "TPE")).toBe("前往台湾须使用护照或台湾通行证");
  });

  it("refuses an ID card in the schema itself", () => {
    const r = intlPassengerInput.safeParse({ ...PASSPORT, certType: 1, certNo: "11010519491231002X" });
    expect(r.success).toBe(false);
  });
});

describe("6 months' validity after departure", () => {
  it("counts calendar months, a missing day falling to the month's end", () => {
    expect(addMonths("2026-12-11", 6)).toBe("2027-06-11");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
  });

  it("valid on the day 6 months after departure is enough, the day before is not", () => {
    expect(certExpiryProblem("2027-06-11", "2026-12-11")).toBeNull();
    expect(certExpiryProblem("2027-06-10", "2026-12-11")).toBe("证件有效期不足6个月");
    expect(certExpiryProblem("2026-01-01", "2026-12-11")).toBe("证件有效期不足6个月");
  });

  it("the form's schema checks it against the trip, at the field", () => {
    const schema = intlOrderSchema({ depDate: "2026-12-11", destCity: "TYO" });
    const r = schema.safeParse({ ...ORDER, passengers: [{ ...PASSPORT, certExpiry: "2027-05-01" }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["passengers.0.certExpiry", "证件有效期不足6个月"]]);
    expect(schema.safeParse(ORDER).success).toBe(true);
  });
});

describe("English name", () => {
  it("requires surname and given names in A–Z (case is the form's: stored upper case)", () => {
    expect(intlPassengerInput.safeParse(PASSPORT).success).toBe(true);
    expect(intlPassengerInput.safeParse({ ...PASSPORT, surname: "zhang", givenName: "xiao ming" }).success).toBe(true);
    for (const bad of [{ surname: "" }, { surname: "张" }, { givenName: "SAN1" }, { givenName: "SAN-MING" }]) {
      expect(intlPassengerInput.safeParse({ ...PASSPORT, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("is suggested from the Chinese name in pinyin, compound surnames and surname readings included", () => {
    expect(englishNameOf("张三")).toEqual({ surname: "ZHANG", givenName: "SAN" });
    expect(englishNameOf("欧阳娜娜")).toEqual({ surname: "OUYANG", givenName: "NANA" });
    expect(englishNameOf("曾小明")).toEqual({ surname: "ZENG", givenName: "XIAOMING" });
    expect(englishNameOf("吕布")).toEqual({ surname: "LYU", givenName: "BU" });
    expect(englishNameOf("John")).toBeNull();
  });
});

describe("the itinerary's fare keys", () => {
  it("must be one per segment, in order, in the chosen cabin class", () => {
    expect(intlOrderInput.safeParse(ORDER).success).toBe(true);
    expect(intlOrderInput.safeParse({ ...ORDER, fareKeys: [ORDER.fareKeys[0]] }).success).toBe(false);
    expect(intlOrderInput.safeParse({ ...ORDER, fareKeys: [...ORDER.fareKeys].reverse() }).success).toBe(false);
    expect(intlOrderInput.safeParse({ ...ORDER, cabinClass: "C" }).success).toBe(false);
  });
});

describe("price of an itinerary", () => {
  const taxes = (cn: number, yq: number) => ({ adtTaxeCn: cn, adtTaxeYq: yq, chdTaxeCn: cn, chdTaxeYq: yq * 0.75 });
  const a = fareBreakdown({ salePrice: 120_000, childPrice: 90_000, infantPrice: 12_000, taxes: taxes(9_000, 40_000), serviceFee: 5_000 });
  const b = fareBreakdown({ salePrice: 200_000, childPrice: 150_000, infantPrice: 20_000, taxes: taxes(11_000, 60_000), serviceFee: 5_000 });

  it("sums each passenger type's ticket, taxes and fee over the segments", () => {
    const s = itineraryBreakdown([a, b]);
    expect(s.ADT).toEqual({ psgType: "ADT", ticket: 320_000, airportTax: 20_000, fuelTax: 100_000, serviceFee: 10_000, total: 450_000 });
    expect(s.CHD.ticket).toBe(240_000);
    expect(s.CHD.total).toBe(a.CHD.total + b.CHD.total);
  });

  it("the panel's lines add up to the total, and its parts to the lines", () => {
    const p = intlPricePanel([a, b], ["ADT", "ADT", "CHD"]);
    expect(p.lines.map((l) => l.total)).toEqual([450_000, 450_000, a.CHD.total + b.CHD.total]);
    expect(p.payprice).toBe(p.lines.reduce((x, l) => x + l.total, 0));
    expect(p.payprice).toBe(p.ticket + p.consTax + p.fuelTax + p.servFee + p.insurance);
    expect(p.insurance).toBe(0);
  });
});
