// The travel standard's verdict on a business flight fare: cabins, the price / discount / window
// limits with the 200 yuan allowance, and what the booking does with each over action.
import { describe, expect, it } from "vitest";
import { businessBookingSteps, flightVerdict, fullEconomyFen, lowestInWindowFen, NO_STANDARD_TEXT, WITHIN_TEXT, type FlightStandard } from "../../src/domain/policy";

const STD: FlightStandard = { cabins: ["Y"], maxDiscount: null, maxPriceFen: 150000, lowestFareHours: 2 };
const offer = (o: Partial<{ cabin: string; priceFen: number; fullFareFen: number | null; lowestInWindowFen: number | null }> = {}) => ({
  cabin: "Y", priceFen: 100000, fullFareFen: null, lowestInWindowFen: null, ...o,
});

describe("lowestInWindowFen", () => {
  const flights = [
    { depUtc: "2030-03-01T00:00:00Z", seats: [{ cabinClass: "Y", salePrice: 50000, seatsLeft: 3 }, { cabinClass: "C", salePrice: 30000, seatsLeft: 3 }] },
    { depUtc: "2030-03-01T02:00:00Z", seats: [{ cabinClass: "Y", salePrice: 60000, seatsLeft: 3 }, { cabinClass: "Y", salePrice: 40000, seatsLeft: 0 }] },
    { depUtc: "2030-03-01T04:00:01Z", seats: [{ cabinClass: "Y", salePrice: 10000, seatsLeft: 9 }] },
  ];
  it("takes the lowest allowed cabin on sale within the hours either side, edges included", () => {
    expect(lowestInWindowFen(flights, "2030-03-01T02:00:00Z", 2, ["Y"])).toBe(50000);
    expect(lowestInWindowFen(flights, "2030-03-01T02:00:00Z", 2, ["Y", "C"])).toBe(30000);
    expect(lowestInWindowFen(flights, "2030-03-01T02:00:00Z", 1, ["Y"])).toBe(60000);
    expect(lowestInWindowFen(flights, "2030-03-01T02:00:00Z", 1, ["F"])).toBeNull();
  });
  it("reads the full economy fare from the flight's Y cabin", () => {
    expect(fullEconomyFen([{ cabinClass: "C", parPrice: 500000 }, { cabinClass: "Y", parPrice: 180000 }])).toBe(180000);
    expect(fullEconomyFen([{ cabinClass: "C", parPrice: 500000 }])).toBeNull();
  });
});

describe("flightVerdict", () => {
  it("is within up to the limit plus 200 yuan, over one fen beyond", () => {
    expect(flightVerdict(STD, "reason", offer({ priceFen: 170000 }))).toMatchObject({ over: false, outcome: "within", text: WITHIN_TEXT });
    const over = flightVerdict(STD, "reason", offer({ priceFen: 170001 }));
    expect(over).toMatchObject({ over: true, outcome: "reasonRequired" });
    expect(over.text).toBe("超标：票价超标：最高票价为 1500 元（另可浮动 200 元），所选为 1700.01 元");
  });
  it("holds a cabin not allowed over, and the window's lowest fare as the limit", () => {
    expect(flightVerdict(STD, "forbid", offer({ cabin: "C" }))).toMatchObject({ over: true, outcome: "forbidden", reasons: [{ code: "cabin" }] });
    expect(flightVerdict(STD, "approve", offer({ priceFen: 80001, lowestInWindowFen: 60000 }))).toMatchObject({ over: true, outcome: "approvalRequired", reasons: [{ code: "lowestFare" }] });
    expect(flightVerdict({ ...STD, maxDiscount: 50 }, "approve", offer({ priceFen: 110001, fullFareFen: 180000 })).reasons[0].code).toBe("discount");
  });
  it("never holds a fare over when the level has no standard", () => {
    expect(flightVerdict(null, "forbid", offer({ cabin: "F", priceFen: 9_000_000 }))).toMatchObject({ configured: false, over: false, outcome: "within", text: NO_STANDARD_TEXT });
  });
});

describe("businessBookingSteps", () => {
  it("refuses, asks for a reason or sends for approval by the outcome", () => {
    expect(businessBookingSteps({ outcome: "within" }, false)).toEqual({ refuse: false, needReason: false, needApproval: false });
    expect(businessBookingSteps({ outcome: "forbidden" }, true)).toEqual({ refuse: true, needReason: false, needApproval: false });
    expect(businessBookingSteps({ outcome: "reasonRequired" }, false)).toEqual({ refuse: false, needReason: true, needApproval: false });
    expect(businessBookingSteps({ outcome: "approvalRequired" }, false)).toEqual({ refuse: false, needReason: false, needApproval: true });
  });
  it("sends every order of a level that approves every order, a reason still asked when over", () => {
    expect(businessBookingSteps({ outcome: "within" }, true)).toEqual({ refuse: false, needReason: false, needApproval: true });
    expect(businessBookingSteps({ outcome: "reasonRequired" }, true)).toEqual({ refuse: false, needReason: true, needApproval: true });
  });
});
