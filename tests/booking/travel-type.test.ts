// Which way a member books by default and which order page a fare opens on.
import { describe, expect, it } from "vitest";
import { defaultTravelType, flightOrderRoute, isBusinessOrderRoute } from "../../src/booking/shared/travel-type";

describe("travel type", () => {
  it("asks only company members, employees business first, the administrator business first on the business page", () => {
    expect(defaultTravelType("10", false)).toBeUndefined();
    expect(defaultTravelType("10", true)).toBeUndefined();
    expect(defaultTravelType("7_0", false)).toBe("business");
    expect(defaultTravelType("70", false)).toBe("private");
    expect(defaultTravelType("70", true)).toBe("business");
  });

  it("opens a company member's fare on the business order page", () => {
    expect(flightOrderRoute("7_0")).toBe("order_info_business");
    expect(flightOrderRoute("70", true)).toBe("international_order_info_business");
    expect(flightOrderRoute("10")).toBe("order_info");
    expect(flightOrderRoute("40", true)).toBe("international_order_info");
    expect(isBusinessOrderRoute("order_info_business")).toBe(true);
    expect(isBusinessOrderRoute("order_info")).toBe(false);
  });
});
