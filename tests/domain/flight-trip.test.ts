// What two flights booked together are: a round trip (the way back, leaving after the outbound
// lands), a connection (leaving the city the first reaches within the connection times), or
// nothing bookable; the order's title over both legs; the standard's verdict merged over legs.
import { describe, expect, it } from "vitest";
import { mergeLegChecks, tripOf, tripTitle } from "../../src/domain/orders/flight-trip";

const leg = (depCity: string, arrCity: string, dep: string, arr: string, depAirport = `${depCity}1`, arrAirport = `${arrCity}1`) => ({
  depCity, arrCity, depAirport, arrAirport, depUtc: `2026-12-01T${dep}:00Z`, arrUtc: `2026-12-01T${arr}:00Z`, international: false,
});

describe("tripOf", () => {
  it("a return flying the route back after the outbound lands is a round trip", () => {
    expect(tripOf(leg("BJS", "CAN", "01:00", "04:00"), leg("CAN", "BJS", "09:00", "12:00"))).toEqual({ trip: "rt" });
    expect(tripOf(leg("BJS", "CAN", "01:00", "04:00"), leg("CAN", "BJS", "03:00", "06:00"))).toEqual({ problem: "返程航班须在去程到达之后起飞" });
  });

  it("an onward flight from the city reached, within the connection times, is a connection", () => {
    expect(tripOf(leg("HRB", "SHA", "00:00", "02:00"), leg("SHA", "SYX", "04:00", "07:00"))).toEqual({ trip: "transit" });
    expect(tripOf(leg("HRB", "SHA", "00:00", "02:00"), leg("SHA", "SYX", "02:30", "05:00"))).toEqual({ problem: "中转时间不足 60 分钟" });
    // Another airport of the city needs four hours.
    expect(tripOf(leg("HRB", "SHA", "00:00", "02:00", "HRB", "PVG"), leg("SHA", "SYX", "04:00", "07:00", "SHA", "SYX"))).toEqual({ problem: "中转时间不足 240 分钟" });
  });

  it("two flights that do not meet, or a flight abroad, are refused", () => {
    expect(tripOf(leg("BJS", "CAN", "01:00", "04:00"), leg("BJS", "CAN", "09:00", "12:00"))).toEqual({ problem: "所选两个航班不能组成往返或中转行程" });
    expect(tripOf({ ...leg("BJS", "TYO", "01:00", "04:00"), international: true }, leg("TYO", "BJS", "09:00", "12:00"))).toEqual({ problem: "国际航班请在国际机票页面预订" });
  });
});

describe("tripTitle and mergeLegChecks", () => {
  it("names every city and flight", () => {
    expect(tripTitle([{ depCityName: "北京", arrCityName: "广州", flightNo: "CA1301" }, { depCityName: "广州", arrCityName: "北京", flightNo: "CZ3102" }])).toBe("北京-广州-北京 CA1301/CZ3102");
  });

  it("is over, needs a reason or approval, or is refused when a leg is, and sums the self-paid part", () => {
    const within = { over: false, reasons: [], verdictText: "符合差旅标准", applicationRequired: false, needReason: false, needApproval: false, refuse: false, selfPayFen: 0 };
    const over = { over: true, reasons: ["舱位超标"], verdictText: "超出差旅标准：舱位超标", applicationRequired: false, needReason: true, needApproval: true, refuse: false, selfPayFen: 5000 };
    expect(mergeLegChecks([within], ["去程"])).toBe(within);
    expect(mergeLegChecks([within, over], ["去程", "返程"])).toEqual({
      over: true, reasons: ["返程：舱位超标"], verdictText: "去程：符合差旅标准；返程：超出差旅标准：舱位超标", applicationRequired: false, needReason: true, needApproval: true, refuse: false, selfPayFen: 5000,
    });
  });
});
