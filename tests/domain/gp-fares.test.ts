// 政府采购 (GP) fares: the government price from the published economy full fare, its fee table
// against the public fares', the GP offer of a flight (same seats and taxes as the full fare), who
// may fly on it (adults with a budget unit and their own official card, the card's number checked
// by length and Luhn digit and shown masked) and the order form the page and the server share.
import { describe, expect, it } from "vitest";
import { domesticTaxes, domesticYFare, ECONOMY_SUBCLASSES, fareBreakdown, infantFare, SERVICE_FEE, subclassPrice } from "../../src/domain/travel/air-fares";
import { changeFee, changePercent, refundAmount, refundPercent, ruleLines } from "../../src/domain/travel/air-rules";
import {
  budgetUnitProblem, flightKeyOfGpFare, GP_MESSAGES, gpFare, gpFareKey, gpPassengerTypeProblem, gpSeatOf, isGpFareKey, isGpSeat,
  maskOfficialCard, officialCardProblem, withGpFares,
} from "../../src/domain/travel/gp-fares";
import { gpOrderInput, gpOrderSchema, gpPassengerProblems } from "../../src/domain/orders/gp-booking";
import type { FlightItem, FlightSeat } from "../../src/domain/travel/types";

const FLIGHT_KEY = "2026-12-10:CA1501";
const Y = domesticYFare(1088); // Beijing–Shanghai: 1350 yuan
const TAXES = domesticTaxes(1088, 1);

/** A public economy fare of Beijing–Shanghai at `percent` of Y with `seatsLeft` seats. */
function seat(percent: number, seatsLeft: number): FlightSeat {
  const sub = ECONOMY_SUBCLASSES.find((s) => s.percent === percent)!;
  const salePrice = subclassPrice(Y, percent);
  const childPrice = Math.min(Y / 2, salePrice);
  return {
    fareKey: `${FLIGHT_KEY}|Y|${sub.code}`, cabinClass: "Y", cabinClassName: "经济舱", cabinCode: sub.code, discount: percent, discountLabel: "", parPrice: Y, salePrice, limitPrice: 60_000,
    childCabinPrice: childPrice, infantPrice: infantFare(Y), ...TAXES, serviceFee: SERVICE_FEE.domestic, discountServiceFee: 1_500, seatsLeft, seatStatus: String(seatsLeft),
    tier: percent >= 100 ? "full" : "discount", tierName: "", baggage: "免费托运 20 公斤",
    breakdown: fareBreakdown({ salePrice, childPrice, infantPrice: infantFare(Y), taxes: TAXES, serviceFee: 1_500 }), insurance: [],
  };
}

function flight(seats: FlightSeat[], international = false): FlightItem {
  return { flightKey: FLIGHT_KEY, international, seats, lowestPrice: seats.length ? Math.min(...seats.map((s) => s.salePrice)) : null } as FlightItem;
}

describe("the government price", () => {
  it("is 88 % of the economy full fare in tens of yuan: below Y, above most public discounts", () => {
    expect(Y).toBe(135_000);
    expect(gpFare(Y)).toBe(119_000); // 1188 → 1190 yuan
    for (const km of [300, 700, 1100, 1800, 2600, 3500]) {
      const y = domesticYFare(km);
      const gp = gpFare(y);
      expect(gp % 1000, `${km} km`).toBe(0);
      expect(gp).toBeLessThan(y);
      expect(gp).toBeGreaterThanOrEqual(subclassPrice(y, 80));
    }
  });
});

describe("the GP fee table", () => {
  // Hours on each side of each window boundary, the window each falls in.
  const EDGES: [number, number][] = [[500, 0], [168, 0], [167.99, 1], [48, 1], [47.99, 2], [4, 2], [3.99, 3], [0, 3], [-2, 3]];
  const REFUND = [0, 0, 5, 10];
  const CHANGE = [0, 0, 0, 5];

  it("refunds free until 48 hours out and changes free until 4 hours out, then a small percent", () => {
    for (const [hours, window] of EDGES) {
      expect(refundPercent("gp", hours), `refund at ${hours} h`).toBe(REFUND[window]);
      expect(changePercent("gp", hours), `change at ${hours} h`).toBe(CHANGE[window]);
    }
  });

  it("is kinder than the public full fare in every window", () => {
    for (const [hours] of EDGES) {
      expect(refundPercent("gp", hours)).toBeLessThan(refundPercent("full", hours));
      expect(changePercent("gp", hours)).toBeLessThanOrEqual(changePercent("full", hours));
    }
  });

  it("prices a refund and a change on the GP ticket with the same functions as every fare", () => {
    const ticket = gpFare(Y);
    expect(refundAmount(ticket, 9_000, "gp", 200)).toEqual({ fee: 0, refund: ticket + 9_000 });
    expect(refundAmount(ticket, 9_000, "gp", 10)).toEqual({ fee: 6_000, refund: ticket - 6_000 + 9_000 }); // 59.5 → 60 yuan
    expect(changeFee(ticket, "gp", 3)).toBe(6_000);
    expect(changeFee(ticket, "gp", 5)).toBe(0);
    expect(ruleLines("gp").map((l) => [l.refundPercent, l.changePercent])).toEqual([[0, 0], [0, 0], [5, 0], [10, 5]]);
  });
});

describe("the GP offer of a flight", () => {
  it("names the flight's economy as Y|GP", () => {
    expect(gpFareKey(FLIGHT_KEY)).toBe("2026-12-10:CA1501|Y|GP");
    expect(isGpFareKey("2026-12-10:CA1501|Y|GP")).toBe(true);
    expect(flightKeyOfGpFare("2026-12-10:CA1501|Y|GP")).toBe(FLIGHT_KEY);
    for (const key of ["2026-12-10:CA1501|Y|Y", "2026-12-10:CA1501|C|GP", "2026-12-10:CA1501|Y|GPX", "CA1501|Y|GP"]) {
      expect(isGpFareKey(key), key).toBe(false);
      expect(flightKeyOfGpFare(key)).toBeNull();
    }
  });

  it("sells the full fare's seats with its taxes and fee at the government price, on the GP tier", () => {
    const full = seat(100, 37);
    const gp = gpSeatOf(flight([seat(45, 4), full]))!;
    expect(gp).toMatchObject({
      fareKey: "2026-12-10:CA1501|Y|GP", fareFamily: "GP", cabinClass: "Y", cabinClassName: "经济舱", cabinCode: "Y", discount: 88, discountLabel: "8.8折",
      parPrice: Y, salePrice: 119_000, seatsLeft: 37, seatStatus: "37", limitPrice: 60_000, tier: "gp", tierName: "政府采购",
      adtTaxeCn: full.adtTaxeCn, adtTaxeYq: full.adtTaxeYq, discountServiceFee: 1_500, baggage: full.baggage,
    });
    expect(gp.breakdown.ADT).toEqual({ psgType: "ADT", ticket: 119_000, airportTax: 5_000, fuelTax: TAXES.adtTaxeYq, serviceFee: 1_500, total: 119_000 + 5_000 + TAXES.adtTaxeYq + 1_500 });
    expect(isGpSeat(gp)).toBe(true);
    expect(isGpSeat(full)).toBe(false);
  });

  it("has none when economy is sold out, or abroad", () => {
    expect(gpSeatOf(flight([seat(100, 0)]))).toBeNull();
    expect(gpSeatOf(flight([seat(45, 3)]))).toBeNull();
    expect(gpSeatOf(flight([]))).toBeNull();
    expect(gpSeatOf(flight([seat(100, 20)], true))).toBeNull();
  });

  it("is added to the list's flights in price order, and can be the flight's lowest price", () => {
    const [a, b] = withGpFares([flight([seat(45, 4), seat(100, 20)]), flight([seat(90, 2), seat(100, 20)])]);
    expect(a.seats.map((s) => s.fareKey)).toEqual(["2026-12-10:CA1501|Y|V", "2026-12-10:CA1501|Y|GP", "2026-12-10:CA1501|Y|Y"]);
    expect(a.lowestPrice).toBe(subclassPrice(Y, 45));
    expect(b.seats[0].fareFamily).toBe("GP");
    expect(b.lowestPrice).toBe(119_000);
    const none = flight([seat(45, 4)]);
    expect(withGpFares([none])[0]).toBe(none);
  });
});

describe("who flies on it", () => {
  it("an official card: 16 to 19 digits, blanks between groups allowed, the Luhn check digit right", () => {
    expect(officialCardProblem("6283660012345670")).toBeNull();
    expect(officialCardProblem("6283 6600 1234 5670")).toBeNull();
    expect(officialCardProblem("6283660012345678900")).toBeNull();
    expect(officialCardProblem("6283660012345671")).toBe(GP_MESSAGES.cardCheck);
    expect(officialCardProblem("628366001234567")).toBe(GP_MESSAGES.cardLength);
    expect(officialCardProblem("62836600123456789001")).toBe(GP_MESSAGES.cardLength);
    expect(officialCardProblem("6283-6600-1234-5670")).toBe(GP_MESSAGES.cardLength);
    expect(officialCardProblem("  ")).toBe(GP_MESSAGES.cardRequired);
    expect(maskOfficialCard("6283 6600 1234 5670")).toBe("**** **** **** 5670");
  });

  it("a budget unit: a name of 2 to 50 characters, Chinese, letters, digits and brackets", () => {
    expect(budgetUnitProblem("北京市财政局")).toBeNull();
    expect(budgetUnitProblem("中国科学院（北京）分院")).toBeNull();
    expect(budgetUnitProblem("  ")).toBe(GP_MESSAGES.budgetUnitRequired);
    expect(budgetUnitProblem("局")).toBe(GP_MESSAGES.budgetUnitLength);
    expect(budgetUnitProblem("局".repeat(51))).toBe(GP_MESSAGES.budgetUnitLength);
    expect(budgetUnitProblem("财政局<b>")).toBe(GP_MESSAGES.budgetUnitChars);
    expect(budgetUnitProblem("财政\u0000局")).toBe(GP_MESSAGES.budgetUnitChars);
  });

  it("adults only: children and infants fly on an ordinary fare", () => {
    expect(gpPassengerTypeProblem("ADT")).toBeNull();
    expect(gpPassengerTypeProblem("CHD")).toBe(GP_MESSAGES.adultsOnly);
    expect(gpPassengerTypeProblem("INF")).toBe(GP_MESSAGES.adultsOnly);
    expect(gpPassengerTypeProblem(null)).toBe(GP_MESSAGES.birthUnknown);
    const problems = gpPassengerProblems(
      [
        { certType: 1, certNo: "11010519491231002X" },
        { certType: 2, certNo: "E98765432", birthday: "2019-05-01" },
        // 12 on the day of travel: an adult by the airlines' age bands.
        { certType: 2, certNo: "E98765433", birthday: "2014-12-10" },
        { certType: 1, certNo: "110105201905010013" },
      ],
      "2026-12-10",
    );
    expect(problems).toEqual({ "passengers.1.birthday": GP_MESSAGES.adultsOnly, "passengers.3.certNo": GP_MESSAGES.adultsOnly });
  });
});

describe("the order form", () => {
  const passenger = { name: "张三", certType: 1, certNo: "11010519491231002X", budgetUnit: " 北京市财政局 ", officialCard: "6283 6600 1234 5670" };
  const order = (over: Record<string, unknown> = {}) => ({
    fareKey: "2026-12-10:CA1501|Y|GP", price: 119_000, clientKey: "gp-form-0001", contactName: "张三", contactMobile: "13800000010", passengers: [passenger], ...over,
  });
  const issues = (r: ReturnType<typeof gpOrderInput.safeParse>) => (r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message])));

  it("takes a GP fare with each passenger's budget unit and card, stored as the card's digits", () => {
    const r = gpOrderInput.safeParse(order());
    expect(r.success, JSON.stringify(issues(r))).toBe(true);
    expect(r.data!.passengers[0]).toMatchObject({ budgetUnit: "北京市财政局", officialCard: "6283660012345670" });
  });

  it("refuses another fare, missing or bad GP fields, a card named twice and extra keys", () => {
    expect(issues(gpOrderInput.safeParse(order({ fareKey: "2026-12-10:CA1501|Y|Y" })))).toEqual({ fareKey: GP_MESSAGES.fareRequired });
    const { budgetUnit: _u, officialCard: _c, ...plain } = passenger;
    expect(issues(gpOrderInput.safeParse(order({ passengers: [plain] })))).toEqual({
      "passengers.0.budgetUnit": GP_MESSAGES.budgetUnitRequired,
      "passengers.0.officialCard": GP_MESSAGES.cardRequired,
    });
    expect(issues(gpOrderInput.safeParse(order({ passengers: [{ ...passenger, officialCard: "6283660012345671" }] })))).toEqual({ "passengers.0.officialCard": GP_MESSAGES.cardCheck });
    const twice = gpOrderInput.safeParse(order({ passengers: [passenger, { ...passenger, name: "李四", certNo: "110105198001010016", officialCard: "6283660012345670" }] }));
    expect(issues(twice)).toMatchObject({ "passengers.1.officialCard": "每位乘客应填写本人的公务卡号，不能重复" });
    expect(gpOrderInput.safeParse(order({ travelType: "business" })).success).toBe(false);
    expect(gpOrderInput.safeParse(order({ passengers: [{ ...passenger, officialCard: "6".repeat(30) }] })).success).toBe(false);
  });

  it("with the travel date, the form refuses a child where the age is read", () => {
    const child = { ...passenger, name: "张小宝", certType: 2, certNo: "E98765432", birthday: "2019-05-01", officialCard: "6283660098765437" };
    const r = gpOrderSchema("2026-12-10").safeParse(order({ passengers: [passenger, child] }));
    expect(issues(r)).toEqual({ "passengers.1.birthday": GP_MESSAGES.adultsOnly });
    expect(gpOrderSchema(undefined).safeParse(order({ passengers: [passenger, child] })).success).toBe(true);
  });
});
